import { teamScoringKey, type TeamScoringData } from '@side-quest/data/lifecycle';
import type { SeededQuery } from '../testing/renderPage';

/** The console's scoring of acme's bounty sq-1 in the cache, with a form sent back when there is one. */
export function scoringQueries(data: TeamScoringData, returned?: SeededQuery): SeededQuery[] {
  return [[teamScoringKey('acme', 'sq-1'), data], ...(returned ? [returned] : [])];
}
