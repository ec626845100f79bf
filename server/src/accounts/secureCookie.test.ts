import request from 'supertest';
import { codeIn } from '../testing/testSmtpServer';
import { startTestSite, type TestSite } from '../testing/testAccounts';

describe('behind https (PUBLIC_URL https://…)', () => {
  let site: TestSite;
  beforeAll(async () => {
    site = await startTestSite({ PUBLIC_URL: 'https://side.example' });
  });
  afterAll(() => site.close());

  it('sets the session cookie Secure, with the __Secure- prefix', async () => {
    const post = (path: string) =>
      request(site.app).post(path).set('Host', 'side.example').set('Origin', 'https://side.example');
    const since = site.smtp.received.length;
    await post('/api/auth/email-otp/send-verification-otp')
      .send({ email: 'tls@example.com', type: 'sign-in' })
      .expect(200);
    const code = codeIn(await site.smtp.nextMessageTo('tls@example.com', { since }));
    const answer = await post('/api/auth/sign-in/email-otp')
      .send({ email: 'tls@example.com', otp: code })
      .expect(200);
    const cookie = (answer.headers['set-cookie'] as unknown as string[]).find((entry) =>
      entry.startsWith('__Secure-side-quest.session_token='),
    );
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/HttpOnly/);
  });
});
