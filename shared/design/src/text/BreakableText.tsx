import { Fragment } from 'react';
import { splitLongWords } from './splitLongWords';

/**
 * Text from data that may hold a very long word (a pasted URL, a hash, a hostile value): rendered
 * as it is, with a `<wbr>` every few dozen characters of such a word so it wraps in linear time.
 * Copying the text gives it back unchanged.
 */
export function BreakableText({ text }: { text: string }) {
  const pieces = splitLongWords(text);
  if (pieces.length === 1) return <>{text}</>;
  return (
    <>
      {pieces.map((piece, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {piece}
        </Fragment>
      ))}
    </>
  );
}
