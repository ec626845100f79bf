import http from 'node:http';
import path from 'node:path';
import { createApp, openStoresFor } from './app';
import { serverRenderingFor } from './render/serverRendering';
import { ConfigError, readServerConfig } from './config/serverConfig';
import { createGracefulShutdown } from './http/gracefulShutdown';
import { createLogger } from './ops/logging';
import { readRunnerConfig, runnerBesideServer } from './runner/runnerConfig';
import { startRunnerProcess } from './runner/runnerProcess';

/** Where this server answers itself: loopback when it listens on every address, else its address. */
function loopbackOrigin(host: string, port: number): string {
  const address = ['', '0.0.0.0', '::'].includes(host) ? '127.0.0.1' : host;
  return `http://${address.includes(':') ? `[${address}]` : address}:${port}`;
}

async function main() {
  let config;
  let withRunner;
  try {
    config = readServerConfig();
    withRunner = runnerBesideServer();
    // The runner's own settings are checked here too: a bad one stops the start, not just the runner.
    if (withRunner) readRunnerConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(2);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  if (!config.accounts.smtpUrl)
    logger.warn(
      { mailDir: path.join(config.dataDir, 'mail') },
      'SMTP_URL is not set: e-mail (sign-in codes, invitations) is written as .eml files to the mail folder, not sent',
    );
  const stores = await openStoresFor(config);
  // The web process never runs uploaded code: a runner of its own does, beside it (RUNNER=off: none).
  const runner = withRunner ? startRunnerProcess(config.dataDir) : null;
  const app = createApp(config, stores, logger);
  // Node's 16 KB limit on request headers: no URL of this site carries what a form's visitor typed.
  const server = http.createServer(app);
  server.listen(config.port, config.host, async () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    // The server's own address on loopback is where its containers are read from (see selfOrigin).
    // Requests are answered meanwhile; "serving at" is said once the render code is loaded.
    if (config.serverRendering) await serverRenderingFor(config).warmUp(loopbackOrigin(config.host, port));
    logger.info(
      { port, bountySource: config.bountySource },
      `Side Quest is serving at http://localhost:${port} (bounty source: ${config.bountySource})`,
    );
  });
  // Stop accepting, finish the requests in flight (10 s at most), let the lead forwarder record a
  // delivery in flight (so a restart never sends it twice), then close the databases. A second signal
  // does not wait.
  const shutdown = createGracefulShutdown(server, {
    // The release processes (server rendering of canaries and overrides) and the runner, which gives its
    // runs back to the queue, end with the server.
    close: async () => {
      await Promise.all([serverRenderingFor(config).stop(), runner?.stop()]);
      await stores.close();
    },
    log: (message) => logger.info(message),
  });
  let signalled = false;
  const stop = (signal: NodeJS.Signals) => {
    if (signalled) process.exit(1);
    signalled = true;
    shutdown.shutdown(signal).then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'Shutting down failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error: unknown) => {
  console.error('The server could not start:', error);
  process.exit(1);
});
