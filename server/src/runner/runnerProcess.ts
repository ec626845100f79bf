import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { tsxLoader } from '../render/releaseProcess';
import { runnerEnvironment } from './runnerConfig';

const PROGRAM = path.join(__dirname, 'main.ts');

/** How long the runner may take to give its runs back before it is killed. */
const STOP_WAIT_MS = 15_000;

export interface RunnerProcess {
  readonly pid: number | undefined;
  /** Asks the runner to stop (SIGTERM: it gives its runs back) and resolves once it has exited. */
  stop(): Promise<void>;
}

/**
 * Starts a runner beside the server (`npm start`, `npm run serve`): a child process of its own with only
 * the runner's variables (runnerEnvironment), its log lines on the server's stdout. It ends with the
 * server: the server stops it on shutdown, and it stops itself when its IPC channel to the server closes
 * (the server killed).
 */
export function startRunnerProcess(dataDir: string, env: NodeJS.ProcessEnv = process.env): RunnerProcess {
  const child: ChildProcess = fork(PROGRAM, [], {
    execArgv: ['--import', tsxLoader()],
    env: runnerEnvironment(env, dataDir),
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    child.once('exit', () => resolve());
  });
  return {
    pid: child.pid,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const kill = setTimeout(() => child.kill('SIGKILL'), STOP_WAIT_MS);
      child.kill('SIGTERM');
      await exited;
      clearTimeout(kill);
    },
  };
}
