import type http from 'node:http';

export interface GracefulShutdownOptions {
  /** How long requests in flight may take to finish before their connections are cut (10 s). */
  drainMs?: number;
  /** Runs once no request is in flight any more: drain the lead forwarder, close the databases. */
  close: () => Promise<void>;
  log?: (message: string) => void;
}

export interface GracefulShutdown {
  /** Requests being answered right now. */
  inFlight(): number;
  /**
   * Stops accepting connections, lets the requests in flight finish (at most `drainMs`, then the
   * remaining connections are cut), then runs `close`. Calling it again returns the same promise.
   */
  shutdown(reason: string): Promise<void>;
}

export const SHUTDOWN_DRAIN_MS = 10_000;

/**
 * Graceful stop of an HTTP server for SIGTERM/SIGINT. Every answered write was committed before its
 * answer, so letting answers finish and then closing the stores loses nothing that was acknowledged;
 * a request cut off after the drain time was never acknowledged, and the client may send it again.
 */
export function createGracefulShutdown(
  server: http.Server,
  { drainMs = SHUTDOWN_DRAIN_MS, close, log = () => undefined }: GracefulShutdownOptions,
): GracefulShutdown {
  let active = 0;
  let stopping: Promise<void> | null = null;
  let drained: (() => void) | null = null;

  server.on('request', (_req: http.IncomingMessage, res: http.ServerResponse) => {
    active += 1;
    // While stopping, a keep-alive client is told to reconnect (to another instance) after this answer.
    if (stopping && !res.headersSent) res.setHeader('Connection', 'close');
    res.once('close', () => {
      active -= 1;
      if (stopping) {
        // Its connection is idle now: close it, or server.close() would wait for the keep-alive timeout.
        server.closeIdleConnections();
        if (active === 0) drained?.();
      }
    });
  });

  async function stop(reason: string) {
    log(`Shutting down (${reason}): ${active} request(s) in flight`);
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    if (active > 0) {
      let timer: NodeJS.Timeout | undefined;
      const allAnswered = new Promise<void>((resolve) => (drained = resolve));
      const deadline = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), drainMs)));
      const outcome = await Promise.race([allAnswered, deadline]);
      clearTimeout(timer);
      if (outcome === 'late') log(`${active} request(s) still running after ${drainMs} ms: cutting them off`);
    }
    server.closeAllConnections();
    await closed;
    await close();
    log('Shut down');
  }

  return {
    inFlight: () => active,
    shutdown(reason) {
      stopping ??= stop(reason);
      return stopping;
    },
  };
}
