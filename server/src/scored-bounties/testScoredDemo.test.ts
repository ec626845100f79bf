import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import request from 'supertest';
import * as tar from 'tar-stream';
import { LEADERBOARD_PAGES, type LeaderboardData } from '@side-quest/data/lifecycle';
import { openStoresFor } from '../app';
import { readServerConfig } from '../config/serverConfig';
import { startRunnerProcess } from '../runner/runnerProcess';
import { checkArchiveListing, RUNTIME_RULES } from '../test-scoring';
import { startTestSite, type TestSite } from '../testing/testAccounts';
import { DEMO_TEST_SCORED_TITLE } from '../lifecycle/demoData';
import {
  DEMO_TEST_ENTRIES,
  DEMO_TESTS_DIR,
  demoArchives,
  queueTestScoredDemoEntries,
  seedTestScoredDemo,
  tarGzOf,
} from './testScoredDemo';

/*
 * The test-scored demo (issue 56 item 7): its archives, packed in memory from demo-tests/, and the
 * bounty a fresh embedded start seeds, its reference and its four entrants run by a REAL runner process
 * and sandbox, so the public board's figures are the ones the demo solutions really get.
 */

/** An archive's members as tar-stream reads them back: name, type, mode and text. */
async function membersOf(archive: Buffer) {
  const extract = tar.extract();
  const members: Array<{ name: string; type: string; mode: number; text: string }> = [];
  const done = (async () => {
    for await (const entry of extract) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk as Buffer);
      const { name, type, mode } = entry.header;
      members.push({ name, type: String(type), mode: mode ?? 0, text: Buffer.concat(chunks).toString() });
    }
  })();
  Readable.from([gunzipSync(archive)]).pipe(extract);
  await done;
  return members;
}

describe('the demo archives', () => {
  it('packs files in memory: a folder entry before its files, mode 0644, the same bytes every time', async () => {
    const files = new Map<string, string | Buffer>([
      ['a.js', 'one'],
      ['lib/b.js', Buffer.from('two')],
    ]);
    const archive = await tarGzOf(files);
    expect(await membersOf(archive)).toEqual([
      { name: 'a.js', type: 'file', mode: 0o644, text: 'one' },
      { name: 'lib/', type: 'directory', mode: 0o755, text: '' },
      { name: 'lib/b.js', type: 'file', mode: 0o644, text: 'two' },
    ]);
    expect((await tarGzOf(files)).equals(archive)).toBe(true);
  });

  it('holds each demo folder’s files at its top, and passes the checks an upload of it would', async () => {
    const archives = await demoArchives();
    const read = async (archive: Buffer) => (await membersOf(archive)).map((member) => member.name);
    expect(await read(archives.publicTests)).toEqual(['postcode.test.js']);
    expect(await read(archives.hiddenTests)).toEqual(['postcode.hidden.test.js']);
    expect(await read(archives.reference)).toEqual(['postcode.js']);
    expect([...archives.entries.keys()].sort()).toEqual(
      DEMO_TEST_ENTRIES.map((entry) => entry.solution).sort(),
    );
    const reference = await membersOf(archives.reference);
    expect(reference[0]?.text).toBe(
      fs.readFileSync(path.join(DEMO_TESTS_DIR, 'reference', 'postcode.js'), 'utf8'),
    );
    const reservedPaths = [...RUNTIME_RULES.node20.reservedPaths];
    for (const archive of [archives.reference, ...archives.entries.values()])
      expect(await checkArchiveListing(Readable.from([archive]), 'tar.gz', { reservedPaths })).toMatchObject({
        problems: [],
        members: 1,
      });
  });
});

