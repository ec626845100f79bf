import { MAX_UNBROKEN_RUN, splitLongWords } from './splitLongWords';

function longestRun(piece: string) {
  return Math.max(0, ...piece.split(/\s/u).map((word) => word.length));
}

describe('splitLongWords', () => {
  it('returns ordinary text as one piece', () => {
    const text = 'Build a React dashboard for a logistics company.\nDeadline: two weeks.';
    expect(splitLongWords(text)).toEqual([text]);
    expect(splitLongWords('')).toEqual(['']);
  });

  it('cuts a 100,000-character word into pieces of at most the limit, losing nothing', () => {
    const word = 'A'.repeat(100_000);
    const pieces = splitLongWords(`before ${word} after`);
    expect(pieces.join('')).toBe(`before ${word} after`);
    expect(pieces.length).toBeGreaterThan(100_000 / MAX_UNBROKEN_RUN);
    for (const piece of pieces) expect(longestRun(piece)).toBeLessThanOrEqual(MAX_UNBROKEN_RUN);
  });

  it('leaves words at the limit alone and breaks the ones past it', () => {
    const atLimit = 'x'.repeat(MAX_UNBROKEN_RUN);
    expect(splitLongWords(`${atLimit} ${atLimit}`)).toEqual([`${atLimit} ${atLimit}`]);
    const url = `https://example.com/${'path/'.repeat(20)}`;
    const pieces = splitLongWords(`see ${url} now`);
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join('')).toBe(`see ${url} now`);
    expect(pieces[0]).toBe(`see ${url.slice(0, MAX_UNBROKEN_RUN)}`);
  });

  it('never splits a surrogate pair, a combining mark or a joined emoji from what it belongs to', () => {
    const emoji = '👩‍💻'; // woman, zero-width joiner, laptop: five UTF-16 units
    const accented = 'e\u0301'; // e and a combining acute accent
    for (const unit of [emoji, accented, '😀', 'ب\u064E']) {
      const text = unit.repeat(200);
      for (const maxRun of [3, 4, 5, 7, 48]) {
        const pieces = splitLongWords(text, maxRun);
        expect(pieces.join('')).toBe(text);
        for (const piece of pieces) {
          expect(piece).not.toMatch(/^[\uDC00-\uDFFF\p{M}\u200D]/u);
          expect(piece).not.toMatch(/[\uD800-\uDBFF\u200D]$/u);
        }
      }
    }
  });
});
