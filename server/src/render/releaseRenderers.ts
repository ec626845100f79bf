import type { RemoteName } from '../config/serverConfig';
import { createFailureLog, errorReason } from './failureLog';
import { startReleaseProcess, type ReleaseProcess } from './releaseProcess';
import type { ReleaseProcessSetup } from './releaseProcessProtocol';
import { idleReleases, releaseToEvict } from './releaseRetirement';
import type { PageOptions, RenderedPage } from './renderPage';

/** One release of one remote. */
export interface ReleaseRef {
  name: RemoteName;
  version: string;
}

export const releaseKey = (release: ReleaseRef) => `${release.name}@${release.version}`;

export interface ReleaseRenderersOptions {
  /** At most this many releases are kept in processes at once (0: none; their sections are left to the browser). */
  max: number;
  /** A kept release no page asked for in this long is retired, unless it is a running canary. */
  idleMs: number;
  /** A process that is not ready within this is stopped (it compiles the server's TypeScript first). */
  startupMs: number;
  /** How long a page waits for a process that is still starting before leaving the section to the browser. */
  waitForStartMs: number;
  /** After a process failed to start, ended or was stopped for hanging, its release waits this long. */
  retryAfterMs: number;
  /** How a release's process is set up (its manifests, the runtime config, budgets). */
  setupFor(release: ReleaseRef): ReleaseProcessSetup;
  log(message: string): void;
  now?: () => number;
}

/** A release kept in a process: what the server's status and the tests see. */
export interface KeptReleaseStatus {
  release: string;
  pid: number | undefined;
  ready: boolean;
}

/**
 * The releases of remotes the server's own containers do not run (a canary, a tester's override), each
 * rendered in a process of its own, kept warm within a bound.
 */
export interface ReleaseRenderers {
  /**
   * Renders a page in the process of the release its section runs on, within `deadlineMs` in all;
   * resolves null (the caller leaves the section to the browser) when that process is not ready within
   * the wait, fails, does not answer in time (it is then stopped), or cannot be kept.
   */
  render(
    release: ReleaseRef,
    url: string,
    page: PageOptions,
    deadlineMs: number,
  ): Promise<RenderedPage | null>;
  /**
   * Starts the release's process (when there is room for it) and resolves true once it is ready, false
   * when it cannot be kept or is not ready within `waitMs`.
   */
  prepare(release: ReleaseRef, waitMs: number): Promise<boolean>;
  /**
   * What runs where now: each running canary (the registry's) is started at once and kept while it
   * runs; a kept release the server's own containers run (it has gone live) is retired.
   */
  follow(releases: { canaries: readonly ReleaseRef[]; servedHere: readonly ReleaseRef[] }): void;
  /** The releases kept in processes now. */
  kept(): KeptReleaseStatus[];
  /** Changes whenever a process becomes ready or ends (page cache keys). */
  version(): number;
  /** Retires every kept release (e.g. the shell's server code changed under them). */
  retireAll(reason: string): void;
  /** Ends every process; resolves once they have ended. */
  stop(): Promise<void>;
}

interface Entry {
  release: ReleaseRef;
  key: string;
  process: ReleaseProcess;
  ready: boolean;
  lastUsed: number;
  inFlight: number;
  retiring: boolean;
}

/** Resolves true once `promise` has resolved, false when it rejects or `ms` pass first. */
function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    promise.then(
      () => {
        clearTimeout(timer);
        resolve(true);
      },
      () => {
        clearTimeout(timer);
        resolve(false);
      },
    );
  });
}

