import {
  DELETE_CHAR_MS,
  FULL_PHRASE_PAUSE_MS,
  NEXT_PHRASE_DELAY_MS,
  TYPE_CHAR_MS,
  initialTypingState,
  nextTypingStep,
  typedText,
  type TypingState,
} from './typingEffect';
import { EXAMPLE_PHRASES, isExamplePhrase } from './examplePhrases';

const phrases = ['abc', 'de'];

function run(steps: number) {
  let state: TypingState = initialTypingState;
  const trace: Array<{ delay: number; text: string }> = [];
  for (let i = 0; i < steps; i++) {
    const { delay, next } = nextTypingStep(state, phrases);
    state = next;
    trace.push({ delay, text: typedText(state, phrases) });
  }
  return trace;
}

describe('typing effect steps', () => {
  it('types, pauses, deletes, waits, then moves to the next phrase and wraps around', () => {
    expect(run(16)).toEqual([
      { delay: TYPE_CHAR_MS, text: 'a' },
      { delay: TYPE_CHAR_MS, text: 'ab' },
      { delay: TYPE_CHAR_MS, text: 'abc' },
      { delay: FULL_PHRASE_PAUSE_MS, text: 'abc' },
      { delay: DELETE_CHAR_MS, text: 'ab' },
      { delay: DELETE_CHAR_MS, text: 'a' },
      { delay: DELETE_CHAR_MS, text: '' },
      { delay: NEXT_PHRASE_DELAY_MS, text: '' },
      { delay: TYPE_CHAR_MS, text: 'd' },
      { delay: TYPE_CHAR_MS, text: 'de' },
      { delay: FULL_PHRASE_PAUSE_MS, text: 'de' },
      { delay: DELETE_CHAR_MS, text: 'd' },
      { delay: DELETE_CHAR_MS, text: '' },
      { delay: NEXT_PHRASE_DELAY_MS, text: '' },
      { delay: TYPE_CHAR_MS, text: 'a' },
      { delay: TYPE_CHAR_MS, text: 'ab' },
    ]);
  });

  it('uses the product timings', () => {
    expect([TYPE_CHAR_MS, DELETE_CHAR_MS, FULL_PHRASE_PAUSE_MS, NEXT_PHRASE_DELAY_MS]).toEqual([
      100, 50, 1500, 500,
    ]);
  });
});

describe('example phrases', () => {
  it('has 8 distinct phrases per challenge type', () => {
    expect(EXAMPLE_PHRASES.hiring).toHaveLength(8);
    expect(EXAMPLE_PHRASES.bottleneck).toHaveLength(8);
    const all = [...EXAMPLE_PHRASES.hiring, ...EXAMPLE_PHRASES.bottleneck];
    expect(new Set(all).size).toBe(16);
  });

  it('recognises a text equal to a phrase, and nothing else', () => {
    expect(isExamplePhrase(EXAMPLE_PHRASES.bottleneck[0] as string)).toBe(true);
    expect(isExamplePhrase(`${EXAMPLE_PHRASES.bottleneck[0]} and more`)).toBe(false);
    expect(isExamplePhrase('')).toBe(false);
  });
});
