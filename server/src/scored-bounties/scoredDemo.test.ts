import request from 'supertest';
import type { LeaderboardData } from '@side-quest/data/lifecycle';
import { startTestSite, type TestSite } from '../testing/testAccounts';
import { DEMO_SCORED_TITLES } from '../lifecycle/demoData';
import { closedDemoBounty, openDemoBounty, seedScoredDemo, seededRandom } from './scoredDemo';
import { expectNoPrivateScore } from '../testing/testScoredSite';

// The scored bounties' demo (issue 45 item 11) as a fresh embedded start seeds it: generated the same
// every time, scored by the scoring module, an open board of six entrants with a baseline, and a closed
// board whose private order is not the public one.
describe('the scored demo data', () => {
  it('is generated deterministically from its seeds', () => {
    expect(openDemoBounty().files).toEqual(openDemoBounty().files);
    expect(closedDemoBounty().keyCsv).toBe(closedDemoBounty().keyCsv);
    const a = seededRandom(7);
    const b = seededRandom(7);
    expect([a(), a(), a()]).toEqual([b(), b(), b()]);
    expect(openDemoBounty().keyCsv.split('\n')[0]).toBe('id,target');
    expect(openDemoBounty().files.inputs?.split('\n')).toHaveLength(402);
  });

  describe('on a fresh start', () => {
    let site: TestSite;
    beforeAll(async () => {
      site = await startTestSite({ SEED_DEMO: '1' });
    }, 120_000);
    afterAll(() => site.close(), 60_000);

    const idOf = async (title: string) =>
      (await site.stores.lifecycle.bountiesIn(['open', 'closed'])).find((bounty) => bounty.title === title)
        ?.id as string;
    const board = async (id: string) =>
      (await request(site.app).get(`/api/hosted-bounties/${id}/leaderboard`).expect(200))
        .body as LeaderboardData;

    it('shows the open scored bounty with its files, six entrants on the public board and a baseline', async () => {
      const id = await idOf(DEMO_SCORED_TITLES.open);
      const open = await board(id);
      expect(open).toMatchObject({ phase: 'public', metric: 'roc_auc', demo: true, removed: [] });
      expect(open.rows).toHaveLength(6);
      expect(open.rows.map((row) => row.entrant).sort()).toEqual(
        ['Entrant 1', 'Entrant 2', 'Entrant 3', 'Entrant 4', 'Entrant 5', 'Entrant 6'].sort(),
      );
      expect(open.baseline).toEqual(expect.any(Number));
      // The entrants beat the sponsor's rule of thumb, and no private score is out before the deadline.
      expect(open.rows[0]!.score).toBeGreaterThan(open.baseline!);
      const entries = await site.stores.scored.entriesOfBounty(id);
      expect(entries).toHaveLength(13);
      expectNoPrivateScore(open, entries);
      const setup = await site.stores.scored.setup(id);
      expect(Object.keys(setup!.files).sort()).toEqual(['baseline', 'inputs', 'sample', 'training']);
      const card = (await request(site.app).get(`/api/hosted-bounties/${id}`).expect(200)).body;
      expect(card.hosted).toMatchObject({ scored: true, demo: true });
    });

    it('shows the closed one revealed: its public leader falls to fourth, below the others', async () => {
      const closed = await board(await idOf(DEMO_SCORED_TITLES.closed));
      expect(closed).toMatchObject({ phase: 'private', metric: 'rmse', direction: 'lower', demo: true });
      expect(closed.rows).toHaveLength(5);
      // The public board's leader (public rank = rank + move) over-fitted the public rows.
      const fallen = closed.rows.find((row) => row.rank + (row.move ?? 0) === 1);
      expect(fallen).toMatchObject({ rank: 4, move: -3 });
      expect(closed.rows.filter((row) => row.move !== 0).length).toBeGreaterThan(1);
      // As the bounty's closing reason says: nobody reached 4 minutes on the final board.
      expect(closed.rows.every((row) => row.score > 4)).toBe(true);
      expect(closed.baseline).toBeGreaterThan(closed.rows[0]!.score);
    });

    it('is seeded once per database', async () => {
      expect(await seedScoredDemo(site.stores)).toBe(false);
    });
  });
});
