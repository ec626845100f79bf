// Saved-search alerts and mail preferences in the real browser against the composed production build,
// with a real SMTP server: an alert saved from a filtered list without JavaScript (signed out, through
// sign-in and back), a matching bounty published, `npm run alerts -- send-due` sending one digest with
// it and the one-click unsubscribe headers, the one-click POST stopping the next, a preference switched
// off stopping that kind of mail, and a fresh start's mail folder left empty.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser, root, startSite, type RunningSite } from '@side-quest/build/e2e';
import { startTestSmtpServer, type TestSmtpServer } from '../src/testing/testSmtpServer';
import { BOUNTY_DB_FILE, createBountyStore } from '../src/bounties/bountyStore';
import { openDatabase } from '../src/db/database';
import { ALERTS_DB_FILE } from '../src/alerts/alertStore';
import { MAIL_DB_FILE } from '../src/mail/mailOutbox';
import { seriousViolations } from './pageChecks';
import { signInByCode } from './people';

const run = promisify(execFile);

let smtp: TestSmtpServer;
let site: RunningSite;
const contexts: Array<BrowserContext & { cleanup: () => Promise<void> }> = [];

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  // The digests go when the command sends them (the server's own clock is off here).
  site = await startSite({ env: { SMTP_URL: smtp.url, ALERTS_EVERY_MINUTES: '0' } });
});
afterAll(async () => {
  for (const context of contexts) await context.cleanup();
  await site?.stop();
  await smtp?.close();
});

/** `npm run alerts -- send-due` on the site's data, as an operator runs it; resolves with what it printed. */
async function sendDue(): Promise<string> {
  const { stdout } = await run(
    process.execPath,
    [path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'server/scripts/alerts.ts', 'send-due'],
    { cwd: root, env: { ...process.env, DATA_DIR: site.dataDir, SMTP_URL: smtp.url, LOG_LEVEL: 'silent' } },
  );
  return stdout.trim();
}

