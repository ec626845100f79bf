// The scoring pool's worker entry (pool.ts), in plain CommonJS so that Node can load it in any thread.
// The server runs under tsx (its `--import` loader reaches worker threads too on Node 20.20), but Jest
// runs TypeScript through @swc/jest in its own module system, which a worker thread does not have:
// there a worker given a .ts file fails with "Unknown file extension .ts". Registering tsx's CommonJS
// hook here works in both (tried on Node 20.20.2, tsx 4.23, piscina 5.3), with no build step.
require('tsx/cjs/api').register();
module.exports = require('./workerTask.ts');
