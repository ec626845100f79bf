// Test helper (not shipped code): the whole app on a temporary DATA_DIR with a real SMTP server, and
// people signed in through the real e-mail-code flow.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Express } from 'express';
import request from 'supertest';
import { simpleParser } from 'mailparser';
import { createApp, openStoresFor, type AppStores } from '../app';
import type { Logger } from '../ops/logging';
import { readServerConfig } from '../config/serverConfig';
import { fakeBuilds } from '../site/fakeBuilds';
import { codeIn, startTestSmtpServer, type TestSmtpServer } from './testSmtpServer';
import { SIGN_IN_CODE_SUBJECT } from '../accounts/accountMails';

/** The Origin a browser on the test app sends (supertest's requests go to 127.0.0.1 with Host set). */
export const SAME_ORIGIN = 'http://127.0.0.1';

/** The shared session secret a test site on PostgreSQL starts with (DATABASE_URL requires AUTH_SECRET). */
export const TEST_AUTH_SECRET = 'a-test-secret-shared-by-every-instance-0123456789';

export interface TestSite {
  app: Express;
  stores: AppStores;
  smtp: TestSmtpServer;
  dataDir: string;
  /** Signs `email` in by code; resolves with the Cookie header of the session. */
  signIn(email: string): Promise<string>;
  close(): Promise<void>;
}

export function sessionCookieOf(setCookie: string[] | string | undefined): string {
  const cookies = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const session = cookies.find((cookie) => cookie.startsWith('side-quest.session_token='));
  if (!session) throw new Error('No session cookie was set');
  return session.split(';')[0] as string;
}

let clientCounter = 0;

/** Signs `email` in on any app by the e-mail-code flow, with the code from `codeFor`. */
export async function signInByCode(
  app: Express,
  email: string,
  codeFor: (email: string) => Promise<string>,
): Promise<string> {
  // Each sign-in from its own client address (through the trusted loopback proxy), so a suite's many
  // sign-ins do not meet the per-client limits that a test of those limits checks on purpose.
  const client = `198.51.100.${(clientCounter = (clientCounter % 250) + 1)}`;
  const host = (agent: request.Test) =>
    agent.set('Host', '127.0.0.1').set('Origin', SAME_ORIGIN).set('X-Forwarded-For', client);
  await host(request(app).post('/api/auth/email-otp/send-verification-otp'))
    .send({ email, type: 'sign-in' })
    .expect(200);
  const answer = await host(request(app).post('/api/auth/sign-in/email-otp'))
    .send({ email, otp: await codeFor(email) })
    .expect(200);
  return sessionCookieOf(answer.headers['set-cookie']);
}

/**
 * The newest code e-mailed to `email` by an app without SMTP_URL (its .eml files in DATA_DIR/mail),
 * waiting (bounded) for the mailer to write it.
 */
export async function codeFromMailFiles(dataDir: string, email: string, stores: AppStores): Promise<string> {
  const dir = path.join(dataDir, 'mail');
  const deadline = Date.now() + 10_000;
  for (;;) {
    await stores.mailer.flush();
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).sort().reverse() : [];
    for (const file of files) {
      const mail = await simpleParser(fs.readFileSync(path.join(dir, file)));
      if (mail.text?.includes('sign-in code') && JSON.stringify(mail.to).includes(email)) return codeIn(mail);
    }
    if (Date.now() > deadline) throw new Error(`No code for ${email} in ${dir}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A staff session on an app without SMTP_URL: signed in by code, then granted staff as the CLI does. */
export async function staffCookie(app: Express, stores: AppStores, dataDir: string, email: string) {
  const cookie = await signInByCode(app, email, (address) => codeFromMailFiles(dataDir, address, stores));
  await stores.accounts.setRole(email, 'staff');
  return cookie;
}

export async function startTestSite(
  env: Record<string, string> = {},
  /** The app's logger (a test that reads the log lines passes its own). */
  logger?: Logger,
): Promise<TestSite> {
  const smtp = await startTestSmtpServer();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-accounts-'));
  // No demo history unless a test asks for it (SEED_DEMO=1): the tests make their own. Unit tests run
  // before the build: the pages come from fake builds (the shell's HTML, no server rendering).
  // On PostgreSQL the server wants the shared AUTH_SECRET (readServerConfig refuses to start without it).
  const secret = env.DATABASE_URL ? { AUTH_SECRET: TEST_AUTH_SECRET } : {};
  const config = {
    ...readServerConfig({
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      SSR: 'off',
      SEED_DEMO: '0',
      ...secret,
      ...env,
    }),
    distDirs: fakeBuilds(),
  };
  // DATABASE_URL in env: the stores (accounts included) in PostgreSQL.
  const stores = await openStoresFor(config);
  const app = createApp(config, stores, logger);

  return {
    app,
    stores,
    smtp,
    dataDir,
    signIn(email) {
      const since = smtp.received.length;
      return signInByCode(app, email, async (address) =>
        codeIn(await smtp.nextMessageTo(address, { since, subject: SIGN_IN_CODE_SUBJECT })),
      );
    },
    async close() {
      await stores.close();
      await smtp.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
