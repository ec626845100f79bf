import { storeAdapters, storePerTest } from '../testing/testStoreAdapters';
import { HEARTBEAT_EVERY_MS, LEASE_MS, LIVE_WITHIN_MS, RENEW_EVERY_MS } from './leaseRules';
import { RUNS_DB_FILE, RunQueueFullError, createRunStore, type RunnerHeartbeat } from './runStore';

const adapters = storeAdapters('runs', RUNS_DB_FILE, createRunStore);

const T0 = Date.UTC(2026, 11, 2, 1, 0, 0);
const publicRun = (entry: string, runtime: string | null = 'node20') => ({
  kind: 'public',
  runtime,
  spec: {
    archive: { blobId: entry, format: 'zip' },
    command: ['node', '--test'],
    limits: { wallMs: 120_000 },
  },
});
const result = (passed: number) => ({ outcome: { status: 'completed', passed }, logTail: `ok ${passed}\n` });
const beat = (id: string, overrides: Partial<RunnerHeartbeat> = {}): RunnerHeartbeat => ({
  id,
  host: 'box',
  pid: 42,
  startedAt: T0,
  canSandbox: true,
  sandboxProblem: null,
  runtimes: ['node20'],
  concurrency: 1,
  running: 0,
  ...overrides,
});

describe.each(adapters)('the runs queue on %s', (_name, open) => {
  const store = storePerTest(open);

  it('keeps what a run runs and reads it back as queued, with no attempt yet', async () => {
    const queued = await store().enqueue(publicRun('entry-1'), T0);
    const read = await store().run(queued.id, T0);
    expect(read).toMatchObject({
      kind: 'public',
      runtime: 'node20',
      spec: publicRun('entry-1').spec,
      state: 'queued',
      attempts: 0,
      leaseHolder: null,
      createdAt: T0,
      outcome: null,
    });
    expect(await store().run('no-such-run', T0)).toBeNull();
  });

  it('gives a run to one claimer only, oldest first, with a 60 s lease', async () => {
    const first = await store().enqueue(publicRun('entry-1'), T0);
    const second = await store().enqueue(publicRun('entry-2'), T0 + 1);
    const a = await store().claim('runner-a', ['node20'], T0 + 10);
    const b = await store().claim('runner-b', ['node20'], T0 + 10);
    const c = await store().claim('runner-c', ['node20'], T0 + 10);
    expect(a).toMatchObject({ id: first.id, state: 'running', attempts: 1, leaseHolder: 'runner-a' });
    expect(a?.leaseExpiresAt).toBe(T0 + 10 + LEASE_MS);
    expect(b).toMatchObject({ id: second.id, leaseHolder: 'runner-b' });
    expect(c).toBeNull();
    expect(await store().depth(T0 + 10)).toEqual({ waiting: 0, running: 2 });
  });

  it('gives a runner only runs of the runtimes it found in its sandbox', async () => {
    const python = await store().enqueue(publicRun('entry-py', 'python3-pytest'), T0);
    const any = await store().enqueue(publicRun('entry-any', null), T0 + 1);
    expect(await store().claim('node-only', ['node20'], T0 + 2)).toMatchObject({ id: any.id });
    expect(await store().claim('node-only', ['node20'], T0 + 2)).toBeNull();
    expect(await store().claim('no-runtimes', [], T0 + 2)).toBeNull();
    expect(await store().claim('both', ['node20', 'python3-pytest'], T0 + 2)).toMatchObject({
      id: python.id,
    });
  });

  it("stores the holder's outcome and log, once", async () => {
    const { id } = await store().enqueue(publicRun('entry-1'), T0);
    await store().claim('runner-a', ['node20'], T0);
    expect(await store().complete(id, 'runner-b', result(1), T0 + 5)).toBe(false);
    expect(await store().complete(id, 'runner-a', result(3), T0 + 5)).toBe(true);
    expect(await store().complete(id, 'runner-a', result(4), T0 + 6)).toBe(false);
    expect(await store().run(id, T0 + 7)).toMatchObject({
      state: 'done',
      outcome: { status: 'completed', passed: 3 },
      logTail: 'ok 3\n',
      finishedAt: T0 + 5,
      leaseHolder: 'runner-a',
    });
  });

  it('keeps a lease for as long as its holder renews it every 20 s', async () => {
    const { id } = await store().enqueue(publicRun('entry-1'), T0);
    await store().claim('runner-a', ['node20'], T0);
    for (let at = T0 + RENEW_EVERY_MS; at <= T0 + 5 * 60_000; at += RENEW_EVERY_MS)
      expect(await store().renew(id, 'runner-a', at)).toBe(true);
    const later = T0 + 5 * 60_000 + LEASE_MS - 1;
    expect(await store().claim('runner-b', ['node20'], later)).toBeNull();
    expect(await store().renew(id, 'runner-b', later)).toBe(false);
    expect(await store().complete(id, 'runner-a', result(2), later)).toBe(true);
  });

  it('refuses the result of a runner whose lease expired, even before another runner claimed the run', async () => {
    const { id } = await store().enqueue(publicRun('entry-1'), T0);
    await store().claim('runner-a', ['node20'], T0);
    const expired = T0 + LEASE_MS;
    expect(await store().renew(id, 'runner-a', expired)).toBe(false);
    expect(await store().complete(id, 'runner-a', result(3), expired)).toBe(false);
    expect(await store().run(id, expired)).toMatchObject({ state: 'queued', attempts: 1, outcome: null });
  });

  it('a lease expiring mid-run: a second runner claims the run again and the first one’s late result is refused', async () => {
    const { id } = await store().enqueue(publicRun('entry-1'), T0);
    await store().claim('runner-a', ['node20'], T0);
    expect(await store().renew(id, 'runner-a', T0 + RENEW_EVERY_MS)).toBe(true);
    // runner-a stops renewing (its machine froze); the lease runs out 60 s after the last renewal.
    const reclaimedAt = T0 + RENEW_EVERY_MS + LEASE_MS;
    expect(await store().claim('runner-b', ['node20'], reclaimedAt - 1)).toBeNull();
    expect(await store().claim('runner-b', ['node20'], reclaimedAt)).toMatchObject({
      id,
      attempts: 2,
      leaseHolder: 'runner-b',
    });
    expect(await store().renew(id, 'runner-a', reclaimedAt + 1)).toBe(false);
    expect(await store().complete(id, 'runner-a', result(9), reclaimedAt + 1)).toBe(false);
    expect(await store().complete(id, 'runner-b', result(3), reclaimedAt + 2)).toBe(true);
    expect(await store().run(id, reclaimedAt + 3)).toMatchObject({
      state: 'done',
      outcome: { passed: 3 },
      leaseHolder: 'runner-b',
    });
  });

  it('after three claims whose leases expired the run could not run, and nobody claims it again', async () => {
    const { id } = await store().enqueue(publicRun('entry-1'), T0);
    let at = T0;
    for (const runner of ['runner-a', 'runner-b', 'runner-c']) {
      expect(await store().claim(runner, ['node20'], at)).toMatchObject({ id });
      at += LEASE_MS;
    }
    // Readers see it at once, before any runner notices.
    expect(await store().run(id, at)).toMatchObject({ state: 'could-not-run', attempts: 3 });
    expect(await store().depth(at)).toEqual({ waiting: 0, running: 0 });
    expect(await store().claim('runner-d', ['node20'], at)).toBeNull();
    expect(await store().complete(id, 'runner-c', result(1), at)).toBe(false);
    const run = await store().run(id, at + 10 * LEASE_MS);
    expect(run).toMatchObject({ state: 'could-not-run', attempts: 3, finishedAt: at, outcome: null });
    expect(run?.failure).toContain('attempt 3 of 3');
  });

  it('puts a run whose attempt failed for the site’s reasons back in the queue, until the third: could not run', async () => {
    const { id } = await store().enqueue(publicRun('entry-1'), T0);
    for (const attempt of [1, 2]) {
      await store().claim('runner-a', ['node20'], T0 + attempt);
      expect(await store().fail(id, 'runner-a', 'cgroup write failed', T0 + attempt)).toBe(true);
      expect(await store().run(id, T0 + attempt)).toMatchObject({ state: 'queued', attempts: attempt });
    }
    await store().claim('runner-b', ['node20'], T0 + 3);
    expect(await store().fail(id, 'runner-a', 'not the holder', T0 + 3)).toBe(false);
    expect(await store().fail(id, 'runner-b', 'bwrap: no user namespaces', T0 + 3)).toBe(true);
    expect(await store().run(id, T0 + 4)).toMatchObject({
      state: 'could-not-run',
      attempts: 3,
      failure: 'bwrap: no user namespaces',
    });
    expect(await store().claim('runner-a', ['node20'], T0 + 5)).toBeNull();
  });

  it('takes a released run back at once, without counting the attempt (a runner stopping)', async () => {
    const { id } = await store().enqueue(publicRun('entry-1'), T0);
    await store().claim('runner-a', ['node20'], T0);
    expect(await store().release(id, 'runner-b', T0 + 1)).toBe(false);
    expect(await store().release(id, 'runner-a', T0 + 1)).toBe(true);
    expect(await store().run(id, T0 + 1)).toMatchObject({ state: 'queued', attempts: 0 });
    expect(await store().claim('runner-b', ['node20'], T0 + 2)).toMatchObject({ id, attempts: 1 });
  });

  it('refuses a bounded run past the bound with a Retry-After from the live runners; unbounded runs still queue', async () => {
    await store().heartbeat(beat('runner-a', { concurrency: 2 }), T0);
    for (let n = 0; n < 3; n++) await store().enqueue(publicRun(`entry-${n}`), T0, { maxWaiting: 3 });
    const refused = store().enqueue(publicRun('entry-4'), T0, { maxWaiting: 3 });
    await expect(refused).rejects.toBeInstanceOf(RunQueueFullError);
    // Three waiting, two slots, 10 s a run until runs have finished: 15 s.
    await expect(refused).rejects.toMatchObject({ waiting: 3, retryAfterSeconds: 15 });
    await store().enqueue({ ...publicRun('hidden-1'), kind: 'hidden' }, T0);
    expect(await store().depth(T0)).toEqual({ waiting: 4, running: 0 });
  });

  it('records heartbeats and offers the runtimes of live runners that can make a sandbox', async () => {
    await store().heartbeat(beat('runner-a', { runtimes: ['node20'] }), T0);
    await store().heartbeat(
      beat('runner-b', {
        canSandbox: false,
        sandboxProblem: 'cgroup v1 memory is not writable',
        runtimes: [],
      }),
      T0,
    );
    await store().heartbeat(beat('runner-c', { runtimes: ['python3-pytest', 'node20'] }), T0);
    expect(await store().liveRunnerRuntimes(T0 + 1)).toEqual(['node20', 'python3-pytest']);

    // runner-c goes quiet; runner-a keeps beating.
    for (let at = T0 + HEARTBEAT_EVERY_MS; at <= T0 + 4 * HEARTBEAT_EVERY_MS; at += HEARTBEAT_EVERY_MS)
      await store().heartbeat(beat('runner-a', { running: 1 }), at);
    const later = T0 + LIVE_WITHIN_MS + 1;
    expect(await store().liveRunnerRuntimes(later)).toEqual(['node20']);
    const runners = await store().runners(later);
    expect(runners.find((runner) => runner.id === 'runner-a')).toMatchObject({ live: true, running: 1 });
    expect(runners.find((runner) => runner.id === 'runner-b')).toMatchObject({
      live: false,
      canSandbox: false,
      sandboxProblem: 'cgroup v1 memory is not writable',
    });

    await store().forgetRunner('runner-a');
    expect(await store().liveRunnerRuntimes(later)).toEqual([]);
  });
});