export function createReleaseRenderers(options: ReleaseRenderersOptions): ReleaseRenderers {
  const now = options.now ?? Date.now;
  const { log } = options;
  const entries = new Map<string, Entry>();
  const failedUntil = new Map<string, number>();
  let pinned = new Set<string>();
  let generation = 0;
  const reportFailure = createFailureLog(log);

  function retire(entry: Entry, reason: string) {
    if (entry.retiring) return;
    entry.retiring = true;
    entries.delete(entry.key);
    log(`Server rendering: retired ${entry.key} (pid ${entry.process.pid}): ${reason}`);
    void entry.process.stop();
  }

  function start(release: ReleaseRef, key: string): Entry {
    const startedAt = now();
    const child = startReleaseProcess(options.setupFor(release), {
      startupMs: options.startupMs,
      log: (line) => log(`[${key}] ${line}`),
    });
    const entry: Entry = {
      release,
      key,
      process: child,
      ready: false,
      lastUsed: startedAt,
      inFlight: 0,
      retiring: false,
    };
    entries.set(key, entry);
    sweepWhileKept();
    const leftToBrowser = `its section is left to the browser for ${options.retryAfterMs / 1000} s`;
    child.ready.then(
      () => {
        entry.ready = true;
        generation += 1;
        log(
          `Server rendering: ${key} is ready in a process of its own (pid ${child.pid}, ${now() - startedAt} ms)`,
        );
      },
      (error: unknown) => {
        if (!entry.retiring)
          log(`Server rendering: ${key} could not be started (${errorReason(error)}); ${leftToBrowser}`);
        void child.stop();
      },
    );
    void child.exited.then((exit) => {
      if (entries.get(key) === entry) entries.delete(key);
      if (entry.ready) generation += 1;
      if (entry.retiring) return;
      failedUntil.set(key, now() + options.retryAfterMs);
      // A process that never became ready was reported above.
      if (entry.ready)
        log(
          `Server rendering: the process of ${key} (pid ${child.pid}) ended (${exit.signal ?? `exit code ${exit.code}`}); ${leftToBrowser}`,
        );
    });
    return entry;
  }

  /** The kept releases as the retirement rules see them. */
  const keptReleases = () =>
    [...entries.values()].map((entry) => ({
      key: entry.key,
      lastUsed: entry.lastUsed,
      pinned: pinned.has(entry.key),
      inFlight: entry.inFlight,
    }));

  /** The release's entry, started when there is room for it; null when it cannot be kept now. */
  function acquire(release: ReleaseRef): Entry | null {
    const key = releaseKey(release);
    const known = entries.get(key);
    if (known) return known;
    if ((failedUntil.get(key) ?? Number.NEGATIVE_INFINITY) > now()) return null;
    const evict = releaseToEvict(keptReleases(), options.max);
    if (evict === 'full') return null;
    if (evict) retire(entries.get(evict) as Entry, `least recently used, to make room for ${key}`);
    return start(release, key);
  }

  /** Retires idle releases; runs only while a release is kept. */
  let sweep: NodeJS.Timeout | null = null;
  function sweepIdle() {
    for (const key of idleReleases(keptReleases(), now(), options.idleMs)) {
      const entry = entries.get(key);
      if (entry) retire(entry, `no page asked for it in ${Math.round(options.idleMs / 1000)} s`);
    }
    if (entries.size === 0 && sweep) {
      clearInterval(sweep);
      sweep = null;
    }
  }
  function sweepWhileKept() {
    if (sweep) return;
    sweep = setInterval(sweepIdle, Math.min(options.idleMs, 60_000));
    sweep.unref();
  }

  return {
    async render(release, url, page, deadlineMs) {
      const startedAt = now();
      const entry = acquire(release);
      if (!entry) return null;
      entry.inFlight += 1;
      try {
        if (!entry.ready && !(await settlesWithin(entry.process.ready, options.waitForStartMs))) return null;
        const left = deadlineMs - (now() - startedAt);
        if (left <= 0) return null;
        return await entry.process.render(url, page, left);
      } catch (error) {
        // A process that did not answer in time has been stopped; its end is logged where it is seen.
        reportFailure(entry.key, error);
        return null;
      } finally {
        entry.inFlight -= 1;
        entry.lastUsed = now();
      }
    },
    async prepare(release, waitMs) {
      const entry = acquire(release);
      if (!entry) return false;
      entry.inFlight += 1;
      try {
        return entry.ready || (await settlesWithin(entry.process.ready, waitMs));
      } finally {
        entry.inFlight -= 1;
        entry.lastUsed = now();
      }
    },
    follow({ canaries, servedHere }) {
      pinned = new Set(canaries.map(releaseKey));
      for (const release of servedHere) {
        const entry = entries.get(releaseKey(release));
        if (entry) retire(entry, "it is live: the server's own containers run it");
      }
      for (const release of canaries) acquire(release);
    },
    kept: () =>
      [...entries.values()].map((entry) => ({
        release: entry.key,
        pid: entry.process.pid,
        ready: entry.ready,
      })),
    version: () => generation,
    retireAll(reason) {
      for (const entry of [...entries.values()]) retire(entry, reason);
    },
    async stop() {
      if (sweep) clearInterval(sweep);
      sweep = null;
      const processes = [...entries.values()].map((entry) => entry.process);
      for (const entry of [...entries.values()]) {
        entry.retiring = true;
        entries.delete(entry.key);
      }
      await Promise.all(processes.map((process) => process.stop()));
    },
  };
}
