import { useQuery } from '@side-quest/data/query';
import { getQueryFn, throwIfNotOk } from '../http/queryFn';
import type {
  HireStatus,
  InterviewRequestErrors,
  InterviewRequestFields,
  InterviewRequestStatus,
} from './interviewRequests';
import type { WorkKind } from './openToWork';

/*
 * The interview request pages' data: the person's /account/interview-requests (shell) and the team's
 * /sponsor/:slug/interview-requests (mfe-clients). Both are rendered by the server into the page under
 * these keys, and their forms are plain posts answered with 303 (a problem renders the page again).
 */

/** Names and addresses shown to each side once the person accepted; before that, null. */
export interface InterviewContact {
  name: string;
  email: string;
}

export interface InterviewHireView {
  kind: WorkKind;
  startMonth: string;
  status: HireStatus;
  recordedAt: string;
  /** The person's choice: "Hired by …" on their profile. */
  showOnProfile: boolean;
  /** The person may still confirm or deny (recorded, within 30 days). */
  awaitingAnswer: boolean;
}

/** A request as the person it was sent to sees it. */
export interface ReceivedInterviewRequest {
  id: string;
  organisation: { id: string; name: string; slug: string };
  roleTitle: string;
  kind: WorkKind;
  /** The sender's message, user-content markdown rendered to safe HTML. */
  messageHtml: string;
  /** What the request cites, in words ('Your submission to "Churn model"', 'Your public profile'). */
  evidence: string;
  status: InterviewRequestStatus;
  createdAt: string;
  expiresAt: string;
  answeredAt: string | null;
  declineReason: string | null;
  reported: boolean;
  /** The person blocked this organisation. */
  organisationBlocked: boolean;
  /** The sender's name and account address, once accepted. */
  contact: InterviewContact | null;
  hire: InterviewHireView | null;
  /** Part of the demo history a fresh start shows (labelled so on the page). */
  demo: boolean;
}

export interface AccountInterviewRequestsPage {
  requests: ReceivedInterviewRequest[];
  /** The organisations the person blocked, to undo. */
  blocked: Array<{ id: string; name: string }>;
  /** The person's interview-request switch of /account. */
  requestsOn: boolean;
}

export const ACCOUNT_INTERVIEW_REQUESTS_KEY = ['/api/account/interview-requests'] as const;

/** A request as the team that sent it sees it: a block reads as 'declined'. */
export interface SentInterviewRequest {
  id: string;
  /** Null once the person deleted their account. */
  person: { name: string; handle: string | null } | null;
  senderName: string | null;
  roleTitle: string;
  kind: WorkKind;
  messageHtml: string;
  status: InterviewRequestStatus;
  createdAt: string;
  answeredAt: string | null;
  declineReason: string | null;
  /** The person's name and address, once accepted. */
  contact: InterviewContact | null;
  hire: InterviewHireView | null;
  /** The team may record a hire now (accepted, within 180 days, none recorded). */
  mayRecordHire: boolean;
  demo: boolean;
}

/** Who the compose form writes to, from the evidence in the page's query (?submission= or ?profile=). */
export interface InterviewRequestDraft {
  personName: string;
  evidence: { kind: 'submission'; submissionId: string } | { kind: 'profile'; handle: string };
  /** Why it cannot be sent, if it cannot (not verified, a decline, the limits). */
  refusal: string | null;
}

export interface TeamInterviewRequestsPage {
  organisation: { slug: string; name: string; verified: boolean };
  /** Owner or admin: may send requests and record hires. */
  maySend: boolean;
  suspended: boolean;
  draft: InterviewRequestDraft | null;
  requests: SentInterviewRequest[];
  /** Confirmed hires through Side Quest. */
  hiredCount: number;
}

export const teamInterviewRequestsKey = (slug: string, search: string) =>
  [`/api/organisations/${encodeURIComponent(slug)}/interview-requests`, search] as const;

/** A form sent back with a problem: which form (the compose form, or a request's id), what was typed. */
export interface InterviewFormReturn {
  form: string;
  error: string;
  errors?: InterviewRequestErrors;
  values?: Partial<InterviewRequestFields>;
}
export const INTERVIEW_FORM_KEY = ['hiring', 'interview-form'] as const;

