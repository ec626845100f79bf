import type { OptionalMailKind } from '@side-quest/data/account';
import type { MailLog, Mailer } from './mailer';
import type { OutgoingMail } from './mailOutbox';
import type { MailPreferences } from './mailPreferences';

/**
 * A message as a feature hands it to the post: `kind` marks optional mail (checked against the person's
 * switch, with a one-click unsubscribe); without it, the message is mail a duty depends on and always goes.
 */
export type PostedMail = OutgoingMail & { kind?: OptionalMailKind };

/** What a one-click unsubscribe stops: a kind of mail of a person, or one saved-search alert. */
export type UnsubscribeTarget = { kind: OptionalMailKind; personId: string } | { alertId: string };

export interface MailPostOptions {
  mailer: Pick<Mailer, 'send'>;
  preferences: Pick<MailPreferences, 'wants'>;
  /** The account id of an address, or null when no account has it. */
  personIdOf(address: string): Promise<string | null>;
  /** The List-Unsubscribe headers of a message that `target` stops. */
  unsubscribeHeaders(target: UnsubscribeTarget): Record<string, string>;
  log: MailLog;
}

/**
 * Where every feature's mail goes through: mail a duty depends on straight to the outbox; optional mail
 * only to a person with an account whose switch for its kind is on, carrying List-Unsubscribe and
 * List-Unsubscribe-Post (RFC 2369, RFC 8058). Log lines carry ids and kinds, never an address.
 */
export function createMailPost(options: MailPostOptions) {
  const { mailer, preferences, log } = options;

  async function optional(
    mail: OutgoingMail,
    personId: string,
    kind: OptionalMailKind,
    target: UnsubscribeTarget,
  ): Promise<number | null> {
    if (!(await preferences.wants(personId, kind))) {
      log.info({ personId, kind }, 'optional mail not sent: switched off');
      return null;
    }
    const headers = { ...mail.headers, ...options.unsubscribeHeaders(target) };
    return mailer.send({ to: mail.to, subject: mail.subject, text: mail.text, headers });
  }

  return {
    /** Sends `mail`: at once when it is not optional, else as its recipient's switch says. */
    async send(mail: PostedMail): Promise<number | null> {
      const { kind, ...message } = mail;
      if (!kind) return mailer.send(message);
      const personId = await options.personIdOf(mail.to);
      if (!personId) {
        log.info({ kind }, 'optional mail not sent: no account has the address');
        return null;
      }
      return optional(message, personId, kind, { kind, personId });
    },
    /** Sends an optional message to a known person, its unsubscribe stopping `target` (an alert). */
    sendOptional(
      mail: OutgoingMail,
      personId: string,
      kind: OptionalMailKind,
      target: UnsubscribeTarget = { kind, personId },
    ): Promise<number | null> {
      return optional(mail, personId, kind, target);
    },
  };
}

export type MailPost = ReturnType<typeof createMailPost>;
