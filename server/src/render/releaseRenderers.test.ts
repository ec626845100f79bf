import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import express from 'express';
import { readServerConfig } from '../config/serverConfig';
import { fixtureQueries } from '../releases/contract/fixtures';
import {
  tempDir,
  writeFixtureRelease,
  writeFixtureShell,
  type FixtureOptions,
} from '../releases/contract/testing/fixtureRelease';
import {
  createReleaseRenderers,
  type ReleaseRenderers,
  type ReleaseRenderersOptions,
} from './releaseRenderers';
import { releaseProcessSetup } from './sectionReleases';

// Real release processes (each compiles the server's TypeScript under tsx: a second or more on a busy
// machine) over fixture builds served on loopback as this server serves them: the shell's server build
// at /server/, each release at /remotes/compass/<version>/.
jest.setTimeout(120_000);

const BUDGETS = { codeMs: 1000, dataMs: 1000, renderMs: 1500 };
const PAGE_BUDGET_MS = BUDGETS.codeMs + BUDGETS.dataMs + BUDGETS.renderMs;

function isAlive(pid: number | undefined): boolean {
  if (pid === undefined) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Waits until `condition` holds, checking every 50 ms, for at most `ms`; fails the test after that. */
async function waitUntil(condition: () => boolean, ms: number, what: string): Promise<void> {
  const since = Date.now();
  while (!condition()) {
    if (Date.now() - since > ms) throw new Error(`${what} did not happen within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('release renderers (a process per release)', () => {
  const { dir: siteDir, remove } = tempDir('sq-release-renderers-');
  const { dir: dataDir, remove: removeData } = tempDir('sq-release-renderers-data-');
  const config = readServerConfig({ DATA_DIR: dataDir });
  let server: http.Server;
  let origin: string;
  const logs: string[] = [];
  const running: ReleaseRenderers[] = [];

  function release(version: string, options: FixtureOptions) {
    writeFixtureRelease(path.join(siteDir, 'remotes', 'compass', version), 'compass', options);
  }

  function renderers(overrides: Partial<ReleaseRenderersOptions> = {}): ReleaseRenderers {
    const created = createReleaseRenderers({
      max: 2,
      idleMs: 10 * 60_000,
      startupMs: 60_000,
      // A test's first page waits for its process (a server's page waits for 1 s, then the browser renders it).
      waitForStartMs: 60_000,
      retryAfterMs: 30_000,
      setupFor: (ref) => releaseProcessSetup(config, origin, ref, { budgets: BUDGETS, warmBudgetMs: 10_000 }),
      log: (message) => logs.push(message),
      ...overrides,
    });
    running.push(created);
    return created;
  }

  const page = { publicUrl: 'http://site.example', queries: fixtureQueries() };
  const compass = (version: string) => ({ name: 'compass' as const, version });

  beforeAll(async () => {
    writeFixtureShell(siteDir);
    release('1.0.0', { label: 'release 1.0.0' });
    release('2.0.0', { label: 'release 2.0.0' });
    release('3.0.0', { label: 'release 3.0.0' });
    release('9.9.9-loops', { pages: { './CompassPage': 'loop' } });
    const app = express();
    app.use(express.static(siteDir));
    server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterEach(async () => {
    await Promise.all(running.splice(0).map((created) => created.stop()));
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
    remove();
    removeData();
  });

  it("renders each release's page with its own code, two releases of one remote side by side", async () => {
    const runtime = globalThis as { __FEDERATION__?: { __INSTANCES__: unknown[] }; compass?: unknown };
    const instancesBefore = runtime.__FEDERATION__?.__INSTANCES__.length;
    const pool = renderers();
    // Started first: a page's budget counts the process's start, which a busy machine can make longer.
    expect(await pool.prepare(compass('1.0.0'), 60_000)).toBe(true);
    expect(await pool.prepare(compass('2.0.0'), 60_000)).toBe(true);
    const first = await pool.render(compass('1.0.0'), '/compass', page, PAGE_BUDGET_MS);
    const second = await pool.render(compass('2.0.0'), '/compass', page, PAGE_BUDGET_MS);
    const firstAgain = await pool.render(compass('1.0.0'), '/compass', page, PAGE_BUDGET_MS);
    expect(first?.body).toContain('release 1.0.0: 12 bounties');
    expect(second?.body).toContain('release 2.0.0: 12 bounties');
    expect(firstAgain?.body).toContain('release 1.0.0: 12 bounties');
    expect(first).toMatchObject({ status: 200, state: { sections: ['compass/CompassPage'] } });
    // The shell's server build, from this server, frames the release's section.
    expect(first?.body).toMatch(/^<div id="fixture-app">/);

    const kept = pool.kept();
    expect(kept.map((entry) => entry.release).sort()).toEqual(['compass@1.0.0', 'compass@2.0.0']);
    expect(new Set(kept.map((entry) => entry.pid)).size).toBe(2);
    expect(kept.every((entry) => entry.ready && isAlive(entry.pid))).toBe(true);
    // Neither release ran here: this process's Module Federation runtime never saw them.
    expect(runtime.__FEDERATION__?.__INSTANCES__.length).toBe(instancesBefore);
    expect(runtime.compass).toBeUndefined();

    const pids = kept.map((entry) => entry.pid);
    await pool.stop();
    expect(pool.kept()).toEqual([]);
    expect(pids.filter(isAlive)).toEqual([]);
  });

  it('keeps at most the bound, retiring the least recently used release to make room', async () => {
    const pool = renderers({ max: 2 });
    await pool.render(compass('1.0.0'), '/compass', page, PAGE_BUDGET_MS);
    await pool.render(compass('2.0.0'), '/compass', page, PAGE_BUDGET_MS);
    await pool.render(compass('1.0.0'), '/compass', page, PAGE_BUDGET_MS);
    const evicted = pool.kept().find((entry) => entry.release === 'compass@2.0.0')?.pid;

    // Preparing it takes the room as a page would (the least recently used goes), without a page's budget.
    expect(await pool.prepare(compass('3.0.0'), 60_000)).toBe(true);
    const third = await pool.render(compass('3.0.0'), '/compass', page, PAGE_BUDGET_MS);
    expect(third?.body).toContain('release 3.0.0: 12 bounties');
    expect(
      pool
        .kept()
        .map((entry) => entry.release)
        .sort(),
    ).toEqual(['compass@1.0.0', 'compass@3.0.0']);
    await waitUntil(() => !isAlive(evicted), 5000, 'the evicted release process ending');
    expect(logs).toContainEqual(expect.stringContaining('retired compass@2.0.0 (pid'));
  });

  it('stops a release whose render never yields, within the page budget, and leaves it to the browser', async () => {
    const pool = renderers();
    // Warm first (a canary is started as soon as the registry names it), so the page's budget is all render.
    pool.follow({ canaries: [compass('9.9.9-loops')], servedHere: [] });
    await waitUntil(() => pool.kept()[0]?.ready === true, 60_000, 'the release process starting');
    const pid = pool.kept()[0]?.pid;

    const since = Date.now();
    const rendered = await pool.render(compass('9.9.9-loops'), '/compass', page, PAGE_BUDGET_MS);
    const took = Date.now() - since;
    expect(rendered).toBeNull();
    expect(took).toBeGreaterThanOrEqual(PAGE_BUDGET_MS - 50);
    expect(took).toBeLessThan(PAGE_BUDGET_MS + 1000);
    await waitUntil(() => !isAlive(pid), 5000, 'the hung release process ending');
    await waitUntil(() => pool.kept().length === 0, 5000, 'the hung release leaving the pool');

    // For the retry time, no page waits on it and no process is started for it, canary or not.
    const again = Date.now();
    expect(await pool.render(compass('9.9.9-loops'), '/compass', page, PAGE_BUDGET_MS)).toBeNull();
    expect(Date.now() - again).toBeLessThan(200);
    pool.follow({ canaries: [compass('9.9.9-loops')], servedHere: [] });
    expect(pool.kept()).toEqual([]);
    expect(logs).toContainEqual(
      expect.stringMatching(/the process of compass@9\.9\.9-loops \(pid \d+\) ended \(SIGKILL\)/),
    );
  });

  it('keeps a running canary, retires an idle release and a release that has gone live', async () => {
    const pool = renderers({ idleMs: 500 });
    pool.follow({ canaries: [compass('1.0.0')], servedHere: [] });
    expect(pool.kept()).toEqual([{ release: 'compass@1.0.0', pid: expect.any(Number), ready: false }]);
    // Started first: a page's budget counts the process's start, which a busy machine can make longer.
    expect(await pool.prepare(compass('2.0.0'), 60_000)).toBe(true);
    const served = await pool.render(compass('2.0.0'), '/compass', page, PAGE_BUDGET_MS);
    expect(served?.body).toContain('release 2.0.0');
    const idle = pool.kept().find((entry) => entry.release === 'compass@2.0.0')?.pid;

    await waitUntil(
      () => !pool.kept().some((entry) => entry.release === 'compass@2.0.0'),
      5000,
      'idle retirement',
    );
    await waitUntil(() => !isAlive(idle), 5000, 'the idle release process ending');
    expect(pool.kept().map((entry) => entry.release)).toEqual(['compass@1.0.0']);

    const canaryPid = pool.kept()[0]?.pid;
    pool.follow({ canaries: [], servedHere: [compass('1.0.0')] });
    expect(pool.kept()).toEqual([]);
    await waitUntil(() => !isAlive(canaryPid), 5000, 'the promoted release process ending');
  });

  it("gets a release ready before a tester's first page; a page never waits longer than told", async () => {
    const pool = renderers({ waitForStartMs: 0 });
    // A page arriving while the process starts does not wait for it (here: not at all).
    expect(await pool.render(compass('3.0.0'), '/compass', page, PAGE_BUDGET_MS)).toBeNull();
    expect(await pool.prepare(compass('3.0.0'), 60_000)).toBe(true);
    expect(pool.kept()).toEqual([{ release: 'compass@3.0.0', pid: expect.any(Number), ready: true }]);
    const rendered = await pool.render(compass('3.0.0'), '/compass', page, PAGE_BUDGET_MS);
    expect(rendered?.body).toContain('release 3.0.0: 12 bounties');
  });

  it('keeps none when the bound is 0: the section is left to the browser', async () => {
    const pool = renderers({ max: 0 });
    expect(await pool.render(compass('1.0.0'), '/compass', page, PAGE_BUDGET_MS)).toBeNull();
    expect(await pool.prepare(compass('1.0.0'), 1000)).toBe(false);
    pool.follow({ canaries: [compass('1.0.0')], servedHere: [] });
    expect(pool.kept()).toEqual([]);
  });
});
