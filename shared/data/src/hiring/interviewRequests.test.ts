import {
  HIRE_LIMITS,
  INTERVIEW_REQUEST_LIMITS,
  answerAllowed,
  hireCounts,
  hireStatus,
  hiredText,
  interviewRequestRefusal,
  interviewRequestStatus,
  mayRecordHire,
  mayRequestInterview,
  parseStartMonth,
  secondsToNextUtcDay,
  validateInterviewRequest,
  type InterviewRequestContext,
} from './interviewRequests';
import type { OpenToWork } from './openToWork';

const DAY = 86_400_000;
const now = Date.UTC(2026, 10, 28, 12, 0, 0);
const everyone: OpenToWork = {
  kinds: ['freelance'],
  remote: true,
  countries: [],
  availableFrom: null,
  audience: 'everyone',
};
const context = (overrides: Partial<InterviewRequestContext> = {}): InterviewRequestContext => ({
  senderRole: 'owner',
  organisationVerified: true,
  organisationSuspended: false,
  evidence: { submittedToOwnBounty: true, profileOpenToWork: null },
  evidenceKind: 'submission',
  personAcceptsRequests: true,
  blocked: false,
  lastDeclinedAt: null,
  openFromOrganisation: false,
  openForPerson: 0,
  sentTodayByOrganisation: 0,
  now,
  ...overrides,
});

describe('mayRequestInterview', () => {
  it('lets an owner or admin of a verified organisation send on a submission to its own bounty', () => {
    expect(mayRequestInterview(context())).toEqual({ ok: true });
    expect(mayRequestInterview(context({ senderRole: 'admin' }))).toEqual({ ok: true });
  });

  it('tells a plain member or a non-member nothing (404)', () => {
    expect(mayRequestInterview(context({ senderRole: 'member' }))).toMatchObject({ ok: false, status: 404 });
    expect(mayRequestInterview(context({ senderRole: null }))).toMatchObject({ ok: false, status: 404 });
  });

  it('refuses an unverified or suspended organisation with a reason (403)', () => {
    expect(mayRequestInterview(context({ organisationVerified: false }))).toMatchObject({
      status: 403,
      message: expect.stringContaining('verified'),
    });
    expect(mayRequestInterview(context({ organisationSuspended: true }))).toMatchObject({
      status: 403,
      message: expect.stringContaining('suspended'),
    });
  });

  it('needs evidence: no submission to their bounty is Not found', () => {
    const noSubmission = { submittedToOwnBounty: false, profileOpenToWork: everyone };
    expect(mayRequestInterview(context({ evidence: noSubmission }))).toMatchObject({ status: 404 });
  });

  it('accepts a profile open to work for every visitor or for verified sponsors, not one switched off', () => {
    const profile = (availability: OpenToWork | null) =>
      context({
        evidenceKind: 'profile',
        evidence: { submittedToOwnBounty: false, profileOpenToWork: availability },
      });
    expect(mayRequestInterview(profile(everyone))).toEqual({ ok: true });
    expect(mayRequestInterview(profile({ ...everyone, audience: 'verified-sponsors' }))).toEqual({
      ok: true,
    });
    expect(mayRequestInterview(profile(null))).toMatchObject({ status: 404 });
  });

  it('respects a person who turned requests off (Not found, nothing told)', () => {
    expect(mayRequestInterview(context({ personAcceptsRequests: false }))).toMatchObject({ status: 404 });
  });

  it('waits 90 days after a decline, to the millisecond', () => {
    const declinedAt = new Date(now - 90 * DAY + 1).toISOString();
    expect(mayRequestInterview(context({ lastDeclinedAt: declinedAt }))).toMatchObject({ status: 409 });
    const longAgo = new Date(now - 90 * DAY).toISOString();
    expect(mayRequestInterview(context({ lastDeclinedAt: longAgo }))).toEqual({ ok: true });
  });

  it('refuses a blocked organisation forever, in the same words as a decline', () => {
    const blocked = mayRequestInterview(context({ blocked: true }));
    const declined = mayRequestInterview(context({ lastDeclinedAt: new Date(now - DAY).toISOString() }));
    expect(blocked).toMatchObject({ status: 409 });
    expect(blocked).toEqual(declined);
    expect(JSON.stringify(blocked)).not.toMatch(/block/i);
  });

  it('allows one open request per organisation and five per person (409)', () => {
    expect(mayRequestInterview(context({ openFromOrganisation: true }))).toMatchObject({ status: 409 });
    expect(mayRequestInterview(context({ openForPerson: 4 }))).toEqual({ ok: true });
    expect(mayRequestInterview(context({ openForPerson: 5 }))).toMatchObject({ status: 409 });
  });

  it('allows 20 a UTC day per organisation, then 429 until the next UTC midnight', () => {
    expect(mayRequestInterview(context({ sentTodayByOrganisation: 19 }))).toEqual({ ok: true });
    expect(mayRequestInterview(context({ sentTodayByOrganisation: 20 }))).toEqual({
      ok: false,
      status: 429,
      message: expect.stringContaining('20 interview requests today'),
      retryAfterSeconds: 12 * 3600,
    });
  });
});

