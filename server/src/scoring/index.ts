/**
 * Scored bounties' server core (issue 45): metrics, the public/private split, the CSV checks of answer
 * keys and entries, scoring, copy detection and the worker pool. The lifecycle asks this module; it
 * imports nothing of the lifecycle, the stores or Express. See README.md beside this file.
 *
 * The usual path:
 *   - a sponsor uploads a key:   pool.checkKey(stream, { metric, secret, publicShare })
 *                                 -> store `key.bytes` and `key.digest` with the bounty, or show `problems`
 *   - an entrant uploads a file: pool.scoreEntry({ digest, bytes }, stream)
 *                                 -> store `scores.public`, `scores.private`, `fingerprint`, or show `problems`
 *   - a full queue:              ScoringJobError with reason 'queue-full' -> 503 + Retry-After
 *   - copies:                    findCopiedEntry(entry, earlierEntries); writeUpSignature + similarWriteUps
 */
export {
  accuracy,
  computeMetric,
  isBetter,
  isMetricName,
  isRankMetric,
  logLoss,
  LOG_LOSS_EPS,
  macroF1,
  mae,
  METRIC_NAMES,
  METRICS,
  metricDirection,
  rmse,
  rocAuc,
  type Direction,
  type MetricInfo,
  type MetricInput,
  type MetricName,
  type RankMetric,
} from './metrics';
export { isValidPublicShare, newSplitSecret, PUBLIC_SHARE, publicCount, splitPublicRows } from './split';
export { describeProblem, MAX_PROBLEMS, type CsvProblem } from './csv';
export { MIN_KEY_ROWS, readAnswerKey, type AnswerKey, type KeyCheck, type KeyRules } from './answerKey';
export { answerKeyDigest, decodeAnswerKey, encodeAnswerKey, type EncodedKey } from './keyCodec';
export { ScoringKey } from './scoringKey';
export { readEntry, type Entry, type EntryCheck } from './entry';
export { scorePredictions, type Scores } from './score';
export {
  decodeSignature,
  encodeSignature,
  entryFingerprint,
  findCopiedEntry,
  MIN_WRITE_UP_WORDS,
  SIMILAR_WRITE_UP,
  similarity,
  similarWriteUps,
  writeUpSignature,
  type FingerprintedEntry,
  type SignedWriteUp,
} from './copies';
export {
  createScoringPool,
  ScoringJobError,
  type EntryScoreResult,
  type KeyCheckResult,
  type ScoringJobFailure,
  type ScoringPool,
  type ScoringPoolOptions,
  type StoredKey,
} from './pool';
export {
  isIgnoredMember,
  onlyCsvOf,
  openZip,
  openZipDirectory,
  ZIP_LIMITS,
  ZipProblem,
  type ZipArchive,
  type ZipDirectory,
  type ZipLimits,
  type ZipMember,
} from './zipData';
