import { useQuery } from '@side-quest/data/query';
import { getQueryFn } from '../http/queryFn';

/**
 * The kinds of optional mail, each with a switch on /account (on until the person turns it off) and a
 * one-click unsubscribe in every message of that kind. The preferences are stored one row per kind, so
 * a new kind (interview requests, issue 46) needs no migration.
 */
export const OPTIONAL_MAIL_KINDS = [
  'bounty-alerts',
  'talent-updates',
  'team-notices',
  'interview-requests',
] as const;
export type OptionalMailKind = (typeof OPTIONAL_MAIL_KINDS)[number];

export function isOptionalMailKind(value: unknown): value is OptionalMailKind {
  return OPTIONAL_MAIL_KINDS.includes(value as OptionalMailKind);
}

/** What each switch is called on /account and what it covers. */
export const OPTIONAL_MAIL_TEXT: Record<OptionalMailKind, { label: string; description: string }> = {
  'bounty-alerts': {
    label: 'Bounty alerts',
    description: 'Digests of new bounties matching the searches you keep as alerts.',
  },
  'talent-updates': {
    label: 'Updates on your submissions',
    description:
      'A submission of yours not accepted, the final leaderboard of a scored bounty you entered, and the winners of a bounty you entered.',
  },
  'team-notices': {
    label: 'Team notices',
    description:
      'For sponsor teams: a new submission to review, and a bounty of yours that staff did not approve.',
  },
  'interview-requests': {
    label: 'Interview requests',
    description: 'A verified sponsor asking to talk with you about a role.',
  },
};

/** The mail that always goes, whatever the switches say: the page lists it. */
export const ALWAYS_SENT_MAIL = [
  'Sign-in codes and invitations to a sponsor team.',
  'A prize payment recorded to you (to confirm it arrived), its confirmation, and a payment case resolved.',
  'Reminders that judging or a payment is overdue, to every member of the sponsor team that owes it.',
] as const;

export type MailSwitches = Record<OptionalMailKind, boolean>;

/** GET /api/account/mail: the switches, rendered into /account by the server. */
export interface MailPreferencesView {
  switches: MailSwitches;
}

export const MAIL_PREFERENCES_KEY = ['/api/account/mail'] as const;

/** The form that saves the switches: one checkbox per kind, named by the kind. Answers 303 to /account. */
export const MAIL_PREFERENCES_FORM = '/account/mail';

const fetchPreferences = getQueryFn<MailPreferencesView>({ on401: 'returnNull' });

/** The mail switches: rendered by the server; fetched only on a page the browser rendered alone. */
export function useMailPreferences() {
  return useQuery({ queryKey: MAIL_PREFERENCES_KEY, queryFn: fetchPreferences, staleTime: Infinity });
}
