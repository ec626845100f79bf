import type { MouseEvent, ReactElement } from 'react';
import { useDialogs } from './DialogsProvider';
import { DIALOG_PARAM, DIALOG_URL_NAMES } from './dialogUrl';
import type { ShellDialog } from './dialogCopy';
import { SamePageForm } from './SamePageForm';
import { loadShellDialogs } from './lazyShellDialogs';

export interface OpenerButtonProps {
  type: 'submit';
  name: string;
  value: string;
  onClick: (event: MouseEvent<HTMLButtonElement>) => void;
  /** The dialog and its forms start loading as the pointer or focus reaches the opener. */
  onPointerEnter: () => void;
  onFocus: () => void;
}

const preloadForms = () => void loadShellDialogs().catch(() => undefined);

/**
 * A button that opens a shell dialog. It is the submit button of a small GET form to the same page
 * (its query string kept) carrying `dialog=<name>`, so without JavaScript it reloads the page with the
 * dialog open, rendered by the server with its native form. With JavaScript the click opens the dialog
 * as it always did and the submit never happens.
 */
export function DialogOpener({
  dialog,
  children,
}: {
  dialog: ShellDialog;
  /** Renders the button with these props. */
  children: (button: OpenerButtonProps) => ReactElement;
}) {
  const { openDialog } = useDialogs();
  return (
    <SamePageForm>
      {children({
        type: 'submit',
        name: DIALOG_PARAM,
        value: DIALOG_URL_NAMES[dialog],
        onClick: (event) => {
          event.preventDefault();
          openDialog(dialog);
        },
        onPointerEnter: preloadForms,
        onFocus: preloadForms,
      })}
    </SamePageForm>
  );
}
