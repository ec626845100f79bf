import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SmokeJob, SmokeMessage } from './smokeProtocol';

/** The process compiles the server's TypeScript on start (tsx); a cold start on a busy machine is slow. */
const STARTUP_MS = 60_000;
/**
 * The process bounds each section by the job's budget itself; this is for a section that never yields
 * (an endless loop while rendering), which only ending the process stops.
 */
const STOP_GRACE_MS = 3_000;

const RUNNER = path.join(__dirname, 'smokeRunner.ts');

/** The process runs the server's TypeScript as the server runs in production (npm run start:prod: tsx). */
function tsxLoader(): string {
  return pathToFileURL(createRequire(__filename).resolve('tsx')).href;
}

/**
 * The release's code runs in the process before anyone trusts it: it gets none of the server's
 * configuration (database URL, tokens, keys), only what Node and React need.
 */
const PASSED_ENV = ['PATH', 'HOME', 'TMPDIR', 'TMP', 'TEMP', 'SYSTEMROOT', 'TZ', 'LANG', 'NODE_ENV'];

function smokeEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    PASSED_ENV.flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])),
  );
}

/**
 * Runs the smoke test of a release in a process of its own (smokeRunner.ts), with a fresh Module
 * Federation runtime: neither this process's instance nor the runtime's global state here is touched.
 * Resolves with the problems found (sentences without the remote's name); never rejects.
 */
export function runSmokeTest(job: SmokeJob, log: (message: string) => void): Promise<string[]> {
  return new Promise((resolve) => {
    const problems: string[] = [];
    const checked = new Set<string>();
    let timedOut = false;
    let failed = false;
    let finished = false;
    let timer: NodeJS.Timeout | undefined;
    const lastOutput: string[] = [];

    const child = fork(RUNNER, [JSON.stringify(job)], {
      execArgv: ['--import', tsxLoader()],
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      serialization: 'json',
      env: smokeEnv(),
    });

    const stopAfter = (ms: number, problem: string) => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timedOut = true;
        problems.push(problem);
        child.kill('SIGKILL');
      }, ms);
    };
    stopAfter(STARTUP_MS, `the smoke test did not start within ${STARTUP_MS} ms`);

    for (const stream of [child.stdout, child.stderr]) {
      let partial = '';
      stream?.setEncoding('utf8');
      stream?.on('data', (chunk: string) => {
        const lines = (partial + chunk).split('\n');
        partial = lines.pop() ?? '';
        for (const line of lines) {
          if (line.trim() === '') continue;
          lastOutput.push(line);
          if (lastOutput.length > 3) lastOutput.shift();
          log(`[smoke] ${line}`);
        }
      });
    }

    child.on('message', (message: SmokeMessage) => {
      switch (message.type) {
        case 'ready':
          clearTimeout(timer);
          break;
        case 'start':
          log(`smoke-testing ${message.module}`);
          stopAfter(
            job.budgetMs + STOP_GRACE_MS,
            `${message.module} did not finish within ${job.budgetMs} ms (the smoke test was stopped)`,
          );
          break;
        case 'result':
          clearTimeout(timer);
          checked.add(message.module);
          if (message.problem) problems.push(`${message.module} ${message.problem}`);
          else log(`${message.module} rendered ${message.html} characters of HTML at ${message.path}`);
          break;
        case 'fatal':
          failed = true;
          problems.push(`the smoke test failed: ${message.message}`);
          break;
      }
    });

    const finish = (code: number | null, error?: Error) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      const unchecked = job.sections.filter((section) => !checked.has(section.module));
      if (error) {
        problems.push(`the smoke test could not be started: ${error.message}`);
      } else if (!timedOut && !failed && unchecked.length > 0) {
        // The process ended on its own before it was done (a crash): its last words say why.
        const output = lastOutput.length > 0 ? `: ${lastOutput.join(' | ')}` : '';
        const modules = unchecked.map((section) => section.module).join(', ');
        problems.push(`the smoke test ended (exit code ${code}) before ${modules} was checked${output}`);
      }
      resolve(problems);
    };
    child.on('error', (error) => finish(null, error));
    // 'close', not 'exit': the process's output has been read to the end.
    child.on('close', (code) => finish(code));
  });
}
