import { onDemand, preloadDialog } from '@side-quest/design';
import type { ShellDialogsProps } from './ShellDialogs';

/**
 * The shell's dialogs and their forms (about 3.5 KB gzip that no page needs until a dialog opens), with
 * the modal dialog's own code. Loaded when an opener is pointed at or focused, on first opening, and
 * before hydrating a page whose URL opened a dialog (the server rendered it open).
 */
const shellDialogs = onDemand(() => import(/* webpackChunkName: "dialog-forms" */ './ShellDialogs'));

export function loadShellDialogs(): Promise<unknown> {
  return Promise.all([shellDialogs.preload(), preloadDialog()]);
}

export function LazyShellDialogs(props: ShellDialogsProps) {
  const { ShellDialogs } = shellDialogs.useModule();
  return <ShellDialogs {...props} />;
}
