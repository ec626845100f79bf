// Fails when two tracked (or new, not ignored) paths differ only in case; see caseCollisions.cjs.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { findCaseCollisions } = require('./caseCollisions.cjs');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
  cwd: root,
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
})
  .split('\0')
  .filter(Boolean);
// A file deleted but not yet staged is still in the index; it is not a clash any more.
const paths = [...new Set(listed)].filter((file) => existsSync(path.join(root, file)));

const collisions = findCaseCollisions(paths);
if (collisions.length > 0) {
  console.error('Paths that differ only in case (one file on macOS and Windows); rename one of each:');
  for (const group of collisions) console.error(`  ${group.join('  <->  ')}`);
  process.exitCode = 1;
} else {
  console.log(`No case collisions among ${paths.length} files.`);
}
