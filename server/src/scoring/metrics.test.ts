import {
  accuracy,
  computeMetric,
  isBetter,
  isMetricName,
  logLoss,
  LOG_LOSS_EPS,
  macroF1,
  mae,
  METRICS,
  rmse,
  rocAuc,
} from './metrics';

// Reference values are scikit-learn's documented examples (the "Examples" section of each function's
// API page), quoted with the call that gives them.

describe('accuracy', () => {
  it("matches scikit-learn's accuracy_score example", () => {
    // accuracy_score(y_true=[0, 1, 2, 3], y_pred=[0, 2, 1, 3]) -> 0.5
    expect(accuracy([0, 1, 2, 3], [0, 2, 1, 3])).toBe(0.5);
  });

  it('is 1 for perfect predictions and the majority share for all-same predictions', () => {
    expect(accuracy([1, 1, 0], [1, 1, 0])).toBe(1);
    expect(accuracy([0, 0, 0, 1], [0, 0, 0, 0])).toBe(0.75);
  });

  it('takes typed arrays', () => {
    expect(accuracy(Int32Array.from([0, 1, 2, 3]), Int32Array.from([0, 2, 1, 3]))).toBe(0.5);
  });
});

describe('macro F1', () => {
  it("matches scikit-learn's f1_score(average='macro') example", () => {
    // f1_score(y_true=[0, 1, 2, 0, 1, 2], y_pred=[0, 2, 1, 0, 0, 1], average='macro') -> 0.26666...
    // (per class, average=None: [0.8, 0, 0])
    expect(macroF1([0, 1, 2, 0, 1, 2], [0, 2, 1, 0, 0, 1])).toBeCloseTo(0.26666666666666666, 15);
  });

  it('counts 0 for a class with no predicted rows and for a class with no true rows', () => {
    // class 0: F1 1; class 1 is never predicted: 0; class 2 is predicted but never true: 0.
    expect(macroF1([0, 0, 1, 1], [0, 0, 2, 2])).toBeCloseTo(1 / 3, 15);
  });

  it('leaves out a class code that appears in neither the truths nor the predictions', () => {
    // code 1 is absent from these rows: the classes are 0 and 2, both perfect.
    expect(macroF1([0, 2, 2], [0, 2, 2])).toBe(1);
  });

  it('all-same predictions: only the predicted class scores', () => {
    // class 0: TP 2, 4 predicted, 2 true -> 4/6; class 1: never predicted -> 0.
    expect(macroF1([0, 1, 0, 1], [0, 0, 0, 0])).toBeCloseTo(1 / 3, 15);
  });

  it('handles many classes', () => {
    const truth = Array.from({ length: 100 }, (_, i) => i % 10);
    expect(macroF1(truth, truth)).toBe(1);
  });
});

/** AUC by its definition, over every (positive, negative) pair. */
function pairwiseAuc(truth: number[], scores: number[]): number {
  let wins = 0;
  let pairs = 0;
  truth.forEach((t, i) => {
    if (t !== 1) return;
    truth.forEach((u, j) => {
      if (u !== 0) return;
      pairs++;
      const a = scores[i] as number;
      const b = scores[j] as number;
      wins += a > b ? 1 : a === b ? 0.5 : 0;
    });
  });
  return wins / pairs;
}

describe('ROC AUC', () => {
  it("matches scikit-learn's roc_auc_score example", () => {
    // roc_auc_score(y_true=[0, 0, 1, 1], y_score=[0.1, 0.4, 0.35, 0.8]) -> 0.75
    expect(rocAuc([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])).toBe(0.75);
  });

  it('gives tied scores their average rank', () => {
    // the positive at 0.5 ties both negatives (2 × 1/2), the one at 0.8 beats both: 3 of 4 pairs.
    expect(rocAuc([0, 0, 1, 1], [0.5, 0.5, 0.5, 0.8])).toBe(0.75);
    // all-same scores: every pair is a tie.
    expect(rocAuc([0, 1, 0, 1, 1], [0.3, 0.3, 0.3, 0.3, 0.3])).toBe(0.5);
  });

  it('is 1 for a perfect ranking and 0 for a reversed one, whatever the row order', () => {
    expect(rocAuc([1, 0, 1, 0], [0.9, 0.1, 0.8, 0.2])).toBe(1);
    expect(rocAuc([1, 0, 1, 0], [0.1, 0.9, 0.2, 0.8])).toBe(0);
  });

  it('equals the pairwise definition on random data with many ties', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    for (let round = 0; round < 20; round++) {
      const truth = Array.from({ length: 60 }, () => (random() < 0.4 ? 1 : 0));
      truth[0] = 1;
      truth[1] = 0;
      const scores = truth.map(() => Math.round(random() * 10) / 10);
      expect(rocAuc(truth, scores)).toBeCloseTo(pairwiseAuc(truth, scores), 12);
    }
  });

  it('refuses rows of one class only', () => {
    expect(() => rocAuc([1, 1], [0.2, 0.4])).toThrow('both classes');
  });
});

