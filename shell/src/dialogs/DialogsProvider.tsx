import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { Dialog } from '@side-quest/design';

export type ShellDialog = 'login' | 'contact' | 'signup';

interface DialogsApi {
  openDialog: (dialog: ShellDialog) => void;
  closeDialog: () => void;
}

const DialogsContext = createContext<DialogsApi | null>(null);

export const DIALOG_COPY: Record<ShellDialog, { title: string; subtitle: string }> = {
  login: {
    title: 'JOIN_SIDE_QUEST',
    subtitle: 'Sign up to receive notifications about new bounties and opportunities.',
  },
  contact: {
    title: 'POST_CHALLENGE',
    subtitle: 'Submit your challenge or bounty for talented individuals to solve.',
  },
  signup: {
    title: 'CREATE_ACCOUNT',
    subtitle: 'Create your account to get notified about new bounties and opportunities.',
  },
};

/** The shell's dialogs: one open at a time, opened from the header, footer, mobile menu or landing. */
export function DialogsProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<ShellDialog | null>(null);
  const closeDialog = useCallback(() => setOpen(null), []);
  const api = useMemo<DialogsApi>(() => ({ openDialog: setOpen, closeDialog }), [closeDialog]);

  return (
    <DialogsContext.Provider value={api}>
      {children}
      {(Object.keys(DIALOG_COPY) as ShellDialog[]).map((dialog) => (
        <Dialog
          key={dialog}
          open={open === dialog}
          onClose={closeDialog}
          title={DIALOG_COPY[dialog].title}
          subtitle={DIALOG_COPY[dialog].subtitle}
        >
          <div data-testid={`${dialog}-form`} />
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
