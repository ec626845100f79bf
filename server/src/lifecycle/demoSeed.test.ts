import request from 'supertest';
import { PUBLIC_STAGES, overdueOf, stageOf, type HostedSummary } from '@side-quest/data/lifecycle';
import { startTestSite, type TestSite } from '../testing/testAccounts';
import { DEMO_BOUNTIES } from './demoData';
import { seedDemoData } from './demoSeed';

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite({ SEED_DEMO: '1' });
});
afterAll(() => site.close());

interface Listed {
  id: string;
  item_title: string;
  platform_name: string;
  hosted?: HostedSummary;
}

async function hostedBounties(): Promise<(Listed & { hosted: HostedSummary })[]> {
  const listed = (await request(site.app).get('/api/bounties').expect(200)).body as Listed[];
  return listed.filter((bounty): bounty is Listed & { hosted: HostedSummary } => Boolean(bounty.hosted));
}

describe('the demo history of a fresh start', () => {
  it('lists every demo bounty, each labelled demo data, in every public stage', async () => {
    const hosted = await hostedBounties();
    expect(hosted.map((bounty) => bounty.item_title).sort()).toEqual(
      DEMO_BOUNTIES.map((bounty) => bounty.title).sort(),
    );
    expect(hosted.every((bounty) => bounty.hosted.demo)).toBe(true);
    const now = Date.now();
    const stages = new Set(hosted.map((bounty) => stageOf(bounty.hosted, now)));
    for (const stage of PUBLIC_STAGES) expect([stage, stages.has(stage)]).toEqual([stage, true]);
  });

  it('has live clocks: one judging overdue, one payment overdue, a case resolved, fast and slow payers', async () => {
    const hosted = await hostedBounties();
    const now = Date.now();
    const overdue = hosted.flatMap((bounty) => {
      const clock = overdueOf(bounty.hosted, now);
      return clock ? [[bounty.platform_name, clock.kind, clock.days]] : [];
    });
    expect(overdue).toEqual(
      expect.arrayContaining([
        ['Kestrel Grid', 'judging', 6],
        ['Kestrel Grid', 'payment', 5],
      ]),
    );
    const winners = hosted.flatMap((bounty) => bounty.hosted.winners);
    expect(winners.some((winner) => winner.resolution === 'paid')).toBe(true);
    expect(winners.filter((winner) => winner.answer === 'received').length).toBeGreaterThanOrEqual(3);
    expect(winners.some((winner) => winner.submission !== null)).toBe(true);
    const cancelled = hosted.find((bounty) => bounty.hosted.state === 'cancelled');
    expect(cancelled?.hosted.stateReason).toMatch(/ethics board/);
  });

  it('filters by stage in the public API and the feeds, and gives each bounty its stage and dates', async () => {
    const paid = (await request(site.app).get('/api/v1/bounties?stage=paid&limit=100').expect(200)).body
      .data as {
      title: string;
      stage: string;
      paidAt: string | null;
      announcedAt: string | null;
    }[];
    expect(paid.map((bounty) => bounty.title).sort()).toEqual([
      'An appointment booking screen everyone can use',
      'Deduplicate shipment addresses',
      'Detect HVAC faults in substation buildings',
    ]);
    expect(paid.every((bounty) => bounty.stage === 'paid' && bounty.paidAt && bounty.announcedAt)).toBe(true);
    const overdue = (await request(site.app).get('/api/v1/bounties?stage=announced').expect(200)).body
      .data as {
      overdue: { kind: string; days: number } | null;
    }[];
    expect(overdue.map((bounty) => bounty.overdue?.kind ?? null).sort()).toEqual(['payment', null].sort());
    await request(site.app).get('/api/v1/bounties?stage=pending').expect(400);
    const feed = await request(site.app).get('/feeds/bounties.xml?stage=cancelled').expect(200);
    expect(feed.text).toContain('Speech-to-text for ward rounds');
    expect(feed.text).not.toContain('Deduplicate shipment addresses');
    expect(feed.text).toContain('hosted on Side Quest, cancelled');
  });

  it('is seeded once per database', async () => {
    expect(await seedDemoData(site.stores.accounts.auth, site.stores.lifecycle)).toBe(false);
    expect(await hostedBounties()).toHaveLength(DEMO_BOUNTIES.length);
  });
});