/** Asks `check` every 250 ms until it gives a value, for at most `ms`. */
async function until<T>(check: () => Promise<T | null | false>, what: string, ms: number): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('the test-scored demo bounty on a fresh embedded start', () => {
  let site: TestSite;
  let runner: ReturnType<typeof startRunnerProcess>;
  let bountyId = '';

  beforeAll(async () => {
    site = await startTestSite({ SEED_DEMO: '1' });
    const bounty = (await site.stores.lifecycle.bountiesIn(['open'])).find(
      (one) => one.title === DEMO_TEST_SCORED_TITLE,
    );
    bountyId = bounty?.id ?? '';
    // As DATA_DIR is made by the server: the sandbox's user reaches the layers bound from it.
    fs.chmodSync(site.dataDir, 0o755);
    runner = startRunnerProcess(site.dataDir, { ...process.env, LOG_LEVEL: 'silent' });
  }, 120_000);
  afterAll(async () => {
    await runner?.stop();
    await site?.close();
  }, 60_000);

  it('is an open Software bounty, demo data, with a setup whose reference runs are queued to the runner', async () => {
    expect(bountyId).not.toBe('');
    const card = (await request(site.app).get(`/api/hosted-bounties/${bountyId}`).expect(200)).body;
    expect(card).toMatchObject({ bounty_area: 'Software', hosted: { state: 'open', demo: true } });
    const setup = await site.stores.testScored.setup(bountyId);
    expect(setup).toMatchObject({ runtime: 'node20', referenceStatus: expect.any(String) });
    expect(setup?.referenceRuns).toHaveLength(6);
    expect(Object.keys(setup!.files).sort()).toEqual(['hiddenTests', 'publicTests', 'reference']);
  });

  it('ranks its four entrants on the public board by public tests passed, as their real runs gave them', async () => {
    const setup = await until(
      async () => {
        const found = await site.stores.testScored.setup(bountyId);
        return found?.referenceStatus !== 'waiting' && found;
      },
      'the reference runs',
      240_000,
    );
    expect(setup).toMatchObject({ referenceStatus: 'passed', problems: [] });
    expect([setup.publicTests.length, setup.hiddenTests.length]).toEqual([8, 9]);
    const runs = await until(
      async () => {
        const all = await site.stores.testScored.runsOfBounty(bountyId);
        return all.length === DEMO_TEST_ENTRIES.length && all.every((run) => run.judged) && all;
      },
      'the entries’ public runs',
      240_000,
    );
    expect(runs.every((run) => run.testSet === 'public')).toBe(true);
    const entries = await site.stores.scored.entriesOfBounty(bountyId);
    // Oldest first, as DEMO_TEST_ENTRIES: what each solution really passed of the 8 public tests.
    expect(entries.map((entry) => [entry.status, entry.publicScore])).toEqual([
      ['scored', 8],
      ['scored', 6],
      ['scored', 8],
      ['scored', 0],
    ]);
    const board = (await request(site.app).get(LEADERBOARD_PAGES.data(bountyId)).expect(200))
      .body as LeaderboardData;
    expect(board).toMatchObject({ phase: 'public', metric: 'tests_passed', direction: 'higher', demo: true });
    // Entrants are numbered by their first entry; the tie on 8 goes to the earlier entry.
    expect(board.rows.map((row) => [row.rank, row.entrant, row.score, row.entries])).toEqual([
      [1, 'Entrant 1', 8, 1],
      [2, 'Entrant 3', 8, 1],
      [3, 'Entrant 2', 6, 1],
      [4, 'Entrant 4', 0, 1],
    ]);
  }, 500_000);

  it('is seeded once: seeding and queueing again add nothing', async () => {
    const before = await site.stores.scored.entriesOfBounty(bountyId);
    const setup = await site.stores.testScored.setup(bountyId);
    expect(await seedTestScoredDemo(site.stores)).toBe(false);
    expect(await queueTestScoredDemoEntries(site.stores)).toBe('nothing');
    // A restart on the same DATA_DIR seeds as the embedded start does, and finds it all seeded.
    const restarted = await openStoresFor(
      readServerConfig({ DATA_DIR: site.dataDir, SEED_DEMO: '1', SSR: 'off', LOG_LEVEL: 'silent' }),
    );
    try {
      const open = await restarted.lifecycle.bountiesIn(['open']);
      expect(open.filter((bounty) => bounty.title === DEMO_TEST_SCORED_TITLE)).toHaveLength(1);
      expect(await queueTestScoredDemoEntries(restarted)).toBe('nothing');
    } finally {
      await restarted.close();
    }
    expect(await site.stores.scored.entriesOfBounty(bountyId)).toHaveLength(before.length);
    expect(await site.stores.testScored.runsOfBounty(bountyId)).toHaveLength(DEMO_TEST_ENTRIES.length);
    expect((await site.stores.testScored.setup(bountyId))?.referenceRuns).toEqual(setup?.referenceRuns);
  });
});
