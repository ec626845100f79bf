/** Typing effect timings (mfe-clients/README.md, "Typing effect"). */
export const TYPE_CHAR_MS = 100;
export const DELETE_CHAR_MS = 50;
export const FULL_PHRASE_PAUSE_MS = 1500;
export const NEXT_PHRASE_DELAY_MS = 500;

export interface TypingState {
  phraseIndex: number;
  /** How many characters of the phrase are shown. */
  length: number;
  deleting: boolean;
}

export const initialTypingState: TypingState = { phraseIndex: 0, length: 0, deleting: false };

/**
 * One step of the typing animation and how long to wait before taking it: type a character every
 * 100 ms, hold the full phrase 1500 ms, delete a character every 50 ms, wait 500 ms, next phrase.
 */
export function nextTypingStep(
  state: TypingState,
  phrases: readonly string[],
): { delay: number; next: TypingState } {
  const phrase = phrases[state.phraseIndex % phrases.length] ?? '';
  if (!state.deleting) {
    if (state.length < phrase.length)
      return { delay: TYPE_CHAR_MS, next: { ...state, length: state.length + 1 } };
    return { delay: FULL_PHRASE_PAUSE_MS, next: { ...state, deleting: true } };
  }
  if (state.length > 0) return { delay: DELETE_CHAR_MS, next: { ...state, length: state.length - 1 } };
  return {
    delay: NEXT_PHRASE_DELAY_MS,
    next: { phraseIndex: (state.phraseIndex + 1) % phrases.length, length: 0, deleting: false },
  };
}

export function typedText(state: TypingState, phrases: readonly string[]): string {
  return (phrases[state.phraseIndex % phrases.length] ?? '').slice(0, state.length);
}
