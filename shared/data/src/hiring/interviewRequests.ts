import { availabilityVisibleTo, isWorkKind, type OpenToWork, type WorkKind } from './openToWork';

/*
 * Interview requests (issue 46 item 3): a verified sponsor's owner or admin asks a person to talk, only
 * on evidence (a submission to the organisation's own bounty, or a public profile open to work for
 * them). "Invitation" means a team invitation elsewhere; this is an interview request everywhere.
 * One set of rules for the server's routes, the pages and the tests.
 */

const DAY_MS = 86_400_000;

export const INTERVIEW_REQUEST_LIMITS = {
  /** Requests one organisation may send in a UTC day; beyond: 429 with Retry-After. */
  perOrganisationPerDay: 20,
  /** Open requests one person may hold from all organisations; beyond: 409. */
  openPerPerson: 5,
  messageMax: 2_000,
  roleTitleMax: 120,
  declineReasonMax: 1_000,
  reportReasonMax: 1_000,
  /** After a decline, the same organisation waits this long before another request. */
  declineCooldownDays: 90,
  /** An open request unanswered this long has expired. */
  expiryDays: 30,
} as const;

export const HIRE_LIMITS = {
  /** A hire may be recorded this long after the request was accepted. */
  recordWithinDays: 180,
  /** The person confirms or denies within this long; unanswered, it counts nowhere. */
  answerWithinDays: 30,
} as const;

/** What the sender cites: the person's submission to their bounty, or their public profile. */
export type InterviewEvidence =
  { kind: 'submission'; submissionId: string } | { kind: 'profile'; handle: string };

/**
 * Stored states. An 'open' row past its 30 days reads as 'expired' (interviewRequestStatus) until the
 * store marks it so (before a new request, so the one-open-per-pair index frees the pair).
 */
export type StoredInterviewRequestState = 'open' | 'accepted' | 'declined' | 'expired';
export type InterviewRequestStatus = StoredInterviewRequestState;

export const INTERVIEW_REQUEST_STATUS_TEXT: Record<InterviewRequestStatus, string> = {
  open: 'Waiting for an answer',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
};

/** When an open request sent at `createdAt` expires (ISO in, epoch ms out). */
export function interviewRequestExpiresAt(createdAt: string): number {
  return Date.parse(createdAt) + INTERVIEW_REQUEST_LIMITS.expiryDays * DAY_MS;
}

/** The status as it stands at `now`: an open request unanswered for 30 days has expired. */
export function interviewRequestStatus(
  request: { state: StoredInterviewRequestState; createdAt: string },
  now: number,
): InterviewRequestStatus {
  if (request.state === 'open' && now >= interviewRequestExpiresAt(request.createdAt)) return 'expired';
  return request.state;
}

/** The posted form: role title, kind, message. */
export interface InterviewRequestFields {
  roleTitle: string;
  kind: string;
  message: string;
}

export interface InterviewRequestContent {
  roleTitle: string;
  kind: WorkKind;
  /** User-content markdown, shown only on the site (never in mail). */
  message: string;
}

export type InterviewRequestErrors = Partial<Record<keyof InterviewRequestFields, string>>;

export function validateInterviewRequest(
  fields: InterviewRequestFields,
): { ok: true; value: InterviewRequestContent } | { ok: false; errors: InterviewRequestErrors } {
  const errors: InterviewRequestErrors = {};
  const roleTitle = fields.roleTitle.trim().replace(/\s+/g, ' ');
  if (!roleTitle) errors.roleTitle = 'Give the role a title.';
  else if (roleTitle.length > INTERVIEW_REQUEST_LIMITS.roleTitleMax)
    errors.roleTitle = `A role title is at most ${INTERVIEW_REQUEST_LIMITS.roleTitleMax} characters.`;
  if (!isWorkKind(fields.kind)) errors.kind = 'Choose the kind of work: freelance, part-time or full-time.';
  const message = fields.message.replace(/\r\n/g, '\n').trim();
  if (!message) errors.message = 'Write a short message: what the role is and why them.';
  else if (message.length > INTERVIEW_REQUEST_LIMITS.messageMax)
    errors.message = `A message is at most ${INTERVIEW_REQUEST_LIMITS.messageMax.toLocaleString('en-US')} characters.`;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { roleTitle, kind: fields.kind as WorkKind, message } };
}

