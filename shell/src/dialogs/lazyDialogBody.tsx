import { onDemand } from '../startup/onDemand';
import type { DialogBodyProps } from './DialogBody';

/**
 * The dialogs' forms (about 3 KB gzip that no page needs until a dialog opens). Loaded when an opener is
 * pointed at or focused, on first opening, and before hydrating a page whose URL opened a dialog (the
 * server rendered it open).
 */
const dialogForms = onDemand(() => import(/* webpackChunkName: "dialog-forms" */ './DialogBody'));

export const loadDialogBody = dialogForms.preload;

/** The dialog's body, rendered at once when its code is in, else suspended (the dialog shows its placeholder). */
export function LazyDialogBody(props: DialogBodyProps) {
  const { DialogBody } = dialogForms.useModule();
  return <DialogBody {...props} />;
}
