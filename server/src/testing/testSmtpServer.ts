// Test helper (not shipped code): a real SMTP server on 127.0.0.1 that keeps what it receives, parsed.
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';

export interface TestSmtpServer {
  /** SMTP_URL for the server under test. */
  url: string;
  received: ParsedMail[];
  /**
   * Waits (bounded) for the first message to `address` after `since` messages (with `subject`, when
   * given: other mail to the address may arrive in between), and returns it.
   */
  nextMessageTo(
    address: string,
    options?: { since?: number; timeoutMs?: number; subject?: string },
  ): Promise<ParsedMail>;
  /** Refuses (true) or accepts (false) every message from now on. */
  refuse(on: boolean): void;
  close(): Promise<void>;
}

export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const received: ParsedMail[] = [];
  let refusing = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          if (refusing) return callback(new Error('Mailbox unavailable, try later'));
          received.push(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const to = (mail: ParsedMail) =>
    (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((group) =>
      group.value.map((entry) => entry.address?.toLowerCase()),
    );
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    async nextMessageTo(address, { since = 0, timeoutMs = 10_000, subject } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received
          .slice(since)
          .find((mail) => to(mail).includes(address.toLowerCase()) && (!subject || mail.subject === subject));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`No message to ${address} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    refuse(on) {
      refusing = on;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The six-digit code in a sign-in e-mail. */
export function codeIn(mail: ParsedMail): string {
  const match = /\b(\d{6})\b/.exec(mail.text ?? '');
  if (!match?.[1]) throw new Error('No code in the message');
  return match[1];
}
