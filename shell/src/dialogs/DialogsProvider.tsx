import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { Dialog } from '@side-quest/design';
import { DIALOG_COPY, SHELL_DIALOGS, type ShellDialog } from './dialogCopy';
import { DialogForm } from './DialogForm';
import { EMPTY_VALUES, type FallbackValues } from './fallbackSubmission';

export { DIALOG_COPY, type ShellDialog } from './dialogCopy';

interface DialogsApi {
  openDialog: (dialog: ShellDialog) => void;
  closeDialog: () => void;
}

const DialogsContext = createContext<DialogsApi | null>(null);

const EMPTY_DRAFTS: Record<ShellDialog, FallbackValues> = {
  login: EMPTY_VALUES,
  contact: EMPTY_VALUES,
  signup: EMPTY_VALUES,
};

/**
 * The shell's dialogs (shell/README.md, "Dialogs"): one open at a time, opened from the header, footer,
 * mobile menu or landing page. What a visitor typed into a fallback form survives closing the dialog
 * until it has been sent.
 */
export function DialogsProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<ShellDialog | null>(null);
  const [drafts, setDrafts] = useState(EMPTY_DRAFTS);
  const closeDialog = useCallback(() => setOpen(null), []);
  const api = useMemo<DialogsApi>(() => ({ openDialog: setOpen, closeDialog }), [closeDialog]);

  return (
    <DialogsContext.Provider value={api}>
      {children}
      {SHELL_DIALOGS.map((dialog) => (
        <Dialog
          key={dialog}
          open={open === dialog}
          onClose={closeDialog}
          title={DIALOG_COPY[dialog].title}
          subtitle={DIALOG_COPY[dialog].subtitle}
        >
          <DialogForm
            dialog={dialog}
            draft={drafts[dialog]}
            onDraftChange={(values) => setDrafts((current) => ({ ...current, [dialog]: values }))}
            onSubmitted={() => setDrafts((current) => ({ ...current, [dialog]: EMPTY_VALUES }))}
            onClose={closeDialog}
          />
        </Dialog>
      ))}
    </DialogsContext.Provider>
  );
}

export function useDialogs(): DialogsApi {
  const api = useContext(DialogsContext);
  if (!api) throw new Error('useDialogs must be used inside <DialogsProvider>');
  return api;
}
