// Test helper (not shipped code): test-scored bounties worked by the REAL runner process and sandbox on
// a test site — node tests, the team's test setup form, a runner beside the site, and the reference's
// verdict (archives: testRunners.ts's tarGzOf; waits: its until).
import fs from 'node:fs';
import type request from 'supertest';
import { startRunnerProcess, type RunnerProcess } from '../runner/runnerProcess';
import type { TestSite } from './testAccounts';
import type { SiteRequests } from './testScoredSite';
import { until } from './testRunners';

/** A `node --test` file of the sponsor's tests folder: each case a test's name and body, `add` the entry's. */
export const nodeTestFile = (cases: ReadonlyArray<readonly [string, string]>, head: readonly string[] = []) =>
  [
    "const test = require('node:test');",
    "const assert = require('node:assert');",
    "const add = require('../add.js');",
    ...head,
    ...cases.map(([name, body]) => `test(${JSON.stringify(name)}, () => { ${body} });`),
  ].join('\n');

/** Waits of `until` for the runner: every 200 ms for at most 90 s. */
export const WAIT = { tries: 450, everyMs: 200 };

/**
 * A runner process on the site's DATA_DIR and database (`env`), once it is alive and can run node20;
 * the caller stops it. Fails at once where the runner cannot make a sandbox (never skipped).
 */
export async function startSiteRunner(site: TestSite, env: Record<string, string>): Promise<RunnerProcess> {
  // As DATA_DIR is made by the server: the sandbox's user reaches the layers bound from it.
  fs.chmodSync(site.dataDir, 0o755);
  const runner = startRunnerProcess(site.dataDir, { ...process.env, ...env, LOG_LEVEL: 'silent' });
  try {
    await until(
      async () => {
        const runners = await site.stores.runs.runners(Date.now());
        if (runners.some((one) => !one.canSandbox))
          throw new Error(`The runner cannot make a sandbox: ${runners[0]?.sandboxProblem}`);
        return (await site.stores.runs.liveRunnerRuntimes(Date.now())).includes('node20');
      },
      'a live runner',
      WAIT,
    );
  } catch (error) {
    await runner.stop();
    throw error;
  }
  return runner;
}

export type TestSetupArchives = Partial<
  Record<'publicTests' | 'hiddenTests' | 'reference' | 'dependencies', Buffer>
>;

/** The test setup's typed fields a form sends unless told otherwise: node20, 30 s, 512 MiB, 3 a day, 1 final, MIT. */
export const TEST_SETUP_FIELDS: Readonly<Record<string, string>> = {
  runtime: 'node20',
  wallSeconds: '30',
  memoryMiB: '512',
  dailyEntries: '3',
  finalEntries: '1',
  licence: 'MIT',
};

/** Adds each archive to a multipart request, as a tar.gz named after its field. */
export function withArchives(call: request.Test, archives: TestSetupArchives): request.Test {
  for (const [name, archive] of Object.entries(archives))
    call = call.attach(name, archive, { filename: `${name}.tar.gz`, contentType: 'application/gzip' });
  return call;
}

/**
 * The team's test setup form for a bounty of acme's (multipart): node20, 30 s, 512 MiB, three entries a
 * day, one final entry, MIT, unless `fields` says otherwise; each archive given as a tar.gz.
 */
export function testSetupForm(
  requests: SiteRequests,
  cookie: string,
  bountyId: string,
  archives: TestSetupArchives,
  fields: Record<string, string> = {},
) {
  let call = requests
    .post(`/sponsor/acme/bounties/${bountyId}/scoring/tests`, cookie)
    .set('Accept', 'application/json');
  for (const [name, value] of Object.entries({ ...TEST_SETUP_FIELDS, ...fields }))
    call = call.field(name, value);
  return withArchives(call, archives);
}

export async function referenceVerdict(
  requests: SiteRequests,
  cookie: string,
  bountyId: string,
): Promise<{ status: string; problems: string[]; refusedOutput: string | null }> {
  return until(
    async () => {
      const answer = await requests
        .get(`/api/lifecycle/organisations/acme/bounties/${bountyId}/scoring`, cookie)
        .expect(200);
      const reference = answer.body.tests?.setup.reference;
      return reference?.status !== 'waiting' && reference;
    },
    'the reference runs',
    WAIT,
  );
}
