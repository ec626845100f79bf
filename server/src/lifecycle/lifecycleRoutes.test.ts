import request from 'supertest';
import type { Router } from 'express';
import { SAME_ORIGIN, startTestSite, type TestSite } from '../testing/testAccounts';
import { moveDeadlinesBack } from '../testing/testClock';

let site: TestSite;
let owner: string;
let member: string;
let stranger: string;
let talent: string;
let rival: string;
let staff: string;
let bountyId = '';
let firstSubmission = '';
let secondSubmission = '';

const post = (url: string, cookie: string) =>
  request(site.app).post(url).set('Host', '127.0.0.1').set('Origin', SAME_ORIGIN).set('Cookie', cookie);
const form = (url: string, cookie: string, fields: [string, string][]) =>
  post(url, cookie).type('form').send(new URLSearchParams(fields).toString());
const get = (url: string, cookie?: string) => {
  const call = request(site.app).get(url);
  return cookie ? call.set('Cookie', cookie) : call;
};

const deadlineIn = (hours: number) =>
  new Date(Date.now() + hours * 60 * 60 * 1000).toISOString().slice(0, 16);

const bountyFields = (overrides: Record<string, string> = {}): [string, string][] =>
  Object.entries({
    title: 'Make the nightly importer resumable',
    description: '# Goal\n\nThe import stops at the first bad row. Make it **resume** where it stopped.',
    domain: 'Software',
    criteria: 'Resumes after a crash\nKeeps the order of rows',
    submissionDeadline: deadlineIn(48),
    payoutMethods: 'wise',
    unclaimed: 'returned',
    intent: 'publish',
    ...overrides,
  }).concat([
    ['prizes', '1500'],
    ['prizes', '500'],
  ]) as [string, string][];

async function profile(cookie: string, handle: string, payoutMethod = 'wise') {
  await form('/account/profile', cookie, [
    ['name', handle],
    ['handle', handle],
    ['country', 'DE'],
    ['payoutMethod', payoutMethod],
  ]).expect(303);
}

beforeAll(async () => {
  site = await startTestSite();
  owner = await site.signIn('owner@acme.example.com');
  member = await site.signIn('member@acme.example.com');
  stranger = await site.signIn('owner@other.example.com');
  talent = await site.signIn('ada@example.com');
  rival = await site.signIn('bob@example.com');
  staff = await site.signIn('staff@side-quest.example.com');
  await site.stores.accounts.setRole('staff@side-quest.example.com', 'staff');
  await profile(talent, 'ada');
  await profile(rival, 'bob');
  await post('/sponsor', owner)
    .field('name', 'Acme')
    .field('slug', 'acme')
    .field('website', 'acme.example.com')
    .expect(303);
  await post('/sponsor', stranger)
    .field('name', 'Other')
    .field('slug', 'other')
    .field('website', 'other.example.com')
    .expect(303);
  await form('/sponsor/acme/invitations', owner, [
    ['email', 'member@acme.example.com'],
    ['role', 'member'],
  ]).expect(303);
  const mine = await get('/api/organisations', member).expect(200);
  await form('/sponsor/invitations', member, [
    ['invitationId', mine.body.invitations[0].id],
    ['answer', 'accept'],
  ]).expect(303);
});
afterAll(() => site.close());

