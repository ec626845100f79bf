import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGracefulShutdown } from './gracefulShutdown';

/** A server whose /slow requests wait until the test releases them, and whose /hang never answers. */
async function startServer(events: string[] = []) {
  const waiting: Array<() => void> = [];
  const arrived: string[] = [];
  const server = http.createServer((req, res) => {
    arrived.push(req.url ?? '');
    if (req.url === '/hang') return;
    // Recorded when the answer is written, on the server's side ('finish' comes before 'close').
    if (req.url === '/slow')
      return void waiting.push(() => res.end('slow done', () => events.push('slow answered')));
    res.end('fast');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, port, waiting, arrived };
}

function get(port: number, path: string, agent?: http.Agent) {
  return new Promise<{ status: number; body: string; connection: string | undefined }>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent }, (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection }),
        );
      })
      .on('error', reject);
  });
}

async function until(check: () => boolean) {
  // Bounded: the test fails rather than hangs if the condition never comes.
  for (let i = 0; i < 500 && !check(); i++) await new Promise((resolve) => setImmediate(resolve));
  if (!check()) throw new Error('condition not reached');
}

describe('graceful shutdown', () => {
  it('stops accepting, finishes the requests in flight, then closes the stores', async () => {
    const events: string[] = [];
    const { server, port, waiting } = await startServer(events);
    const shutdown = createGracefulShutdown(server, {
      close: async () => void events.push('stores closed'),
    });
    const agent = new http.Agent({ keepAlive: true });
    // A keep-alive connection that is idle when the stop comes must not hold the stop up.
    await get(port, '/fast', agent);
    const inFlight = get(port, '/slow');
    await until(() => waiting.length === 1);
    expect(shutdown.inFlight()).toBe(1);

    const stopped = shutdown.shutdown('SIGTERM').then(() => events.push('stopped'));
    expect(shutdown.shutdown('SIGINT')).toBe(shutdown.shutdown('SIGTERM'));
    await expect(get(port, '/fast')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(events).toEqual([]);

    waiting[0]?.();
    await expect(inFlight).resolves.toMatchObject({ status: 200, body: 'slow done' });
    await stopped;
    expect(events).toEqual(['slow answered', 'stores closed', 'stopped']);
    agent.destroy();
  });

  it('cuts off what is still running after the drain time, then closes the stores', async () => {
    const { server, port, arrived } = await startServer();
    const close = jest.fn(async () => undefined);
    const log: string[] = [];
    const shutdown = createGracefulShutdown(server, { drainMs: 50, close, log: (line) => log.push(line) });
    const hanging = get(port, '/hang');
    await until(() => arrived.includes('/hang'));
    await shutdown.shutdown('SIGTERM');
    await expect(hanging).rejects.toMatchObject({ code: 'ECONNRESET' });
    expect(close).toHaveBeenCalledTimes(1);
    expect(log).toEqual([
      'Shutting down (SIGTERM): 1 request(s) in flight',
      '1 request(s) still running after 50 ms: cutting them off',
      'Shut down',
    ]);
  });
});
