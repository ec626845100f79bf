import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { pino } from 'pino';
import { SMTPServer } from 'smtp-server';
import { openDatabase, type SqliteDatabase } from '../db/database';
import { createMailer, retryDelay, type MailLog, type Mailer, type MailerOptions } from './mailer';
import { MAIL_DB_FILE, createSqliteMailOutbox, type MailOutbox } from './mailOutbox';
import { smtpTransport } from './mailTransport';

// The mailer against a real SMTP server (smtp-server on loopback), each message parsed back with mailparser.

interface TestSmtp {
  url: string;
  /** Messages accepted, parsed. */
  received: ParsedMail[];
  /** When each DATA ended (accepted or refused), in order. */
  attempts: number[];
  /** How many of the next messages to refuse, and with which SMTP reply code. */
  refuse: { next: number; code: number };
  /** Pause before accepting a message (it is already counted in `attempts`). */
  delayMs: number;
  close(): Promise<void>;
}

async function startSmtp(): Promise<TestSmtp> {
  const received: ParsedMail[] = [];
  const attempts: number[] = [];
  const refuse = { next: 0, code: 451 };
  const smtp: Omit<TestSmtp, 'url' | 'close'> = { received, attempts, refuse, delayMs: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 1_000,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        attempts.push(Date.now());
        if (refuse.next > 0) {
          refuse.next -= 1;
          // The reply quotes the recipient, as real servers do: the mailer must not log it.
          const recipient = session.envelope.rcptTo[0]?.address ?? '';
          callback(
            Object.assign(new Error(`Mailbox <${recipient}> is busy, try again later`), {
              responseCode: refuse.code,
            }),
          );
          return;
        }
        setTimeout(() => {
          simpleParser(Buffer.concat(chunks)).then((parsed) => {
            received.push(parsed);
            callback();
          }, callback);
        }, smtp.delayMs);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return Object.assign(smtp, {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

async function waitFor(check: () => boolean | Promise<boolean>, ms = 10_000) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const signIn = {
  to: 'ada.lovelace@example.com',
  subject: 'Your Side Quest sign-in code: 493817',
  // Longer than a line of quoted-printable (76 characters), and not ASCII only.
  text:
    'Your Side Quest sign-in code is 493817. It expires in ten minutes; if you did not ask for it, ' +
    'you can ignore this message — nobody can sign in without it.\nSee you soon, Ada Lovelace!',
};
/** Anything here in a log line would leak the recipient, the subject or the code. */
const PERSONAL = ['ada.lovelace', 'Ada Lovelace', '493817', 'sign-in code', 'example.com'];

interface LogLine {
  level: 'info' | 'warn';
  msg: string;
  obj: Record<string, unknown>;
}

function capture(): { log: MailLog; lines: LogLine[] } {
  const lines: LogLine[] = [];
  return {
    lines,
    log: {
      info: (obj, msg) => lines.push({ level: 'info', msg, obj }),
      warn: (obj, msg) => lines.push({ level: 'warn', msg, obj }),
    },
  };
}

function expectNothingPersonal(lines: LogLine[]) {
  const text = JSON.stringify(lines);
  for (const secret of PERSONAL) expect(text).not.toContain(secret);
}

interface StoredRow {
  recipient: string;
  subject: string | null;
  body: string | null;
  status: string;
  attempts: number;
  last_error: string | null;
}

describe('the mailer over SMTP', () => {
  let smtp: TestSmtp;
  let dir: string;
  let db: SqliteDatabase;
  let outbox: MailOutbox;
  let logs: ReturnType<typeof capture>;
  const mailers: Mailer[] = [];

  const row = (id: number) =>
    db
      .prepare('SELECT recipient, subject, body, status, attempts, last_error FROM mail_outbox WHERE id = ?')
      .get(id) as StoredRow;

  function mailer(options: Partial<MailerOptions> = {}) {
    const created = createMailer({
      outbox,
      transport: smtpTransport(smtp.url),
      from: 'Side Quest <no-reply@sidequest.test>',
      log: logs.log,
      retryBaseMs: 40,
      retryMaxMs: 400,
      pollMs: 10,
      ...options,
    });
    mailers.push(created);
    return created;
  }

  beforeEach(async () => {
    smtp = await startSmtp();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-mailer-'));
    db = openDatabase(dir, MAIL_DB_FILE);
    outbox = createSqliteMailOutbox(db);
    logs = capture();
  });
  afterEach(async () => {
    await Promise.all(mailers.splice(0).map((each) => each.stop()));
    await smtp.close();
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('sends a message once, with its subject and text, then clears the stored subject and body', async () => {
    const sender = mailer();
    sender.start();
    const id = await sender.send(signIn);
    await waitFor(() => smtp.received.length === 1);
    await waitFor(() => row(id).status === 'sent');
    await sender.flush();
    await sender.stop();

    expect(smtp.received).toHaveLength(1);
    const [message] = smtp.received as [ParsedMail];
    expect(message.subject).toBe(signIn.subject);
    // mailparser ends the decoded text with a newline; the soft-wrapped lines come back whole.
    expect(message.text?.trimEnd()).toBe(signIn.text);
    expect(message.from?.value).toEqual([{ address: 'no-reply@sidequest.test', name: 'Side Quest' }]);
    expect(message.to).toMatchObject({ value: [{ address: signIn.to }] });
    expect(row(id)).toEqual({
      recipient: signIn.to,
      subject: null,
      body: null,
      status: 'sent',
      attempts: 1,
      last_error: null,
    });
    expect(await sender.pending()).toBe(0);
    expect(sender.failures()).toBe(0);
    expect(logs.lines).toEqual([
      { level: 'info', msg: 'mail sent', obj: { mailId: id, attempts: 1, transport: 'smtp' } },
    ]);
    expectNothingPersonal(logs.lines);
  });

  it('retries with growing delays while the SMTP server refuses, and delivers once it accepts', async () => {
    smtp.refuse.next = 3;
    const sender = mailer();
    sender.start();
    const id = await sender.send(signIn);
    await waitFor(() => smtp.attempts.length >= 2);
    expect(row(id)).toMatchObject({
      status: expect.stringMatching(/^(pending|sending)$/),
      body: signIn.text,
      last_error: expect.stringMatching(/451/),
    });
    // The stored error names no address either.
    expect(row(id).last_error).not.toContain('example.com');
    await waitFor(() => smtp.received.length === 1);
    await waitFor(() => row(id).status === 'sent');
    await sender.stop();

    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.text?.trimEnd()).toBe(signIn.text);
    expect(smtp.attempts).toHaveLength(4);
    // Each wait is at least the backoff for that attempt (40, 80, 160 ms, less 20 % jitter).
    const gaps = smtp.attempts.slice(1).map((at, i) => at - (smtp.attempts[i] as number));
    gaps.forEach((gap, i) => expect(gap).toBeGreaterThanOrEqual(0.8 * 40 * 2 ** i - 1));
    expect(row(id)).toMatchObject({ status: 'sent', attempts: 4, subject: null, body: null });
    expect(sender.failures()).toBe(3);

    const warnings = logs.lines.filter((line) => line.level === 'warn');
    expect(
      warnings.map((line) => [line.msg, line.obj.mailId, line.obj.attempts, line.obj.responseCode]),
    ).toEqual([
      ['mail not sent, will retry', id, 1, 451],
      ['mail not sent, will retry', id, 2, 451],
      ['mail not sent, will retry', id, 3, 451],
    ]);
    expect(warnings[0]?.obj.reason).toMatch(/\[address\]/);
    expect(logs.lines.at(-1)).toMatchObject({ msg: 'mail sent', obj: { mailId: id, attempts: 4 } });
    expectNothingPersonal(logs.lines);
  });

  it('gives up after maxAttempts, and at once when the refusal is permanent', async () => {
    smtp.refuse.next = 100;
    const sender = mailer({ maxAttempts: 3, retryBaseMs: 5, retryMaxMs: 10 });
    sender.start();
    const id = await sender.send(signIn);
    await waitFor(() => row(id).status === 'failed');
    expect(row(id)).toMatchObject({ status: 'failed', attempts: 3, subject: null, body: null });
    expect(smtp.attempts).toHaveLength(3);

    await sender.stop();

    // A permanent refusal (5xx) is that message's alone: it is not retried, and the next one still goes.
    smtp.refuse.next = 1;
    smtp.refuse.code = 550;
    const refused = await sender.send({ ...signIn, to: 'nobody@example.com' });
    const next = await sender.send(signIn);
    await sender.flush();
    expect(row(refused)).toMatchObject({
      status: 'failed',
      attempts: 1,
      body: null,
      last_error: expect.stringMatching(/550/),
    });
    expect(row(next)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(smtp.attempts).toHaveLength(5);
    expect(smtp.received).toHaveLength(1);
    expect(logs.lines.filter((line) => line.msg !== 'mail not sent, will retry')).toEqual([
      expect.objectContaining({ msg: 'mail given up on', obj: expect.objectContaining({ mailId: id }) }),
      expect.objectContaining({
        msg: 'mail refused for good',
        obj: expect.objectContaining({ mailId: refused, responseCode: 550 }),
      }),
      expect.objectContaining({ msg: 'mail sent', obj: expect.objectContaining({ mailId: next }) }),
    ]);
    expectNothingPersonal(logs.lines);
  });

  it('keeps a message while the SMTP server is down and sends it once it is back', async () => {
    // A port nothing listens on: the connection is refused at once.
    const closedPort = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const down = mailer({ transport: smtpTransport(`smtp://127.0.0.1:${closedPort}`) });
    const id = await down.send(signIn);
    await down.flush();
    expect(row(id)).toMatchObject({ status: 'pending', attempts: 1, body: signIn.text });
    expect(logs.lines).toEqual([
      expect.objectContaining({
        level: 'warn',
        obj: expect.objectContaining({ mailId: id, code: 'ESOCKET' }),
      }),
    ]);

    const up = mailer({ retryBaseMs: 1 });
    db.prepare('UPDATE mail_outbox SET next_attempt_at = 0').run();
    await up.flush();
    expect(smtp.received).toHaveLength(1);
    expect(row(id)).toMatchObject({ status: 'sent', attempts: 2, body: null });
    expectNothingPersonal(logs.lines);
  });

  it('on start, marks failed a message a stopped run left mid-send, and never sends it', async () => {
    const id = await outbox.enqueue(signIn, Date.now() - 1_000);
    // Claimed by a process that then died before recording the outcome.
    expect(await outbox.claimDue(Date.now(), 1)).toHaveLength(1);
    const sender = mailer({ interruptedAfterMs: 0 });
    sender.start();
    await waitFor(() => row(id).status === 'failed');
    const next = await sender.send({ ...signIn, to: 'grace@example.com' });
    await waitFor(() => row(next).status === 'sent');
    await sender.stop();
    expect(smtp.received.map((message) => message.to)).toMatchObject([
      { value: [{ address: 'grace@example.com' }] },
    ]);
    expect(row(id)).toMatchObject({
      status: 'failed',
      body: null,
      last_error: expect.stringMatching(/interrupted/),
    });
    expect(logs.lines[0]).toEqual({
      level: 'warn',
      msg: expect.stringMatching(/mid-send/),
      obj: { mailIds: [id] },
    });
  });

  it('stop() waits for the message in flight and records it as sent', async () => {
    smtp.delayMs = 200;
    const sender = mailer();
    sender.start();
    const id = await sender.send(signIn);
    await waitFor(() => smtp.attempts.length === 1);
    expect(row(id).status).toBe('sending');
    await sender.stop();
    expect(smtp.received).toHaveLength(1);
    expect(row(id)).toMatchObject({ status: 'sent', body: null });

    // A message sent while stopped is stored, and waits for flush() or start().
    const later = await sender.send(signIn);
    expect(await sender.pending()).toBe(1);
    expect(row(later).status).toBe('pending');
  });
});

describe('mailer helpers', () => {
  it('doubles the retry delay per attempt up to the cap', () => {
    const noJitter = () => 0.5;
    expect([1, 2, 3, 4, 10].map((n) => retryDelay(n, 1000, 5000, noJitter))).toEqual([
      1000, 2000, 4000, 5000, 5000,
    ]);
    expect(retryDelay(1, 1000, 5000, () => 0)).toBe(800);
    expect(retryDelay(1, 1000, 5000, () => 1)).toBe(1200);
  });

  it('takes a pino logger as its log', () => {
    const log: MailLog = pino({ enabled: false });
    expect(() => log.info({ mailId: 1 }, 'mail sent')).not.toThrow();
  });
});
