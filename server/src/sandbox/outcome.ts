// How a finished run is named: the host's own observations (what it stopped, the cgroup's OOM kills) come
// first, then what the harness reported on the results channel.

import type { ChannelReading } from './frames';
import type { SandboxOutcome } from './types';

export type StopReason = 'timed-out' | 'output-overflow' | 'aborted';

export interface RunObservations {
  /** Why the host stopped the sandbox, if it did. */
  stoppedBy: StopReason | null;
  /** memory.oom_control's oom_kill count for the run's cgroup. */
  oomKills: number;
  channel: ChannelReading;
  /** bwrap's own exit (the launcher's process). */
  exitCode: number | null;
  signal: string | null;
  /** The end of the log, used to explain a sandbox that never started. */
  logTail: string;
  /** Whether the job asked for a results file. */
  expectsResults: boolean;
}

export type DecidedOutcome = Pick<
  SandboxOutcome,
  'status' | 'exitCode' | 'signal' | 'results' | 'resultsProblem' | 'archiveProblems' | 'failure'
>;

const EMPTY = { results: null, resultsProblem: null, archiveProblems: [], failure: null };

export function decideOutcome(run: RunObservations): DecidedOutcome {
  const { channel } = run;
  const final = channel.final;
  const killed = { exitCode: final?.exitCode ?? null, signal: final?.signal ?? 'SIGKILL' };

  if (run.stoppedBy === 'aborted') {
    return { ...EMPTY, ...killed, status: 'sandbox-failed', failure: 'the run was stopped by its caller' };
  }
  if (!channel.started) {
    // Nothing of the job ran: the harness reports 'started' before it unpacks or runs anything.
    const how = run.signal ? `signal ${run.signal}` : `exit code ${run.exitCode}`;
    const why =
      run.stoppedBy === 'timed-out' ? 'did not start within the wall-clock limit' : `ended with ${how}`;
    return {
      ...EMPTY,
      status: 'sandbox-failed',
      exitCode: null,
      signal: null,
      failure: `the sandbox ${why} before its harness started: ${run.logTail.trim().slice(-2000) || 'no output'}`,
    };
  }
  if (run.stoppedBy === 'output-overflow') return { ...EMPTY, ...killed, status: 'output-overflow' };
  if (run.oomKills > 0) return { ...EMPTY, ...killed, status: 'out-of-memory' };
  if (run.stoppedBy === 'timed-out') return { ...EMPTY, ...killed, status: 'timed-out' };
  if (channel.problem) {
    return {
      ...EMPTY,
      ...killed,
      status: 'harness-altered',
      resultsProblem: `the results channel held ${channel.problem}`,
    };
  }
  if (!final) {
    return {
      ...EMPTY,
      ...killed,
      status: 'harness-altered',
      resultsProblem: 'the results helper was stopped before it reported',
    };
  }
  const ran = { exitCode: final.exitCode, signal: final.signal };
  if (final.harnessError) {
    // Before the command, only the site's own code ran; after it, the entry may have caused the failure.
    return final.commandStarted
      ? {
          ...EMPTY,
          ...ran,
          status: 'harness-altered',
          resultsProblem: 'the results helper failed after the command',
        }
      : { ...EMPTY, ...ran, status: 'sandbox-failed', failure: `the harness failed: ${final.harnessError}` };
  }
  if (final.archiveProblems.length > 0) {
    return { ...EMPTY, ...ran, status: 'archive-refused', archiveProblems: final.archiveProblems };
  }
  if (final.resultsState === 'refused') {
    return { ...EMPTY, ...ran, status: 'harness-altered', resultsProblem: final.resultsProblem };
  }
  return {
    ...EMPTY,
    ...ran,
    status: 'completed',
    results: final.results,
    resultsProblem:
      run.expectsResults && !final.results ? (final.resultsProblem ?? 'no results file was written') : null,
  };
}
