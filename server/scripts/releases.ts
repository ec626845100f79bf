/**
 * Releasing a remote (README, "Releasing a remote"):
 *   npm run release -w mfe-<name>                    build it into releases/<name>/<version>/ and register it
 *     [--from <dir>]                                 release a build made elsewhere (a CI artifact) instead
 *   npm run promote -- <name> <version> [--canary N]  make it live (or serve it to N% of visitors)
 *   npm run promote -- <name> --finish                make the canary live for everyone
 *   npm run rollback -- <name>                        end a canary, else go back to the previous live version
 *   npm run releases [-- prune <name> --keep 10]      who runs what; or delete old releases
 *   npm run releases -- --json                        who runs what, as JSON (scripts: verify)
 * Every change is recorded in the registry's audit log with `--by` (default: $USER).
 * The registry is the server's: DATA_DIR's releases.db, or PostgreSQL with DATABASE_URL.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { REMOTES } from '@side-quest/data/remotes';
import { REPO_ROOT, readServerConfig, type RemoteName } from '../src/config/serverConfig';
import { openDatabase } from '../src/db/database';
import { migrate, openPostgres } from '../src/db/postgres';
import {
  RELEASES_DB_FILE,
  ReleaseError,
  createPostgresReleaseStore,
  createSqliteReleaseStore,
  type ReleaseStore,
} from '../src/releases/releaseStore';
import { formatReleasesReport, releasesReport } from '../src/releases/releasesReport';
import { isRemoteName } from '../src/releases/releaseVersions';
import { checkReleaseContract } from '../src/releases/contract/releaseContract';

/** What `release` writes beside the build: the registry's record of it. */
const RELEASE_FILE = 'release.json';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function flag(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  if (at < 0) return undefined;
  const value = args[at + 1];
  args.splice(at, 2);
  return value;
}

async function openRegistry(): Promise<{ store: ReleaseStore; close(): Promise<void> }> {
  const config = readServerConfig(process.env, { signsSessions: false });
  if (config.databaseUrl) {
    const pool = openPostgres(config.databaseUrl, 2);
    await migrate(pool);
    return { store: createPostgresReleaseStore(pool), close: () => pool.end() };
  }
  const db = openDatabase(config.dataDir, RELEASES_DB_FILE);
  return {
    store: createSqliteReleaseStore(db),
    close: async () => {
      db.close();
    },
  };
}

/** Every file under a folder, sorted, as paths relative to it. */
function filesUnder(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((file) => fs.statSync(path.join(dir, file)).isFile())
    .sort();
}

/** A build's content hash: the same files make the same version, so a rebuild is never a new release. */
function contentHash(dir: string): string {
  const hash = createHash('sha256');
  for (const file of filesUnder(dir))
    hash
      .update(file)
      .update('\0')
      .update(fs.readFileSync(path.join(dir, file)));
  return hash.digest('hex').slice(0, 10);
}

function commitOf(app: string): string {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
  try {
    const dirty = git('status', '--porcelain', '--', app, 'shared').length > 0;
    return `${git('rev-parse', '--short', 'HEAD')}${dirty ? '-dirty' : ''}`;
  } catch {
    return 'unknown';
  }
}

function remoteArg(value: string | undefined): RemoteName {
  if (!value || !isRemoteName(value))
    fail(`Name a remote: ${REMOTES.map((remote) => remote.name).join(', ')}`);
  return value;
}

function releaseDir(name: RemoteName, version: string): string {
  return path.join(readServerConfig(process.env, { signsSessions: false }).releasesDir, name, version);
}

async function release(
  store: ReleaseStore,
  name: RemoteName,
  by: string,
  options: { skipBuild: boolean; from?: string },
) {
  const remote = REMOTES.find((entry) => entry.name === name) as (typeof REMOTES)[number];
  const dist = options.from ? path.resolve(options.from) : path.join(REPO_ROOT, remote.app, 'dist');
  if (!options.skipBuild && !options.from)
    execFileSync(process.execPath, [path.join(REPO_ROOT, 'shared/build/build-all.mjs'), remote.app], {
      stdio: 'inherit',
    });
  if (!fs.existsSync(path.join(dist, 'mf-manifest.json'))) fail(`${dist} has no build`);
  const { version: packageVersion } = JSON.parse(
    fs.readFileSync(path.join(REPO_ROOT, remote.app, 'package.json'), 'utf8'),
  ) as { version: string };
  const version = `${packageVersion}-${contentHash(dist)}`;
  const target = releaseDir(name, version);
  if (fs.existsSync(target))
    fail(`${name}@${version} already exists in ${target}: releases are never overwritten`);
  const record = { name, version, commit: commitOf(remote.app), builtAt: new Date().toISOString() };
  fs.mkdirSync(path.dirname(target), { recursive: true });
  // Copied into a temporary folder first: a release folder is complete or absent.
  const partial = `${target}.partial-${process.pid}`;
  fs.cpSync(dist, partial, { recursive: true });
  fs.writeFileSync(path.join(partial, RELEASE_FILE), `${JSON.stringify(record, null, 2)}\n`);
  fs.renameSync(partial, target);
  await store.addRelease(record, by);
  console.log(
    `Released ${name}@${version} (commit ${record.commit}) into ${path.relative(REPO_ROOT, target)}`,
  );
  console.log(`Next: npm run promote -- ${name} ${version}   (or try it: /?release=${name}@${version})`);
}

