import request from 'supertest';
import sharp from 'sharp';
import { SAME_ORIGIN, startTestSite, type TestSite } from '../testing/testAccounts';
import { emailMatchesWebsite } from './organisations';

let site: TestSite;
let owner: string;
let admin: string;
let member: string;
let outsider: string;
let staff: string;
beforeAll(async () => {
  site = await startTestSite();
  owner = await site.signIn('owner@acme.example.com');
  admin = await site.signIn('admin@example.com');
  member = await site.signIn('member@example.com');
  outsider = await site.signIn('outsider@example.com');
  staff = await site.signIn('staff@side-quest.example.com');
  await site.stores.accounts.setRole('staff@side-quest.example.com', 'staff');
});
afterAll(() => site.close());

const post = (path: string, cookie: string) =>
  request(site.app).post(path).set('Host', '127.0.0.1').set('Origin', SAME_ORIGIN).set('Cookie', cookie);
const form = (path: string, cookie: string, fields: Record<string, string>) =>
  post(path, cookie).type('form').send(new URLSearchParams(fields).toString());
const team = (cookie: string, slug = 'acme') =>
  request(site.app).get(`/api/organisations/${slug}`).set('Cookie', cookie);

async function invitationIdFor(cookie: string): Promise<string> {
  const mine = await request(site.app).get('/api/organisations').set('Cookie', cookie).expect(200);
  return mine.body.invitations[0].id as string;
}

describe('sponsor organisations', () => {
  it('creates an organisation with a logo checked by content and drawn again as WebP; its creator owns it', async () => {
    const png = await sharp({ create: { width: 800, height: 400, channels: 4, background: '#f50' } })
      .png()
      .toBuffer();
    await post('/sponsor', owner)
      .field('name', 'Acme Labs')
      .field('slug', 'acme')
      .field('website', 'acme.example.com')
      .attach('logo', png, { filename: 'logo.png', contentType: 'image/png' })
      .expect(303)
      .expect('Location', '/sponsor/acme?done=created');
    const created = await team(owner).expect(200);
    expect(created.body.organisation).toMatchObject({
      name: 'Acme Labs',
      slug: 'acme',
      website: 'https://acme.example.com',
      verifiedAt: null,
      role: 'owner',
    });
    const logo = await request(site.app).get(created.body.organisation.logoUrl).expect(200);
    expect(logo.headers['content-type']).toBe('image/webp');
    expect((await sharp(logo.body).metadata()).width).toBe(256);
  });

  it('refuses an SVG logo and a taken slug, keeping the organisation uncreated', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>');
    const answer = await post('/sponsor', outsider)
      .field('name', 'Sneaky')
      .field('slug', 'sneaky')
      .field('website', 'https://sneaky.example')
      .attach('logo', svg, { filename: 'logo.png', contentType: 'image/png' });
    // The form comes back with the page (422), or 503 where no build exists to render it.
    expect([422, 503]).toContain(answer.status);
    await team(outsider, 'sneaky').expect(404);
    const taken = await post('/sponsor', outsider)
      .field('name', 'Copy')
      .field('slug', 'acme')
      .field('website', 'https://c.example');
    expect([422, 503]).toContain(taken.status);
    expect((await team(owner).expect(200)).body.members).toHaveLength(1);
  });

  it('invites by e-mail; the invited person accepts and sees the organisation', async () => {
    const since = site.smtp.received.length;
    await form('/sponsor/acme/invitations', owner, { email: 'admin@example.com', role: 'admin' })
      .expect(303)
      .expect('Location', '/sponsor/acme?done=invited');
    const mail = await site.smtp.nextMessageTo('admin@example.com', { since });
    expect(mail.subject).toBe('You are invited to Acme Labs on Side Quest');
    await form('/sponsor/invitations', admin, {
      invitationId: await invitationIdFor(admin),
      answer: 'accept',
    })
      .expect(303)
      .expect('Location', '/sponsor?done=joined');
    const mine = await request(site.app).get('/api/organisations').set('Cookie', admin).expect(200);
    expect(mine.body.organisations).toEqual([expect.objectContaining({ slug: 'acme', role: 'admin' })]);
    // An admin invites a member; an admin may not make owners.
    await form('/sponsor/acme/invitations', admin, { email: 'member@example.com', role: 'owner' }).expect(
      404,
    );
    await form('/sponsor/acme/invitations', admin, { email: 'member@example.com', role: 'member' }).expect(
      303,
    );
    await form('/sponsor/invitations', member, {
      invitationId: await invitationIdFor(member),
      answer: 'accept',
    }).expect(303);
  });

  it('lets nobody else answer an invitation', async () => {
    await form('/sponsor/acme/invitations', owner, { email: 'someone@example.com', role: 'member' }).expect(
      303,
    );
    const invitation = (await team(owner).expect(200)).body.invitations[0].id as string;
    await form('/sponsor/invitations', outsider, { invitationId: invitation, answer: 'accept' }).expect(404);
  });

  it('a member cannot change roles or remove anyone, and gets 404 for trying', async () => {
    const members = (await team(member).expect(200)).body.members as Array<{ id: string; email: string }>;
    const adminId = members.find((entry) => entry.email === 'admin@example.com')?.id as string;
    await form('/sponsor/acme/roles', member, { memberId: adminId, role: 'member' }).expect(404);
    await form('/sponsor/acme/members/remove', member, { memberId: adminId }).expect(404);
    expect(
      (await team(owner).expect(200)).body.members.find((entry: { id: string }) => entry.id === adminId).role,
    ).toBe('admin');
    // Members do not see who else is invited.
    expect((await team(member).expect(200)).body.invitations).toEqual([]);
  });

  it('an owner changes roles, but the last owner cannot step down', async () => {
    const members = (await team(owner).expect(200)).body.members as Array<{ id: string; email: string }>;
    const memberId = members.find((entry) => entry.email === 'member@example.com')?.id as string;
    const ownerId = members.find((entry) => entry.email === 'owner@acme.example.com')?.id as string;
    await form('/sponsor/acme/roles', owner, { memberId, role: 'admin' }).expect(303);
    expect((await team(member).expect(200)).body.organisation.role).toBe('admin');
    await form('/sponsor/acme/roles', owner, { memberId, role: 'member' }).expect(303);
    await form('/sponsor/acme/members/remove', owner, { memberId: ownerId })
      .expect(303)
      .expect('Location', '/sponsor/acme?problem=last-owner');
  });

  it('lets only an owner delete the organisation, after typing its address', async () => {
    const creator = await site.signIn('short-lived@example.com');
    await post('/sponsor', creator)
      .field('name', 'Short Lived')
      .field('slug', 'short-lived')
      .field('website', 'https://short.example')
      .expect(303);
    await form('/sponsor/short-lived/invitations', creator, {
      email: 'helper@example.com',
      role: 'admin',
    }).expect(303);
    const helper = await site.signIn('helper@example.com');
    await form('/sponsor/invitations', helper, {
      invitationId: await invitationIdFor(helper),
      answer: 'accept',
    }).expect(303);
    await form('/sponsor/short-lived/delete', helper, { confirm: 'short-lived' }).expect(404);
    await form('/sponsor/short-lived/delete', creator, { confirm: 'short' })
      .expect(303)
      .expect('Location', '/sponsor/short-lived?problem=delete-unconfirmed');
    await team(creator, 'short-lived').expect(200);
    await form('/sponsor/short-lived/delete', creator, { confirm: 'short-lived' })
      .expect(303)
      .expect('Location', '/sponsor?done=deleted');
    await team(creator, 'short-lived').expect(404);
    await team(helper, 'short-lived').expect(404);
  });

  it("answers 404 for another organisation's team, page or data, as for one that does not exist", async () => {
    await team(outsider).expect(404);
    await team(outsider, 'no-such-org').expect(404);
    await form('/sponsor/acme/invitations', outsider, { email: 'x@example.com', role: 'member' }).expect(404);
    const page = await request(site.app).get('/sponsor/acme').set('Cookie', outsider);
    expect([404, 503]).toContain(page.status);
  });
});

