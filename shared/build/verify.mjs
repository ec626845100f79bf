// npm run verify -w mfe-<name>: what a remote's team runs before releasing it (README, "Releasing a
// remote"). In order, stopping at the first failure:
//   1. the remote's unit tests;
//   2. its production build (the candidate), in <app>/dist; the shell, and any other remote with no live
//      release, are built too when their build is missing;
//   3. its contract with the shell (server/scripts/check-release.ts): exposes, shared versions, smoke test;
//   4. the browser tests of its routes (<app>/e2e) against the composed production site: the candidate
//      with every other remote at its live release (the registry in DATA_DIR or DATABASE_URL), served from
//      releases/<name>/<version>/ through REMOTE_<NAME>_DIR.
// Prints each step's time and the total; exits 1 when a step fails.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REMOTES, remoteDirVariable } from '@side-quest/data/remotes';

const root = path.resolve(import.meta.dirname, '..', '..');
const appArg = process.argv[2] ?? path.basename(process.cwd());
const remote = REMOTES.find((entry) => entry.app === appArg || entry.name === appArg);
if (!remote) {
  console.error(`verify: "${appArg}" is not a remote (${REMOTES.map((entry) => entry.app).join(', ')})`);
  process.exit(2);
}

const tsx = path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const jest = path.join(root, 'node_modules', 'jest', 'bin', 'jest.js');
const releasesDir = path.resolve(root, process.env.RELEASES_DIR || 'releases');
const started = Date.now();
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/** Runs one step with its output shown; ends the run when it fails. */
function step(title, args, env = {}) {
  console.log(`\n== ${remote.app}: ${title}`);
  const at = Date.now();
  const result = spawnSync(process.execPath, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) {
    console.error(
      `\nverify ${remote.app}: "${title}" failed after ${seconds(at)} (total ${seconds(started)})`,
    );
    process.exit(1);
  }
  console.log(`== ${title}: passed in ${seconds(at)}`);
}

/** Each other remote's live release in the registry, as the folder it is served from. */
function liveReleaseDirs() {
  const result = spawnSync(process.execPath, [tsx, 'server/scripts/releases.ts', 'releases', '--json'], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (result.status !== 0) {
    console.error('verify: the release registry could not be read');
    process.exit(1);
  }
  const report = JSON.parse(result.stdout);
  const dirs = {};
  for (const { name, live } of report.remotes) {
    if (name === remote.name || !live) continue;
    const dir = path.join(releasesDir, name, live);
    if (!fs.existsSync(path.join(dir, 'mf-manifest.json'))) {
      console.error(`verify: ${name}'s live release ${live} has no files in ${dir}`);
      process.exit(1);
    }
    dirs[name] = dir;
  }
  return dirs;
}

const live = liveReleaseDirs();
const missingBuilds = [
  'shell',
  ...REMOTES.filter((entry) => entry !== remote && !live[entry.name]).map((entry) => entry.app),
].filter(
  (app) => !fs.existsSync(path.join(root, app, 'dist', app === 'shell' ? 'index.html' : 'mf-manifest.json')),
);

step('unit tests', [jest, '--ci', `${remote.app}/`]);
step(`build (${[remote.app, ...missingBuilds].join(', ')})`, [
  path.join(root, 'shared/build/build-all.mjs'),
  remote.app,
  ...missingBuilds,
]);
step('contract with the shell', [
  tsx,
  'server/scripts/check-release.ts',
  remote.name,
  path.join(root, remote.app, 'dist'),
]);
const composition = REMOTES.filter((entry) => entry !== remote)
  .map((entry) => `${entry.name}@${live[entry.name] ? path.basename(live[entry.name]) : 'unversioned build'}`)
  .join(', ');
step(
  `browser tests (candidate with ${composition})`,
  [jest, '-c', 'jest.e2e.config.mjs', '--runInBand', '--ci', `${remote.app}/e2e/`],
  Object.fromEntries(Object.entries(live).map(([name, dir]) => [remoteDirVariable(name), dir])),
);
console.log(`\nverify ${remote.app}: every step passed in ${seconds(started)}`);
