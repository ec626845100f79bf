import { LEASE_MS, MAX_ATTEMPTS } from './leaseRules';
import { RunAbortedError, startRunner, type RunHandler } from './runner';
import type { Run, RunStore } from './runStore';
import {
  quietLog,
  runStoresOnEachDatabase,
  runnerOptions,
  testClock,
  until,
  type OpenRunStores,
} from '../testing/testRunners';

/*
 * The runner's loop against real stores: SQLite (two handles on one file, as the server and its runner
 * process share it) and PostgreSQL (a pool per runner, as runners on several machines). Leases expire by
 * moving the runners' clock, never by waiting 60 s; the loop itself ticks every few milliseconds.
 */

const databases = runStoresOnEachDatabase('runner');

const newRun = (n: number) => ({ kind: 'public', runtime: 'node20', spec: { entry: `entry-${n}` } });

/** A handler that waits until the test lets it finish, or its signal aborts. */
function heldHandler() {
  const started: Array<{ run: Run; signal: AbortSignal; finish: (passed: number) => void }> = [];
  const handler: RunHandler = (run, signal) =>
    new Promise((resolve, reject) => {
      started.push({ run, signal, finish: (passed) => resolve({ outcome: { passed }, logTail: 'held' }) });
      signal.addEventListener('abort', () => reject(signal.reason as Error));
    });
  return { started, handler };
}

/** Runs `test` with one store of a fresh database holding one queued run, enqueued at `now`. */
async function withOneQueuedRun(
  openStores: OpenRunStores,
  test: (store: RunStore, id: string) => Promise<void>,
  now: () => number = Date.now,
) {
  const { stores, close } = await openStores(1);
  const [store] = stores as [RunStore];
  try {
    const { id } = await store.enqueue(newRun(1), now());
    await test(store, id);
  } finally {
    await close();
  }
}

/** A handler that counts its calls and answers with `answer(call)`. */
function countingHandler(answer: (call: number) => ReturnType<RunHandler>) {
  let calls = 0;
  const handler: RunHandler = () => answer(++calls);
  return { handler, calls: () => calls };
}

