import { ReleaseProcessError, startReleaseProcess } from '../../render/releaseProcess';
import { fixtureRuntimeConfig } from './fixtures';
import { startReleaseHost } from './releaseHost';
import type { SmokeJob } from './smokeProtocol';

/** The process compiles the server's TypeScript on start (tsx); a cold start on a busy machine is slow. */
const STARTUP_MS = 60_000;
/**
 * The process bounds each section by the job's budget itself; this is for a section that never yields
 * (an endless loop while rendering), which only ending the process stops.
 */
const STOP_GRACE_MS = 3_000;

/**
 * Runs the smoke test of a release in a release process (server/src/render/releaseProcess.ts), the
 * same kind of process the server renders a canary's or an override's pages in, with a fresh Module
 * Federation runtime: neither this process's instance nor the runtime's global state here is touched.
 * The release folder and the fixture API are served from this process on loopback. Resolves with the
 * problems found (sentences without the remote's name); never rejects.
 */
export async function runSmokeTest(job: SmokeJob, log: (message: string) => void): Promise<string[]> {
  const problems: string[] = [];
  let host: Awaited<ReturnType<typeof startReleaseHost>>;
  try {
    host = await startReleaseHost(job.releaseDir);
  } catch (error) {
    return [`the smoke test could not be started: ${(error as Error).message}`];
  }
  const release = startReleaseProcess(
    {
      manifests: { [job.name]: `${host.origin}/server/mf-manifest.json` },
      runtimeConfig: fixtureRuntimeConfig(host.origin),
      warm: [],
      warmBudgetMs: job.budgetMs,
      budgets: { codeMs: job.budgetMs, dataMs: job.budgetMs, renderMs: job.budgetMs },
      confineTo: host.origin,
    },
    { startupMs: STARTUP_MS, log: (line) => log(`[smoke] ${line}`) },
  );
  try {
    try {
      await release.ready;
    } catch (error) {
      const { reason, message } = error as ReleaseProcessError;
      problems.push(
        reason === 'timeout'
          ? `the smoke test did not start within ${STARTUP_MS} ms`
          : reason === 'failed'
            ? `the smoke test failed: ${message}`
            : `the smoke test ${message}`,
      );
      return problems;
    }
    for (const [index, section] of job.sections.entries()) {
      log(`smoke-testing ${section.module}`);
      try {
        const result = await release.smoke(
          { name: job.name, section, budgetMs: job.budgetMs },
          job.budgetMs + STOP_GRACE_MS,
        );
        if (result.problem) problems.push(`${section.module} ${result.problem}`);
        else log(`${section.module} rendered ${result.html} characters of HTML at ${result.path}`);
      } catch (error) {
        const { reason, message } = error as ReleaseProcessError;
        if (reason === 'timeout') {
          problems.push(
            `${section.module} did not finish within ${job.budgetMs} ms (the smoke test was stopped)`,
          );
        } else if (reason === 'exited') {
          // The process ended on its own before it was done (a crash): its last words say why.
          const exit = await release.exited;
          const said = exit.lastOutput.length > 0 ? `: ${exit.lastOutput.join(' | ')}` : '';
          const modules = job.sections
            .slice(index)
            .map((unchecked) => unchecked.module)
            .join(', ');
          problems.push(
            `the smoke test ended (${exit.signal ?? `exit code ${exit.code}`}) before ${modules} was checked${said}`,
          );
        } else {
          problems.push(`${section.module} could not be smoke-tested: ${message}`);
          continue;
        }
        break;
      }
    }
    return problems;
  } finally {
    await release.stop();
    await host.stop();
  }
}
