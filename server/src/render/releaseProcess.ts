import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SmokeResult, SmokeSectionJob } from '../releases/contract/smokeProtocol';
import type {
  FromReleaseProcess,
  ReleaseProcessSetup,
  ReleaseReply,
  ReleaseRequest,
  ToReleaseProcess,
} from './releaseProcessProtocol';
import type { PageOptions, RenderedPage } from './renderPage';

const PROGRAM = path.join(__dirname, 'releaseProcessMain.ts');

/**
 * A release's code runs in its process with none of the server's configuration (database URL, tokens,
 * keys, the session secret): only what Node and React need.
 */
const PASSED_ENV = ['PATH', 'HOME', 'TMPDIR', 'TMP', 'TEMP', 'SYSTEMROOT', 'TZ', 'LANG', 'NODE_ENV'];

/** The environment of a release process: the passed variables that are set, nothing else. */
export function releaseProcessEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return Object.fromEntries(PASSED_ENV.flatMap((name) => (env[name] ? [[name, env[name]]] : [])));
}

/**
 * A V8 heap bound per process: a release that leaks ends its own process (the server then leaves its
 * section to the browser) instead of growing without limit. A page render uses a few MiB of it.
 */
export const RELEASE_PROCESS_HEAP_MIB = 256;

/** The process runs the server's TypeScript as the server runs in production (tsx). */
export function tsxLoader(): string {
  return pathToFileURL(createRequire(__filename).resolve('tsx')).href;
}

/** Why a request to a release process, or its start, failed. */
export class ReleaseProcessError extends Error {
  constructor(
    /** timeout: it did not answer in time and was stopped; exited: it ended; failed: it answered with an error. */
    readonly reason: 'timeout' | 'exited' | 'failed',
    message: string,
  ) {
    super(message);
    this.name = 'ReleaseProcessError';
  }
}

export interface ReleaseProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Its last lines of output (what a crash said). */
  lastOutput: string[];
}

export interface ReleaseProcess {
  readonly pid: number | undefined;
  /**
   * Resolves once the process has loaded its containers (and warmed up); rejects when it did not within
   * the start budget (it is then stopped), reported a fatal error, or ended first.
   */
  readonly ready: Promise<void>;
  /** Resolves once the process has ended, whatever ended it. */
  readonly exited: Promise<ReleaseProcessExit>;
  /** Renders a page with the release's code; a process that does not answer within `deadlineMs` is stopped. */
  render(url: string, page: PageOptions, deadlineMs: number): Promise<RenderedPage | null>;
  /** Smoke-tests one section (the contract check); stopped like a render when it does not answer in time. */
  smoke(job: SmokeSectionJob, deadlineMs: number): Promise<SmokeResult>;
  /** Ends the process (a release's code may never yield, so it is killed); resolves once it has ended. */
  stop(): Promise<ReleaseProcessExit>;
}

/** Keeps the last `count` lines of a stream's text, and passes every line on. */
function lineReader(count: number, onLine: (line: string) => void) {
  const last: string[] = [];
  let partial = '';
  return {
    last,
    push(chunk: string) {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        if (line.trim() === '') continue;
        last.push(line);
        if (last.length > count) last.shift();
        onLine(line);
      }
    },
  };
}

/**
 * Starts a process of its own for one release (releaseProcessMain.ts): its own Module Federation
 * runtime, so the release's containers live beside the server's (the runtime keeps one container per
 * remote name in a process). The server's pages on a canary or override release and the contract
 * check's smoke test both run through it. The process ends with its parent (its IPC channel closes).
 */
