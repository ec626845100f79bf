import { Suspense, useState } from 'react';
import { onDemand } from '../lazy/onDemand';
import type { DialogProps } from './Dialog';

/**
 * The modal dialog's code (Dialog.tsx, about 1 KB gzip) in a chunk of its own: most visits open no
 * dialog. It loads when a dialog first opens (an opener may preload it on intent); a page the server
 * rendered with a dialog open (its URL names it) loads it before hydrating, and until then hydration
 * keeps the server's dialog as it is.
 */
const dialogCode = onDemand(() => import(/* webpackChunkName: "dialog" */ './Dialog'));

export const preloadDialog = dialogCode.preload;

function LoadedDialog(props: DialogProps) {
  const { Dialog: ModalDialog } = dialogCode.useModule();
  return <ModalDialog {...props} />;
}

/**
 * A modal dialog (Dialog.tsx) that renders nothing until it is first opened, on the server too, and
 * stays mounted (closed) once it has been, so opening it again needs no loading. An opener's
 * aria-controls may name it while it is absent: with aria-expanded="false" the reference may be.
 */
export function Dialog(props: DialogProps) {
  const [opened, setOpened] = useState(props.open);
  // Derived from the props during render (React's pattern for "remembering" a previous prop).
  if (props.open && !opened) setOpened(true);
  if (!opened && !props.open) return null;
  return (
    <Suspense fallback={null}>
      <LoadedDialog {...props} />
    </Suspense>
  );
}
