// Browser-test helpers for people (not a test file: *.e2e.ts are): signing in as a visitor does, by the
// code e-mailed to a real SMTP server, and making someone staff as the command line does.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { root } from '@side-quest/build/e2e';
import { codeIn, type TestSmtpServer } from '../src/testing/testSmtpServer';
import { SIGN_IN_CODE_SUBJECT } from '../src/accounts/accountMails';

/**
 * Requests a code on the /sign-in page the browser shows (as it is: hydrated or not) and enters the
 * one that arrived by e-mail; the browser then goes where the page's `next` says.
 */
export async function signInByCode(page: Page, smtp: TestSmtpServer, email: string): Promise<void> {
  const since = smtp.received.length;
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'E-mail me a code' }).click();
  await page.waitForURL(/\/sign-in\?step=code/);
  const code = codeIn(await smtp.nextMessageTo(email, { since, subject: SIGN_IN_CODE_SUBJECT }));
  await page.getByLabel('Code', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Gives `email` the staff role with `npm run staff -- grant`'s script, on the site's data folder. */
export function grantStaff(dataDir: string, email: string): void {
  execFileSync(
    process.execPath,
    [path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'server/scripts/staff.ts', 'grant', email],
    { cwd: root, env: { ...process.env, DATA_DIR: dataDir } },
  );
}

/**
 * Gives a demo account (whose `.invalid` address the outbox never mails) an address the test SMTP server
 * receives, in the site's accounts.db, so a browser test can sign in as that demo person by code.
 */
export function readdressDemoAccount(dataDir: string, demoAddress: string, address: string): void {
  const db = new Database(path.join(dataDir, 'accounts.db'));
  try {
    const { changes } = db
      .prepare('UPDATE auth_user SET email = ? WHERE email = ?')
      .run(address, demoAddress);
    if (changes !== 1) throw new Error(`No demo account has the address ${demoAddress}`);
  } finally {
    db.close();
  }
}