export const ACCOUNT_INTERVIEW_REQUESTS_PATH = '/account/interview-requests';

/** The person's forms (each with the request's `id`), answered with 303 back to their page. */
export const INTERVIEW_ANSWER_FORMS = {
  accept: '/account/interview-requests/accept',
  decline: '/account/interview-requests/decline',
  block: '/account/interview-requests/block',
  unblock: '/account/interview-requests/unblock',
  report: '/account/interview-requests/report',
  confirmHire: '/account/interview-requests/hire',
  hireOnProfile: '/account/interview-requests/hire-on-profile',
} as const;

/** The team's page and forms under their organisation. */
export const teamInterviewRequestsPath = (slug: string) =>
  `/sponsor/${encodeURIComponent(slug)}/interview-requests`;
export const teamRecordHirePath = (slug: string) => `${teamInterviewRequestsPath(slug)}/hire`;

/** The compose form's address from a submission in the console, or from a public profile. */
export const requestFromSubmissionPath = (slug: string, submissionId: string) =>
  `${teamInterviewRequestsPath(slug)}?submission=${encodeURIComponent(submissionId)}#request-form`;
export const requestFromProfilePath = (slug: string, handle: string) =>
  `${teamInterviewRequestsPath(slug)}?profile=${encodeURIComponent(handle)}#request-form`;

/** What a person's answer did, shown on their page after the 303. */
export const INTERVIEW_DONE_TEXT: Record<string, string> = {
  accepted:
    'Accepted. You and the team now see each other’s name and e-mail address, and both got them by e-mail.',
  declined: 'Declined. This organisation cannot send you another request for 90 days.',
  blocked: 'Blocked. This organisation can never send you a request again; undo it below.',
  unblocked: 'Unblocked. This organisation may send you requests again.',
  reported: 'Reported to staff. Thank you.',
  'hire-confirmed': 'Confirmed. The hire counts on the sponsor’s record.',
  'hire-denied': 'Denied. The hire counts nowhere.',
  'hire-profile': 'Saved.',
  sent: 'Interview request sent. The person gets an e-mail and answers on the site.',
  'hire-recorded': 'Hire recorded. It counts once the person confirms it.',
};

const fetchAccountPage = getQueryFn<AccountInterviewRequestsPage>({ on401: 'throw' });

/** The person's requests: rendered by the server; fetched only on a page the browser rendered alone. */
export function useAccountInterviewRequests() {
  return useQuery({
    queryKey: ACCOUNT_INTERVIEW_REQUESTS_KEY,
    queryFn: fetchAccountPage,
    staleTime: Infinity,
  });
}

/** The team's page for `slug` and the page's query string (the compose form's evidence). */
export function useTeamInterviewRequests(slug: string, search: string) {
  return useQuery({
    queryKey: teamInterviewRequestsKey(slug, search),
    queryFn: async () => {
      const response = await fetch(
        `/api/organisations/${encodeURIComponent(slug)}/interview-requests${search}`,
        { credentials: 'include' },
      );
      await throwIfNotOk(response);
      return (await response.json()) as TeamInterviewRequestsPage;
    },
    staleTime: Infinity,
  });
}

/** The organisations a signed-in viewer may ask `handle` from (owner or admin, verified, not suspended). */
export interface InterviewFromOptions {
  organisations: Array<{ slug: string; name: string }>;
}
export const interviewFromKey = (handle: string) => ['hiring', 'interview-from', handle] as const;
export const interviewFromPath = (handle: string) =>
  `/api/hiring/interview-from/${encodeURIComponent(handle)}`;

/** Asked only for a signed-in viewer of a profile open to work (the server renders it into their page). */
export function useInterviewFrom(handle: string, enabled: boolean) {
  return useQuery({
    queryKey: interviewFromKey(handle),
    queryFn: async (): Promise<InterviewFromOptions> => {
      const response = await fetch(interviewFromPath(handle), { credentials: 'include' });
      if (response.status === 401 || response.status === 404) return { organisations: [] };
      await throwIfNotOk(response);
      return (await response.json()) as InterviewFromOptions;
    },
    enabled,
    staleTime: Infinity,
  });
}
