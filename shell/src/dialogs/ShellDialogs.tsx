import { Dialog } from '@side-quest/design';
import type { FormPostOutcome } from '@side-quest/data';
import { SHELL_DIALOGS, type ShellDialog } from './dialogCopy';
import { DialogBody } from './DialogBody';
import type { FallbackValues } from './fallbackValues';

/** Titles and subtitles (shell/README.md, "Dialogs"); the sign-up dialog's copy is ours. */
const DIALOG_COPY: Record<ShellDialog, { title: string; subtitle: string }> = {
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
    subtitle: 'Create your account with your e-mail address: we e-mail you a code, no password needed.',
  },
};

export interface ShellDialogsProps {
  open: ShellDialog | null;
  onClose: () => void;
  /** The page behind the dialogs (its path and query without the dialogs' parameters). */
  page: string;
  /** The dialog the page's URL opened, with the outcome of a post that came back. */
  fromUrl: { dialog: ShellDialog; outcome: FormPostOutcome | null } | null;
  drafts: Record<ShellDialog, FallbackValues>;
  onDraftChange: (dialog: ShellDialog, values: FallbackValues) => void;
  onSubmitted: (dialog: ShellDialog) => void;
}

/**
 * The shell's dialogs with their titles and forms (DialogsProvider holds their state): a chunk of its
 * own (lazyShellDialogs.tsx), which no page needs until a dialog opens.
 */
export function ShellDialogs({
  open,
  onClose,
  page,
  fromUrl,
  drafts,
  onDraftChange,
  onSubmitted,
}: ShellDialogsProps) {
  return SHELL_DIALOGS.map((dialog) => (
    <Dialog
      key={dialog}
      open={open === dialog}
      onClose={onClose}
      title={DIALOG_COPY[dialog].title}
      subtitle={DIALOG_COPY[dialog].subtitle}
    >
      <DialogBody
        dialog={dialog}
        page={page}
        fromUrl={fromUrl?.dialog === dialog ? { outcome: fromUrl.outcome } : null}
        draft={drafts[dialog]}
        onDraftChange={(values) => onDraftChange(dialog, values)}
        onSubmitted={() => onSubmitted(dialog)}
        onClose={onClose}
      />
    </Dialog>
  ));
}
