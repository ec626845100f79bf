import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp, openStoresFor, type AppStores } from '../app';
import { readServerConfig } from '../config/serverConfig';
import { openDatabase } from '../db/database';
import { fakeBuilds } from '../site/fakeBuilds';
import { MAIL_DB_FILE } from './mailOutbox';

// The embedded start as a newcomer runs it (no SMTP_URL: mail is written as .eml files to DATA_DIR/mail,
// the demo history seeded): the demo sponsors' overdue reminders go to .invalid addresses, so the mail
// folder a newcomer opens for their sign-in code holds nothing else.

let dataDir: string;
let stores: AppStores;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-fresh-'));
  const config = { ...readServerConfig({ DATA_DIR: dataDir, SSR: 'off' }), distDirs: fakeBuilds() };
  expect(config.seedDemo).toBe(true);
  stores = await openStoresFor(config);
  createApp(config, stores);
});
afterAll(async () => {
  await stores.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('a fresh start writes no demo mail: the reminders to the demo sponsors are recorded as skipped', async () => {
  const db = openDatabase(dataDir, MAIL_DB_FILE);
  try {
    const rows = () =>
      db.prepare('SELECT recipient, status, body FROM mail_outbox ORDER BY id').all() as Array<{
        recipient: string;
        status: string;
        body: string | null;
      }>;
    // The reminder clock runs at start: wait (bounded) for its pass to store the demo reminders.
    const until = Date.now() + 15_000;
    while (rows().length < 4 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
    await stores.mailer.flush();
    const stored = rows();
    expect(stored.length).toBeGreaterThanOrEqual(4);
    for (const row of stored) {
      expect(row.recipient).toMatch(/\.invalid$/);
      expect(row).toMatchObject({ status: 'skipped', body: null });
    }
    const mailDir = path.join(dataDir, 'mail');
    expect(fs.existsSync(mailDir) ? fs.readdirSync(mailDir) : []).toEqual([]);
  } finally {
    db.close();
  }
});
