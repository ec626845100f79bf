/** The shell's dialogs (their titles and subtitles: ShellDialogs.tsx): Log In (header, mobile menu), post-challenge (POST CHALLENGE, footer Contact), sign-up. */
export type ShellDialog = 'login' | 'contact' | 'signup';

export const SHELL_DIALOGS: readonly ShellDialog[] = ['login', 'contact', 'signup'];
