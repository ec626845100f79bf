import type { ChannelReading, FinalReport } from './frames';
import { decideOutcome, type RunObservations } from './outcome';

const FINAL: FinalReport = {
  exitCode: 1,
  signal: null,
  archiveProblems: [],
  results: Buffer.from('<testsuites/>'),
  resultsState: 'read',
  resultsProblem: null,
  harnessError: null,
  commandStarted: true,
};

function observe(final: Partial<FinalReport> | null, extra: Partial<RunObservations> = {}): RunObservations {
  const channel: ChannelReading = { started: true, final: final && { ...FINAL, ...final }, problem: null };
  return {
    stoppedBy: null,
    oomKills: 0,
    channel,
    exitCode: 0,
    signal: null,
    logTail: '',
    expectsResults: true,
    ...extra,
  };
}

describe('decideOutcome', () => {
  it('completed: the command ran to its end, whatever its exit code, with its results', () => {
    const outcome = decideOutcome(observe({}));
    expect(outcome.status).toBe('completed');
    expect(outcome.exitCode).toBe(1);
    expect(outcome.results?.toString()).toBe('<testsuites/>');
  });

  it('completed without results says why', () => {
    const outcome = decideOutcome(observe({ results: null, resultsState: 'missing', resultsProblem: null }));
    expect(outcome).toMatchObject({
      status: 'completed',
      results: null,
      resultsProblem: 'no results file was written',
    });
  });

  it('the host stopping the run comes first: overflow, then an OOM kill, then the wall clock', () => {
    expect(decideOutcome(observe(null, { stoppedBy: 'output-overflow', oomKills: 1 })).status).toBe(
      'output-overflow',
    );
    expect(decideOutcome(observe({}, { oomKills: 1, stoppedBy: 'timed-out' })).status).toBe('out-of-memory');
    const timedOut = decideOutcome(observe(null, { stoppedBy: 'timed-out' }));
    expect(timedOut).toMatchObject({ status: 'timed-out', signal: 'SIGKILL', results: null });
  });

  it('a sandbox whose harness never started is the site failure, with the log for the operator', () => {
    const outcome = decideOutcome({
      ...observe(null),
      channel: { started: false, final: null, problem: null },
      exitCode: 1,
      logTail: 'bwrap: Creating new namespace failed',
    });
    expect(outcome.status).toBe('sandbox-failed');
    expect(outcome.failure).toContain('bwrap: Creating new namespace failed');
  });

  it('harness-altered: a channel holding anything else, a helper stopped before it reported, results not a file', () => {
    const forged = {
      ...observe(null),
      channel: { started: true, final: null, problem: 'bytes that are not a frame' },
    };
    expect(decideOutcome(forged)).toMatchObject({
      status: 'harness-altered',
      resultsProblem: 'the results channel held bytes that are not a frame',
    });
    expect(decideOutcome(observe(null)).resultsProblem).toBe(
      'the results helper was stopped before it reported',
    );
    const symlink = observe({
      results: null,
      resultsState: 'refused',
      resultsProblem: 'results.xml is a symlink',
    });
    expect(decideOutcome(symlink)).toMatchObject({
      status: 'harness-altered',
      resultsProblem: 'results.xml is a symlink',
    });
  });

  it("the harness's own failure: the site's before the command, the entry's doing after it", () => {
    const before = observe({ harnessError: 'MemoryError: ', commandStarted: false });
    expect(decideOutcome(before).status).toBe('sandbox-failed');
    expect(decideOutcome(observe({ harnessError: 'PermissionError: ' })).status).toBe('harness-altered');
  });

  it('archive-refused carries each broken rule', () => {
    const outcome = decideOutcome(observe({ archiveProblems: ["'pipe' is a FIFO."], commandStarted: false }));
    expect(outcome).toMatchObject({ status: 'archive-refused', archiveProblems: ["'pipe' is a FIFO."] });
  });

  it("the caller's abort is the site's failure: the run is retried elsewhere", () => {
    expect(decideOutcome(observe(null, { stoppedBy: 'aborted' })).status).toBe('sandbox-failed');
  });
});
