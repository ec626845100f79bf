/**
 * An entry's two scores (issue 45, item 3): its public score, on the key's public rows (the leaderboard
 * while the bounty is open), and its private score, on the private rows (revealed at the deadline). The
 * private score is a secret until the reveal: only the team and staff may see it.
 */
import { computeMetric } from './metrics';
import { gather, type ScoringKey } from './scoringKey';

export interface Scores {
  public: number;
  private: number;
}

/** `predictions` are in the key's row order (entry.ts). */
export function scorePredictions(scoringKey: ScoringKey, predictions: Float64Array): Scores {
  if (predictions.length !== scoringKey.rows) {
    throw new RangeError(`${predictions.length} predictions for a key of ${scoringKey.rows} rows`);
  }
  const { metric } = scoringKey.key;
  return {
    public: computeMetric(metric, scoringKey.publicTruth, gather(predictions, scoringKey.publicRows)),
    private: computeMetric(metric, scoringKey.privateTruth, gather(predictions, scoringKey.privateRows)),
  };
}
