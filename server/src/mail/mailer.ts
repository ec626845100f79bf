import type { MailOutbox, OutgoingMail, StoredMail } from './mailOutbox';
import type { MailTransport } from './mailTransport';
import { isReservedAddress } from './reservedAddresses';

/**
 * Where the mailer reports (pino's logger fits). Entries carry message ids, attempt counts, error codes and
 * file paths, never a recipient, a subject or a body: those hold personal data and one-time codes.
 */
export interface MailLog {
  info(obj: Record<string, unknown>, msg: string): void;
  warn(obj: Record<string, unknown>, msg: string): void;
}

export interface MailerOptions {
  outbox: MailOutbox;
  transport: MailTransport;
  /** The From header, e.g. 'Side Quest <no-reply@sidequest.example>'. */
  from: string;
  log: MailLog;
  /** First retry delay; it doubles per failed attempt (±20 % jitter) up to retryMaxMs. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** How often due messages (retries, other instances' mail) are looked for. */
  pollMs?: number;
  /** Attempts before a message is given up on (marked failed). */
  maxAttempts?: number;
  /**
   * A message still `sending` this long after it was claimed was being sent by a process that died (or
   * lost its database before recording the outcome): it is marked failed, not sent again. Must exceed the
   * longest send (smtpTransport bounds one at a few minutes) since other instances share a PostgreSQL outbox.
   */
  interruptedAfterMs?: number;
}

export interface Mailer {
  /**
   * Stores the message (durably) and wakes the loop to send it; resolves with its outbox id. One to a
   * reserved address is recorded as skipped and never sent (reservedAddresses.ts).
   */
  send(mail: OutgoingMail): Promise<number>;
  /** Starts the background loop, after marking failed the messages an earlier run left mid-send. */
  start(): void;
  /**
   * Stops the loop and resolves once the send in flight (if any) has been answered and recorded. It is not
   * cut off: the mail server may already have the message, and one recorded as unsent would be lost.
   */
  stop(): Promise<void>;
  /** Sends every message due now, one after another, stopping at the first failure (retried later). */
  flush(): Promise<void>;
  /** Messages waiting to be sent or being sent (the backlog). */
  pending(): Promise<number>;
  /** Failed send attempts since creation (to be retried or given up on): the /metrics counter. */
  failures(): number;
}

/** Messages sent per pass before the loop yields (and starts another pass right away). */
const BATCH = 25;
/** How often a running mailer looks for messages left mid-send by an instance that died. */
const RECOVER_EVERY_MS = 60_000;

/** Exponential backoff with ±20 % jitter, so instances retrying together spread out. */
export function retryDelay(attempts: number, baseMs: number, maxMs: number, random = Math.random): number {
  const exponential = Math.min(maxMs, baseMs * 2 ** Math.min(attempts - 1, 30));
  return Math.round(exponential * (0.8 + 0.4 * random()));
}

/**
 * An SMTP server's answer may quote the recipient ("550 <ada@example.com>: no such user"): anything shaped
 * like an address is blanked before an error is logged or stored.
 */
