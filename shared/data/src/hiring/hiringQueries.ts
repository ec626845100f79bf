import { useQuery, type QueryClient, type UseQueryResult } from '@side-quest/data/query';
import { useViewer } from '../account/viewer';
import { fetchPublicJson } from '../http/publicJson';
import { getQueryFn, throwIfNotOk } from '../http/queryFn';
import type { OpenToWork, OpenToWorkErrors, OpenToWorkFields } from './openToWork';
import type { TalentDirectoryPage } from './talentDirectory';

/*
 * The hiring pages' reads. The public directory and profile read the public API without cookies (the
 * same requests in server rendering); what only a signed-in viewer may see (an availability shown to
 * verified sponsors only) comes from the site's own /api/hiring paths with the session, and the server
 * renders it into a signed-in person's page under the same keys.
 */

/** The public API's directory: never an availability restricted to verified sponsors. */
export const PUBLIC_TALENT_PATH = '/api/v1/talent';
/** The directory as the signed-in viewer may see it (a verified sponsor's owner or admin sees more). */
export const VIEWER_TALENT_PATH = '/api/hiring/talent';
/** A restricted availability, answered only to whoever may see it (404 to anyone else). */
export const viewerAvailabilityPath = (handle: string) =>
  `/api/hiring/open-to-work/${encodeURIComponent(handle)}`;

export const talentDirectoryKey = (search: string) => ['talent-directory', search] as const;
export const availabilityKey = (handle: string) => ['talent-open-to-work', handle] as const;

/** The directory for a query string ('' or '?skill=…'), as the viewer may see it. */
export async function loadTalentDirectory(search: string, signedIn: boolean): Promise<TalentDirectoryPage> {
  if (!signedIn) return fetchPublicJson<TalentDirectoryPage>(`${PUBLIC_TALENT_PATH}${search}`);
  const response = await fetch(`${VIEWER_TALENT_PATH}${search}`, { credentials: 'include' });
  await throwIfNotOk(response);
  return (await response.json()) as TalentDirectoryPage;
}

export function useTalentDirectory(search: string): UseQueryResult<TalentDirectoryPage> {
  const viewer = useViewer();
  return useQuery({
    queryKey: talentDirectoryKey(search),
    queryFn: () => loadTalentDirectory(search, Boolean(viewer)),
  });
}

/** Server rendering of an anonymous page; a signed-in person's page already holds their view. */
export function prefetchTalentDirectory(queryClient: QueryClient, search: string) {
  return queryClient.fetchQuery({
    queryKey: talentDirectoryKey(search),
    queryFn: () => loadTalentDirectory(search, false),
  });
}

/** A restricted availability the signed-in viewer may see; null when there is none for them. */
export async function loadViewerAvailability(handle: string): Promise<OpenToWork | null> {
  const response = await fetch(viewerAvailabilityPath(handle), { credentials: 'include' });
  if (response.status === 404 || response.status === 401) return null;
  await throwIfNotOk(response);
  return ((await response.json()) as { openToWork: OpenToWork | null }).openToWork;
}

/** Asked only for a signed-in viewer of a profile whose public answer holds no availability. */
export function useViewerAvailability(handle: string, enabled: boolean): UseQueryResult<OpenToWork | null> {
  return useQuery({
    queryKey: availabilityKey(handle),
    queryFn: () => loadViewerAvailability(handle),
    enabled,
  });
}

/** The account page's hiring part, from GET /api/account/hiring (rendered into /account by the server). */
export interface HiringSettingsView {
  /** Whether the person has a public profile: being open to work needs one. */
  hasPublicProfile: boolean;
  handle: string | null;
  /** Whether the availability is on (shown to its audience). */
  openToWorkOn: boolean;
  /** The last details saved (kept while switched off, so switching on again needs no retyping). */
  openToWork: OpenToWork | null;
  /** Whether verified sponsors may send this person interview requests. */
  interviewRequestsOn: boolean;
}

export const HIRING_SETTINGS_KEY = ['/api/account/hiring'] as const;

/** The account page's hiring forms, each a plain post answered 303 back to /account (or 422). */
export const HIRING_FORMS = {
  openToWork: '/account/open-to-work',
  openToWorkOff: '/account/open-to-work/off',
  interviewRequests: '/account/interview-requests/settings',
} as const;

/** The open-to-work form sent back with problems: what was typed and what is wrong. */
export interface OpenToWorkFormReturn {
  values: OpenToWorkFields;
  errors: OpenToWorkErrors;
}

export const OPEN_TO_WORK_FORM_KEY = ['account', 'open-to-work-form'] as const;

/** `/account?hiring=…#open-to-work`: what the last hiring form changed, said in its panel. */
export const HIRING_DONE_PARAM = 'hiring';
export const HIRING_DONE_MESSAGES = {
  'open-to-work': 'You are shown as open to work.',
  'open-to-work-off': 'You are no longer shown as open to work.',
  'requests-on': 'Verified sponsors can send you interview requests again.',
  'requests-off': 'Interview requests are off: nobody can send you one.',
} as const;

export function hiringDoneMessage(code: string | null): string | null {
  return code && Object.hasOwn(HIRING_DONE_MESSAGES, code)
    ? HIRING_DONE_MESSAGES[code as keyof typeof HIRING_DONE_MESSAGES]
    : null;
}

const fetchSettings = getQueryFn<HiringSettingsView>({ on401: 'returnNull' });

/** The hiring settings: rendered by the server; fetched only on a page the browser rendered alone. */
export function useHiringSettings() {
  return useQuery({ queryKey: HIRING_SETTINGS_KEY, queryFn: fetchSettings, staleTime: Infinity });
}
