/**
 * The scoring metrics a sponsor can choose (issue 45, item 2): pure functions over aligned arrays — row i
 * of the truth and row i of the predictions belong to one id. They take any array-like of numbers, so the
 * scorer passes typed arrays and the tests plain arrays.
 *
 * - Class labels (accuracy, macro F1) are small integer codes: the CSV readers give each distinct label a
 *   code (answerKey.ts, entry.ts), so a metric never compares strings.
 * - Binary truths (ROC AUC, log loss) are 0 or 1, the predictions the probability of class 1.
 * - Every function needs at least one row; AUC needs both classes. The answer-key checks guarantee both
 *   for each part (public and private) before any entry is scored.
 */

export type MetricName = 'accuracy' | 'macro_f1' | 'roc_auc' | 'log_loss' | 'rmse' | 'mae';

/** What an entry's `prediction` column holds for the metric, and what the key's `target` column holds. */
export type MetricInput = 'labels' | 'probabilities' | 'numbers';

export type Direction = 'higher' | 'lower';

export interface MetricInfo {
  name: MetricName;
  /** How people read it on the leaderboard. */
  label: string;
  /** Whether a higher or a lower score is better. */
  direction: Direction;
  /** The predictions it takes: class labels, probabilities of the positive class (1), or numbers. */
  input: MetricInput;
  /** The targets the key holds: class labels (any number of classes), 0/1, or numbers. */
  target: 'labels' | 'binary' | 'numbers';
}

export const METRICS: Readonly<Record<MetricName, MetricInfo>> = {
  accuracy: { name: 'accuracy', label: 'Accuracy', direction: 'higher', input: 'labels', target: 'labels' },
  macro_f1: { name: 'macro_f1', label: 'Macro F1', direction: 'higher', input: 'labels', target: 'labels' },
  roc_auc: {
    name: 'roc_auc',
    label: 'ROC AUC',
    direction: 'higher',
    input: 'probabilities',
    target: 'binary',
  },
  log_loss: {
    name: 'log_loss',
    label: 'Log loss',
    direction: 'lower',
    input: 'probabilities',
    target: 'binary',
  },
  rmse: { name: 'rmse', label: 'RMSE', direction: 'lower', input: 'numbers', target: 'numbers' },
  mae: { name: 'mae', label: 'MAE', direction: 'lower', input: 'numbers', target: 'numbers' },
};

export const METRIC_NAMES = Object.keys(METRICS) as MetricName[];

export function isMetricName(value: unknown): value is MetricName {
  return typeof value === 'string' && Object.hasOwn(METRICS, value);
}

/**
 * What a board can rank by: a metric of an answer key, or a test-scored bounty's tests passed (issue 56
 * item 5; TESTS_PASSED_METRIC on the page's side), which is not a metric of predictions.
 */
export type RankMetric = MetricName | 'tests_passed';

export function isRankMetric(value: unknown): value is RankMetric {
  return value === 'tests_passed' || isMetricName(value);
}

/** Whether a higher or a lower score of `metric` is better (more tests passed is better). */
export function metricDirection(metric: RankMetric): Direction {
  return metric === 'tests_passed' ? 'higher' : METRICS[metric].direction;
}

/** Whether score `a` ranks before score `b` under the metric's direction (equal scores: neither). */
export function isBetter(metric: RankMetric, a: number, b: number): boolean {
  return metricDirection(metric) === 'higher' ? a > b : a < b;
}

/** log loss clips every probability to [LOG_LOSS_EPS, 1 − LOG_LOSS_EPS] (log 0 is not a number). */
export const LOG_LOSS_EPS = 1e-15;

type Numbers = ArrayLike<number>;

function checkAligned(truth: Numbers, predictions: Numbers): number {
  if (truth.length !== predictions.length) {
    throw new RangeError(`${truth.length} truths but ${predictions.length} predictions`);
  }
  if (truth.length === 0) throw new RangeError('no rows to score');
  return truth.length;
}

/** The share of rows whose predicted class equals the true class. */
export function accuracy(truth: Numbers, predictions: Numbers): number {
  const n = checkAligned(truth, predictions);
  let right = 0;
  for (let i = 0; i < n; i++) if (truth[i] === predictions[i]) right++;
  return right / n;
}

/**
 * The unweighted mean over classes of each class's F1 = 2·TP / (2·TP + FP + FN). The classes are those
 * present among the truths or the predictions of these rows (as scikit-learn's default `labels`); a class
 * with no predicted rows, or no true rows, has F1 0 (scikit-learn's `zero_division=0`). Class codes are
 * non-negative integers.
 */
