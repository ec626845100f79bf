/** The longest run of non-space characters laid out as one piece; longer runs get break opportunities. */
export const MAX_UNBROKEN_RUN = 48;

const LONG_RUN = new RegExp(`\\S{${MAX_UNBROKEN_RUN + 1},}`, 'gu');
/** Characters that belong to the one before them: a low surrogate, a combining mark, a joiner. */
const CONTINUES = /^(?:[\uDC00-\uDFFF]|\p{M}|\u200C|\u200D|\uFE0E|\uFE0F)/u;
const JOINER = '\u200D';

/** Whether the text may be cut before index `cut` without splitting what belongs together. */
function canCutAt(text: string, cut: number) {
  return !CONTINUES.test(text.slice(cut, cut + 1)) && text[cut - 1] !== JOINER;
}

/**
 * Splits text into pieces between which a break opportunity (`<wbr>`) may go, so that no run of
 * non-space characters in one piece is longer than `maxRun`. Chromium lays out a very long word
 * in a wrapping paragraph in quadratic time: a 100,000-character word took 15–23 s at 390 px, and
 * the same word with a break opportunity every 48 characters takes 0.2 s. Joined, the pieces are
 * the text again (nothing is hidden or lost), and a piece never splits a character, a combining
 * mark from its letter, or a joined emoji. Ordinary text is returned as one piece.
 */
export function splitLongWords(text: string, maxRun = MAX_UNBROKEN_RUN): string[] {
  if (text.length <= maxRun) return [text];
  const pattern = maxRun === MAX_UNBROKEN_RUN ? LONG_RUN : new RegExp(`\\S{${maxRun + 1},}`, 'gu');
  const pieces: string[] = [];
  let pieceStart = 0;
  for (const match of text.matchAll(pattern)) {
    const runEnd = match.index + match[0].length;
    let cut = match.index + maxRun;
    while (cut < runEnd) {
      while (cut < runEnd && !canCutAt(text, cut)) cut++;
      if (cut >= runEnd) break;
      pieces.push(text.slice(pieceStart, cut));
      pieceStart = cut;
      cut += maxRun;
    }
  }
  pieces.push(text.slice(pieceStart));
  return pieces;
}
