import { createApp } from './app';
import { ConfigError, readServerConfig } from './config/serverConfig';

function main() {
  let config;
  try {
    config = readServerConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(2);
    }
    throw error;
  }
  const app = createApp(config);
  const server = app.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    console.log(`Side Quest is serving at http://localhost:${port} (bounty source: ${config.bountySource})`);
  });
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main();