describe('the lifecycle over HTTP, as the browser posts it', () => {
  it('refuses hostile or broken postings with the page and stores nothing', async () => {
    const before = (await get('/api/lifecycle/organisations/acme/post-form', owner).expect(200)).body.bounties
      .length;
    const refused = await form(
      '/sponsor/acme/post',
      owner,
      bountyFields({ submissionDeadline: '2020-01-01T00:00' }),
    ).expect(422);
    expect(refused.headers['cache-control']).toBe('private, no-store');
    await form('/sponsor/acme/post', owner, bountyFields({ payoutMethods: 'cash' })).expect(422);
    await form('/sponsor/acme/post', owner, bountyFields({ description: 'x'.repeat(120_000) })).expect(413);
    await form('/sponsor/other/post', owner, bountyFields()).expect(404);
    await form('/sponsor/acme/post', talent, bountyFields()).expect(404);
    const after = (await get('/api/lifecycle/organisations/acme/post-form', owner).expect(200)).body.bounties
      .length;
    expect(after).toBe(before);
  });

  it('posts an unverified organisation’s bounty to the staff queue; staff approve it into the public list', async () => {
    const posted = await form(
      '/sponsor/acme/post',
      owner,
      bountyFields({
        description:
          'Resume the import.\n\n<script>alert(1)</script>\n\n![x](https://evil.test/p.png) [docs](https://docs.test)',
      }),
    ).expect(303);
    expect(posted.headers.location).toMatch(/^\/sponsor\/acme\/bounties\/sq-[0-9a-f]{8}\?done=pending$/);
    bountyId = String(posted.headers.location).split('/')[4]!.split('?')[0]!;
    await get(`/api/bounties/${bountyId}`).expect(404);
    expect((await get('/staff', staff).expect(200)).text).toContain('Make the nightly importer resumable');
    await form('/staff/bounties/approve', talent, [['id', bountyId]]).expect(403);
    await form('/staff/bounties/approve', staff, [['id', bountyId]])
      .expect(303)
      .expect('Location', '/staff?done=approved');

    const listed = (await get('/api/bounties').expect(200)).body as {
      id: string;
      hosted?: { descriptionHtml: string };
    }[];
    const hosted = listed.find((bounty) => bounty.id === bountyId);
    expect(hosted?.hosted?.descriptionHtml).toContain(
      '<a href="https://docs.test" rel="nofollow ugc noopener">docs</a>',
    );
    expect(hosted?.hosted?.descriptionHtml).not.toMatch(/<script|<img/);
    const v1 = (await get(`/api/v1/bounties?q=resumable`).expect(200)).body;
    expect(JSON.stringify(v1)).toContain(bountyId);
  });

  it('publishes a draft from the console to the staff queue, and says so', async () => {
    const drafted = await form(
      '/sponsor/acme/post',
      owner,
      bountyFields({ title: 'A draft sent to staff from its console', intent: 'draft' }),
    ).expect(303);
    expect(drafted.headers.location).toMatch(/\?done=drafted$/);
    const draftId = String(drafted.headers.location).split('/')[4]!.split('?')[0]!;
    // Not "published": an unverified organisation's bounty waits for staff.
    await form(`/sponsor/acme/bounties/${draftId}/publish`, owner, [])
      .expect(303)
      .expect('Location', `/sponsor/acme/bounties/${draftId}?done=pending`);
    expect((await get('/staff', staff).expect(200)).text).toContain('A draft sent to staff from its console');
  });

  it('takes submissions from eligible talent, and never from the sponsor’s own team', async () => {
    const answers: [string, string][] = [
      ['repository', 'https://git.example/ada/importer'],
      ['writeUp', 'A checkpoint table records the last row committed.'],
      ['answers', 'A kill -9 test resumes from the checkpoint.'],
      ['answers', 'Rows keep their order, tested with 10k rows.'],
    ];
    await form(`/submit/${bountyId}`, member, answers).expect(422);
    await form(`/submit/${bountyId}`, talent, [['writeUp', 'short']]).expect(422);
    await form(`/submit/${bountyId}`, talent, answers)
      .expect(303)
      .expect('Location', '/account/submissions?done=submitted');
    await form(`/submit/${bountyId}`, rival, answers).expect(303);
    const mine = (await get('/api/lifecycle/submissions', talent).expect(200)).body;
    expect(mine.submissions).toEqual([
      expect.objectContaining({ bountyId, state: 'submitted', mayEdit: true }),
    ]);
    firstSubmission = mine.submissions[0].id;
    secondSubmission = (await get('/api/lifecycle/submissions', rival).expect(200)).body.submissions[0].id;
    expect(
      await site.smtp.nextMessageTo('owner@acme.example.com', {
        subject: 'New submission to Make the nightly importer resumable',
      }),
    ).toBeTruthy();
  });

  it('lets the team review and reject with a reason the submitter reads, then announce and pay', async () => {
    const consolePath = `/sponsor/acme/bounties/${bountyId}`;
    await form(`${consolePath}/review`, member, [
      ['submission', firstSubmission],
      ['label', 'shortlisted'],
      ['scores', '5'],
      ['scores', '4'],
      ['notes', 'Clean and tested.'],
    ]).expect(303);
    await form(`${consolePath}/review`, member, [
      ['submission', firstSubmission],
      ['label', 'shortlisted'],
      ['scores', 'seven'],
    ]).expect(422);
    await form(`${consolePath}/reject`, member, [
      ['submission', secondSubmission],
      ['reason', 'Does not build on a clean machine.'],
    ]).expect(404);
    await form(`${consolePath}/reject`, owner, [
      ['submission', secondSubmission],
      ['reason', 'Does not build on a clean machine.'],
    ]).expect(303);
    const rejected = (await get('/api/lifecycle/submissions', rival).expect(200)).body.submissions[0];
    expect(rejected).toMatchObject({
      state: 'rejected',
      rejectionReason: 'Does not build on a clean machine.',
    });

    const consoleData = (
      await get(`/api/lifecycle/organisations/acme/bounties/${bountyId}`, member).expect(200)
    ).body;
    expect(consoleData.submissions.map((entry: { total: number }) => entry.total)).toEqual([9, 0]);
    expect(consoleData.audit).toEqual([]);
    const ownerView = (await get(`/api/lifecycle/organisations/acme/bounties/${bountyId}`, owner).expect(200))
      .body;
    expect(ownerView.audit.map((entry: { action: string }) => entry.action)).toEqual([
      'submission-rejected',
      'reviewed',
      'submitted',
      'submitted',
      'approved',
      'posted:pending',
    ]);

    await form(`${consolePath}/announce`, owner, [['winners', firstSubmission]]).expect(409);
    moveDeadlinesBack(site.dataDir, bountyId, 3);
    await form(`${consolePath}/announce`, member, [['winners', firstSubmission]]).expect(404);
    await form(`${consolePath}/announce`, owner, [['winners', secondSubmission]]).expect(422);
    await form(`${consolePath}/announce`, owner, [['winners', firstSubmission]]).expect(303);
    await site.smtp.nextMessageTo('ada@example.com', {
      subject: 'Winners announced: Make the nightly importer resumable',
    });

    await form(`${consolePath}/payments`, owner, [
      ['slot', '0'],
      ['amount', '1500'],
      ['method', 'wise'],
      ['reference', 'TR-2026-11'],
      ['date', '2999-01-01'],
    ]).expect(422);
    await form(`${consolePath}/payments`, owner, [
      ['slot', '0'],
      ['amount', '1500'],
      ['method', 'wise'],
      ['reference', 'TR-2026-11'],
      ['date', new Date().toISOString().slice(0, 10)],
    ]).expect(303);
    const mail = await site.smtp.nextMessageTo('ada@example.com', {
      subject: 'Did you receive $1,500 for Make the nightly importer resumable?',
    });
    const link = /(\/account\/payments\/\S+)/.exec(mail.text ?? '')?.[1] ?? '';
    expect(link).toBe(`/account/payments/${bountyId}/0`);

    // The e-mail's link only opens the page; someone else's answer page is a 404.
    await get(link, talent).expect(200);
    await get(link, rival).expect(404);
    await form(link, rival, [['answer', 'received']]).expect(404);
    const paymentData = (await get(`/api/lifecycle/payments/${bountyId}/0`, talent).expect(200)).body;
    expect(paymentData.payment).toMatchObject({ amount: 1500, reference: 'TR-2026-11' });
    await form(link, talent, [['answer', 'received']])
      .expect(303)
      .expect('Location', `${link}?done=received`);
    await form(link, talent, [
      ['answer', 'not-received'],
      ['note', 'Changed my mind about it.'],
    ]).expect(409);

    const publicBounty = (await get(`/api/bounties/${bountyId}`).expect(200)).body;
    expect(publicBounty.hosted.winners).toEqual([
      expect.objectContaining({ handle: 'ada', prize: 1500, answer: 'received' }),
    ]);
  });

  it('opens a case on Not received that staff resolve once', async () => {
    const second = await form(
      '/sponsor/acme/post',
      owner,
      bountyFields({ title: 'Second bounty with a payment case' }),
    ).expect(303);
    const id = String(second.headers.location).split('/')[4]!.split('?')[0]!;
    await form('/staff/bounties/approve', staff, [['id', id]]).expect(303);
    await form(`/submit/${id}`, talent, [
      ['document', 'https://docs.example/ada'],
      ['writeUp', 'The whole design is in the linked document.'],
      ['answers', 'Yes'],
      ['answers', 'Yes'],
    ]).expect(303);
    const submission = (await get('/api/lifecycle/submissions', talent).expect(200)).body.submissions.find(
      (entry: { bountyId: string }) => entry.bountyId === id,
    ).id;
    moveDeadlinesBack(site.dataDir, id, 3);
    await form(`/sponsor/acme/bounties/${id}/announce`, owner, [['winners', submission]]).expect(303);
    await form(`/sponsor/acme/bounties/${id}/payments`, owner, [
      ['slot', '0'],
      ['amount', '1500'],
      ['method', 'wise'],
      ['reference', 'TR-9'],
      ['date', new Date().toISOString().slice(0, 10)],
    ]).expect(303);
    await form(`/account/payments/${id}/0`, talent, [
      ['answer', 'not-received'],
      ['note', 'no'],
    ]).expect(422);
    await form(`/account/payments/${id}/0`, talent, [
      ['answer', 'not-received'],
      ['note', 'Nothing arrived in my Wise account.'],
    ]).expect(303);
    expect((await get('/staff', staff).expect(200)).text).toContain('Nothing arrived in my Wise account.');
    await form('/staff/cases/resolve', staff, [
      ['bounty', id],
      ['slot', '0'],
      ['resolution', 'paid'],
      ['note', 'short'],
    ]).expect(422);
    await form('/staff/cases/resolve', staff, [
      ['bounty', id],
      ['slot', '0'],
      ['resolution', 'paid'],
      ['note', 'The bank statement shows the transfer.'],
    ]).expect(303);
    await form('/staff/cases/resolve', staff, [
      ['bounty', id],
      ['slot', '0'],
      ['resolution', 'not-paid'],
      ['note', 'Trying to resolve it twice.'],
    ]).expect(409);
    // Every write is in the history staff read.
    const consolePage = (await get('/staff', staff).expect(200)).text;
    expect(consolePage).toContain('resolved the payment case as Paid (staff)');
    expect(consolePage).toContain('ada reported the payment missing');
    expect((await get(`/api/lifecycle/payments/${id}/0`, talent).expect(200)).body).toMatchObject({
      resolution: 'paid',
      resolutionNote: 'The bank statement shows the transfer.',
    });
  });
});

