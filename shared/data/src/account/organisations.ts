import { useQuery } from '@side-quest/data/query';
import { getQueryFn } from '../http/queryFn';

/** A member's role in a sponsor organisation. */
export type OrganisationRole = 'owner' | 'admin' | 'member';

export const ORGANISATION_ROLES: readonly OrganisationRole[] = ['owner', 'admin', 'member'];

/**
 * What each role may do in its organisation (the rule): owner everything, plus delete and
 * transfer; admin members, publish, award, pay, cancel; member drafts, labels, scores, notes.
 */
export type OrganisationAction =
  | 'delete'
  | 'transfer'
  | 'manageMembers'
  | 'publish'
  | 'award'
  | 'pay'
  | 'cancel'
  | 'draft'
  | 'label'
  | 'score'
  | 'note';

const MEMBER_ACTIONS: readonly OrganisationAction[] = ['draft', 'label', 'score', 'note'];
const ADMIN_ACTIONS: readonly OrganisationAction[] = [
  ...MEMBER_ACTIONS,
  'manageMembers',
  'publish',
  'award',
  'pay',
  'cancel',
];
const OWNER_ACTIONS: readonly OrganisationAction[] = [...ADMIN_ACTIONS, 'delete', 'transfer'];

const ACTIONS: Record<OrganisationRole, ReadonlySet<OrganisationAction>> = {
  owner: new Set(OWNER_ACTIONS),
  admin: new Set(ADMIN_ACTIONS),
  member: new Set(MEMBER_ACTIONS),
};

/** Whether a member with `role` may do `action` in the organisation. */
export function organisationMay(role: OrganisationRole, action: OrganisationAction): boolean {
  return ACTIONS[role].has(action);
}

/** Which roles a member with `role` may give (or take away): only an owner makes owners. */
export function assignableRoles(role: OrganisationRole): OrganisationRole[] {
  if (role === 'owner') return ['owner', 'admin', 'member'];
  if (role === 'admin') return ['admin', 'member'];
  return [];
}

export const ORGANISATION_LIMITS = {
  nameMax: 80,
  slugMin: 3,
  slugMax: 40,
  logoMaxBytes: 512 * 1024,
} as const;

export interface OrganisationFields {
  name: string;
  slug: string;
  website: string;
}

export type OrganisationErrors = Partial<Record<keyof OrganisationFields | 'logo', string>>;

const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9]|-(?=[a-z0-9]))*$/;

