import { css } from 'styled-components';
import { theme } from '../theme';

/*
 * Style fragments for the rows of a RowList page (alerts, interview requests), shared by the shell and
 * the remotes. Fragments, not styled components: a component defined in this subpath would get a
 * counter-based class name that differs between the server and the browser (it is evaluated after the
 * package's entry), while each app's own `styled.div\`${rowBody}\`` gets its id from the app's build.
 */

/** A row's body: its heading, text and forms one under another, across the whole row. */
export const rowBody = css`
  flex: 1 1 100%;
  display: flex;
  flex-direction: column;
  gap: ${theme.space(3)};
  h3,
  p {
    margin: 0;
  }
`;

/** Fields side by side, each at least 12rem, wrapping to one a line on a phone. */
export const fieldRow = css`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space(3)};
  align-items: flex-end;
  > * {
    flex: 1 1 12rem;
  }
`;

/** Buttons and small forms side by side, wrapping. */
export const actionRow = css`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space(3)};
  align-items: center;
`;

/** A checkbox and its label as one touch-sized target. */
export const checkLabel = css`
  display: flex;
  align-items: center;
  gap: ${theme.space(2)};
  min-height: 44px;
  input {
    width: 1.25rem;
    height: 1.25rem;
    accent-color: ${theme.color.accent};
  }
`;

/**
 * A run's output in a `<pre>`: kept as written (no wrapping, so columns line up), scrolling inside its own
 * box at most 20rem high and never wider than its row, so a long log cannot widen a phone's page.
 */
export const logOutput = css`
  margin: 0;
  max-height: 20rem;
  max-width: 100%;
  overflow: auto;
  padding: ${theme.space(3)};
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.medium};
  background: ${theme.color.surface};
  font-family: ${theme.font.mono};
  font-size: 0.8rem;
  white-space: pre;
`;