/** Everything the send rule needs, gathered by the server at the moment of sending. */
export interface InterviewRequestContext {
  /** The sender's role in the organisation; null: not a member. */
  senderRole: 'owner' | 'admin' | 'member' | null;
  organisationVerified: boolean;
  /** Staff suspended this organisation's requests. */
  organisationSuspended: boolean;
  evidence: {
    /** The person submitted to one of this organisation's own bounties (the cited submission). */
    submittedToOwnBounty: boolean;
    /** The person's public profile availability, switched on (null: none or off). */
    profileOpenToWork: OpenToWork | null;
  };
  evidenceKind: InterviewEvidence['kind'];
  /** The person has not turned interview requests off. */
  personAcceptsRequests: boolean;
  /** The person blocked this organisation. */
  blocked: boolean;
  /** When the person last declined this organisation (ISO), if ever. */
  lastDeclinedAt: string | null;
  /** An open (unexpired) request from this organisation to this person exists. */
  openFromOrganisation: boolean;
  /** Open (unexpired) requests the person holds from all organisations. */
  openForPerson: number;
  /** Requests this organisation sent since the start of the UTC day of `now`. */
  sentTodayByOrganisation: number;
  now: number;
}

export type InterviewRequestVerdict =
  | { ok: true }
  | { ok: false; status: 403 | 404 | 409; message: string }
  | { ok: false; status: 429; message: string; retryAfterSeconds: number };

const NOT_FOUND = { ok: false, status: 404, message: 'Not found' } as const;

/** Seconds from `now` to the next UTC midnight (at least 1): when the daily count starts again. */
export function secondsToNextUtcDay(now: number): number {
  const next = Math.floor(now / DAY_MS) * DAY_MS + DAY_MS;
  return Math.max(1, Math.ceil((next - now) / 1000));
}

/** The start of the UTC day of `now` (epoch ms). */
export function utcDayStart(now: number): number {
  return Math.floor(now / DAY_MS) * DAY_MS;
}

/**
 * May this request be sent? Deny by default, in this order: a non-member or a member without the role
 * is told nothing (404); an unverified or suspended organisation is told why (403); no evidence, or a
 * person who turned requests off, is Not found (nothing about the person is told); a block reads as a
 * recent decline (the team never learns of a block); then one open request per pair and five per
 * person (409); then twenty a UTC day per organisation (429, until the next UTC day).
 */
export function mayRequestInterview(context: InterviewRequestContext): InterviewRequestVerdict {
  if (context.senderRole !== 'owner' && context.senderRole !== 'admin') return NOT_FOUND;
  if (!context.organisationVerified)
    return {
      ok: false,
      status: 403,
      message:
        'Only verified organisations can send interview requests. Staff verify your organisation first.',
    };
  if (context.organisationSuspended)
    return {
      ok: false,
      status: 403,
      message: "Staff have suspended your organisation's interview requests. Write to staff to ask why.",
    };
  const evidence =
    context.evidenceKind === 'submission'
      ? context.evidence.submittedToOwnBounty
      : context.evidence.profileOpenToWork !== null &&
        availabilityVisibleTo(context.evidence.profileOpenToWork.audience, 'verified-sponsor');
  if (!evidence || !context.personAcceptsRequests) return NOT_FOUND;
  const declinedRecently =
    context.lastDeclinedAt !== null &&
    context.now < Date.parse(context.lastDeclinedAt) + INTERVIEW_REQUEST_LIMITS.declineCooldownDays * DAY_MS;
  if (context.blocked || declinedRecently)
    return {
      ok: false,
      status: 409,
      message: `This person declined a request from your organisation. You cannot send another within ${INTERVIEW_REQUEST_LIMITS.declineCooldownDays} days of a decline.`,
    };
  if (context.openFromOrganisation) return interviewRequestRefusal('pair-open', context.now);
  if (context.openForPerson >= INTERVIEW_REQUEST_LIMITS.openPerPerson)
    return interviewRequestRefusal('person-full', context.now);
  if (context.sentTodayByOrganisation >= INTERVIEW_REQUEST_LIMITS.perOrganisationPerDay)
    return interviewRequestRefusal('organisation-day', context.now);
  return { ok: true };
}

