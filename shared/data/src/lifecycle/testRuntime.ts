// A file of its own so the pages' data (pages.ts) can name it without importing testScored.ts, which
// imports pages.ts.

/** The runtimes a setup may choose; the post form offers those some live runner reports. */
export type TestRuntime = 'node20' | 'python3-pytest';
