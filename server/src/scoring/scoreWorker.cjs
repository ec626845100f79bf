// The scoring pool's worker entry (pool.ts), in plain CommonJS so that Node can load it in any thread.
// The server runs under tsx (its `--import` loader reaches worker threads too on Node 20.20), but Jest
// runs TypeScript through @swc/jest in its own module system, which a worker thread does not have:
// there a worker given a .ts file fails with "Unknown file extension .ts". Registering tsx's CommonJS
// hook here works in both (tried on Node 20.20.2, tsx 4.23, piscina 5.3), with no build step.
require('tsx/cjs/api').register();
// Scoring gives way to the server's request thread: on Linux the nice value is per thread, and
// setpriority(PRIO_PROCESS, 0) names the calling thread, so this lowers this worker only (checked in
// /proc/self/task/*/stat on Node 20.20). On two cores, uncached /bounties' p50 while 20 entries were
// scored went from 1.30× its idle p50 to 1.16× (server/bench/scoring-load.bench.ts,
// docs/benchmarks.md). Where a platform refuses, the worker runs at the server's priority, as before.
try {
  require('node:os').setPriority(0, 10);
} catch {
  // not lowered: scoring still runs, only without giving way
}
module.exports = require('./workerTask.ts');
