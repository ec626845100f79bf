import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { OutgoingMail } from './mailOutbox';

/** A message as handed to a transport: the stored mail, the sender, and its outbox id. */
export type MailToDeliver = OutgoingMail & { from: string; id: number };

/**
 * Where mail goes. deliver resolves once the message is accepted (by the SMTP server, or written to disk)
 * and rejects otherwise; an SMTP rejection carries nodemailer's `responseCode` and `permanent` (true for a
 * 5xx refusal that retrying would get again).
 */
export interface MailTransport {
  readonly kind: 'smtp' | 'files';
  /** Resolves with the file written, for the file transport. */
  deliver(mail: MailToDeliver): Promise<{ file?: string }>;
}

/**
 * Sends through the SMTP server of a connection URL, e.g. smtps://user:pass@smtp.example.com or
 * smtp://127.0.0.1:1025 (query parameters such as ?requireTLS=true set nodemailer options). One connection
 * per message, closed after it, so there is nothing to close. The timeouts bound one send (the mailer's
 * stop() waits for it), far below nodemailer's defaults of 2 and 10 minutes; the URL can override them.
 */
export function smtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  });
  return {
    kind: 'smtp',
    async deliver(mail) {
      await transporter.sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.headers ? { headers: mail.headers } : {}),
      });
      return {};
    },
  };
}

/**
 * Writes each message as an RFC 822 .eml file into `dir` instead of sending it: for development and
 * tests, where a newcomer opens the file (the mailer logs its path) to read a sign-in code. The name is
 * the time and the outbox id only, nothing personal; the file is readable by its owner only.
 */
export function fileTransport(dir: string): MailTransport {
  // Composes the message without sending it; CRLF line ends, as in a message on the wire.
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    kind: 'files',
    async deliver(mail) {
      const info = await composer.sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.headers ? { headers: mail.headers } : {}),
      });
      if (!Buffer.isBuffer(info.message)) throw new Error('the stream transport returned no buffer');
      await fs.mkdir(dir, { recursive: true });
      const file = path.join(dir, `${new Date().toISOString().replace(/:/g, '-')}-${mail.id}.eml`);
      // 'wx': never overwrite another message's file.
      await fs.writeFile(file, info.message, { flag: 'wx', mode: 0o600 });
      return { file };
    },
  };
}
