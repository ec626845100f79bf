import styled from 'styled-components';
import { logOutput, rowBody } from '../row-parts';

/*
 * The two styled parts of a test run, here rather than in the package's entry, which every page of every
 * app loads: only the test-scored pages need them. Their ids are given (componentId), so their class names
 * are the same on the server and in the browser although this subpath is bundled into each app and the
 * design package compiles without the styled-components plugin.
 */

/** A run's output (`logOutput`); give it `tabIndex={0}` and a label, so a keyboard can scroll its box. */
export const LogOutput = styled.pre.withConfig({ displayName: 'LogOutput', componentId: 'sq-log-output' })`
  ${logOutput}
`;

/** A test run's body in a row: `rowBody`, never wider than the row (a log's long line would widen a page). */
export const RunBody = styled.div.withConfig({ displayName: 'RunBody', componentId: 'sq-run-body' })`
  ${rowBody}
  /* A flex item is as wide as its widest line by default. */
  min-width: 0;
`;