describe('staff verify organisations and archive anonymous drafts', () => {
  it('shows staff the evidence and verifies; anyone else gets 403', async () => {
    await request(site.app).get('/staff').set('Cookie', owner).expect(403);
    await form('/staff/organisations/verify', owner, { id: 'x' }).expect(403);
    const page = await request(site.app).get('/staff').set('Cookie', staff).expect(200);
    expect(page.headers['x-robots-tag']).toBe('noindex');
    expect(page.text).toContain('Acme Labs');
    expect(page.text).toContain(
      'owner@acme.example.com — <span class="match">e-mail domain matches the website',
    );
    const id = (await team(owner).expect(200)).body.organisation.id as string;
    await form('/staff/organisations/verify', staff, { id })
      .expect(303)
      .expect('Location', '/staff?done=verified');
    expect((await team(owner).expect(200)).body.organisation.verifiedAt).toEqual(expect.any(String));
    expect((await request(site.app).get('/staff').set('Cookie', staff)).text).not.toContain(
      'Verify Acme Labs',
    );
  });

  it('lists an anonymous CREATE_NEW_BOUNTY draft and archives it', async () => {
    const id = await site.stores.bountySubmissions.save({
      title: 'Index the archive',
      company: 'Archivists',
      description: 'Make the archive searchable.',
      bountyAmount: 900,
      deadlineDays: 10,
      domain: 'Software',
    });
    expect((await request(site.app).get('/staff').set('Cookie', staff)).text).toContain('Index the archive');
    await form('/staff/drafts/archive', staff, { id: String(id) }).expect(303);
    expect((await request(site.app).get('/staff').set('Cookie', staff)).text).not.toContain(
      'Index the archive',
    );
    await form('/staff/drafts/archive', staff, { id: String(id) }).expect(404);
  });
});

describe('emailMatchesWebsite', () => {
  it.each([
    ['ceo@acme.example', 'https://acme.example', true],
    ['ceo@eu.acme.example', 'https://www.acme.example', true],
    ['ceo@gmail.example', 'https://acme.example', false],
    ['ceo@acme.example', '', false],
  ])('%s and %s: %s', (email, website, expected) => {
    expect(emailMatchesWebsite(email, website)).toBe(expected);
  });
});
