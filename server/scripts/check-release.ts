// Checks a remote's release against the shell's contract before it is promoted:
//   npx tsx server/scripts/check-release.ts <remote> <releaseDir>
// <releaseDir> is a copy of the remote's build (its dist/: mf-manifest.json, chunks, server/). Prints
// each problem, or "contract OK"; exits 1 when there is a problem (or the arguments are wrong), else 0.
// Progress goes to stderr.
import path from 'node:path';
import { REMOTE_NAMES, type RemoteName } from '../src/config/serverConfig';
import { checkReleaseContract } from '../src/releases/contract/releaseContract';

const isRemoteName = (name: string): name is RemoteName => (REMOTE_NAMES as readonly string[]).includes(name);

async function main(): Promise<number> {
  const [name, releaseDir, ...rest] = process.argv.slice(2);
  if (!name || !releaseDir || rest.length > 0 || !isRemoteName(name)) {
    console.error(`Usage: tsx server/scripts/check-release.ts <${REMOTE_NAMES.join('|')}> <releaseDir>`);
    return 1;
  }
  const problems = await checkReleaseContract({
    name,
    releaseDir: path.resolve(releaseDir),
    log: (message) => console.error(message),
  });
  for (const problem of problems) console.log(`[${problem.check}] ${problem.message}`);
  if (problems.length === 0) console.log('contract OK');
  return problems.length === 0 ? 0 : 1;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
