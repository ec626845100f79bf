import path from 'node:path';
import Database from 'better-sqlite3';
import request from 'supertest';
import { ACCOUNTS_DB_FILE } from '../app';
import { SAME_ORIGIN, sessionCookieOf, startTestSite, type TestSite } from '../testing/testAccounts';
import { codeIn } from '../testing/testSmtpServer';

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
});
afterAll(() => site.close());

const post = (path: string) =>
  request(site.app).post(path).set('Host', '127.0.0.1').set('Origin', SAME_ORIGIN);

describe('sign-in by e-mailed code', () => {
  it('signs up a new address with the code from the e-mail, then knows the person', async () => {
    const cookie = await site.signIn('ada@example.com');
    expect(cookie).toMatch(/^side-quest\.session_token=/);
    const viewer = await request(site.app).get('/api/viewer').set('Cookie', cookie).expect(200);
    expect(viewer.body).toEqual({ name: '', email: 'ada@example.com', handle: null, role: 'talent' });
    expect(viewer.headers['cache-control']).toBe('private, no-store');
  });

  it('sets the session cookie HttpOnly and SameSite=Lax', async () => {
    const since = site.smtp.received.length;
    await post('/api/auth/email-otp/send-verification-otp').send({
      email: 'bo@example.com',
      type: 'sign-in',
    });
    const code = codeIn(await site.smtp.nextMessageTo('bo@example.com', { since }));
    const answer = await post('/api/auth/sign-in/email-otp').send({ email: 'bo@example.com', otp: code });
    const cookie = (answer.headers['set-cookie'] as unknown as string[]).find((c) =>
      c.startsWith('side-quest.session_token='),
    );
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
  });

  it('answers the same whether or not the address has an account', async () => {
    await site.signIn('known@example.com');
    const known = await post('/api/auth/email-otp/send-verification-otp').send({
      email: 'known@example.com',
      type: 'sign-in',
    });
    const unknown = await post('/api/auth/email-otp/send-verification-otp').send({
      email: 'nobody-yet@example.com',
      type: 'sign-in',
    });
    expect([known.status, known.body]).toEqual([unknown.status, unknown.body]);
  });

  it('is signed out without a session: /api/viewer answers 401', async () => {
    await request(site.app).get('/api/viewer').expect(401);
  });

  it('burns a code after three wrong tries: the right one no longer works', async () => {
    const email = 'wrong-thrice@example.com';
    const since = site.smtp.received.length;
    await post('/api/auth/email-otp/send-verification-otp').send({ email, type: 'sign-in' }).expect(200);
    const code = codeIn(await site.smtp.nextMessageTo(email, { since }));
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const answer = await post('/api/auth/sign-in/email-otp').send({ email, otp: wrong });
      expect(answer.status).toBeGreaterThanOrEqual(400);
    }
    const right = await post('/api/auth/sign-in/email-otp').send({ email, otp: code });
    expect(right.status).toBe(403);
    expect(right.headers['set-cookie']).toBeUndefined();
  });

  it('refuses the sixth code for one address within 15 minutes with 429 and Retry-After', async () => {
    const email = 'many-codes@example.com';
    for (let request = 1; request <= 5; request += 1) {
      await post('/api/auth/email-otp/send-verification-otp').send({ email, type: 'sign-in' }).expect(200);
    }
    const sixth = await post('/api/auth/email-otp/send-verification-otp').send({ email, type: 'sign-in' });
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(800);
    // Another address from another client is not affected: no one bucket for everybody.
    await post('/api/auth/email-otp/send-verification-otp')
      .set('X-Forwarded-For', '203.0.113.7')
      .send({ email: 'someone-else@example.com', type: 'sign-in' })
      .expect(200);
  });

  it('refuses codes of any other kind than sign-in', async () => {
    await post('/api/auth/email-otp/send-verification-otp')
      .send({ email: 'ada@example.com', type: 'forget-password' })
      .expect(400);
  });

  it('stores codes hashed, never as typed', async () => {
    const email = 'hashed@example.com';
    const since = site.smtp.received.length;
    await post('/api/auth/email-otp/send-verification-otp').send({ email, type: 'sign-in' }).expect(200);
    const code = codeIn(await site.smtp.nextMessageTo(email, { since }));
    const db = new Database(path.join(site.dataDir, ACCOUNTS_DB_FILE), { readonly: true });
    const stored = db.prepare('SELECT value FROM auth_verification').all() as Array<{ value: string }>;
    expect(stored.length).toBeGreaterThan(0);
    for (const row of stored) expect(row.value).not.toContain(code);
    db.close();
  });
});

