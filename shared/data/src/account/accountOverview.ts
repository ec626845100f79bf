import { useQuery } from '@side-quest/data/query';
import { getQueryFn } from '../http/queryFn';
import type { Profile, ProfileErrors, ProfileFields } from './profile';

/** Everything the account page shows, from GET /api/account (the server renders it into the page). */
export interface AccountOverview {
  email: string;
  /** When the account was made (ISO 8601). */
  memberSince: string;
  profile: Profile;
  /** The skills a profile may name: the ones the bounties use, alphabetically. */
  skillOptions: string[];
  passkeys: Array<{ id: string; name: string; createdAt: string }>;
  /** The person's signed-in sessions, this one first; the id is not the session's secret token. */
  sessions: Array<{ id: string; current: boolean; createdAt: string; device: string }>;
}

export const ACCOUNT_KEY = ['/api/account'] as const;

/**
 * A form of the account page that came back with problems (posted without a script or with one): what
 * was typed and what is wrong, rendered into the page's cache by the server, never into the URL.
 */
export interface ProfileFormReturn {
  values: ProfileFields;
  errors: ProfileErrors;
}

export const PROFILE_FORM_KEY = ['account', 'profile-form'] as const;

/** The account page's forms, each posted by the browser and answered with a 303 back to /account. */
export const ACCOUNT_FORMS = {
  profile: '/account/profile',
  revokeSession: '/account/sessions/revoke',
  signOutEverywhere: '/account/sessions/revoke-all',
  deletePasskey: '/account/passkeys/delete',
  deleteAccount: '/account/delete',
} as const;

/** Download my data: a JSON file of everything stored about the signed-in person. */
export const ACCOUNT_EXPORT_PATH = '/api/account/export';

/** The word typed to confirm deleting the account. */
export const DELETE_CONFIRMATION = 'DELETE';

/** The delete form sent back: why the account was not deleted. */
export const DELETE_FORM_KEY = ['account', 'delete-form'] as const;

/** `/account?done=…`: what the last form changed, said once at the top of the page. */
export const ACCOUNT_DONE_PARAM = 'done';
export const ACCOUNT_DONE_MESSAGES = {
  profile: 'Your profile is saved.',
  'session-revoked': 'That session is signed out.',
  'signed-out-elsewhere': 'Every other session is signed out.',
  'passkey-added': 'Your passkey is added. You can sign in with it from now on.',
  'passkey-deleted': 'The passkey is removed.',
  mail: 'Your e-mail choices are saved.',
} as const;

export function accountDoneMessage(code: string | null): string | null {
  return code && Object.hasOwn(ACCOUNT_DONE_MESSAGES, code)
    ? ACCOUNT_DONE_MESSAGES[code as keyof typeof ACCOUNT_DONE_MESSAGES]
    : null;
}

const fetchOverview = getQueryFn<AccountOverview>({ on401: 'returnNull' });

/** The account page's data: rendered by the server; fetched only on a page the browser rendered alone. */
export function useAccountOverview() {
  return useQuery({ queryKey: ACCOUNT_KEY, queryFn: fetchOverview, staleTime: Infinity });
}