function describeError(error: unknown): {
  reason: string;
  code?: string;
  responseCode?: number;
  permanent: boolean;
} {
  const fields = (typeof error === 'object' && error !== null ? error : {}) as {
    code?: unknown;
    responseCode?: unknown;
    permanent?: unknown;
  };
  const message = error instanceof Error ? error.message : String(error);
  return {
    reason: message.replace(/[^\s<>"'(),;:]+@[^\s<>"'(),;:]+/g, '[address]').slice(0, 300),
    ...(typeof fields.code === 'string' ? { code: fields.code } : {}),
    ...(typeof fields.responseCode === 'number' ? { responseCode: fields.responseCode } : {}),
    // nodemailer sets `permanent` on a 5xx refusal (but 503): the same message would be refused again.
    permanent: fields.permanent === true,
  };
}

type PassResult = 'idle' | 'failed' | 'more';

/**
 * The outbox worker. send() stores first and only then tries the mail server, so a message survives a
 * crash or an outage; the loop claims one message at a time (so a message is `sending` only while it is
 * really being sent, and stop() leaves nothing claimed), sends it, and records the outcome. A failed
 * attempt is retried with exponential backoff up to maxAttempts; a permanent SMTP refusal is not retried.
 * Each message is sent at most once: one whose outcome was never recorded is given up on, not resent.
 */
export function createMailer({
  outbox,
  transport,
  from,
  log,
  retryBaseMs = 2000,
  retryMaxMs = 600_000,
  pollMs = 1000,
  maxAttempts = 10,
  interruptedAfterMs = 600_000,
}: MailerOptions): Mailer {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<PassResult> | undefined;
  let again = false;
  let stopped = true;
  let failures = 0;
  let lastRecovery = 0;

  async function recover(now: number) {
    lastRecovery = now;
    const ids = await outbox.recoverInterrupted(interruptedAfterMs, now);
    if (ids.length > 0)
      log.warn(
        { mailIds: ids },
        'mail left mid-send by a stopped process marked failed (it may or may not have been delivered)',
      );
  }

  /**
   * Sends one claimed message and records the outcome: 'sent', 'refused' (for good: that message's fault,
   * such as an unknown recipient) or 'failed' (the attempt failed: retried later or given up on).
   */
  async function deliver(mail: StoredMail): Promise<'sent' | 'refused' | 'failed'> {
    const attempts = mail.attempts + 1;
    const entry = { mailId: mail.id, attempts, transport: transport.kind };
    let file: string | undefined;
    try {
      ({ file } = await transport.deliver({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.headers ? { headers: mail.headers } : {}),
        from,
        id: mail.id,
      }));
    } catch (error) {
      failures += 1;
      const { reason, permanent, ...codes } = describeError(error);
      if (permanent || attempts >= maxAttempts) {
        await outbox.markFailed(mail.id, attempts, reason);
        log.warn({ ...entry, ...codes, reason }, permanent ? 'mail refused for good' : 'mail given up on');
      } else {
        const retryInMs = retryDelay(attempts, retryBaseMs, retryMaxMs);
        await outbox.markRetry(mail.id, attempts, Date.now() + retryInMs, reason);
        log.warn({ ...entry, ...codes, reason, retryInMs }, 'mail not sent, will retry');
      }
      return permanent ? 'refused' : 'failed';
    }
    // Outside the try: a failure to record the outcome must not count as a failed send and resend it. The
    // row stays `sending` and is marked failed later.
    await outbox.markSent(mail.id, Date.now());
    log.info(file ? { ...entry, file } : entry, file ? 'mail written to file' : 'mail sent');
    return 'sent';
  }

  /** While `background`, stop() ends the pass after the message in flight. */
  async function pass(background: boolean): Promise<PassResult> {
    if (Date.now() - lastRecovery >= RECOVER_EVERY_MS) await recover(Date.now());
    for (let sent = 0; sent < BATCH; sent++) {
      if (background && stopped) return 'idle';
      const [mail] = await outbox.claimDue(Date.now(), 1);
      if (!mail) return 'idle';
      // The mail server is struggling: leave the rest for a later pass.
      if ((await deliver(mail)) === 'failed') return 'failed';
    }
    return 'more';
  }

  /**
   * One pass at a time: a background pass asked for while one runs follows it (`again`), as does one after
   * a background pass that stopped at BATCH with more due.
   */
  function run(background: boolean): Promise<PassResult> {
    if (running) {
      if (background) again = true;
      return running;
    }
    const settle = (more: boolean) => {
      running = undefined;
      if ((again || more) && !stopped) {
        again = false;
        tick();
      }
    };
    running = pass(background).then(
      (result) => {
        settle(background && result === 'more');
        return result;
      },
      (error: unknown) => {
        settle(false);
        throw error;
      },
    );
    return running;
  }

  function tick() {
    run(true).catch((error: unknown) => {
      const { reason, code } = describeError(error);
      log.warn({ code, reason }, 'mail pass failed');
    });
  }

  return {
    async send(mail) {
      const id = await outbox.enqueue(mail, Date.now());
      // The outbox stored it as skipped: nothing to send.
      if (isReservedAddress(mail.to)) {
        log.info({ mailId: id }, 'mail to a reserved address skipped (never sent or written)');
        return id;
      }
      if (!stopped) tick();
      return id;
    },
    start() {
      if (!stopped) return;
      stopped = false;
      // The first pass, which the tick below starts right away, begins with recovery.
      lastRecovery = 0;
      timer = setInterval(tick, pollMs);
      timer.unref();
      tick();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      // Each send is bounded by the transport's timeouts, so this wait is too.
      await running?.catch(ignore);
    },
    async flush() {
      for (;;) {
        while (running) await running.catch(ignore);
        if ((await run(false)) !== 'more') return;
      }
    },
    pending: () => outbox.pendingCount(),
    failures: () => failures,
  };
}

const ignore = () => undefined;
