import request from 'supertest';
import { INTERVIEW_ANSWER_FORMS } from '@side-quest/data/hiring';
import { SAME_ORIGIN, startTestSite, type TestSite } from '../testing/testAccounts';
import { postgresForThisFile } from '../testing/testPostgres';

// Interview requests and hires over HTTP on both databases (issue 46 items 3, 4 and 6): who may send on
// what evidence, the person's answers, the limits (409, 429), the mail without the sender's words,
// hires counted when both sides say so, staff's suspension, and the denials: signed out, another
// person, another organisation's member, a member without the role.
const postgres = postgresForThisFile('interview_requests');
const kinds: Array<[string, () => Promise<Record<string, string>>]> = [['SQLite', async () => ({})]];
if (postgres.available) kinds.push(['PostgreSQL', async () => ({ DATABASE_URL: await postgres.database() })]);

const DAY = 86_400_000;
const MESSAGE = 'We loved your **importer**. Call me at https://phish.example.com/login';

describe.each(kinds)('interview requests on %s', (_kind, envFor) => {
  let site: TestSite;
  const cookies: Record<string, string> = {};
  const ids: Record<string, string> = {};
  const submissions: Record<string, string> = {};

  const post = (url: string, cookie: string) =>
    request(site.app).post(url).set('Host', '127.0.0.1').set('Origin', SAME_ORIGIN).set('Cookie', cookie);
  const form = (url: string, cookie: string, fields: [string, string][]) =>
    post(url, cookie).type('form').send(new URLSearchParams(fields).toString());
  const get = (url: string, cookie?: string) => {
    const call = request(site.app).get(url);
    return cookie ? call.set('Cookie', cookie) : call;
  };
  const requestForm = (
    evidence: [string, string],
    overrides: Record<string, string> = {},
  ): [string, string][] => [
    evidence,
    ...Object.entries({
      roleTitle: 'Senior data engineer',
      kind: 'full-time',
      message: MESSAGE,
      ...overrides,
    }),
  ];
  const personId = async (email: string) => {
    const context = await site.stores.accounts.auth.$context;
    return (await context.internalAdapter.findUserByEmail(email))?.user.id as string;
  };
  async function organisation(owner: string, slug: string, verify: boolean): Promise<string> {
    await post('/sponsor', owner)
      .field('name', `${slug} Labs`)
      .field('slug', slug)
      .field('website', `${slug}.example.com`)
      .expect(303);
    const mine = await get('/api/organisations', owner).expect(200);
    const id = (mine.body.organisations as { id: string; slug: string }[]).find((o) => o.slug === slug)!.id;
    if (verify) await form('/staff/organisations/verify', cookies.staff!, [['id', id]]).expect(303);
    return id;
  }
  async function bountyWithSubmissions(organisationId: string, authorId: string, people: string[]) {
    const at = new Date().toISOString();
    const bountyId = await site.stores.lifecycle.createBounty(
      {
        organisationId,
        authorId,
        state: 'open',
        terms: {
          title: 'Make the importer resumable',
          description: 'Resume after a crash.',
          domain: 'Software',
          skills: ['TypeScript'],
          criteria: ['Resumes'],
          prizes: [1000],
          submissionDeadline: new Date(Date.now() + 10 * DAY).toISOString(),
          judgingDeadline: new Date(Date.now() + 24 * DAY).toISOString(),
          paymentDueDays: 14,
          eligibleCountries: [],
          payoutMethods: ['wise'],
          unclaimed: 'returned',
        },
      },
      at,
    );
    for (const person of people) {
      const { id } = await site.stores.lifecycle.upsertSubmission(
        {
          bountyId,
          authorId: ids[person]!,
          content: { links: { repository: 'https://example.com/repo' }, writeUp: 'Done.', answers: ['Yes'] },
        },
        at,
      );
      submissions[`${organisationId}:${person}`] = id;
    }
  }

  beforeAll(async () => {
    site = await startTestSite(await envFor());
    const people = {
      staff: 'staff@side-quest.example.com',
      owner: 'owner@hirer.example.com',
      member: 'member@hirer.example.com',
      otherOwner: 'owner@other.example.com',
      unverifiedOwner: 'owner@unverified.example.com',
      ada: 'ada@example.com',
      bo: 'bo@example.com',
      cy: 'cy@example.com',
    };
    for (const [name, email] of Object.entries(people)) {
      cookies[name] = await site.signIn(email);
      ids[name] = await personId(email);
    }
    await site.stores.accounts.setRole(people.staff, 'staff');
    ids.hirer = await organisation(cookies.owner!, 'hirer', true);
    ids.other = await organisation(cookies.otherOwner!, 'other', true);
    ids.unverified = await organisation(cookies.unverifiedOwner!, 'unverified', false);
    await form('/sponsor/hirer/invitations', cookies.owner!, [
      ['email', people.member],
      ['role', 'member'],
    ]).expect(303);
    const invited = await get('/api/organisations', cookies.member).expect(200);
    await form('/sponsor/invitations', cookies.member!, [
      ['invitationId', invited.body.invitations[0].id],
      ['answer', 'accept'],
    ]).expect(303);
    await form('/account/profile', cookies.owner!, [['name', 'Olga Owner']]).expect(303);
    await form('/account/profile', cookies.ada!, [['name', 'Ada Lovelace']]).expect(303);
    await bountyWithSubmissions(ids.hirer!, ids.owner!, ['ada', 'bo']);
    await bountyWithSubmissions(ids.unverified!, ids.unverifiedOwner!, ['cy']);
  }, 90_000);
  afterAll(() => site.close());

  const fromSubmission = (organisation: string, person: string): [string, string] => [
    'submission',
    submissions[`${ids[organisation]}:${person}`]!,
  ];
  const accountPage = async (person: string) =>
    (await get('/api/account/interview-requests', cookies[person]).expect(200)).body;
  const teamPage = async (person: string, slug = 'hirer', search = '') =>
    (await get(`/api/organisations/${slug}/interview-requests${search}`, cookies[person]).expect(200)).body;

  it('refuses everyone who may not send, telling nothing about the person', async () => {
    // Signed out: the API answers 401, a form is sent to sign in.
    await get('/api/account/interview-requests').expect(401);
    await get('/api/organisations/hirer/interview-requests').expect(401);
    const signedOut = await request(site.app)
      .post('/sponsor/hirer/interview-requests')
      .type('form')
      .send(new URLSearchParams(requestForm(fromSubmission('hirer', 'ada'))).toString());
    expect(signedOut.status).toBe(303);
    expect(signedOut.headers.location).toMatch(/^\/sign-in\?next=/);
    // A member without the role, another organisation's owner, the evidence of another organisation.
    await form(
      '/sponsor/hirer/interview-requests',
      cookies.member!,
      requestForm(fromSubmission('hirer', 'ada')),
    ).expect(404);
    await form(
      '/sponsor/hirer/interview-requests',
      cookies.otherOwner!,
      requestForm(fromSubmission('hirer', 'ada')),
    ).expect(404);
    await form(
      '/sponsor/other/interview-requests',
      cookies.otherOwner!,
      requestForm(fromSubmission('hirer', 'ada')),
    ).expect(404);
    await get('/api/organisations/hirer/interview-requests', cookies.otherOwner).expect(404);
    // An unverified organisation is told why, on a submission to its own bounty.
    await form(
      '/sponsor/unverified/interview-requests',
      cookies.unverifiedOwner!,
      requestForm(fromSubmission('unverified', 'cy')),
    ).expect(403);
    // A member sees the team's requests but gets no form.
    const asMember = await teamPage('member', 'hirer', `?submission=${submissions[`${ids.hirer}:ada`]}`);
    expect(asMember).toMatchObject({ maySend: false, draft: null, requests: [] });
    expect(await site.stores.interviewRequests.forPerson(ids.ada!)).toEqual([]);
  });

  it('sends on a submission; the mail names the organisation and links to the page, without the sender’s words', async () => {
    const draft = await teamPage('owner', 'hirer', `?submission=${submissions[`${ids.hirer}:ada`]}`);
    expect(draft.draft).toEqual({
      personName: 'Ada Lovelace',
      evidence: { kind: 'submission', submissionId: submissions[`${ids.hirer}:ada`] },
      refusal: null,
    });
    const wrong = await form(
      '/sponsor/hirer/interview-requests',
      cookies.owner!,
      requestForm(fromSubmission('hirer', 'ada'), { message: 'x'.repeat(2001), kind: 'forever' }),
    );
    expect(wrong.status).toBe(422);
    const since = site.smtp.received.length;
    await form(
      '/sponsor/hirer/interview-requests',
      cookies.owner!,
      requestForm(fromSubmission('hirer', 'ada')),
    )
      .expect(303)
      .expect('Location', '/sponsor/hirer/interview-requests?done=sent');
    const mail = await site.smtp.nextMessageTo('ada@example.com', {
      since,
      subject: 'hirer Labs would like to talk with you',
    });
    expect(mail.text).toContain('/account/interview-requests');
    expect(mail.text).not.toContain('Senior data engineer');
    expect(mail.text).not.toContain('phish');
    expect(mail.text).not.toContain('Olga');
    expect(mail.headerLines.map((line) => line.key)).toContain('list-unsubscribe');
    // A second request to the same person while the first is open: 409.
    await form(
      '/sponsor/hirer/interview-requests',
      cookies.owner!,
      requestForm(fromSubmission('hirer', 'ada')),
    ).expect(409);

    const [received] = (await accountPage('ada')).requests;
    expect(received).toMatchObject({
      organisation: { name: 'hirer Labs', slug: 'hirer' },
      roleTitle: 'Senior data engineer',
      kind: 'full-time',
      evidence: 'Your submission to “Make the importer resumable”',
      status: 'open',
      contact: null,
    });
    expect(received.messageHtml).toContain('<strong>importer</strong>');
    const [sent] = (await teamPage('owner')).requests;
    expect(sent).toMatchObject({ person: { name: 'Ada Lovelace' }, status: 'open', contact: null });
    expect(JSON.stringify(await teamPage('owner'))).not.toContain('ada@example.com');
  });

  it('takes an answer only from its person; accepting gives both sides the names and addresses', async () => {
    const [received] = (await accountPage('ada')).requests;
    expect((await accountPage('bo')).requests).toEqual([]);
    await form(INTERVIEW_ANSWER_FORMS.accept, cookies.bo!, [['id', received.id]]).expect(404);
    await form(INTERVIEW_ANSWER_FORMS.accept, cookies.owner!, [['id', received.id]]).expect(404);
    const since = site.smtp.received.length;
    await form(INTERVIEW_ANSWER_FORMS.accept, cookies.ada!, [['id', received.id]])
      .expect(303)
      .expect('Location', '/account/interview-requests?done=accepted');
    await form(INTERVIEW_ANSWER_FORMS.accept, cookies.ada!, [['id', received.id]]).expect(409);
    const toAda = await site.smtp.nextMessageTo('ada@example.com', { since });
    expect(toAda.text).toContain('Olga Owner <owner@hirer.example.com>');
    const toOwner = await site.smtp.nextMessageTo('owner@hirer.example.com', { since });
    expect(toOwner.text).toContain('Ada Lovelace <ada@example.com>');
    expect((await accountPage('ada')).requests[0]).toMatchObject({
      status: 'accepted',
      contact: { name: 'Olga Owner', email: 'owner@hirer.example.com' },
    });
    expect((await teamPage('owner')).requests[0]).toMatchObject({
      status: 'accepted',
      contact: { name: 'Ada Lovelace', email: 'ada@example.com' },
      mayRecordHire: true,
    });
  });

  it('declines with a reason the team reads, and refuses a new request for 90 days', async () => {
    await form(
      '/sponsor/hirer/interview-requests',
      cookies.owner!,
      requestForm(fromSubmission('hirer', 'bo')),
    ).expect(303);
    const [received] = (await accountPage('bo')).requests;
    await form(INTERVIEW_ANSWER_FORMS.decline, cookies.bo!, [
      ['id', received.id],
      ['reason', 'Not looking right now'],
    ]).expect(303);
    const sent = (await teamPage('owner')).requests.find((entry: { id: string }) => entry.id === received.id);
    expect(sent).toMatchObject({ status: 'declined', declineReason: 'Not looking right now', contact: null });
    const again = await form(
      '/sponsor/hirer/interview-requests',
      cookies.owner!,
      requestForm(fromSubmission('hirer', 'bo')),
    );
    expect(again.status).toBe(409);
  });

  it('blocks an organisation (the team sees only a decline) and undoes the block', async () => {
    await form('/account/profile', cookies.cy!, [
      ['name', 'Cy Young'],
      ['handle', 'cy-young'],
      ['profilePublic', 'on'],
    ]).expect(303);
    await form('/account/open-to-work', cookies.cy!, [
      ['kinds', 'freelance'],
      ['remote', 'on'],
      ['audience', 'verified-sponsors'],
    ]).expect(303);
    // A verified sponsor's owner may send on a profile open to work for verified sponsors.
    await form(
      '/sponsor/other/interview-requests',
      cookies.otherOwner!,
      requestForm(['profile', 'cy-young']),
    ).expect(303);
    // An unverified one may not; a profile that is not open to work is no evidence.
    await form(
      '/sponsor/unverified/interview-requests',
      cookies.unverifiedOwner!,
      requestForm(['profile', 'cy-young']),
    ).expect(403);
    await form(
      '/sponsor/other/interview-requests',
      cookies.otherOwner!,
      requestForm(['profile', 'nobody']),
    ).expect(404);
    const [received] = (await accountPage('cy')).requests;
    await form(INTERVIEW_ANSWER_FORMS.block, cookies.cy!, [['id', received.id]]).expect(303);
    expect((await accountPage('cy')).blocked).toEqual([{ id: ids.other, name: 'other Labs' }]);
    const seen = await teamPage('otherOwner', 'other');
    expect(seen.requests[0].status).toBe('declined');
    expect(JSON.stringify(seen)).not.toMatch(/block/i);
    await form(
      '/sponsor/other/interview-requests',
      cookies.otherOwner!,
      requestForm(['profile', 'cy-young']),
    ).expect(409);
    // Another person cannot undo it; the person can.
    await form(INTERVIEW_ANSWER_FORMS.unblock, cookies.ada!, [['organisation', ids.other!]]).expect(404);
    await form(INTERVIEW_ANSWER_FORMS.unblock, cookies.cy!, [['organisation', ids.other!]]).expect(303);
    expect((await accountPage('cy')).blocked).toEqual([]);
  });

  it('holds five open requests per person (409) and twenty a UTC day per organisation (429 with Retry-After)', async () => {
    const now = new Date().toISOString();
    const content = { roleTitle: 'Role', kind: 'freelance' as const, message: 'Hi' };
    for (let index = 0; index < 5; index += 1)
      await site.stores.interviewRequests.create(
        {
          ...content,
          organisationId: `elsewhere-${index}`,
          senderId: 's',
          personId: ids.cy!,
          evidence: { kind: 'profile', handle: 'cy-young' },
        },
        now,
      );
    await site.stores.interviewRequests.unblock(ids.cy!, ids.other!);
    const full = await form(
      '/sponsor/hirer/interview-requests',
      cookies.owner!,
      requestForm(['profile', 'cy-young']),
    );
    // cy declined 'other' (the block answered it), so ask from 'hirer': five open already.
    expect(full.status).toBe(409);
    for (let index = 0; index < 20; index += 1)
      await site.stores.interviewRequests.create(
        {
          ...content,
          organisationId: ids.other!,
          senderId: ids.otherOwner!,
          personId: `someone-${index}`,
          evidence: { kind: 'profile', handle: 'x' },
        },
        now,
      );
    await form(
      '/sponsor/other/interview-requests',
      cookies.otherOwner!,
      requestForm(['profile', 'nobody']),
    ).expect(404);
    await form('/account/profile', cookies.bo!, [
      ['name', 'Bo Berg'],
      ['handle', 'bo-berg'],
      ['profilePublic', 'on'],
    ]).expect(303);
    await form('/account/open-to-work', cookies.bo!, [
      ['kinds', 'freelance'],
      ['remote', 'on'],
      ['audience', 'everyone'],
    ]).expect(303);
    const limited = await form(
      '/sponsor/other/interview-requests',
      cookies.otherOwner!,
      requestForm(['profile', 'bo-berg']),
    );
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(86_400);
  });

  it('refuses, as the first look would, a request another instance beat to the last place of the day', async () => {
    // The first look reads 19 sent today, as it would just before another instance sent the 20th; the
    // store counts again as it writes and finds 20 (the previous test sent them).
    const store = site.stores.interviewRequests;
    const firstLook = store.sendingFacts.bind(store);
    const stale = jest.spyOn(store, 'sendingFacts').mockImplementationOnce(async (...args) => ({
      ...(await firstLook(...args)),
      sentTodayByOrganisation: 19,
    }));
    const raced = await form(
      '/sponsor/other/interview-requests',
      cookies.otherOwner!,
      requestForm(['profile', 'bo-berg']),
    );
    stale.mockRestore();
    expect(raced.status).toBe(429);
    expect(Number(raced.headers['retry-after'])).toBeGreaterThan(0);
    expect((await store.fromOrganisation(ids.other!)).filter((each) => each.personId === ids.bo)).toEqual([]);
  });

  it('records a hire on an accepted request; it counts once the person confirms it', async () => {
    const [accepted] = (await accountPage('ada')).requests;
    const hire: [string, string][] = [
      ['id', accepted.id],
      ['kind', 'full-time'],
      ['startMonth', '2027-01'],
    ];
    await form('/sponsor/hirer/interview-requests/hire', cookies.member!, hire).expect(404);
    await form('/sponsor/other/interview-requests/hire', cookies.otherOwner!, hire).expect(404);
    await form('/sponsor/hirer/interview-requests/hire', cookies.owner!, [
      ...hire.slice(0, 2),
      ['startMonth', 'soon'],
    ]).expect(422);
    const declined = (await accountPage('bo')).requests.find(
      (entry: { status: string }) => entry.status === 'declined',
    );
    await form('/sponsor/hirer/interview-requests/hire', cookies.owner!, [
      ['id', declined.id],
      ...hire.slice(1),
    ]).expect(404);
    const since = site.smtp.received.length;
    await form('/sponsor/hirer/interview-requests/hire', cookies.owner!, hire).expect(303);
    await form('/sponsor/hirer/interview-requests/hire', cookies.owner!, hire).expect(409);
    const mail = await site.smtp.nextMessageTo('ada@example.com', { since });
    expect(mail.subject).toBe('hirer Labs recorded that they hired you');
    expect((await teamPage('owner')).hiredCount).toBe(0);
    await form(INTERVIEW_ANSWER_FORMS.confirmHire, cookies.bo!, [
      ['id', accepted.id],
      ['answer', 'confirm'],
    ]).expect(404);
    await form(INTERVIEW_ANSWER_FORMS.confirmHire, cookies.ada!, [
      ['id', accepted.id],
      ['answer', 'maybe'],
    ]).expect(400);
    await form(INTERVIEW_ANSWER_FORMS.confirmHire, cookies.ada!, [
      ['id', accepted.id],
      ['answer', 'confirm'],
      ['profile', 'on'],
    ]).expect(303);
    expect((await teamPage('owner')).hiredCount).toBe(1);
    expect((await accountPage('ada')).requests[0].hire).toMatchObject({
      status: 'confirmed',
      showOnProfile: true,
    });
  });

  it("lets staff see counts and reports and suspend an organisation's requests", async () => {
    const [received] = (await accountPage('bo')).requests;
    await form(INTERVIEW_ANSWER_FORMS.report, cookies.ada!, [['id', received.id]]).expect(404);
    await form(INTERVIEW_ANSWER_FORMS.report, cookies.bo!, [
      ['id', received.id],
      ['reason', 'Pushy'],
    ]).expect(303);
    await get('/staff/interview-requests', cookies.owner).expect(403);
    const page = await get('/staff/interview-requests', cookies.staff).expect(200);
    expect(page.text).toContain('hirer Labs');
    expect(page.text).toContain('Pushy');
    await form('/staff/interview-requests/suspend', cookies.owner!, [
      ['organisation', ids.hirer!],
      ['suspend', 'on'],
    ]).expect(403);
    await form('/staff/interview-requests/suspend', cookies.staff!, [
      ['organisation', 'nope'],
      ['suspend', 'on'],
    ]).expect(404);
    await form('/staff/interview-requests/suspend', cookies.staff!, [
      ['organisation', ids.hirer!],
      ['suspend', 'on'],
    ]).expect(303);
    await site.stores.interviewRequests.setSuspended(ids.other!, false, new Date().toISOString());
    const suspended = await form(
      '/sponsor/hirer/interview-requests',
      cookies.owner!,
      requestForm(['profile', 'bo-berg']),
    );
    expect(suspended.status).toBe(403);
    await form('/staff/interview-requests/suspend', cookies.staff!, [
      ['organisation', ids.hirer!],
      ['suspend', 'off'],
    ]).expect(303);
  });

  it('puts requests and hires in the export; deletion leaves the team an anonymous request', async () => {
    const exported = (await get('/api/account/export', cookies.ada).expect(200)).body;
    expect(exported.interviewRequests[0]).toMatchObject({
      roleTitle: 'Senior data engineer',
      message: MESSAGE,
    });
    expect(exported.hires[0]).toMatchObject({ state: 'confirmed', startMonth: '2027-01' });
    await form('/account/delete', cookies.ada!, [['confirm', 'DELETE']]).expect(303);
    expect(await personId('ada@example.com')).toBeUndefined();
    const sent = (await teamPage('owner')).requests.find(
      (entry: { person: unknown }) => entry.person === null,
    );
    expect(sent).toMatchObject({ status: 'accepted', contact: null, mayRecordHire: false });
    // The confirmed hire still counts on the sponsor's record, without a name.
    expect((await teamPage('owner')).hiredCount).toBe(1);
  });
});
