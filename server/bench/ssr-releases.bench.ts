/**
 * Memory of server rendering with releases kept in processes of their own (production build required):
 * the compass remote released several times (copies of its build, each with its own heading), one live,
 * and a tester's override (`sq_release` cookie) of each other release in turn, each loaded until the
 * server's HTML shows that release's heading and then given some traffic. Prints the server's resident
 * memory and each release process's with 0, 1, … and the bound of kept releases, then once more past the
 * bound (the least recently used one is retired, so the count stays at the bound). Not a test.
 *
 *   npm run build && node node_modules/.bin/tsx server/bench/ssr-releases.bench.ts [--max 2] [--loads 20]
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REMOTES } from '@side-quest/data/remotes';
import { root, startSite } from '@side-quest/build/e2e';
import { RELEASE_OVERRIDE_COOKIE } from '../src/releases/releaseVersions';
import { copyRelease, replaceInExpose } from '../src/releases/contract/testing/fixtureRelease';
import { benchOption } from './benchOption';

const MAX = benchOption('max', 2);
const LOADS = benchOption('loads', 20);
const HEADING = 'Value Compass - In-Demand Skills';
const COMPASS_DIST = path.join(root, REMOTES.find((remote) => remote.name === 'compass')!.app, 'dist');

/** Resident memory of one process, MiB. */
function ownMiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

function childrenOf(pid: number): number[] {
  return fs
    .readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
    .split(/\s+/)
    .filter(Boolean)
    .map(Number);
}

/** Resident memory of a process and everything it started, MiB. */
function treeMiB(pid: number): number {
  return ownMiB(pid) + childrenOf(pid).reduce((sum, child) => sum + treeMiB(child), 0);
}

/**
 * The server's memory and its release processes'. `startSite` runs `tsx` (its CLI process) which runs
 * the server as its child; the release processes are the server's children.
 */
function memory(cliPid: number) {
  const serverPid = childrenOf(cliPid)[0] as number;
  const releasePids = childrenOf(serverPid);
  const releases = releasePids.map(treeMiB);
  const server = ownMiB(cliPid) + ownMiB(serverPid);
  return { server, releases, total: server + releases.reduce((sum, value) => sum + value, 0) };
}

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-bench-releases-'));
  const dataDir = path.join(work, 'data');
  const releasesDir = path.join(work, 'releases');
  const env = { ...process.env, DATA_DIR: dataDir, RELEASES_DIR: releasesDir, USER: 'bench' };
  const cli = (...args: string[]) => {
    const result = spawnSync(
      process.execPath,
      [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'server/scripts/releases.ts', ...args],
      { cwd: root, encoding: 'utf8', env },
    );
    if (result.status !== 0)
      throw new Error(`releases ${args.join(' ')} failed:\n${result.stdout}${result.stderr}`);
    return result.stdout;
  };
  /** Releases a copy of the compass build whose heading ends in `suffix`; its version and heading. */
  const release = (suffix: string) => {
    const heading = suffix ? `${HEADING} (${suffix})` : HEADING;
    const dir = path.join(work, `build-${suffix || 'live'}`);
    copyRelease(COMPASS_DIST, dir);
    for (const build of ['server', 'browser'] as const)
      replaceInExpose(dir, build, './CompassPage', `"${HEADING}"`, JSON.stringify(heading));
    const version = /Released compass@(\S+)/.exec(cli('release', 'compass', '--from', dir))?.[1];
    if (!version) throw new Error('no version');
    return { version, heading };
  };

  const live = release('');
  const tried = Array.from({ length: MAX + 1 }, (_, index) => release(`release ${index + 1}`));
  cli('promote', 'compass', live.version);

  const site = await startSite({
    dataDir,
    env: { RELEASES_DIR: releasesDir, SSR_RELEASE_PROCESSES: String(MAX), HTML_CACHE_MS: '0' },
  });
  const rows: string[] = [];
  const record = (label: string) => {
    const { server, releases, total } = memory(site.pid);
    rows.push(
      `| ${label} | ${releases.length} | ${server.toFixed(1)} | ${releases.map((value) => value.toFixed(1)).join(', ') || '–'} | ${total.toFixed(1)} |`,
    );
  };
  const load = async (cookie: string) =>
    (await fetch(`${site.baseUrl}/compass`, { headers: cookie ? { cookie } : {} })).text();
  try {
    for (let i = 0; i < LOADS; i++) await load('');
    record('0 kept (live only)');
    for (const [index, { version, heading }] of tried.entries()) {
      const cookie = `${RELEASE_OVERRIDE_COOKIE}=${encodeURIComponent(`compass@${version}`)}`;
      const since = Date.now();
      // Until its process is ready, the section is left to the browser (no heading in the HTML).
      while (!(await load(cookie)).includes(`>${heading}<`)) {
        if (Date.now() - since > 60_000)
          throw new Error(`compass@${version} was never rendered on the server`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const readyAfter = Date.now() - since;
      for (let i = 0; i < LOADS; i++) await load(cookie);
      const kept = Math.min(index + 1, MAX);
      record(
        index < MAX
          ? `${kept} kept (server-rendered after ${readyAfter} ms)`
          : `past the bound: ${kept} kept (server-rendered after ${readyAfter} ms)`,
      );
    }
    console.log(
      `\nCompass releases server-rendered in processes of their own (SSR_RELEASE_PROCESSES=${MAX}),`,
    );
    console.log(`${LOADS} page loads of /compass per release; resident memory in MiB (VmRSS):\n`);
    console.log('| releases kept | processes | server | each release process | total |');
    console.log('|---|---|---|---|---|');
    for (const row of rows) console.log(row);
  } finally {
    await site.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