describe.each(databases)('the runner on %s', (_name, openStores) => {
  it('runs each queued run once and stores what its handler returned', async () => {
    const { stores, close } = await openStores(1);
    const [store] = stores as [RunStore];
    try {
      const runs = await Promise.all([1, 2, 3].map((n) => store.enqueue(newRun(n), Date.now())));
      const executed: string[] = [];
      const runner = startRunner(
        runnerOptions('runner-a', store, async (run) => {
          executed.push(run.id);
          return { outcome: { entry: run.spec.entry as string }, logTail: `ran ${run.spec.entry as string}` };
        }),
      );
      const done = await until(async () => {
        const read = await store.runs(
          runs.map((run) => run.id),
          Date.now(),
        );
        return read.every((run) => run.state === 'done') && read;
      }, 'three runs done');
      await runner.stop();
      expect(executed.sort()).toEqual(runs.map((run) => run.id).sort());
      for (const run of done)
        expect(run).toMatchObject({
          outcome: { entry: run.spec.entry },
          logTail: `ran ${run.spec.entry as string}`,
        });
    } finally {
      await close();
    }
  });

  it('a lease expiring mid-run: another runner runs it again, and the first runner’s late result is refused', async () => {
    const { stores, close } = await openStores(2);
    const [storeA, storeB] = stores as [RunStore, RunStore];
    const clock = testClock();
    try {
      const { id } = await storeA.enqueue(newRun(1), clock.now());
      const a = heldHandler();
      const logA = quietLog();
      // Runner A's machine freezes mid-run: it renews nothing until its job comes back.
      const runnerA = startRunner(
        runnerOptions('runner-a', storeA, a.handler, { now: clock.now, renewEveryMs: 3_600_000, log: logA }),
      );
      const first = await until(async () => a.started[0] ?? null, 'runner A to start the run');
      clock.advance(LEASE_MS);
      const runnerB = startRunner(
        runnerOptions('runner-b', storeB, async () => ({ outcome: { passed: 3 }, logTail: 'B' }), {
          now: clock.now,
        }),
      );
      await until(async () => (await storeB.run(id, clock.now()))?.state === 'done', 'runner B to finish it');
      first.finish(9);
      await until(async () => logA.lines.some((line) => line.message.includes('refused')), 'A to be refused');
      await Promise.all([runnerA.stop(), runnerB.stop()]);
      expect(await storeA.run(id, clock.now())).toMatchObject({
        state: 'done',
        attempts: 2,
        leaseHolder: 'runner-b',
        outcome: { passed: 3 },
        logTail: 'B',
      });
    } finally {
      await close();
    }
  });

  it('aborts the job of a runner whose renewals stop reaching the database once its lease has run out', async () => {
    const clock = testClock();
    await withOneQueuedRun(
      openStores,
      async (store, id) => {
        const held = heldHandler();
        const cutOff: RunStore = { ...store, renew: () => Promise.reject(new Error('connection refused')) };
        const runner = startRunner(runnerOptions('runner-a', cutOff, held.handler, { now: clock.now }));
        const job = await until(async () => held.started[0] ?? null, 'the run to start');
        // Failed renewals alone do not stop the job while the lease may still hold.
        await new Promise((resolve) => setTimeout(resolve, 30));
        expect(job.signal.aborted).toBe(false);
        clock.advance(LEASE_MS);
        await until(async () => job.signal.aborted, 'the job to be aborted');
        expect(job.signal.reason).toEqual(new RunAbortedError('lease-lost'));
        await runner.stop();
        expect(await store.run(id, clock.now())).toMatchObject({
          state: 'queued',
          attempts: 1,
          outcome: null,
        });
      },
      clock.now,
    );
  });

  it('tries a run whose handler failed again, and after the third failure it could not run', async () => {
    await withOneQueuedRun(openStores, async (store, id) => {
      const failing = countingHandler(async (call) => {
        throw new Error(`bwrap failed (${call})`);
      });
      const runner = startRunner(runnerOptions('runner-a', store, failing.handler));
      const run = await until(async () => {
        const read = await store.run(id, Date.now());
        return read?.state === 'could-not-run' && read;
      }, 'the run to be given up');
      await runner.stop();
      expect(failing.calls()).toBe(MAX_ATTEMPTS);
      expect(run).toMatchObject({
        attempts: MAX_ATTEMPTS,
        failure: `bwrap failed (${MAX_ATTEMPTS})`,
        outcome: null,
      });
    });
  });

  it('when stopped, aborts its run and gives it back at once without using an attempt, and leaves the live list', async () => {
    await withOneQueuedRun(openStores, async (store, id) => {
      const held = heldHandler();
      const runner = startRunner(runnerOptions('runner-a', store, held.handler));
      const job = await until(async () => held.started[0] ?? null, 'the run to start');
      // The first heartbeat and the claim go to the database side by side: wait for the heartbeat.
      await until(async () => (await store.liveRunnerRuntimes(Date.now())).length > 0, 'the first heartbeat');
      await runner.stop();
      expect(job.signal.reason).toEqual(new RunAbortedError('runner-stopping'));
      expect(await store.run(id, Date.now())).toMatchObject({ state: 'queued', attempts: 0 });
      expect(await store.liveRunnerRuntimes(Date.now())).toEqual([]);
    });
  });

  it('without a sandbox runs nothing and says why in its heartbeat', async () => {
    await withOneQueuedRun(openStores, async (store, id) => {
      const counting = countingHandler(async () => ({ outcome: null, logTail: '' }));
      const runner = startRunner(
        runnerOptions('runner-a', store, counting.handler, {
          sandbox: { ok: false, reason: 'no user namespaces', runtimes: ['node20'] },
        }),
      );
      const [seen] = await until(async () => {
        const runners = await store.runners(Date.now());
        return runners.length > 0 && runners;
      }, 'a heartbeat');
      // Several idle ticks go by: nothing is claimed.
      await new Promise((resolve) => setTimeout(resolve, 50));
      await runner.stop();
      expect(seen).toMatchObject({ id: 'runner-a', canSandbox: false, sandboxProblem: 'no user namespaces' });
      expect(counting.calls()).toBe(0);
      expect(await store.run(id, Date.now())).toMatchObject({ state: 'queued', attempts: 0 });
      expect(await store.liveRunnerRuntimes(Date.now())).toEqual([]);
    });
  });

  it('two runners with two slots each on one database run each of 40 runs exactly once', async () => {
    const { stores, close } = await openStores(2);
    const [storeA, storeB] = stores as [RunStore, RunStore];
    try {
      const runs = [];
      for (let n = 0; n < 40; n++) runs.push(await storeA.enqueue(newRun(n), Date.now()));
      const executions = new Map<string, string[]>();
      const handlerOf =
        (runner: string): RunHandler =>
        async (run) => {
          executions.set(run.id, [...(executions.get(run.id) ?? []), runner]);
          await new Promise((resolve) => setTimeout(resolve, 2));
          return { outcome: { runner }, logTail: '' };
        };
      const runners = [
        startRunner(runnerOptions('runner-a', storeA, handlerOf('runner-a'), { concurrency: 2, pollMs: 1 })),
        startRunner(runnerOptions('runner-b', storeB, handlerOf('runner-b'), { concurrency: 2, pollMs: 1 })),
      ];
      const ids = runs.map((run) => run.id);
      const done = await until(async () => {
        const read = await storeB.runs(ids, Date.now());
        return read.every((run) => run.state === 'done') && read;
      }, 'every run done');
      await Promise.all(runners.map((runner) => runner.stop()));
      expect(ids.filter((id) => executions.get(id)?.length !== 1)).toEqual([]);
      for (const run of done) {
        expect(run.attempts).toBe(1);
        expect(run.outcome).toEqual({ runner: executions.get(run.id)?.[0] });
      }
      const byRunner = [...executions.values()].flat().reduce<Record<string, number>>((counts, runner) => {
        counts[runner] = (counts[runner] ?? 0) + 1;
        return counts;
      }, {});
      console.log(`runs per runner on ${_name}: ${JSON.stringify(byRunner)}`);
    } finally {
      await close();
    }
  });
});