async function contractOrFail(name: RemoteName, version: string) {
  const dir = releaseDir(name, version);
  if (!fs.existsSync(dir)) fail(`${name}@${version} has no files in ${dir}`);
  const problems = await checkReleaseContract({ name, releaseDir: dir });
  if (problems.length > 0)
    fail(
      `Refused: ${name}@${version} fails its contract with the shell:\n${problems
        .map((problem) => `  [${problem.check}] ${problem.message}`)
        .join('\n')}`,
    );
  console.log(`Contract check passed for ${name}@${version}`);
}

async function prune(store: ReleaseStore, name: RemoteName, keep: number, by: string) {
  const [state] = (await store.states()).filter((entry) => entry.name === name);
  const releases = await store.releases(name); // newest first
  const inUse = new Set([state?.live, state?.canary?.version].filter(Boolean));
  const removable = releases
    .filter((entry) => !inUse.has(entry.version))
    .slice(Math.max(0, keep - inUse.size));
  for (const entry of removable) {
    await store.removeRelease(name, entry.version, by);
    fs.rmSync(releaseDir(name, entry.version), { recursive: true, force: true });
    console.log(`Pruned ${name}@${entry.version}`);
  }
  if (removable.length === 0) console.log(`Nothing to prune for ${name} (keeping ${keep})`);
}

async function main() {
  const args = process.argv.slice(2);
  const by = flag(args, '--by') || process.env.USER || 'unknown';
  const canary = flag(args, '--canary');
  const keep = flag(args, '--keep');
  const finish = args.includes('--finish');
  const skipBuild = args.includes('--no-build');
  const json = args.includes('--json');
  const from = flag(args, '--from');
  const [command, ...rest] = args.filter((arg) => !arg.startsWith('--'));
  const registry = await openRegistry();
  const { store } = registry;
  try {
    if (command === 'release') await release(store, remoteArg(rest[0]), by, { skipBuild, from });
    else if (command === 'promote') {
      const name = remoteArg(rest[0]);
      if (finish) {
        const entry = await store.finishCanary(name, by);
        console.log(`${name}: canary ${entry.to} is live for everyone (was ${entry.from ?? 'unversioned'})`);
      } else {
        const version = rest[1] ?? fail('promote needs a version: npm run promote -- <name> <version>');
        await contractOrFail(name, version);
        if (canary !== undefined) {
          const percent = Number(canary);
          if (!Number.isInteger(percent) || percent < 1 || percent > 99)
            fail('--canary takes a whole percentage from 1 to 99');
          await store.startCanary(name, version, percent, by);
          console.log(`${name}@${version} is the canary for ${percent}% of visitors`);
        } else {
          const entry = await store.promote(name, version, by);
          console.log(`${name}: ${entry.from ?? 'unversioned build'} -> ${version} (live within 5 s)`);
        }
      }
    } else if (command === 'rollback') {
      const entry = await store.rollback(remoteArg(rest[0]), by);
      console.log(
        `${entry.name}: ${entry.from ?? 'unversioned build'} -> ${entry.to ?? 'unversioned build'}`,
      );
    } else if (command === 'releases' && rest[0] === 'prune') {
      const count = Number(keep ?? 10);
      if (!Number.isInteger(count) || count < 1) fail('--keep takes a whole number ≥ 1');
      await prune(store, remoteArg(rest[1]), count, by);
    } else if (command === 'releases' || command === undefined) {
      const report = await releasesReport(store);
      console.log(json ? JSON.stringify(report, null, 2) : formatReleasesReport(report));
    } else fail(`Unknown command "${command}"`);
  } catch (error) {
    if (error instanceof ReleaseError) fail(error.message);
    throw error;
  } finally {
    await registry.close();
  }
}

void main();
