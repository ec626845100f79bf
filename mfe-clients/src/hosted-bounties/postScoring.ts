import type { PostScoring, TestRuntime, TestScoredPostFormReturn } from '@side-quest/data/lifecycle';

// The post form's choice of scoring (issue 45 item 2, issue 56 item 3), as pure rules.

const LABELS: Record<PostScoring, string> = {
  none: 'None: reviewed by hand',
  key: 'Scored against answers you keep',
  tests: 'Scored by your tests',
};

/** The choices the form offers: tests only while some live runner offers a runtime. */
export function postScoringChoices(
  testRuntimes: readonly TestRuntime[],
): Array<{ value: PostScoring; label: string }> {
  const offered: PostScoring[] = testRuntimes.length > 0 ? ['none', 'key', 'tests'] : ['none', 'key'];
  return offered.map((value) => ({ value, label: LABELS[value] }));
}

/**
 * The choice checked: the one sent back (or the setup sent back's) while the form still offers it, none
 * otherwise.
 */
export function checkedScoring(
  sentBack: Pick<TestScoredPostFormReturn, 'scoring' | 'setup' | 'testSetup'> | null,
  testRuntimes: readonly TestRuntime[],
): PostScoring {
  const chosen = sentBack?.scoring ?? (sentBack?.setup ? 'key' : sentBack?.testSetup ? 'tests' : 'none');
  const offered = postScoringChoices(testRuntimes).map((choice) => choice.value);
  return offered.includes(chosen) ? chosen : 'none';
}
