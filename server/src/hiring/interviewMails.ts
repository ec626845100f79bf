import { formatUtcDate } from '@side-quest/data';
import { ACCOUNT_INTERVIEW_REQUESTS_PATH, teamInterviewRequestsPath } from '@side-quest/data/hiring';
import type { OutgoingMail } from '../mail';

/*
 * The interview requests' mail (issue 46 item 3). No free text from the sender ever goes into a message
 * (no role title, no message, no sender's name before an acceptance): the mail says which verified
 * organisation wants to talk and links to the site, so it cannot be used to phish through our mail.
 * Plain text, like every mail of the site.
 */

/** To the person: an organisation asks to talk. Optional mail ('interview-requests'). */
export function interviewRequestMail(options: {
  to: string;
  organisationName: string;
  expiresAt: number;
  origin: string;
  unsubscribeUrl: string;
}): OutgoingMail {
  const { organisationName, origin } = options;
  return {
    to: options.to,
    subject: `${organisationName} would like to talk with you`,
    text: [
      `${organisationName}, a verified sponsor on Side Quest, sent you an interview request.`,
      '',
      `Read it and answer on Side Quest (accept, decline, or block this organisation):`,
      `${origin}${ACCOUNT_INTERVIEW_REQUESTS_PATH}`,
      '',
      `They do not see your e-mail address unless you accept. Unanswered, the request expires on ${formatUtcDate(options.expiresAt, 'long')}.`,
      '',
      `Turn interview requests off on ${origin}/account, or stop these e-mails: ${options.unsubscribeUrl}`,
    ].join('\n'),
  };
}

/** To each side once the person accepts: the other side's name and address. Always sent. */
export function interviewAcceptedMail(options: {
  to: string;
  side: 'person' | 'team';
  organisationName: string;
  other: { name: string; email: string };
  slug: string;
  origin: string;
}): OutgoingMail {
  const { organisationName, other, origin } = options;
  const forPerson = options.side === 'person';
  return {
    to: options.to,
    subject: forPerson
      ? `You accepted ${organisationName}'s interview request`
      : `Your interview request was accepted`,
    text: [
      forPerson
        ? `You accepted the interview request from ${organisationName}. You can reach the person who sent it at:`
        : `The interview request ${organisationName} sent was accepted. You can reach the person at:`,
      '',
      `${other.name} <${other.email}>`,
      '',
      forPerson
        ? `They have your name and e-mail address too. The request: ${origin}${ACCOUNT_INTERVIEW_REQUESTS_PATH}`
        : `They have your name and e-mail address too. The request: ${origin}${teamInterviewRequestsPath(options.slug)}`,
    ].join('\n'),
  };
}

/** To the person: the team recorded a hire, to confirm or deny within 30 days. Always sent. */
export function hireRecordedMail(options: {
  to: string;
  organisationName: string;
  answerBy: number;
  origin: string;
}): OutgoingMail {
  return {
    to: options.to,
    subject: `${options.organisationName} recorded that they hired you`,
    text: [
      `${options.organisationName} recorded on Side Quest that they hired you after your interview request.`,
      '',
      `It counts on their record only if you confirm it. Confirm or deny by ${formatUtcDate(options.answerBy, 'long')}:`,
      `${options.origin}${ACCOUNT_INTERVIEW_REQUESTS_PATH}`,
    ].join('\n'),
  };
}
