import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import request from 'supertest';
import { createApp, openStores } from '../app';
import { readServerConfig } from '../config/serverConfig';
import { codeIn, startTestSmtpServer } from '../testing/testSmtpServer';
import { SAME_ORIGIN, sessionCookieOf } from '../testing/testAccounts';

describe('the request log while someone signs in without JavaScript', () => {
  it('holds no address, no code and no session token', async () => {
    const smtp = await startTestSmtpServer();
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const config = readServerConfig({
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'sq-logs-')),
      SMTP_URL: smtp.url,
      SSR: 'off',
    });
    const stores = openStores(config);
    const app = createApp(config, stores, pino({ level: 'info' }, sink));
    const email = 'private.person@example.com';
    const post = (url: string) =>
      request(app).post(url).set('Host', '127.0.0.1').set('Origin', SAME_ORIGIN).type('form');
    const asked = await post('/sign-in').send({ email, next: '/account' }).expect(303);
    const pending = (asked.headers['set-cookie'] as unknown as string[])[0]?.split(';')[0] as string;
    const code = codeIn(await smtp.nextMessageTo(email));
    const signedIn = await post('/sign-in/code')
      .set('Cookie', pending)
      .send({ code, next: '/account' })
      .expect(303);
    const session = sessionCookieOf(signedIn.headers['set-cookie']);
    await request(app).get('/api/viewer').set('Cookie', session).expect(200);
    const log = lines.join('');
    expect(log).toContain('/sign-in/code');
    expect(log).not.toContain(email);
    expect(log).not.toContain(encodeURIComponent(email));
    // As a number of its own: six digits can occur inside a timestamp by chance.
    expect(log).not.toMatch(new RegExp(`(?<!\\d)${code}(?!\\d)`));
    expect(log).not.toContain(session.split('=')[1]?.split('.')[0]);
    await stores.close();
    await smtp.close();
  });
});
