import {
  COST_MAX,
  COST_MIN,
  DEFAULT_COST_POSITION,
  costToPosition,
  formatCost,
  positionToCost,
} from './costScale';

describe('cost slider scale', () => {
  it('spans 50,000 to 10,000,000 over positions 0 to 100', () => {
    expect(positionToCost(0)).toBe(COST_MIN);
    expect(positionToCost(100)).toBe(COST_MAX);
  });

  it('is logarithmic: the midpoint is the geometric mean, equal steps multiply by the same factor', () => {
    expect(positionToCost(50)).toBe(Math.round(Math.sqrt(COST_MIN * COST_MAX)));
    const factor = positionToCost(11) / positionToCost(10);
    expect(positionToCost(71) / positionToCost(70)).toBeCloseTo(factor, 3);
  });

  it('rises with every position', () => {
    const costs = Array.from({ length: 101 }, (_, position) => positionToCost(position));
    costs.slice(1).forEach((cost, index) => expect(cost).toBeGreaterThan(costs[index] as number));
  });

  it('starts at the position whose cost displays as $100K', () => {
    expect(DEFAULT_COST_POSITION).toBe(13);
    expect(formatCost(positionToCost(DEFAULT_COST_POSITION))).toBe('$100K');
  });

  it('maps costs back to positions and clamps out-of-range input', () => {
    expect(costToPosition(COST_MIN)).toBe(0);
    expect(costToPosition(COST_MAX)).toBe(100);
    expect(costToPosition(1)).toBe(0);
    expect(costToPosition(1e9)).toBe(100);
    expect(positionToCost(-5)).toBe(COST_MIN);
    expect(positionToCost(500)).toBe(COST_MAX);
  });
});

describe('formatCost', () => {
  it.each([
    [10_000_000, '$10M+'],
    [25_000_000, '$10M+'],
    [9_484_000, '$9.5M'],
    [1_500_000, '$1.5M'],
    [1_000_000, '$1.0M'],
    [999_700, '$1.0M'],
    [100_000, '$100K'],
    [99_565, '$100K'],
    [50_000, '$50K'],
    [1_000, '$1K'],
    [999, '$999'],
    [0, '$0'],
  ])('shows %p as %p', (dollars, text) => {
    expect(formatCost(dollars)).toBe(text);
  });
});
