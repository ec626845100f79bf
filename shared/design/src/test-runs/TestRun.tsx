import type { ReactNode } from 'react';
import { LogOutput, RunBody } from './runParts';
import {
  failedFirst,
  testResultLine,
  testRunSummary,
  type TestResultView,
  type TestRunView,
} from '@side-quest/data/lifecycle';

/** Each test of a run, those that did not pass first, with the start of its failure. */
export function TestResultList({ results, label }: { results: readonly TestResultView[]; label: string }) {
  if (results.length === 0) return null;
  return (
    <ul aria-label={label}>
      {failedFirst(results).map((result) => (
        <li key={result.id}>
          {testResultLine(result)}
          {result.failureExcerpt && (
            <details>
              <summary>Failure</summary>
              <LogOutput tabIndex={0} aria-label={`Failure of ${result.name}`}>
                {result.failureExcerpt}
              </LogOutput>
            </details>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * A test run as the entrant and the team read it: an optional heading, where the run is or its verdict
 * (`summaryTail` after it, such as when it finished), each test, and the log's tail when there is one.
 */
export function TestRun({
  run,
  testsLabel,
  logLabel,
  heading,
  summaryTail,
}: {
  run: TestRunView;
  testsLabel: string;
  logLabel: string;
  heading?: ReactNode;
  summaryTail?: ReactNode;
}) {
  return (
    <RunBody>
      {heading}
      <p>
        <strong>{testRunSummary(run)}</strong>
        {summaryTail}
      </p>
      <TestResultList results={run.results} label={testsLabel} />
      {run.logTail && (
        <details>
          <summary>Log</summary>
          <LogOutput tabIndex={0} aria-label={logLabel}>
            {run.logTail}
          </LogOutput>
        </details>
      )}
    </RunBody>
  );
}