describe('interviewRequestRefusal', () => {
  it("tells the sender what the first look tells, when the store's count refuses as it writes", () => {
    expect(interviewRequestRefusal('pair-open', now)).toEqual(
      mayRequestInterview(context({ openFromOrganisation: true })),
    );
    expect(interviewRequestRefusal('person-full', now)).toEqual(
      mayRequestInterview(context({ openForPerson: 5 })),
    );
    expect(interviewRequestRefusal('organisation-day', now)).toEqual(
      mayRequestInterview(context({ sentTodayByOrganisation: 20 })),
    );
  });
});

describe('secondsToNextUtcDay', () => {
  it('counts to midnight UTC, at least one second', () => {
    expect(secondsToNextUtcDay(Date.UTC(2026, 0, 1, 23, 59, 59))).toBe(1);
    expect(secondsToNextUtcDay(Date.UTC(2026, 0, 1))).toBe(86_400);
  });
});

describe('interviewRequestStatus', () => {
  it('expires an open request after 30 days unanswered, never an answered one', () => {
    const createdAt = new Date(now - INTERVIEW_REQUEST_LIMITS.expiryDays * DAY).toISOString();
    expect(interviewRequestStatus({ state: 'open', createdAt }, now)).toBe('expired');
    expect(interviewRequestStatus({ state: 'open', createdAt }, now - 1)).toBe('open');
    expect(interviewRequestStatus({ state: 'accepted', createdAt }, now)).toBe('accepted');
  });

  it('takes accept and decline only while open; block and report always', () => {
    expect(answerAllowed('accept', 'open')).toBe(true);
    expect(answerAllowed('accept', 'expired')).toBe(false);
    expect(answerAllowed('decline', 'accepted')).toBe(false);
    expect(answerAllowed('block', 'declined')).toBe(true);
    expect(answerAllowed('report', 'expired')).toBe(true);
  });
});

describe('validateInterviewRequest', () => {
  it('keeps a title, a kind and a message of at most 2,000 characters', () => {
    expect(
      validateInterviewRequest({
        roleTitle: '  Data  engineer ',
        kind: 'full-time',
        message: 'Hello\r\nthere ',
      }),
    ).toEqual({
      ok: true,
      value: { roleTitle: 'Data engineer', kind: 'full-time', message: 'Hello\nthere' },
    });
    expect(
      validateInterviewRequest({ roleTitle: 'x', kind: 'freelance', message: 'a'.repeat(2000) }).ok,
    ).toBe(true);
  });

  it('says what is wrong with each field', () => {
    const result = validateInterviewRequest({ roleTitle: ' ', kind: 'forever', message: 'a'.repeat(2001) });
    expect(result).toEqual({
      ok: false,
      errors: {
        roleTitle: 'Give the role a title.',
        kind: 'Choose the kind of work: freelance, part-time or full-time.',
        message: 'A message is at most 2,000 characters.',
      },
    });
  });
});

describe('hires: both sides', () => {
  const acceptedAt = new Date(now - 10 * DAY).toISOString();

  it('may be recorded on an accepted request within 180 days, once', () => {
    expect(mayRecordHire({ state: 'accepted', answeredAt: acceptedAt }, false, now)).toEqual({ ok: true });
    expect(mayRecordHire({ state: 'accepted', answeredAt: acceptedAt }, true, now)).toMatchObject({
      status: 409,
    });
    const late = now + (HIRE_LIMITS.recordWithinDays - 10) * DAY + 1;
    expect(mayRecordHire({ state: 'accepted', answeredAt: acceptedAt }, false, late)).toMatchObject({
      status: 409,
    });
    expect(mayRecordHire({ state: 'declined', answeredAt: acceptedAt }, false, now)).toMatchObject({
      status: 404,
    });
    expect(mayRecordHire({ state: 'open', answeredAt: null }, false, now)).toMatchObject({ status: 404 });
  });

  it('counts only once the person confirms; unanswered in 30 days counts nowhere', () => {
    const recordedAt = new Date(now).toISOString();
    expect(hireStatus({ state: 'recorded', recordedAt }, now + 30 * DAY - 1)).toBe('recorded');
    expect(hireStatus({ state: 'recorded', recordedAt }, now + 30 * DAY)).toBe('unanswered');
    expect(hireStatus({ state: 'confirmed', recordedAt }, now + 300 * DAY)).toBe('confirmed');
    expect(hireCounts('confirmed')).toBe(true);
    expect(hireCounts('recorded')).toBe(false);
    expect(hireCounts('denied')).toBe(false);
    expect(hireCounts('unanswered')).toBe(false);
  });

  it('reads a start month and words the record', () => {
    expect(parseStartMonth('2027-03')).toBe('2027-03');
    expect(parseStartMonth('2027-13')).toBeNull();
    expect(parseStartMonth('March')).toBeNull();
    expect(hiredText(0)).toBeNull();
    expect(hiredText(1)).toBe('Hired 1 person through Side Quest');
    expect(hiredText(3)).toBe('Hired 3 people through Side Quest');
  });
});