describe('signing out', () => {
  const form = (path: string, cookie: string) => post(path).type('form').set('Cookie', cookie);

  it('ends the session', async () => {
    const cookie = await site.signIn('leaving@example.com');
    await form('/sign-out', cookie).expect(303).expect('Location', '/');
    await request(site.app).get('/api/viewer').set('Cookie', cookie).expect(401);
  });

  it('lists the sessions without their tokens, and signs out everywhere else', async () => {
    const first = await site.signIn('two-devices@example.com');
    const second = await site.signIn('two-devices@example.com');
    const account = await request(site.app).get('/api/account').set('Cookie', first).expect(200);
    expect(account.body.sessions).toHaveLength(2);
    expect(account.body.sessions[0].current).toBe(true);
    const token = first.split('=')[1]?.split('.')[0] as string;
    expect(JSON.stringify(account.body)).not.toContain(token);
    await form('/account/sessions/revoke-all', first)
      .expect(303)
      .expect('Location', '/account?done=signed-out-elsewhere');
    await request(site.app).get('/api/viewer').set('Cookie', second).expect(401);
    await request(site.app).get('/api/viewer').set('Cookie', first).expect(200);
  });

  it("signs out one session by its id, and only the person's own", async () => {
    const mine = await site.signIn('one-of-two@example.com');
    const other = await site.signIn('one-of-two@example.com');
    const stranger = await site.signIn('stranger@example.com');
    const account = await request(site.app).get('/api/account').set('Cookie', mine).expect(200);
    const otherId = account.body.sessions.find((session: { current: boolean }) => !session.current).id;
    await form('/account/sessions/revoke', stranger).send({ id: otherId }).expect(404);
    await request(site.app).get('/api/viewer').set('Cookie', other).expect(200);
    await form('/account/sessions/revoke', mine).send({ id: otherId }).expect(303);
    await request(site.app).get('/api/viewer').set('Cookie', other).expect(401);
  });
});

describe('the sign-in forms without JavaScript', () => {
  const form = (path: string, cookie?: string) => {
    const test = post(path).type('form');
    return cookie ? test.set('Cookie', cookie) : test;
  };

  it('e-mails a code, asks for it, signs in and goes to next; no address in any URL', async () => {
    const email = 'no-js@example.com';
    const since = site.smtp.received.length;
    const asked = await form('/sign-in').send({ email, next: '/account' }).expect(303);
    expect(asked.headers.location).toBe('/sign-in?step=code&next=%2Faccount');
    const pending = (asked.headers['set-cookie'] as unknown as string[])[0]?.split(';')[0] as string;
    const code = codeIn(await site.smtp.nextMessageTo(email, { since }));
    const wrong = await form('/sign-in/code', pending).send({
      code: code === '000000' ? '111111' : '000000',
      next: '/account',
    });
    expect(wrong.headers.location).toBe('/sign-in?step=code&error=wrong-code&next=%2Faccount');
    const signedIn = await form('/sign-in/code', pending).send({ code, next: '/account' }).expect(303);
    expect(signedIn.headers.location).toBe('/account');
    const cookie = sessionCookieOf(signedIn.headers['set-cookie']);
    const viewer = await request(site.app).get('/api/viewer').set('Cookie', cookie).expect(200);
    expect(viewer.body.email).toBe(email);
    for (const location of [asked.headers.location, wrong.headers.location, signedIn.headers.location])
      expect(location).not.toContain('example.com');
  });

  it('ignores a next that leaves the site', async () => {
    const asked = await form('/sign-in').send({ email: 'x@example.com', next: 'https://evil.example/' });
    expect(asked.headers.location).toBe('/sign-in?step=code');
  });

  it('says what is wrong with an invalid address', async () => {
    const answer = await form('/sign-in').send({ email: 'not an address' }).expect(303);
    expect(answer.headers.location).toBe('/sign-in?error=invalid-email');
  });

  it('signs out with a form post', async () => {
    const cookie = await site.signIn('form-out@example.com');
    const answer = await form('/sign-out', cookie).expect(303);
    expect(answer.headers.location).toBe('/');
    await request(site.app).get('/api/viewer').set('Cookie', cookie).expect(401);
  });
});