export function macroF1(truth: Numbers, predictions: Numbers): number {
  const n = checkAligned(truth, predictions);
  let classes = 0;
  for (let i = 0; i < n; i++) {
    classes = Math.max(classes, (truth[i] as number) + 1, (predictions[i] as number) + 1);
  }
  const truePositives = new Float64Array(classes);
  const trueCount = new Float64Array(classes);
  const predictedCount = new Float64Array(classes);
  for (let i = 0; i < n; i++) {
    const t = truth[i] as number;
    const p = predictions[i] as number;
    trueCount[t]!++;
    predictedCount[p]!++;
    if (t === p) truePositives[t]!++;
  }
  let sum = 0;
  let present = 0;
  for (let c = 0; c < classes; c++) {
    const denominator = (trueCount[c] as number) + (predictedCount[c] as number);
    if (denominator === 0) continue; // not a class of these rows
    present++;
    sum += (2 * (truePositives[c] as number)) / denominator;
  }
  return sum / present;
}

/**
 * The area under the ROC curve for binary truths (0/1) and scores of class 1: the probability that a
 * random positive row scores above a random negative one, a tie counting one half — the Mann–Whitney U
 * statistic with tied scores given their average rank, which equals scikit-learn's `roc_auc_score`. Each
 * class's scores are sorted once (typed-array sort) and merged. Needs both classes.
 */
export function rocAuc(truth: Numbers, scores: Numbers): number {
  const n = checkAligned(truth, scores);
  let positives = 0;
  for (let i = 0; i < n; i++) if (truth[i] === 1) positives++;
  const negatives = n - positives;
  if (positives === 0 || negatives === 0) {
    throw new RangeError('ROC AUC needs rows of both classes');
  }
  const pos = new Float64Array(positives);
  const neg = new Float64Array(negatives);
  for (let i = 0, p = 0, q = 0; i < n; i++) {
    if (truth[i] === 1) pos[p++] = scores[i] as number;
    else neg[q++] = scores[i] as number;
  }
  pos.sort();
  neg.sort();
  // For each run of equal positive scores: negatives strictly below count 1, equal ones count 1/2.
  let wins = 0;
  let below = 0;
  for (let i = 0; i < positives;) {
    const score = pos[i] as number;
    let run = i;
    while (run < positives && pos[run] === score) run++;
    while (below < negatives && (neg[below] as number) < score) below++;
    let equal = below;
    while (equal < negatives && neg[equal] === score) equal++;
    wins += (run - i) * (below + (equal - below) / 2);
    i = run;
  }
  return wins / (positives * negatives);
}

/**
 * The mean negative log-likelihood of binary truths (0/1) under the predicted probabilities of class 1,
 * each clipped to [1e-15, 1 − 1e-15] first (scikit-learn's `log_loss` with its former `eps=1e-15`).
 */
export function logLoss(truth: Numbers, probabilities: Numbers): number {
  const n = checkAligned(truth, probabilities);
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const p = Math.min(1 - LOG_LOSS_EPS, Math.max(LOG_LOSS_EPS, probabilities[i] as number));
    sum -= truth[i] === 1 ? Math.log(p) : Math.log(1 - p);
  }
  return sum / n;
}

/** The root of the mean squared difference. */
export function rmse(truth: Numbers, predictions: Numbers): number {
  const n = checkAligned(truth, predictions);
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const d = (predictions[i] as number) - (truth[i] as number);
    sum += d * d;
  }
  return Math.sqrt(sum / n);
}

/** The mean absolute difference. */
export function mae(truth: Numbers, predictions: Numbers): number {
  const n = checkAligned(truth, predictions);
  let sum = 0;
  for (let i = 0; i < n; i++) sum += Math.abs((predictions[i] as number) - (truth[i] as number));
  return sum / n;
}

const FUNCTIONS: Readonly<Record<MetricName, (truth: Numbers, predictions: Numbers) => number>> = {
  accuracy,
  macro_f1: macroF1,
  roc_auc: rocAuc,
  log_loss: logLoss,
  rmse,
  mae,
};

/** The metric's value for aligned truths and predictions. */
export function computeMetric(metric: MetricName, truth: Numbers, predictions: Numbers): number {
  return FUNCTIONS[metric](truth, predictions);
}
