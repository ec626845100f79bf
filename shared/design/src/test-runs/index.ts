// A test-scored bounty's runs (issue 56 item 4), for the entrant's entries panel and the team's console:
// imported only by those pages, so no other route carries it.
export { TestResultList, TestRun } from './TestRun';
export { LogOutput, RunBody } from './runParts';