describe('log loss', () => {
  it("matches scikit-learn's log_loss example", () => {
    // log_loss(["spam", "ham", "ham", "spam"], [[.1, .9], [.9, .1], [.8, .2], [.35, .65]]) -> 0.21616...
    // The columns are the classes in sorted order (ham, spam): spam is class 1, its probability the
    // second column.
    expect(logLoss([1, 0, 0, 1], [0.9, 0.1, 0.2, 0.65])).toBeCloseTo(0.21616187468057912, 14);
  });

  it('clips probabilities of 0 and 1 to [1e-15, 1 - 1e-15]', () => {
    expect(LOG_LOSS_EPS).toBe(1e-15);
    // a certain, wrong answer costs -log(1e-15) ≈ 34.54, not infinity
    expect(logLoss([1], [0])).toBeCloseTo(-Math.log(1e-15), 12);
    // (for class 0 the cost is -log(1 - clipped p); 1 - (1 - 1e-15) is 1e-15 to within float rounding)
    expect(logLoss([0], [1])).toBeCloseTo(-Math.log(1 - (1 - 1e-15)), 12);
    expect(logLoss([0], [1])).toBeCloseTo(34.54, 2);
    // a certain, right answer costs -log(1 - 1e-15), just above 0
    expect(logLoss([1, 0], [1, 0])).toBeCloseTo(-Math.log(1 - 1e-15), 25);
    expect(logLoss([1, 0], [1, 0])).toBeGreaterThan(0);
    expect(Number.isFinite(logLoss([1, 0, 1], [0, 1, 0]))).toBe(true);
  });

  it('all-same predictions of one half cost log 2', () => {
    expect(logLoss([0, 1, 1, 0], [0.5, 0.5, 0.5, 0.5])).toBeCloseTo(Math.LN2, 15);
  });
});

describe('RMSE and MAE', () => {
  // mean_squared_error(y_true=[3, -0.5, 2, 7], y_pred=[2.5, 0.0, 2, 8]) -> 0.375
  // root_mean_squared_error(same) -> 0.612... ; mean_absolute_error(same) -> 0.5
  const truth = [3, -0.5, 2, 7];
  const predictions = [2.5, 0.0, 2, 8];

  it("RMSE is the root of scikit-learn's mean_squared_error example (0.375)", () => {
    expect(rmse(truth, predictions) ** 2).toBeCloseTo(0.375, 15);
    expect(rmse(truth, predictions)).toBeCloseTo(0.6123724356957945, 15);
  });

  it("MAE matches scikit-learn's mean_absolute_error example", () => {
    expect(mae(truth, predictions)).toBe(0.5);
  });

  it('are 0 for perfect predictions and take all-same predictions', () => {
    expect(rmse([1, 2], [1, 2])).toBe(0);
    expect(mae([1, 2, 3], [2, 2, 2])).toBeCloseTo(2 / 3, 15);
    expect(rmse([1, 2, 3], [2, 2, 2])).toBeCloseTo(Math.sqrt(2 / 3), 15);
  });
});

describe('the metric list', () => {
  it('gives each metric its direction and input', () => {
    expect(METRICS.accuracy).toMatchObject({ direction: 'higher', input: 'labels' });
    expect(METRICS.macro_f1).toMatchObject({ direction: 'higher', input: 'labels' });
    expect(METRICS.roc_auc).toMatchObject({ direction: 'higher', input: 'probabilities' });
    expect(METRICS.log_loss).toMatchObject({ direction: 'lower', input: 'probabilities' });
    expect(METRICS.rmse).toMatchObject({ direction: 'lower', input: 'numbers' });
    expect(METRICS.mae).toMatchObject({ direction: 'lower', input: 'numbers' });
  });

  it('ranks by direction', () => {
    expect(isBetter('accuracy', 0.9, 0.8)).toBe(true);
    expect(isBetter('rmse', 0.9, 0.8)).toBe(false);
    expect(isBetter('rmse', 0.5, 0.5)).toBe(false);
  });

  it('computes by name and knows its names', () => {
    expect(computeMetric('mae', [3, -0.5, 2, 7], [2.5, 0.0, 2, 8])).toBe(0.5);
    expect(isMetricName('roc_auc')).toBe(true);
    expect(isMetricName('toString')).toBe(false);
  });

  it('refuses misaligned or empty rows', () => {
    expect(() => accuracy([1, 2], [1])).toThrow(RangeError);
    expect(() => mae([], [])).toThrow('no rows');
  });
});
