import { useEffect, type RefObject } from 'react';
import { initialTypingState, nextTypingStep, typedText, type TypingState } from './typingEffect';

/**
 * The animated placeholder of a text field: the example phrases typed and deleted one character at a
 * time while `running` is true, written straight to the field's placeholder. A character every 50-100 ms
 * through React would render the field (and compute its styles) ten times a second for nothing else;
 * the field's placeholder is the only thing that changes. Returns the placeholder to render: the
 * animation's first frame while running, else `staticPlaceholder`, which React puts back once the
 * animation stops for good.
 */
export function useTypingPlaceholder(
  field: RefObject<HTMLInputElement | HTMLTextAreaElement | null>,
  phrases: readonly string[],
  running: boolean,
  staticPlaceholder: string,
): string {
  useEffect(() => {
    const element = field.current;
    if (!running || phrases.length === 0 || !element) return undefined;
    let state: TypingState = initialTypingState;
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      const { delay, next } = nextTypingStep(state, phrases);
      timer = setTimeout(() => {
        state = next;
        element.placeholder = typedText(state, phrases);
        schedule();
      }, delay);
    };
    schedule();
    return () => clearTimeout(timer);
  }, [field, running, phrases]);

  return running ? typedText(initialTypingState, phrases) : staticPlaceholder;
}
