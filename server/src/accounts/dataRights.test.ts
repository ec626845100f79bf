import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { createApp, openStoresFor } from '../app';
import { readServerConfig } from '../config/serverConfig';
import { postgresForThisFile } from '../testing/testPostgres';
import { SAME_ORIGIN, startTestSite, type TestSite } from '../testing/testAccounts';

// The whole accounts flow on both databases: SQLite (the default) and PostgreSQL (DATABASE_URL).
const postgres = postgresForThisFile('accounts');
const postgresEnv = async () => ({ DATABASE_URL: await postgres.database() });

const kinds: Array<[string, () => Promise<Record<string, string>>]> = [['SQLite', async () => ({})]];
if (postgres.available) kinds.push(['PostgreSQL', postgresEnv]);

describe.each(kinds)('accounts on %s', (_kind, envFor) => {
  let site: TestSite;
  beforeAll(async () => {
    site = await startTestSite(await envFor());
  });
  afterAll(() => site.close());

  const form = (path: string, cookie: string, fields: Record<string, string>) =>
    request(site.app)
      .post(path)
      .set('Host', '127.0.0.1')
      .set('Origin', SAME_ORIGIN)
      .set('Cookie', cookie)
      .type('form')
      .send(new URLSearchParams(fields).toString());

  it('exports the profile and organisations, without any secret', async () => {
    const cookie = await site.signIn('export@example.com');
    await form('/account/profile', cookie, { name: 'Export Person', handle: 'export-person' }).expect(303);
    await request(site.app)
      .post('/sponsor')
      .set('Host', '127.0.0.1')
      .set('Origin', SAME_ORIGIN)
      .set('Cookie', cookie)
      .field('name', 'Export Org')
      .field('slug', 'export-org')
      .field('website', 'https://export.example')
      .expect(303);
    const exported = await request(site.app).get('/api/account/export').set('Cookie', cookie).expect(200);
    expect(exported.headers['content-disposition']).toBe('attachment; filename="side-quest-my-data.json"');
    expect(exported.body.account).toMatchObject({
      email: 'export@example.com',
      name: 'Export Person',
      handle: 'export-person',
    });
    expect(exported.body.organisations).toEqual([
      expect.objectContaining({ slug: 'export-org', role: 'owner' }),
    ]);
    expect(exported.body.sessions).toHaveLength(1);
    const token = cookie.split('=')[1]?.split('.')[0] as string;
    expect(exported.text).not.toContain(token);
  });

  it('deletes the account after the confirmation: the sign-in is gone, and a sole organisation with it', async () => {
    const cookie = await site.signIn('leaving@example.com');
    await form('/account/profile', cookie, { name: 'Leaving', handle: 'leaving-handle' }).expect(303);
    await request(site.app)
      .post('/sponsor')
      .set('Host', '127.0.0.1')
      .set('Origin', SAME_ORIGIN)
      .set('Cookie', cookie)
      .field('name', 'Solo')
      .field('slug', 'solo-org')
      .field('website', 'https://solo.example')
      .expect(303);
    const unconfirmed = await form('/account/delete', cookie, { confirm: 'yes' });
    expect([422, 503]).toContain(unconfirmed.status);
    await request(site.app).get('/api/viewer').set('Cookie', cookie).expect(200);

    await form('/account/delete', cookie, { confirm: 'DELETE' }).expect(303).expect('Location', '/');
    await request(site.app).get('/api/viewer').set('Cookie', cookie).expect(401);
    // Signing in again with the address makes a new, empty account: nothing of the old one is left.
    const again = await site.signIn('leaving@example.com');
    const account = await request(site.app).get('/api/account').set('Cookie', again).expect(200);
    expect(account.body.profile).toMatchObject({ name: '', handle: null });
    const mine = await request(site.app).get('/api/organisations').set('Cookie', again).expect(200);
    expect(mine.body.organisations).toEqual([]);
    // The handle and the slug are free again.
    await form('/account/profile', again, { name: 'Back', handle: 'leaving-handle' }).expect(303);
  });

  it('refuses while the person is the last owner of an organisation others belong to', async () => {
    const owner = await site.signIn('last-owner@example.com');
    const teammate = await site.signIn('stays@example.com');
    await request(site.app)
      .post('/sponsor')
      .set('Host', '127.0.0.1')
      .set('Origin', SAME_ORIGIN)
      .set('Cookie', owner)
      .field('name', 'Kept Team')
      .field('slug', 'kept-team')
      .field('website', 'https://kept.example')
      .expect(303);
    await form('/sponsor/kept-team/invitations', owner, {
      email: 'stays@example.com',
      role: 'member',
    }).expect(303);
    const invitations = await request(site.app).get('/api/organisations').set('Cookie', teammate).expect(200);
    await form('/sponsor/invitations', teammate, {
      invitationId: invitations.body.invitations[0].id,
      answer: 'accept',
    }).expect(303);
    const refused = await form('/account/delete', owner, { confirm: 'DELETE' });
    expect([422, 503]).toContain(refused.status);
    await request(site.app).get('/api/viewer').set('Cookie', owner).expect(200);
    // The teammate may leave: they are not an owner.
    await form('/account/delete', teammate, { confirm: 'DELETE' }).expect(303);
  });
});

if (postgres.available)
  describe('two instances on one PostgreSQL', () => {
    it('count the code requests for one address together: the sixth, on either, is refused', async () => {
      const env = await postgresEnv();
      const instances: Array<{
        app: ReturnType<typeof createApp>;
        stores: Awaited<ReturnType<typeof openStoresFor>>;
      }> = [];
      for (let index = 0; index < 2; index += 1) {
        const config = readServerConfig({
          ...env,
          DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'sq-instance-')),
          SSR: 'off',
          AUTH_SECRET: 'a-secret-shared-by-both-instances-0123456789',
        });
        const stores = await openStoresFor(config);
        instances.push({ app: createApp(config, stores), stores });
      }
      const ask = (index: number) =>
        request(instances[index % 2]?.app as ReturnType<typeof createApp>)
          .post('/api/auth/email-otp/send-verification-otp')
          .set('Host', '127.0.0.1')
          .set('Origin', SAME_ORIGIN)
          .send({ email: 'busy@example.com', type: 'sign-in' });
      for (let index = 0; index < 5; index += 1) expect((await ask(index)).status).toBe(200);
      expect((await ask(5)).status).toBe(429);
      for (const instance of instances) await instance.stores.close();
    });
  });
