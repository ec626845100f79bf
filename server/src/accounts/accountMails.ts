import type { OutgoingMail } from '../mail';
import { CODE_TTL_SECONDS } from './codeRules';

export const SIGN_IN_CODE_SUBJECT = 'Your Side Quest sign-in code';

/** The sign-in code e-mail. The code is in the body only: subjects show up in notifications and logs. */
export function signInCodeMail(email: string, code: string): OutgoingMail {
  return {
    to: email,
    subject: SIGN_IN_CODE_SUBJECT,
    text: [
      `Your sign-in code is ${code}`,
      '',
      `Enter it on the Side Quest sign-in page within ${CODE_TTL_SECONDS / 60} minutes. It works once.`,
      'If you did not ask for it, ignore this e-mail: nobody can sign in without the code.',
    ].join('\n'),
  };
}

/** An invitation to a sponsor organisation: it names the team and says where to accept (signed in). */
export function invitationMail(
  invitation: { email: string; organizationName: string },
  origin: string,
): OutgoingMail {
  return {
    to: invitation.email,
    subject: `You are invited to ${invitation.organizationName} on Side Quest`,
    text: [
      `You have been invited to join the sponsor team ${invitation.organizationName} on Side Quest.`,
      '',
      `Sign in with this e-mail address at ${origin}/account to accept or decline it.`,
      'Nothing happens until you do.',
    ].join('\n'),
  };
}
