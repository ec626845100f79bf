import { useEffect, useState } from 'react';
import { initialTypingState, nextTypingStep, typedText, type TypingState } from './typingEffect';

/**
 * The animated placeholder: the example phrases typed and deleted one character at a time while
 * `running` is true. Once it turns false the timer stops and the hook returns null, so the caller
 * shows its static placeholder.
 */
export function useTypingPlaceholder(phrases: readonly string[], running: boolean): string | null {
  const [state, setState] = useState<TypingState>(initialTypingState);

  useEffect(() => {
    if (!running || phrases.length === 0) return undefined;
    const { delay, next } = nextTypingStep(state, phrases);
    const timer = setTimeout(() => setState(next), delay);
    return () => clearTimeout(timer);
  }, [running, phrases, state]);

  return running ? typedText(state, phrases) : null;
}