/** Checks a new organisation's name, slug (its page's address) and website (https only). */
export function validateOrganisation(
  fields: OrganisationFields,
): { ok: true; value: OrganisationFields } | { ok: false; errors: OrganisationErrors } {
  const errors: OrganisationErrors = {};
  const name = fields.name.trim().replace(/\s+/g, ' ');
  if (!name) errors.name = "Enter the organisation's name.";
  else if ([...name].length > ORGANISATION_LIMITS.nameMax)
    errors.name = `Keep the name to ${ORGANISATION_LIMITS.nameMax} characters.`;
  const slug = fields.slug.trim().toLowerCase();
  if (slug.length < ORGANISATION_LIMITS.slugMin || slug.length > ORGANISATION_LIMITS.slugMax)
    errors.slug = `The address has ${ORGANISATION_LIMITS.slugMin} to ${ORGANISATION_LIMITS.slugMax} characters.`;
  else if (!SLUG_PATTERN.test(slug))
    errors.slug = 'Use lowercase letters, digits and single dashes between them.';
  let website = fields.website.trim();
  if (website && !/^https?:\/\//i.test(website)) website = `https://${website}`;
  try {
    const url = new URL(website);
    if (url.protocol !== 'https:' || !url.hostname.includes('.')) throw new Error('not https');
    website = url.origin;
  } catch {
    errors.website = "Enter the organisation's website, e.g. https://example.com.";
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { name, slug, website } };
}

/** One organisation as its member sees it. */
export interface MyOrganisation {
  id: string;
  name: string;
  slug: string;
  website: string;
  logoUrl: string | null;
  /** ISO 8601 date staff verified it, or null while it is unverified. */
  verifiedAt: string | null;
  role: OrganisationRole;
}

/** An invitation to the signed-in person's address, waiting for an answer. */
export interface InvitationToMe {
  id: string;
  organisationName: string;
  role: OrganisationRole;
  expiresAt: string;
}

export interface MyOrganisations {
  organisations: MyOrganisation[];
  invitations: InvitationToMe[];
}

/** One organisation's team, as its members see it. */
export interface OrganisationTeam {
  organisation: MyOrganisation;
  members: Array<{ id: string; name: string; email: string; role: OrganisationRole; isMe: boolean }>;
  invitations: Array<{ id: string; email: string; role: OrganisationRole; expiresAt: string }>;
}

export const MY_ORGANISATIONS_KEY = ['/api/organisations'] as const;
export const organisationTeamKey = (slug: string) => ['/api/organisations', slug] as const;

/** A new-organisation form sent back with problems: what was typed (the logo must be chosen again). */
export interface OrganisationFormReturn {
  values: OrganisationFields;
  errors: OrganisationErrors;
}

export const ORGANISATION_FORM_KEY = ['organisations', 'form'] as const;

/** An invitation form sent back with problems. */
export interface InviteFormReturn {
  email: string;
  role: OrganisationRole;
  error: string;
}

export const INVITE_FORM_KEY = ['organisations', 'invite-form'] as const;

/** `?problem=…` on a sponsor page: a change that could not be made, said at the top. */
export const ORGANISATION_PROBLEMS = {
  'last-owner': 'An organisation needs an owner: make someone else owner first.',
  'delete-unconfirmed': "Type the organisation's address to confirm deleting it.",
} as const;

export function organisationProblemMessage(code: string | null): string | null {
  return code && Object.hasOwn(ORGANISATION_PROBLEMS, code)
    ? ORGANISATION_PROBLEMS[code as keyof typeof ORGANISATION_PROBLEMS]
    : null;
}

/** The sponsor pages' forms, each posted by the browser and answered by a 303 back to a page. */
export const ORGANISATION_FORMS = {
  create: '/sponsor',
  invite: (slug: string) => `/sponsor/${encodeURIComponent(slug)}/invitations`,
  changeRole: (slug: string) => `/sponsor/${encodeURIComponent(slug)}/roles`,
  removeMember: (slug: string) => `/sponsor/${encodeURIComponent(slug)}/members/remove`,
  answerInvitation: '/sponsor/invitations',
  deleteOrganisation: (slug: string) => `/sponsor/${encodeURIComponent(slug)}/delete`,
} as const;

export const ORGANISATION_DONE_MESSAGES = {
  created: 'Your organisation is created. It is unverified until Side Quest staff verify it.',
  invited: 'The invitation is sent.',
  'role-changed': 'The role is changed.',
  removed: 'The member is removed.',
  joined: 'You joined the organisation.',
  declined: 'The invitation is declined.',
  deleted: 'The organisation is deleted.',
} as const;

export function organisationDoneMessage(code: string | null): string | null {
  return code && Object.hasOwn(ORGANISATION_DONE_MESSAGES, code)
    ? ORGANISATION_DONE_MESSAGES[code as keyof typeof ORGANISATION_DONE_MESSAGES]
    : null;
}

const fetchMine = getQueryFn<MyOrganisations>({ on401: 'returnNull' });
const fetchTeam = getQueryFn<OrganisationTeam>({ on401: 'returnNull' });

export function useMyOrganisations() {
  return useQuery({ queryKey: MY_ORGANISATIONS_KEY, queryFn: fetchMine, staleTime: Infinity });
}

export function useOrganisationTeam(slug: string) {
  return useQuery({
    queryKey: organisationTeamKey(slug),
    queryFn: fetchTeam,
    staleTime: Infinity,
  });
}
