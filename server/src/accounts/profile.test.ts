import request from 'supertest';
import { SAME_ORIGIN, startTestSite, type TestSite } from '../testing/testAccounts';

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
});
afterAll(() => site.close());

const saveProfile = (cookie: string, fields: Record<string, string | string[]>) =>
  request(site.app)
    .post('/account/profile')
    .type('form')
    .set('Host', '127.0.0.1')
    .set('Origin', SAME_ORIGIN)
    .set('Cookie', cookie)
    .send(
      new URLSearchParams(
        Object.entries(fields).flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => [k, x]) : [[k, v]])),
      ).toString(),
    );

describe('the profile', () => {
  it('saves name, handle, skills (from the bounties), country and payout method', async () => {
    const cookie = await site.signIn('profile@example.com');
    const before = await request(site.app).get('/api/account').set('Cookie', cookie).expect(200);
    expect(before.body.profile).toEqual({
      name: '',
      handle: null,
      skills: [],
      country: null,
      payoutMethod: null,
      profilePublic: false,
      showEarnings: false,
    });
    const [first, second] = before.body.skillOptions as string[];
    expect(first).toBeDefined();
    await saveProfile(cookie, {
      name: 'Grace Hopper',
      handle: 'grace',
      skills: [first as string, second as string],
      country: 'US',
      payoutMethod: 'wise',
    })
      .expect(303)
      .expect('Location', '/account?done=profile');
    const after = await request(site.app).get('/api/account').set('Cookie', cookie).expect(200);
    expect(after.body.profile).toEqual({
      name: 'Grace Hopper',
      handle: 'grace',
      skills: [first, second],
      country: 'US',
      payoutMethod: 'wise',
      profilePublic: false,
      showEarnings: false,
    });
    const viewer = await request(site.app).get('/api/viewer').set('Cookie', cookie).expect(200);
    expect(viewer.body).toMatchObject({ name: 'Grace Hopper', handle: 'grace' });
  });

  it('never stores a skill, country or payout method outside the lists', async () => {
    const cookie = await site.signIn('bad-profile@example.com');
    const answer = await saveProfile(cookie, {
      name: 'X',
      handle: '',
      skills: ['Not a skill'],
      country: 'ZZ',
      payoutMethod: 'iban',
    });
    // Sent back with the page (422), or 503 when no build exists to render it; never saved.
    expect([422, 503]).toContain(answer.status);
    const account = await request(site.app).get('/api/account').set('Cookie', cookie).expect(200);
    expect(account.body.profile).toEqual({
      name: '',
      handle: null,
      skills: [],
      country: null,
      payoutMethod: null,
      profilePublic: false,
      showEarnings: false,
    });
  });

  it('keeps handles unique', async () => {
    const first = await site.signIn('first-handle@example.com');
    const second = await site.signIn('second-handle@example.com');
    await saveProfile(first, { name: 'First', handle: 'unique-one' }).expect(303);
    const taken = await saveProfile(second, { name: 'Second', handle: 'unique-one' });
    expect([422, 503]).toContain(taken.status);
    const account = await request(site.app).get('/api/account').set('Cookie', second).expect(200);
    expect(account.body.profile.handle).toBeNull();
  });
});
