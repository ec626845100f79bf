/**
 * Saved-search alerts, for an operator on the server's machine:
 *   npm run alerts -- send-due    sends every digest due now (each alert at most once per UTC day or
 *                                 week, claimed in the database, so running it twice, or beside the
 *                                 server's own clock, sends nothing twice), then waits for the mail
 * The stores are the server's: DATA_DIR's files, or PostgreSQL with DATABASE_URL; mail goes to SMTP_URL
 * (or DATA_DIR/mail without it), as the server's does.
 */
import { openStoresFor } from '../src/app';
import { alertsOnStores } from '../src/alerts/alertsCommand';
import { readServerConfig } from '../src/config/serverConfig';
import { createLogger } from '../src/ops/logging';

const USAGE = 'Usage: npm run alerts -- send-due';

async function main(args: string[]): Promise<number> {
  if (args[0] !== 'send-due' || args.length !== 1) {
    console.error(USAGE);
    return 2;
  }
  const config = readServerConfig();
  // The demo history is the server's to seed, at its own first start.
  const stores = await openStoresFor({ ...config, seedDemo: false });
  try {
    const alerts = await alertsOnStores(config, stores, createLogger(config.logLevel));
    const { sent, alerts: active } = await alerts.sendDue();
    // The digests are in the outbox: send them now, before the stores close.
    await stores.mailer.flush();
    console.log(
      `${sent} ${sent === 1 ? 'digest' : 'digests'} sent (${active} active ${active === 1 ? 'alert' : 'alerts'} checked).`,
    );
    if (stores.mailer.failures() > 0) {
      console.error('The mail server did not take every message: they wait in the outbox for a retry.');
      return 1;
    }
    return 0;
  } finally {
    await stores.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('The alerts command failed:', error);
    process.exit(1);
  },
);
