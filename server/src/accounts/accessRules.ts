import { signInUrl } from '@side-quest/data/account';
import type { Person } from './accounts';

/**
 * Who may reach a path: anyone, a signed-in person, or staff; `staffObject` is staff on paths that name
 * an object (a bounty's scores), where anyone else signed in gets 404, as for an object not theirs. Object-level rights (an organisation's
 * members) are checked on the object by the router that loads it, through the same answers.
 */
export type Access = 'public' | 'signedIn' | 'staff' | 'staffObject';

export interface AccessRule {
  /** An exact path, or a prefix ending in `/*` (the prefix itself included). */
  path: string;
  access: Access;
}

/**
 * Every API path the server answers, with its rule. An /api path that is not here answers 404 before
 * any router sees it (deny by default); the access test fails when a router answers a path missing here.
 */
export const API_RULES: readonly AccessRule[] = [
  { path: '/api/health', access: 'public' },
  { path: '/api/ready', access: 'public' },
  { path: '/api/submit-form', access: 'public' },
  { path: '/api/signups', access: 'public' },
  { path: '/api/challenge-requests', access: 'public' },
  { path: '/api/bounties/*', access: 'public' },
  { path: '/api/hosted-bounties/*', access: 'public' },
  { path: '/api/sponsors/*', access: 'public' },
  { path: '/api/bounty-submissions', access: 'public' },
  { path: '/api/v1/*', access: 'public' },
  { path: '/api/openapi.json', access: 'public' },
  // better-auth's own routes: its router lets through only the endpoints the site uses (authRouter.ts).
  { path: '/api/auth/*', access: 'public' },
  { path: '/api/viewer', access: 'signedIn' },
  // Interview requests (issue 46): the person's own; each request checked to be theirs.
  { path: '/api/account/interview-requests', access: 'signedIn' },
  { path: '/api/account/*', access: 'signedIn' },
  // A team's interview requests (/api/organisations/:slug/interview-requests) are under this rule:
  // members only, checked on the organisation; sending and hires for owners and admins.
  { path: '/api/organisations/*', access: 'signedIn' },
  // Scored bounties' entries and files (issue 45): each entry, file and key checked on its object.
  { path: '/api/lifecycle/bounties/*', access: 'signedIn' },
  { path: '/api/lifecycle/*', access: 'signedIn' },
  // Hiring as a signed-in viewer sees it (the directory, a restricted availability); objects checked there.
  { path: '/api/hiring/*', access: 'signedIn' },
  { path: '/api/releases', access: 'staff' },
  { path: '/api/staff/*', access: 'staff' },
];

/**
 * The pages and forms with a rule other than public. Every other page path is the site's (the route
 * table's pages, their files, feeds and previews, the not-found page): public.
 */
export const PAGE_RULES: readonly AccessRule[] = [
  { path: '/sign-in/*', access: 'public' },
  { path: '/sign-out', access: 'public' },
  // One-click unsubscribe: the signed token in the path is the authority, never a session.
  { path: '/unsubscribe/*', access: 'public' },
  // The person's interview requests and their answers (each request checked to be theirs).
  { path: '/account/interview-requests/*', access: 'signedIn' },
  { path: '/account/*', access: 'signedIn' },
  // The team's /sponsor/:slug/interview-requests and its forms: members, owners and admins to send.
  { path: '/sponsor/*', access: 'signedIn' },
  // Staff's counts per organisation, reports and suspensions of interview requests.
  { path: '/staff/interview-requests/*', access: 'staff' },
  { path: '/submit/*', access: 'signedIn' },
  { path: '/releases', access: 'staff' },
  // Scored bounties' scores and copy flags (issue 45): staff only, checked again on the bounty.
  { path: '/staff/scored-bounties/*', access: 'staffObject' },
  { path: '/staff/*', access: 'staff' },
];

function matches(rule: AccessRule, path: string): boolean {
  if (!rule.path.endsWith('/*')) return path === rule.path;
  const prefix = rule.path.slice(0, -2);
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** The rule of a path; null for an /api path nobody declared. */
export function ruleFor(path: string): AccessRule | null {
  const normalised = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const isApi = normalised === '/api' || normalised.startsWith('/api/');
  const rules = isApi ? API_RULES : PAGE_RULES;
  const rule = rules.find((candidate) => matches(candidate, normalised));
  if (rule) return rule;
  return isApi ? null : { path: normalised, access: 'public' };
}

export type AccessVerdict =
  { pass: true } | { pass: false; status: 303; location: string } | { pass: false; status: 401 | 403 | 404 };

/**
 * The one answer to "may this person reach this path": signed out, a page sends the browser to sign in
 * (and back) and the API answers 401; signed in without the right, 404 so a path never tells what
 * exists, except the staff pages' own fixed paths, which answer 403 (their existence is no secret).
 */
export function decideAccess(pathWithQuery: string, person: Person | null): AccessVerdict {
  const path = pathWithQuery.split('?')[0] ?? '/';
  const isApi = path === '/api' || path.startsWith('/api/');
  const rule = ruleFor(path);
  if (!rule) return { pass: false, status: 404 };
  if (rule.access === 'public') return { pass: true };
  if (!person) {
    return isApi
      ? { pass: false, status: 401 }
      : { pass: false, status: 303, location: signInUrl(pathWithQuery) };
  }
  if (rule.access === 'signedIn') return { pass: true };
  if (person.role === 'staff') return { pass: true };
  if (rule.access === 'staffObject') return { pass: false, status: 404 };
  return { pass: false, status: 403 };
}
