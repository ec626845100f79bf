import Database from 'better-sqlite3';
import {
  DAY_MS,
  stageOf,
  overdueOf,
  type HostedBountyTerms,
  type LifecycleDates,
} from '@side-quest/data/lifecycle';
import type { OrganisationRole } from '@side-quest/data/account';
import type { Person } from '../accounts/accounts';
import type { OutgoingMail } from '../mail';
import { migrate, openPostgres, type PgPool } from '../db/postgres';
import { postgresForThisFile } from '../testing/testPostgres';
import { createLifecycleStore } from './lifecycleStore';
import { createLifecycle, type PersonFacts } from './lifecycle';
import type { SponsorRecord } from '../organisations/organisations';

const START = Date.parse('2026-11-01T09:00:00Z');
const HOUR = 60 * 60 * 1000;

const person = (id: string, handle = id): Person => ({
  id,
  name: id,
  email: `${id}@example.test`,
  handle,
  role: 'talent',
});
const staff: Person = { ...person('staff-1'), role: 'staff' };

function terms(overrides: Partial<HostedBountyTerms> = {}): HostedBountyTerms {
  return {
    title: 'Make the importer resumable',
    description: 'The nightly import stops at the first **bad row**. Make it resume.',
    domain: 'Software',
    skills: ['TypeScript'],
    criteria: ['Resumes after a crash', 'Keeps the order'],
    prizes: [1000, 500],
    submissionDeadline: new Date(START + 10 * DAY_MS).toISOString(),
    judgingDeadline: new Date(START + 24 * DAY_MS).toISOString(),
    paymentDueDays: 14,
    eligibleCountries: [],
    payoutMethods: ['wise'],
    unclaimed: 'returned',
    ...overrides,
  };
}

/** A world: the store on a real database, a team directory and an inbox, with a clock the test moves. */
function world(database: Database.Database | PgPool) {
  let clock = START;
  const roles = new Map<string, Map<string, OrganisationRole>>([
    [
      'org-a',
      new Map([
        ['owner-a', 'owner' as const],
        ['member-a', 'member' as const],
      ]),
    ],
    ['org-b', new Map([['owner-b', 'owner' as const]])],
  ]);
  const sponsors: Record<string, SponsorRecord> = {
    'org-a': {
      id: 'org-a',
      name: 'Acme',
      slug: 'acme',
      website: '',
      logoUrl: null,
      verifiedAt: '2026-10-01T00:00:00Z',
    },
    'org-b': { id: 'org-b', name: 'Beta', slug: 'beta', website: '', logoUrl: null, verifiedAt: null },
  };
  const facts = new Map<string, PersonFacts>();
  for (const id of ['owner-a', 'member-a', 'owner-b', 'tal-1', 'tal-2', 'tal-3'])
    facts.set(id, {
      id,
      email: `${id}@example.test`,
      name: id,
      handle: id,
      country: 'DE',
      payoutMethod: 'wise',
    });
  const inbox: OutgoingMail[] = [];
  // Bounties whose scoring setup is not ready (a test-scored bounty's reference still running).
  const notReady = new Map<string, string>();
  const store = createLifecycleStore(database);
  const lifecycle = createLifecycle({
    store,
    organisations: {
      sponsor: async (id) => sponsors[id] ?? null,
      roleIn: async (personId, organisationId) => roles.get(organisationId)?.get(personId) ?? null,
      memberIds: async (organisationId) => [...(roles.get(organisationId)?.keys() ?? [])],
      membershipIds: async () => [],
    },
    people: async (ids) => new Map(ids.flatMap((id) => (facts.has(id) ? [[id, facts.get(id)!]] : []))),
    send: async (mail) => {
      inbox.push(mail);
    },
    renderMarkdown: (markdown) => `<p>${markdown}</p>`,
    origin: 'https://side-quest.test',
    now: () => clock,
    approvalProblem: async (bountyId) => notReady.get(bountyId) ?? null,
  });
  return {
    lifecycle,
    notReady,
    store,
    inbox,
    roles,
    facts,
    tick: (ms: number) => {
      clock += ms;
    },
    now: () => clock,
  };
}

