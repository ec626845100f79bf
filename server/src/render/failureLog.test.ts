import { createFailureLog, errorReason } from './failureLog';

describe('failure log', () => {
  it('reports each remote at most once per interval', () => {
    const lines: string[] = [];
    let now = 1_000;
    const report = createFailureLog(
      (line) => lines.push(line),
      60_000,
      () => now,
    );
    report('compass', new Error('Loading compass/CompassPage took longer than 1000 ms\n    at stack'));
    report('compass', new Error('again'));
    report('stories', 'not an Error');
    now += 60_000;
    report('compass', new Error('a minute later'));
    expect(lines).toEqual([
      'Server rendering: compass is left to the browser (Loading compass/CompassPage took longer than 1000 ms)',
      'Server rendering: stories is left to the browser (not an Error)',
      'Server rendering: compass is left to the browser (a minute later)',
    ]);
  });

  it('says an error by its first line', () => {
    expect(errorReason(new Error('first\nsecond'))).toBe('first');
    expect(errorReason(new Error(''))).toBe('unknown error');
    expect(errorReason(42)).toBe('42');
  });
});