/**
 * Who may reach each lifecycle route: signed out, a talent with no part in it, a member of another
 * organisation, and a member without the role (a member may review: 303). Every route the lifecycle
 * router answers must be here.
 */
describe('authorization on every lifecycle route', () => {
  type Who = 'signedOut' | 'talent' | 'otherOrganisation' | 'memberWithoutRole';
  const ids = () => ({ id: bountyId, submission: firstSubmission });
  const TABLE: {
    method: 'get' | 'post';
    path: string;
    url: () => string;
    fields?: () => [string, string][];
    expect: Record<Who, number>;
  }[] = [
    {
      method: 'get',
      path: '/api/lifecycle/organisations/:slug/post-form',
      url: () => '/api/lifecycle/organisations/acme/post-form',
      expect: { signedOut: 401, talent: 404, otherOrganisation: 404, memberWithoutRole: 200 },
    },
    {
      method: 'get',
      path: '/api/lifecycle/organisations/:slug/bounties/:id',
      url: () => `/api/lifecycle/organisations/acme/bounties/${ids().id}`,
      expect: { signedOut: 401, talent: 404, otherOrganisation: 404, memberWithoutRole: 200 },
    },
    {
      method: 'get',
      path: '/api/lifecycle/bounties/:id/submission',
      url: () => `/api/lifecycle/bounties/sq-missing/submission`,
      expect: { signedOut: 401, talent: 404, otherOrganisation: 404, memberWithoutRole: 404 },
    },
    {
      method: 'get',
      path: '/api/lifecycle/submissions',
      url: () => '/api/lifecycle/submissions',
      expect: { signedOut: 401, talent: 200, otherOrganisation: 200, memberWithoutRole: 200 },
    },
    {
      method: 'get',
      path: '/api/lifecycle/payments/:id/:slot',
      url: () => `/api/lifecycle/payments/${ids().id}/0`,
      expect: { signedOut: 401, talent: 200, otherOrganisation: 404, memberWithoutRole: 404 },
    },
    {
      method: 'get',
      path: '/sponsor/:slug/post',
      url: () => '/sponsor/acme/post',
      expect: { signedOut: 303, talent: 404, otherOrganisation: 404, memberWithoutRole: 200 },
    },
    {
      method: 'get',
      path: '/sponsor/:slug/bounties/:id',
      url: () => `/sponsor/acme/bounties/${ids().id}`,
      expect: { signedOut: 303, talent: 404, otherOrganisation: 404, memberWithoutRole: 200 },
    },
    {
      method: 'get',
      path: '/submit/:id',
      url: () => `/submit/${ids().id}`,
      expect: { signedOut: 303, talent: 404, otherOrganisation: 404, memberWithoutRole: 404 },
    },
    {
      method: 'get',
      path: '/account/payments/:id/:slot',
      url: () => `/account/payments/${ids().id}/0`,
      expect: { signedOut: 303, talent: 200, otherOrganisation: 404, memberWithoutRole: 404 },
    },
    {
      method: 'post',
      path: '/sponsor/:slug/post',
      url: () => '/sponsor/acme/post',
      fields: () => bountyFields(),
      expect: { signedOut: 303, talent: 404, otherOrganisation: 404, memberWithoutRole: 404 },
    },
    ...(['review', 'reject', 'announce', 'payments', 'end', 'publish'] as const).map((action) => ({
      method: 'post' as const,
      path: `/sponsor/:slug/bounties/:id/${action}`,
      url: () => `/sponsor/acme/bounties/${ids().id}/${action}`,
      fields: (): [string, string][] => [
        ['submission', ids().submission],
        ['slot', '0'],
        ['label', 'spam'],
        ['reason', 'A reason long enough to count.'],
        ['to', 'cancelled'],
      ],
      expect: {
        signedOut: 303,
        talent: 404,
        otherOrganisation: 404,
        memberWithoutRole: action === 'review' ? 303 : 404,
      },
    })),
    {
      method: 'post',
      path: '/submit/:id',
      url: () => `/submit/${ids().id}`,
      fields: () => [['writeUp', 'x']],
      expect: { signedOut: 303, talent: 404, otherOrganisation: 404, memberWithoutRole: 404 },
    },
    {
      method: 'post',
      path: '/account/submissions/withdraw',
      url: () => '/account/submissions/withdraw',
      fields: () => [['submission', ids().submission]],
      expect: { signedOut: 303, talent: 409, otherOrganisation: 404, memberWithoutRole: 404 },
    },
    {
      method: 'post',
      path: '/account/submissions/visibility',
      url: () => '/account/submissions/visibility',
      fields: () => [
        ['submission', ids().submission],
        ['public', 'no'],
      ],
      expect: { signedOut: 303, talent: 303, otherOrganisation: 404, memberWithoutRole: 404 },
    },
    {
      method: 'post',
      path: '/account/submissions/notifications',
      url: () => '/account/submissions/notifications',
      fields: () => [['optional', 'on']],
      expect: { signedOut: 303, talent: 303, otherOrganisation: 303, memberWithoutRole: 303 },
    },
    {
      method: 'post',
      path: '/account/payments/:id/:slot',
      url: () => `/account/payments/${ids().id}/0`,
      fields: () => [['answer', 'received']],
      expect: { signedOut: 303, talent: 409, otherOrganisation: 404, memberWithoutRole: 404 },
    },
  ];

  it('names every route the lifecycle router answers', () => {
    const router = (site.app.router as unknown as { stack: { name: string; handle: Router }[] }).stack;
    const lifecycle = router
      .map((layer) => layer.handle)
      .find((handle) =>
        (handle as unknown as { stack?: { route?: { path: string } }[] }).stack?.some(
          (layer) => layer.route?.path === '/submit/:id',
        ),
      ) as unknown as { stack: { route?: { path: string; methods: Record<string, boolean> } }[] };
    const answered = lifecycle.stack
      .filter((layer) => layer.route)
      .map((layer) => `${Object.keys(layer.route!.methods)[0]} ${layer.route!.path}`);
    expect(answered.sort()).toEqual(TABLE.map((entry) => `${entry.method} ${entry.path}`).sort());
  });

  it.each(TABLE.map((entry) => [`${entry.method.toUpperCase()} ${entry.path}`, entry] as const))(
    '%s',
    async (_name, entry) => {
      const cookies: Record<Who, string | undefined> = {
        signedOut: undefined,
        talent: entry.expect.talent === 200 || entry.path.startsWith('/account') ? talent : rival,
        otherOrganisation: stranger,
        memberWithoutRole: member,
      };
      for (const who of Object.keys(entry.expect) as Who[]) {
        const cookie = cookies[who];
        const call =
          entry.method === 'get'
            ? get(entry.url(), cookie)
            : cookie
              ? form(entry.url(), cookie, entry.fields?.() ?? [])
              : request(site.app)
                  .post(entry.url())
                  .set('Host', '127.0.0.1')
                  .set('Origin', SAME_ORIGIN)
                  .type('form')
                  .send('');
        const response = await call;
        expect(`${who}: ${response.status}`).toBe(`${who}: ${entry.expect[who]}`);
      }
    },
  );
});