async function openBountyWithSubmissions(w: ReturnType<typeof world>) {
  const posted = await w.lifecycle.post(person('owner-a'), 'org-a', terms(), 'publish', true);
  if (!posted.ok) throw new Error(posted.message);
  const id = posted.value.id;
  const content = {
    links: { repository: 'https://git.test/x' },
    writeUp: 'A checkpoint table.',
    answers: ['yes', 'yes'],
  };
  const first = await w.lifecycle.submit(person('tal-1'), id, content);
  const second = await w.lifecycle.submit(person('tal-2'), id, content);
  if (!first.ok || !second.ok) throw new Error('submit failed');
  return { id, first: first.value.id, second: second.value.id };
}

const datesOf = async (w: ReturnType<typeof world>, id: string): Promise<LifecycleDates> => {
  const bounty = (await w.store.bounty(id))!;
  const winners = await w.store.winnersOf([id]);
  return { ...bounty, winners: winners.map((winner) => ({ ...winner })) };
};

function lifecycleSuite(
  name: string,
  open: () => Promise<{ database: Database.Database | PgPool; close(): Promise<void> }>,
) {
  describe(`the lifecycle on ${name}`, () => {
    let database: Database.Database | PgPool;
    let close: () => Promise<void>;
    beforeEach(async () => {
      ({ database, close } = await open());
    });
    afterEach(async () => {
      await close();
    });

    it('publishes a verified organisation at once and queues an unverified one for staff', async () => {
      const w = world(database);
      const verified = await w.lifecycle.post(person('owner-a'), 'org-a', terms(), 'publish', true);
      expect(verified).toEqual({ ok: true, value: { id: expect.stringMatching(/^sq-/), state: 'open' } });
      const unverified = await w.lifecycle.post(person('owner-b'), 'org-b', terms(), 'publish', false);
      expect(unverified.ok && unverified.value.state).toBe('pending');
      expect((await w.lifecycle.staffQueue()).map((bounty) => bounty.organisationId)).toEqual(['org-b']);
      expect((await w.lifecycle.publicList()).map((bounty) => bounty.platform_name)).toEqual(['Acme']);

      const id = unverified.ok ? unverified.value.id : '';
      expect(await w.lifecycle.reject(staff, id, 'too short')).toMatchObject({ ok: false, status: 422 });
      expect(await w.lifecycle.reject(staff, id, 'The prize is not stated in the description.')).toEqual({
        ok: true,
        value: undefined,
      });
      expect(w.inbox.map((mail) => [mail.to, mail.subject])).toEqual([
        ['owner-b@example.test', 'Your bounty Make the importer resumable was not approved'],
      ]);
      expect(await w.lifecycle.approve(staff, id)).toMatchObject({ ok: false, status: 409 });
    });

    it('opens no bounty whose scoring setup is not ready: staff approval and a verified team’s publishing wait', async () => {
      const w = world(database);
      const waiting = 'The reference solution’s runs have not finished yet.';
      const verified = await w.lifecycle.post(person('owner-a'), 'org-a', terms(), 'draft', true);
      const unverified = await w.lifecycle.post(person('owner-b'), 'org-b', terms(), 'publish', false);
      const draftId = verified.ok ? verified.value.id : '';
      const pendingId = unverified.ok ? unverified.value.id : '';
      w.notReady.set(draftId, waiting);
      w.notReady.set(pendingId, waiting);
      expect(await w.lifecycle.publishDraft(person('owner-a'), draftId)).toEqual({
        ok: false,
        status: 409,
        message: waiting,
      });
      expect(await w.lifecycle.approve(staff, pendingId)).toMatchObject({
        ok: false,
        status: 409,
        message: waiting,
      });
      expect(await w.lifecycle.publicList()).toEqual([]);

      w.notReady.clear();
      expect(await w.lifecycle.publishDraft(person('owner-a'), draftId)).toMatchObject({ ok: true });
      expect(await w.lifecycle.approve(staff, pendingId)).toMatchObject({ ok: true });
      expect((await w.lifecycle.publicList()).map((bounty) => bounty.platform_name).sort()).toEqual([
        'Acme',
        'Beta',
      ]);
    });

    it('lets members save drafts but only admins and owners publish; strangers get Not found', async () => {
      const w = world(database);
      expect((await w.lifecycle.post(person('member-a'), 'org-a', terms(), 'draft', true)).ok).toBe(true);
      expect(await w.lifecycle.post(person('member-a'), 'org-a', terms(), 'publish', true)).toMatchObject({
        status: 404,
      });
      expect(await w.lifecycle.post(person('owner-b'), 'org-a', terms(), 'draft', true)).toMatchObject({
        status: 404,
      });
      expect(await w.lifecycle.publicList()).toEqual([]);
    });

    it('takes submissions until the deadline, checks eligibility first and bars recent members', async () => {
      const w = world(database);
      const { id, first } = await openBountyWithSubmissions(w);
      expect(
        w.inbox.filter((mail) => mail.subject === 'New submission to Make the importer resumable'),
      ).toHaveLength(4);

      w.facts.set('tal-3', { ...w.facts.get('tal-3')!, payoutMethod: 'paypal' });
      expect(await w.lifecycle.submit(person('tal-3'), id, { links: {}, writeUp: 'x', answers: [] })).toEqual(
        {
          ok: false,
          status: 422,
          message: 'The sponsor pays by Wise; your profile says PayPal.',
        },
      );
      expect(
        await w.lifecycle.submit(person('member-a'), id, { links: {}, writeUp: 'x', answers: [] }),
      ).toMatchObject({
        status: 422,
        message: expect.stringMatching(/last 90 days/),
      });
      // Editing keeps one submission; withdrawing is the author's only, and only before the deadline.
      const again = await w.lifecycle.submit(person('tal-1'), id, {
        links: { video: 'https://v.test/1' },
        writeUp: 'Edited.',
        answers: ['a', 'b'],
      });
      expect(again).toEqual({ ok: true, value: { id: first } });
      expect(await w.lifecycle.withdraw(person('tal-2'), first)).toMatchObject({ status: 404 });
      w.roles.get('org-a')!.delete('member-a');
      await w.lifecycle.recordLeaving('org-a', 'member-a');
      w.tick(9 * DAY_MS);
      expect(await w.lifecycle.eligibility(person('member-a'), (await w.store.bounty(id))!)).toMatch(
        /last 90 days/,
      );

      w.tick(1 * DAY_MS);
      expect(await w.lifecycle.withdraw(person('tal-1'), first)).toMatchObject({ status: 409 });
      expect(
        await w.lifecycle.submit(person('tal-1'), id, { links: {}, writeUp: 'late', answers: [] }),
      ).toMatchObject({ status: 409 });
      w.tick(81 * DAY_MS);
      expect(await w.lifecycle.eligibility(person('member-a'), (await w.store.bounty(id))!)).toBeNull();
    });

    it('runs review, rejection, award, payment and the winner’s answer to Paid', async () => {
      const w = world(database);
      const { id, first, second } = await openBountyWithSubmissions(w);
      expect(
        await w.lifecycle.review(person('member-a'), first, {
          label: 'shortlisted',
          scores: [5, 4],
          notes: 'Clean.',
        }),
      ).toEqual({ ok: true, value: undefined });
      expect(
        await w.lifecycle.review(person('owner-b'), first, { label: 'spam', scores: [], notes: '' }),
      ).toMatchObject({ status: 404 });
      expect(
        await w.lifecycle.rejectSubmission(person('member-a'), second, 'Does not build at all.'),
      ).toMatchObject({ status: 404 });
      expect(
        await w.lifecycle.rejectSubmission(person('owner-a'), second, 'Does not build on a clean machine.'),
      ).toMatchObject({ ok: true });
      expect(w.inbox.at(-1)).toMatchObject({
        to: 'tal-2@example.test',
        text: expect.stringContaining('Does not build on a clean machine.'),
      });

      expect(await w.lifecycle.announce(person('owner-a'), id, [first])).toMatchObject({ status: 409 });
      w.tick(10 * DAY_MS);
      expect(stageOf(await datesOf(w, id), w.now())).toBe('judging');
      expect(await w.lifecycle.announce(person('owner-a'), id, [second])).toMatchObject({ status: 422 });
      expect(await w.lifecycle.announce(person('owner-a'), id, [first])).toEqual({
        ok: true,
        value: undefined,
      });
      expect(await w.lifecycle.announce(person('owner-a'), id, [first])).toMatchObject({ status: 409 });
      expect(stageOf(await datesOf(w, id), w.now())).toBe('announced');
      const [listed] = await w.lifecycle.publicList();
      expect(listed?.hosted?.winners).toEqual([
        expect.objectContaining({ slot: 0, prize: 1000, handle: 'tal-1', submission: null }),
      ]);

      const payment = { amount: 1000, method: 'wise', reference: 'TR-1', date: '2026-11-20' };
      expect(await w.lifecycle.recordPayment(person('member-a'), id, 0, payment)).toMatchObject({
        status: 404,
      });
      expect(await w.lifecycle.recordPayment(person('owner-a'), id, 0, payment)).toMatchObject({ ok: true });
      expect(await w.lifecycle.recordPayment(person('owner-a'), id, 0, payment)).toMatchObject({
        status: 409,
      });
      expect(w.inbox.at(-1)).toMatchObject({
        to: 'tal-1@example.test',
        subject: 'Did you receive $1,000 for Make the importer resumable?',
        text: expect.stringContaining(`/payments/${id}/0`),
      });

      expect(await w.lifecycle.paymentForWinner(person('tal-2'), id, 0)).toBeNull();
      expect(await w.lifecycle.answerPayment(person('tal-2'), id, 0, 'received', '')).toMatchObject({
        status: 404,
      });
      expect(await w.lifecycle.answerPayment(person('tal-1'), id, 0, 'received', '')).toMatchObject({
        ok: true,
      });
      expect(
        await w.lifecycle.answerPayment(person('tal-1'), id, 0, 'not-received', 'Nothing came in.'),
      ).toMatchObject({ status: 409 });
      expect(stageOf(await datesOf(w, id), w.now())).toBe('paid');
      const audit = await w.store.auditOf('org-a');
      expect(audit.map((entry) => entry.action).reverse()).toEqual([
        'posted:open',
        'submitted',
        'submitted',
        'reviewed',
        'submission-rejected',
        'announced',
        'payment-recorded',
        'payment-received',
      ]);
    });

    it('opens a case when the winner reports the money missing; staff resolve it once', async () => {
      const w = world(database);
      const { id, first } = await openBountyWithSubmissions(w);
      w.tick(10 * DAY_MS);
      await w.lifecycle.announce(person('owner-a'), id, [first]);
      await w.lifecycle.recordPayment(person('owner-a'), id, 0, {
        amount: 1000,
        method: 'wise',
        reference: 'TR-9',
        date: '2026-11-12',
      });
      expect(await w.lifecycle.answerPayment(person('tal-1'), id, 0, 'not-received', 'no')).toMatchObject({
        status: 422,
      });
      expect(
        await w.lifecycle.answerPayment(
          person('tal-1'),
          id,
          0,
          'not-received',
          'Nothing arrived in my Wise account.',
        ),
      ).toMatchObject({ ok: true });
      expect((await w.lifecycle.openCases()).map((entry) => entry.bountyId)).toEqual([id]);
      w.tick(30 * DAY_MS);
      expect(overdueOf(await datesOf(w, id), w.now())?.kind).toBe('payment');
      expect(
        await w.lifecycle.resolveCase(staff, id, 0, 'paid', 'Bank statement shows the transfer on 12 Nov.'),
      ).toMatchObject({ ok: true });
      expect(
        await w.lifecycle.resolveCase(staff, id, 0, 'not-paid', 'Second try at resolving.'),
      ).toMatchObject({ status: 409 });
      expect(stageOf(await datesOf(w, id), w.now())).toBe('paid');
      expect(await w.lifecycle.openCases()).toEqual([]);
    });

    it('blocks publishing while a payment is overdue, and sends each reminder once', async () => {
      const w = world(database);
      const { id, first } = await openBountyWithSubmissions(w);
      w.tick(10 * DAY_MS);
      await w.lifecycle.announce(person('owner-a'), id, [first]);
      w.tick(14 * DAY_MS + HOUR);
      expect(overdueOf(await datesOf(w, id), w.now())).toMatchObject({ kind: 'payment', days: 1 });
      expect(
        await w.lifecycle.post(
          person('owner-a'),
          'org-a',
          terms({ submissionDeadline: new Date(w.now() + 5 * DAY_MS).toISOString() }),
          'publish',
          true,
        ),
      ).toMatchObject({ status: 409 });

      w.inbox.length = 0;
      expect(await w.lifecycle.sendReminders()).toBe(1);
      expect(await w.lifecycle.sendReminders()).toBe(0);
      w.tick(3 * DAY_MS);
      expect(await w.lifecycle.sendReminders()).toBe(1);
      w.tick(10 * DAY_MS);
      expect(await w.lifecycle.sendReminders()).toBe(1);
      expect(await w.lifecycle.sendReminders()).toBe(0);
      // Two team members, three reminders.
      expect(w.inbox.filter((mail) => mail.subject.startsWith('Payment is overdue'))).toHaveLength(6);

      await w.lifecycle.setOptionalMail(person('member-a'), false);
      await w.lifecycle.recordPayment(person('owner-a'), id, 0, {
        amount: 1000,
        method: 'wise',
        reference: 'late',
        date: '2026-12-10',
      });
      expect(await w.lifecycle.paymentOverdue('org-a')).toBe(false);
    });

    it('never cancels silently and closes without winner only after the deadline', async () => {
      const w = world(database);
      const { id } = await openBountyWithSubmissions(w);
      expect(await w.lifecycle.end(person('owner-a'), id, 'cancelled', '')).toMatchObject({ status: 422 });
      expect(
        await w.lifecycle.end(person('owner-a'), id, 'closed', 'No submission met the criteria.'),
      ).toMatchObject({ status: 409 });
      expect(
        await w.lifecycle.end(person('owner-a'), id, 'cancelled', 'The project was stopped by the client.'),
      ).toMatchObject({ ok: true });
      const listed = await w.lifecycle.publicBounty(id);
      expect(listed?.hosted).toMatchObject({
        state: 'cancelled',
        stateReason: 'The project was stopped by the client.',
      });
    });
  });
}

