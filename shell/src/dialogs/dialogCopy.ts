/** The shell's dialogs: Log In (header, mobile menu), post-challenge (POST CHALLENGE, footer Contact), sign-up. */
export type ShellDialog = 'login' | 'contact' | 'signup';

export const SHELL_DIALOGS: readonly ShellDialog[] = ['login', 'contact', 'signup'];

/** Titles and subtitles (shell/README.md, "Dialogs"); the sign-up dialog's copy is ours. */
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
    subtitle: 'Create your account with your e-mail address: we e-mail you a code, no password needed.',
  },
};
