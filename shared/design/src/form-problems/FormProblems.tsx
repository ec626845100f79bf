import type { ReactNode } from 'react';
import { ErrorText } from '@side-quest/design';

/**
 * What a refused upload form came back with: its message and, when there are any, its problems (a file's
 * lines, a setup's files), announced together when they appear. `children` adds a note under them.
 */
export function FormProblems({
  message,
  problems,
  children,
}: {
  message: string;
  problems: readonly string[];
  children?: ReactNode;
}) {
  return (
    <div role="alert">
      <ErrorText>{message}</ErrorText>
      {problems.length > 0 && (
        <ul>
          {problems.map((problem, index) => (
            <li key={index}>{problem}</li>
          ))}
        </ul>
      )}
      {children}
    </div>
  );
}