lifecycleSuite('SQLite', async () => {
  const database = new Database(':memory:');
  return { database, close: async () => void database.close() };
});

const postgres = postgresForThisFile('lifecycle');
if (postgres.available) {
  lifecycleSuite('PostgreSQL', async () => {
    const pool = openPostgres(await postgres.database());
    await migrate(pool);
    return { database: pool, close: () => pool.end() };
  });

  it('of two instances racing on one announcement or one payment answer, one wins', async () => {
    const url = await postgres.database();
    const poolA = openPostgres(url);
    const poolB = openPostgres(url);
    await migrate(poolA);
    try {
      const a = world(poolA);
      const b = world(poolB);
      const { id, first, second } = await openBountyWithSubmissions(a);
      a.tick(10 * DAY_MS);
      b.tick(10 * DAY_MS);
      const results = await Promise.all([
        a.lifecycle.announce(person('owner-a'), id, [first]),
        b.lifecycle.announce(person('owner-a'), id, [second]),
      ]);
      expect(results.filter((result) => result.ok)).toHaveLength(1);
      expect(await a.store.winnersOf([id])).toHaveLength(1);
      const winner = (await a.store.winnersOf([id]))[0]!;
      await a.lifecycle.recordPayment(person('owner-a'), id, 0, {
        amount: 1000,
        method: 'wise',
        reference: 'R',
        date: '2026-11-12',
      });
      const talent = person(winner.winnerId);
      const answers = await Promise.all([
        a.lifecycle.answerPayment(talent, id, 0, 'received', ''),
        b.lifecycle.answerPayment(talent, id, 0, 'not-received', 'It never arrived here.'),
      ]);
      expect(answers.filter((result) => result.ok)).toHaveLength(1);
    } finally {
      await poolA.end();
      await poolB.end();
    }
  });
}