/** Imports a bounty into the site's catalogue, as a data import does. */
function publish(title: string, skills: string[]): string {
  const id = `imported-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  const db = openDatabase(site.dataDir, BOUNTY_DB_FILE);
  try {
    createBountyStore(db).put([
      {
        id,
        document: {
          item_title: title,
          platform_name: 'Gopher Works',
          summary_description: 'A fresh challenge.',
          skill_tags: skills,
          reward_amount: 1200,
          deadline: '2099-01-01',
          bounty_area: 'Software',
          created_at: new Date().toISOString(),
          is_high_value_bounty: true,
        },
      },
    ]);
  } finally {
    db.close();
  }
  return id;
}

/** A new day for every alert: the periods they were sent in move into the past. */
function nextPeriod() {
  const db = new Database(path.join(site.dataDir, ALERTS_DB_FILE));
  try {
    db.prepare(`UPDATE alert_digests SET period = 'past-' || period`).run();
  } finally {
    db.close();
  }
}

const header = (mail: Awaited<ReturnType<TestSmtpServer['nextMessageTo']>>, key: string) =>
  (mail.headerLines.find((line) => line.key === key)?.line ?? '').replace(/\r?\n[ \t]+/g, ' ');

const digestsTo = (address: string, since: number) =>
  smtp.received
    .slice(since)
    .filter(
      (mail) => JSON.stringify(mail.to).includes(address) && /new bount(y|ies):/.test(mail.subject ?? ''),
    );

describe('alerts and mail preferences in the browser', () => {
  const email = 'gopher.alerts@example.com';
  let page: Page;
  let unsubscribeLink = '';

  /** axe's serious findings on a page at 390 and 1280 px, in a browser with scripts, as the same person. */
  async function accessibilityProblems(path: string): Promise<string[]> {
    const context = await launchBrowser();
    contexts.push(context);
    await context.addCookies(await page.context().cookies());
    const checked = await context.newPage();
    await checked.goto(`${site.baseUrl}${path}`);
    const problems: string[] = [];
    for (const width of [390, 1280]) {
      await checked.setViewportSize({ width, height: 900 });
      problems.push(...(await seriousViolations(checked)).map((problem) => `${width}px ${problem}`));
    }
    await checked.close();
    return problems;
  }

  it('saves an alert from a filtered list without JavaScript, through sign-in and back', async () => {
    const context = await launchBrowser({ contextOptions: { javaScriptEnabled: false } });
    contexts.push(context);
    page = await context.newPage();
    await page.goto(`${site.baseUrl}/bounties?skill=Go`);
    await page.getByRole('button', { name: 'E-mail me new bounties like these' }).click();
    await page.waitForURL(/\/sign-in\?next=/);
    await signInByCode(page, smtp, email);
    await page.waitForURL(`${site.baseUrl}/account/alerts?new=1&skill=Go`);
    await page.getByRole('heading', { name: 'Keep this search as an alert' }).waitFor();
    expect(await page.getByLabel('Alert name').inputValue()).toBe('Skills: Go');
    await page.getByLabel('Alert name').fill('Go work');
    await page.getByRole('button', { name: 'Save alert' }).click();
    await page.waitForURL(`${site.baseUrl}/account/alerts?done=created`);
    await page.getByRole('heading', { name: 'Go work' }).waitFor();
    await page.getByText('Skills: Go · Daily (UTC day) · no digest yet').waitFor();
    // Signed in, the list's button saves the search at once.
    await page.goto(`${site.baseUrl}/bounties?q=zebra&domain=Software`);
    await page.getByRole('button', { name: 'E-mail me new bounties like these' }).click();
    await page.waitForURL(`${site.baseUrl}/account/alerts?done=created`);
    await page.getByRole('heading', { name: 'Search “zebra” · Software' }).waitFor();
    expect(await accessibilityProblems('/account/alerts?new=1&skill=Rust')).toEqual([]);
  });

  it('sends one digest of a matching bounty published since, with one-click unsubscribe', async () => {
    // Nothing new yet: nothing is sent.
    expect(await sendDue()).toBe('0 digests sent (2 active alerts checked).');
    const id = publish('Go task: a faster importer', ['Go']);
    publish('Python task: not for this alert', ['Python']);
    const since = smtp.received.length;
    expect(await sendDue()).toBe('1 digest sent (2 active alerts checked).');
    const digest = await smtp.nextMessageTo(email, { since });
    expect(digest.subject).toBe('1 new bounty: Go work');
    expect(digest.text).toContain('1. Go task: a faster importer — Gopher Works — $1,200');
    expect(digest.text).toContain(`/bounty/${id}`);
    expect(digest.text).not.toContain('Python task');
    expect(header(digest, 'list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const match = /^List-Unsubscribe: ?<(https?:\/\/[^>]+\/unsubscribe\/[^>]+)>$/.exec(
      header(digest, 'list-unsubscribe'),
    );
    unsubscribeLink = match?.[1] ?? '';
    expect(unsubscribeLink).not.toBe('');
    expect(digest.text).toContain(unsubscribeLink);
    // Run again the same day: the digest was claimed, nothing goes twice.
    expect(await sendDue()).toBe('0 digests sent (2 active alerts checked).');
    expect(digestsTo(email, since)).toHaveLength(1);
  });

  it("the one-click POST (no cookie, no Origin) stops the alert's next digest; its page alone changes nothing", async () => {
    const path = new URL(unsubscribeLink).pathname;
    // A mail scanner following the link: a page with a button, nothing stopped.
    const scanned = await fetch(`${site.baseUrl}${path}`);
    expect(scanned.status).toBe(200);
    expect(await scanned.text()).toContain('Nothing changes until you press the button.');
    const clicked = await fetch(`${site.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(clicked.status).toBe(200);
    expect(await clicked.text()).toContain('You are unsubscribed');
    // The next day, another matching bounty: no digest.
    nextPeriod();
    publish('Go task: the next day', ['Go']);
    const since = smtp.received.length;
    expect(await sendDue()).toBe('0 digests sent (1 active alert checked).');
    expect(digestsTo(email, since)).toEqual([]);
    await page.goto(`${site.baseUrl}/account/alerts`);
    await page.getByText('Skills: Go · Paused').waitFor();
  });

  it('a preference switched off on /account stops that kind of mail', async () => {
    // Resume the alert, then switch bounty alerts off for the account (plain forms, no JavaScript).
    await page.goto(`${site.baseUrl}/account/alerts`);
    const goWork = page.getByRole('form', { name: 'Go work' });
    await goWork.getByLabel('Paused (no digest until you untick it)').uncheck();
    await goWork.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(`${site.baseUrl}/account/alerts?done=saved`);
    await page.goto(`${site.baseUrl}/account`);
    await page.getByRole('heading', { name: 'E-mails' }).waitFor();
    await page.getByText('Sign-in codes and invitations to a sponsor team.').waitFor();
    await page.getByRole('checkbox', { name: /Bounty alerts/ }).uncheck();
    await page.getByRole('button', { name: 'Save e-mail choices' }).click();
    await page.waitForURL(`${site.baseUrl}/account?done=mail#mail`);
    expect(await page.getByRole('checkbox', { name: /Bounty alerts/ }).isChecked()).toBe(false);
    expect(await accessibilityProblems('/account')).toEqual([]);
    nextPeriod();
    publish('Go task: with alerts switched off', ['Go']);
    const since = smtp.received.length;
    expect(await sendDue()).toBe('0 digests sent (2 active alerts checked).');
    expect(digestsTo(email, since)).toEqual([]);
    await page.goto(`${site.baseUrl}/account/alerts`);
    await page.getByText('Bounty alerts are switched off for your account, so no digest is sent.').waitFor();
  });
});

describe('a fresh start', () => {
  it('writes no demo mail: the mail folder a newcomer opens for a code stays empty', async () => {
    const fresh = await startSite({ env: { SEED_DEMO: '1', ALERTS_EVERY_MINUTES: '0' } });
    try {
      // The reminder clock's first pass stores the demo sponsors' overdue reminders (as skipped).
      const until = Date.now() + 30_000;
      let skipped = 0;
      while (skipped < 4 && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        if (!fs.existsSync(path.join(fresh.dataDir, MAIL_DB_FILE))) continue;
        const db = new Database(path.join(fresh.dataDir, MAIL_DB_FILE), { readonly: true });
        try {
          skipped = (
            db.prepare(`SELECT COUNT(*) AS n FROM mail_outbox WHERE status = 'skipped'`).get() as {
              n: number;
            }
          ).n;
        } catch {
          skipped = 0;
        } finally {
          db.close();
        }
      }
      expect(skipped).toBeGreaterThanOrEqual(4);
      const mailDir = path.join(fresh.dataDir, 'mail');
      expect(fs.existsSync(mailDir) ? fs.readdirSync(mailDir) : []).toEqual([]);
    } finally {
      await fresh.stop();
    }
  });
});