/** The counted limits a request can meet: one open per pair, five open per person, twenty a day. */
export type InterviewRequestRefusal = 'pair-open' | 'person-full' | 'organisation-day';

/**
 * What the sender is told when a counted limit refuses: by mayRequestInterview's first look, or by the
 * store's count as it writes (another instance took the last place in between).
 */
export function interviewRequestRefusal(
  refusal: InterviewRequestRefusal,
  now: number,
): Exclude<InterviewRequestVerdict, { ok: true }> {
  if (refusal === 'pair-open')
    return {
      ok: false,
      status: 409,
      message: 'Your organisation already has an open request to this person. Wait for their answer.',
    };
  if (refusal === 'person-full')
    return {
      ok: false,
      status: 409,
      message: 'This person has as many open interview requests as they can hold. Try again later.',
    };
  return {
    ok: false,
    status: 429,
    message: `Your organisation has sent ${INTERVIEW_REQUEST_LIMITS.perOrganisationPerDay} interview requests today (UTC), the most in a day. Send more tomorrow.`,
    retryAfterSeconds: secondsToNextUtcDay(now),
  };
}

/** The person's answers on /account/interview-requests. */
export const INTERVIEW_ANSWERS = ['accept', 'decline', 'block', 'unblock', 'report'] as const;
export type InterviewAnswer = (typeof INTERVIEW_ANSWERS)[number];

/** Which answers a request in `status` takes: accept and decline only while open; block and report always. */
export function answerAllowed(answer: InterviewAnswer, status: InterviewRequestStatus): boolean {
  if (answer === 'accept' || answer === 'decline') return status === 'open';
  return true;
}

// ---- Hires (issue 46 item 4): count only when both sides say so. ----

export type StoredHireState = 'recorded' | 'confirmed' | 'denied';
export type HireStatus = StoredHireState | 'unanswered';

export const HIRE_STATUS_TEXT: Record<HireStatus, string> = {
  recorded: 'Waiting for the person to confirm',
  confirmed: 'Confirmed',
  denied: 'Denied',
  unanswered: 'Not confirmed in time',
};

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** A start month written YYYY-MM; null when it is not one. */
export function parseStartMonth(text: string): string | null {
  const value = text.trim();
  return MONTH.test(value) ? value : null;
}

/**
 * May the team record a hire? Only on a request the person accepted, within 180 days of the acceptance,
 * and once per request.
 */
export function mayRecordHire(
  request: { state: StoredInterviewRequestState; answeredAt: string | null },
  alreadyRecorded: boolean,
  now: number,
): { ok: true } | { ok: false; status: 404 | 409; message: string } {
  if (request.state !== 'accepted' || !request.answeredAt) return NOT_FOUND;
  if (alreadyRecorded)
    return { ok: false, status: 409, message: 'A hire is already recorded for this request.' };
  if (now > Date.parse(request.answeredAt) + HIRE_LIMITS.recordWithinDays * DAY_MS)
    return {
      ok: false,
      status: 409,
      message: `A hire is recorded within ${HIRE_LIMITS.recordWithinDays} days of the accepted request.`,
    };
  return { ok: true };
}

/** The hire as it stands at `now`: recorded and not answered in 30 days counts nowhere. */
export function hireStatus(hire: { state: StoredHireState; recordedAt: string }, now: number): HireStatus {
  if (hire.state === 'recorded' && now >= Date.parse(hire.recordedAt) + HIRE_LIMITS.answerWithinDays * DAY_MS)
    return 'unanswered';
  return hire.state;
}

/** Only a confirmed hire counts, on the sponsor's record and (opted in) on the profile. */
export function hireCounts(status: HireStatus): boolean {
  return status === 'confirmed';
}

/** 'hired 3 people through Side Quest' on a sponsor's record; null when none. */
export function hiredText(count: number): string | null {
  if (count <= 0) return null;
  return `Hired ${count} ${count === 1 ? 'person' : 'people'} through Side Quest`;
}