export function startReleaseProcess(
  setup: ReleaseProcessSetup,
  options: { startupMs: number; log: (line: string) => void },
): ReleaseProcess {
  const child = fork(PROGRAM, [], {
    execArgv: [`--max-old-space-size=${RELEASE_PROCESS_HEAP_MIB}`, '--import', tsxLoader()],
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    serialization: 'advanced',
    env: releaseProcessEnv(),
  });
  const output = lineReader(3, options.log);
  for (const stream of [child.stdout, child.stderr]) {
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => output.push(chunk));
  }

  const pending = new Map<
    number,
    { resolve: (reply: ReleaseReply) => void; reject: (error: Error) => void; timer: NodeJS.Timeout }
  >();
  let nextId = 1;
  let ended: ReleaseProcessExit | null = null;

  const failAll = (error: ReleaseProcessError) => {
    for (const [id, request] of pending) {
      clearTimeout(request.timer);
      pending.delete(id);
      request.reject(error);
    }
  };

  const exited = new Promise<ReleaseProcessExit>((resolve) => {
    const finish = (code: number | null, signal: NodeJS.Signals | null) => {
      if (ended) return;
      ended = { code, signal, lastOutput: [...output.last] };
      failAll(
        new ReleaseProcessError('exited', `the release process ended (${signal ?? `exit code ${code}`})`),
      );
      resolve(ended);
    };
    // 'close', not 'exit': its output has been read to the end. A process that could not be started
    // reports 'error' and may never close.
    child.on('close', finish);
    child.on('error', (error) => {
      output.last.push(error.message);
      finish(null, null);
    });
  });

  const kill = () => {
    if (!ended) child.kill('SIGKILL');
  };

  const send = (message: ToReleaseProcess) => {
    if (!child.connected) return;
    child.send(message, (error) => {
      if (error) kill();
    });
  };

  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new ReleaseProcessError('timeout', `did not start within ${options.startupMs} ms`));
      kill();
    }, options.startupMs);
    child.on('message', (message: FromReleaseProcess) => {
      if (message.type === 'ready') {
        clearTimeout(timer);
        resolve();
      } else if (message.type === 'fatal') {
        clearTimeout(timer);
        reject(new ReleaseProcessError('failed', message.message));
      } else {
        const request = pending.get(message.id);
        if (!request) return;
        clearTimeout(request.timer);
        pending.delete(message.id);
        if (message.type === 'reply') request.resolve(message.reply);
        else request.reject(new ReleaseProcessError('failed', message.message));
      }
    });
    void exited.then((exit) => {
      clearTimeout(timer);
      const said = exit.lastOutput.length > 0 ? `: ${exit.lastOutput.join(' | ')}` : '';
      reject(
        new ReleaseProcessError(
          'exited',
          `ended (${exit.signal ?? `exit code ${exit.code}`}) before it was ready${said}`,
        ),
      );
    });
  });
  // A caller that never asks still must not see an unhandled rejection.
  ready.catch(() => undefined);
  send({ type: 'setup', setup });

  function ask(request: ReleaseRequest, deadlineMs: number): Promise<ReleaseReply> {
    if (ended) return Promise.reject(new ReleaseProcessError('exited', 'the release process has ended'));
    return new Promise((resolve, reject) => {
      const id = nextId++;
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(
          new ReleaseProcessError('timeout', `no answer within ${deadlineMs} ms (the process was stopped)`),
        );
        // It is stuck in the release's code (a loop never yields): only ending it stops that.
        kill();
      }, deadlineMs);
      pending.set(id, { resolve, reject, timer });
      send({ type: 'request', id, request });
    });
  }

  return {
    pid: child.pid,
    ready,
    exited,
    async render(url, page, deadlineMs) {
      const reply = await ask({ type: 'render', url, page }, deadlineMs);
      if (reply.type !== 'render') throw new ReleaseProcessError('failed', `unexpected reply ${reply.type}`);
      return reply.page;
    },
    async smoke(job, deadlineMs) {
      const reply = await ask({ type: 'smoke', job }, deadlineMs);
      if (reply.type !== 'smoke') throw new ReleaseProcessError('failed', `unexpected reply ${reply.type}`);
      return reply.result;
    },
    stop() {
      kill();
      return exited;
    },
  };
}
