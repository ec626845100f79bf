import { storeAdapters } from '../testing/testStoreAdapters';
import { HIRING_DB_FILE } from './hiringStore';
import { createInterviewRequestStore, type InterviewRequestStore } from './interviewRequestStore';

const adapters = storeAdapters('interview-requests', HIRING_DB_FILE, createInterviewRequestStore);

const DAY = 86_400_000;
const now = Date.UTC(2026, 10, 28, 12);
const iso = (time: number) => new Date(time).toISOString();
const request = (personId: string, organisationId = 'org-a') => ({
  organisationId,
  senderId: 'sender-1',
  personId,
  roleTitle: 'Data engineer',
  kind: 'full-time' as const,
  message: 'We liked your **entry**.',
  evidence: { kind: 'submission' as const, submissionId: 'sub-1' },
});

describe.each(adapters)('the interview request store on %s', (_name, open) => {
  let store: InterviewRequestStore;
  let another: () => Promise<InterviewRequestStore>;
  let close: () => Promise<void>;
  beforeEach(async () => {
    ({ store, another, close } = await open());
  });
  afterEach(() => close());

  it('keeps one open request per organisation and person, and counts what the rule needs', async () => {
    const id = await store.create(request('p1'), iso(now));
    expect(id).toEqual(expect.any(String));
    expect(await store.create(request('p1'), iso(now + 1))).toBeNull();
    expect(await store.create(request('p1', 'org-b'), iso(now + 2))).toEqual(expect.any(String));
    const facts = await store.sendingFacts('org-a', 'p1', now + 3, iso(Date.UTC(2026, 10, 28)));
    expect(facts).toEqual({
      openForPerson: 2,
      openFromOrganisation: true,
      sentTodayByOrganisation: 1,
      lastDeclinedAt: null,
      blocked: false,
      organisationSuspended: false,
    });
    expect(await store.request(id!)).toMatchObject({
      organisationId: 'org-a',
      personId: 'p1',
      state: 'open',
      evidence: { kind: 'submission', submissionId: 'sub-1' },
      message: 'We liked your **entry**.',
    });
  });

  it('expires open requests after 30 days, which frees the pair', async () => {
    await store.create(request('p1'), iso(now - 30 * DAY));
    const later = now;
    expect((await store.sendingFacts('org-a', 'p1', later, iso(now))).openFromOrganisation).toBe(false);
    expect(await store.expire(later)).toBe(1);
    expect(await store.create(request('p1'), iso(later))).toEqual(expect.any(String));
  });

  it("takes the person's answer once, only theirs, only while open", async () => {
    const id = (await store.create(request('p1'), iso(now)))!;
    expect(await store.answer(id, 'someone-else', 'accepted', null, now)).toBe(false);
    expect(await store.answer(id, 'p1', 'declined', 'Not looking now', now + 1)).toBe(true);
    expect(await store.answer(id, 'p1', 'accepted', null, now + 2)).toBe(false);
    expect(await store.request(id)).toMatchObject({ state: 'declined', declineReason: 'Not looking now' });
    const facts = await store.sendingFacts('org-a', 'p1', now + 3, iso(now));
    expect(facts.lastDeclinedAt).toBe(iso(now + 1));
    expect(facts.openFromOrganisation).toBe(false);
    // An expired request takes no answer.
    const old = (await store.create(request('p2'), iso(now - 31 * DAY)))!;
    expect(await store.answer(old, 'p2', 'accepted', null, now)).toBe(false);
  });

  it('blocks and unblocks, reports, suspends, and counts per organisation', async () => {
    const id = (await store.create(request('p1'), iso(now)))!;
    await store.block('p1', 'org-a', iso(now));
    await store.block('p1', 'org-a', iso(now));
    expect((await store.sendingFacts('org-a', 'p1', now, iso(now))).blocked).toBe(true);
    expect([...(await store.blockedBy('p1'))]).toEqual(['org-a']);
    await store.unblock('p1', 'org-a');
    expect((await store.sendingFacts('org-a', 'p1', now, iso(now))).blocked).toBe(false);

    expect(await store.report(id, 'p2', 'spam', iso(now))).toBe(false);
    expect(await store.report(id, 'p1', 'spam', iso(now))).toBe(true);
    expect((await store.reported()).map((entry) => entry.id)).toEqual([id]);
    expect(await store.countsByOrganisation()).toEqual([
      { organisationId: 'org-a', state: 'open', count: 1, reported: 1 },
    ]);

    await store.setSuspended('org-a', true, iso(now));
    expect((await store.sendingFacts('org-a', 'p1', now, iso(now))).organisationSuspended).toBe(true);
    await store.setSuspended('org-a', false, iso(now));
    expect(await store.suspended()).toEqual(new Set());
  });

  it('records a hire once, takes the person’s answer within 30 days, counts confirmed ones', async () => {
    const id = (await store.create(request('p1'), iso(now)))!;
    const hire = {
      requestId: id,
      organisationId: 'org-a',
      personId: 'p1',
      recordedBy: 'sender-1',
      kind: 'full-time' as const,
      startMonth: '2027-01',
    };
    expect(await store.recordHire(hire, iso(now))).toBe(true);
    expect(await store.recordHire(hire, iso(now))).toBe(false);
    expect(await store.answerHire(id, 'p2', true, true, now, 30)).toBe(false);
    expect(await store.answerHire(id, 'p1', true, true, now + 30 * DAY, 30)).toBe(false);
    expect(await store.confirmedHireCounts()).toEqual(new Map());
    expect(await store.answerHire(id, 'p1', true, true, now + DAY, 30)).toBe(true);
    expect(await store.confirmedHireCounts()).toEqual(new Map([['org-a', 1]]));
    expect(await store.hire(id)).toMatchObject({ state: 'confirmed', showOnProfile: true });
    expect(await store.setHireOnProfile(id, 'p1', false)).toBe(true);
    expect((await store.hiresOf('p1'))[0]).toMatchObject({ showOnProfile: false });
  });

  it('on deletion removes the person’s own data and anonymises what the organisation keeps', async () => {
    const id = (await store.create(request('p1'), iso(now)))!;
    await store.answer(id, 'p1', 'declined', 'my reason', now);
    await store.block('p1', 'org-b', iso(now));
    const accepted = (await store.create(request('p1', 'org-c'), iso(now)))!;
    await store.answer(accepted, 'p1', 'accepted', null, now);
    await store.recordHire(
      {
        requestId: accepted,
        organisationId: 'org-c',
        personId: 'p1',
        recordedBy: 's',
        kind: 'freelance',
        startMonth: '2027-01',
      },
      iso(now),
      'confirmed',
    );
    await store.removePerson('p1');
    expect(await store.forPerson('p1')).toEqual([]);
    expect(await store.blockedBy('p1')).toEqual(new Set());
    expect(await store.hiresOf('p1')).toEqual([]);
    const kept = await store.request(id);
    expect(kept).toMatchObject({ personId: null, declineReason: null, state: 'declined' });
    // The organisation's confirmed hire still counts, without a name.
    expect(await store.confirmedHireCounts()).toEqual(new Map([['org-c', 1]]));
  });

  describe('keeps the send limits exactly when requests race on two instances', () => {
    const dayStart = iso(Date.UTC(2026, 10, 28));
    /** Sends every request at once, alternating between two store instances (two servers). */
    async function race(requests: Array<ReturnType<typeof request>>) {
      const instances = [store, await another()];
      const results = await Promise.all(
        requests.map((each, index) => instances[index % 2]!.createWithinLimits(each, now, dayStart)),
      );
      return {
        sent: results.filter((result) => 'id' in result).length,
        refusals: new Set(results.flatMap((result) => ('refused' in result ? [result.refused] : []))),
      };
    }

    it('lets one organisation send 20 of 25 requests in a day', async () => {
      const outcome = await race(Array.from({ length: 25 }, (_, index) => request(`p${index}`)));
      expect(outcome).toEqual({ sent: 20, refusals: new Set(['organisation-day']) });
      const facts = await store.sendingFacts('org-a', 'p0', now, dayStart);
      expect(facts.sentTodayByOrganisation).toBe(20);
    });

    it('lets a person hold 5 open requests when eight organisations ask at once', async () => {
      const outcome = await race(Array.from({ length: 8 }, (_, index) => request('p1', `org-${index}`)));
      expect(outcome).toEqual({ sent: 5, refusals: new Set(['person-full']) });
      expect((await store.forPerson('p1')).filter((each) => each.state === 'open')).toHaveLength(5);
    });

    it('refuses the second open request of a pair, and leaves the demo out of the day', async () => {
      await store.create({ ...request('p1'), demo: true }, iso(now));
      expect(await store.createWithinLimits(request('p1'), now, dayStart)).toEqual({ refused: 'pair-open' });
      expect('id' in (await store.createWithinLimits(request('p2'), now, dayStart))).toBe(true);
      expect((await store.sendingFacts('org-a', 'p2', now, dayStart)).sentTodayByOrganisation).toBe(1);
    });
  });
});
