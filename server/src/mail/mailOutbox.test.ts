import { testDatabases } from '../testing/testDatabases';
import { createMailer, type MailLog } from './mailer';
import {
  MAIL_DB_FILE,
  createPostgresMailOutbox,
  createSqliteMailOutbox,
  type MailOutbox,
  type OutgoingMail,
} from './mailOutbox';
import type { MailToDeliver, MailTransport } from './mailTransport';

// One contract for both adapters of the mail outbox: SQLite (the default) and PostgreSQL (DATABASE_URL),
// the latter on a real server this suite starts on loopback (skipped with a message when PostgreSQL is
// not installed, a failure under CI).

interface Row {
  recipient: string;
  subject: string | null;
  body: string | null;
  status: string;
  attempts: number;
  next_attempt_at: number;
  last_error: string | null;
}

interface Opened {
  outbox: MailOutbox;
  /** A second outbox on the same database, over its own connection (as another instance). */
  another(): MailOutbox;
  /** The stored row, read directly. */
  row(id: number): Promise<Row | undefined>;
  close(): Promise<void>;
}

const ROW = 'SELECT recipient, subject, body, status, attempts, next_attempt_at, last_error FROM mail_outbox';

const adapters = testDatabases('mail', MAIL_DB_FILE).map(
  ([name, openDatabase]): [string, () => Promise<Opened>] => [
    name,
    async () => {
      const opened = await openDatabase();
      if (opened.kind === 'SQLite')
        return {
          outbox: createSqliteMailOutbox(opened.database),
          another: () => createSqliteMailOutbox(opened.another()),
          row: async (id) => opened.database.prepare(`${ROW} WHERE id = ?`).get(id) as Row | undefined,
          close: opened.close,
        };
      return {
        outbox: createPostgresMailOutbox(opened.database),
        another: () => createPostgresMailOutbox(opened.another()),
        row: async (id) => (await opened.database.query<Row>(`${ROW} WHERE id = $1`, [id])).rows[0],
        close: opened.close,
      };
    },
  ],
);

const mail = (n: number): OutgoingMail => ({
  to: `user${n}@example.com`,
  subject: `Votre code de connexion ${n}`,
  text: `Code: ${100000 + n} ✓\nIt expires in ten minutes.`,
});

const quiet: MailLog = { info: () => undefined, warn: () => undefined };

describe.each(adapters)('mail outbox contract: %s', (_name, open) => {
  let opened: Opened;
  beforeEach(async () => {
    opened = await open();
  });
  afterEach(async () => {
    await opened.close();
  });

  it('stores a message first and hands out the due ones, oldest first, each once', async () => {
    const { outbox } = opened;
    const first = await outbox.enqueue(mail(1), 1_000);
    const second = await outbox.enqueue(mail(2), 2_000);
    const later = await outbox.enqueue(mail(3), 5_000);
    expect(second).toBeGreaterThan(first);
    expect(await outbox.pendingCount()).toBe(3);

    expect(await outbox.claimDue(3_000, 10)).toEqual([
      { id: first, ...mail(1), attempts: 0, createdAt: 1_000 },
      { id: second, ...mail(2), attempts: 0, createdAt: 2_000 },
    ]);
    expect(await outbox.claimDue(3_000, 10)).toEqual([]);
    // Claimed messages are still backlog until they are recorded as sent.
    expect(await outbox.pendingCount()).toBe(3);
    expect(await opened.row(first)).toMatchObject({ status: 'sending', attempts: 0 });

    expect((await outbox.claimDue(9_000, 1)).map((claimed) => claimed.id)).toEqual([later]);
    const more = [await outbox.enqueue(mail(4), 6_000), await outbox.enqueue(mail(5), 6_000)];
    await outbox.enqueue(mail(6), 6_000);
    expect((await outbox.claimDue(9_000, 2)).map((claimed) => claimed.id)).toEqual(more);
  });

  it('a retried message goes back to pending and is due again from nextAttemptAt', async () => {
    const { outbox } = opened;
    const id = await outbox.enqueue(mail(1), 1_000);
    await outbox.claimDue(1_000, 1);
    await outbox.markRetry(id, 1, 5_000, '451 try later');
    expect(await opened.row(id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      next_attempt_at: 5_000,
      last_error: '451 try later',
    });
    expect(await outbox.claimDue(4_999, 1)).toEqual([]);
    expect(await outbox.claimDue(5_000, 1)).toEqual([{ id, ...mail(1), attempts: 1, createdAt: 1_000 }]);
  });

  it('a sent message keeps no subject or body, and nothing moves it again', async () => {
    const { outbox } = opened;
    const id = await outbox.enqueue(mail(1), 1_000);
    const other = await outbox.enqueue(mail(2), 1_000);
    await outbox.claimDue(1_000, 1);
    await outbox.markSent(id, 2_000);
    expect(await opened.row(id)).toMatchObject({
      recipient: 'user1@example.com',
      subject: null,
      body: null,
      status: 'sent',
      attempts: 1,
      last_error: null,
    });
    await outbox.markRetry(id, 2, 3_000, 'late');
    await outbox.markFailed(id, 2, 'late');
    expect(await opened.row(id)).toMatchObject({ status: 'sent', attempts: 1, body: null });
    expect(await outbox.pendingCount()).toBe(1);
    expect(await opened.row(other)).toMatchObject({ status: 'pending', body: mail(2).text });
  });

  it('a failed message keeps no body and is never handed out again', async () => {
    const { outbox } = opened;
    const id = await outbox.enqueue(mail(1), 1_000);
    await outbox.claimDue(1_000, 1);
    await outbox.markFailed(id, 10, '550 no such user');
    expect(await opened.row(id)).toMatchObject({
      status: 'failed',
      attempts: 10,
      subject: null,
      body: null,
      last_error: '550 no such user',
    });
    expect(await outbox.claimDue(Number.MAX_SAFE_INTEGER, 10)).toEqual([]);
    expect(await outbox.pendingCount()).toBe(0);
  });

  it('marks failed (never resends) a message left sending longer than olderThanMs', async () => {
    const { outbox } = opened;
    const interrupted = await outbox.enqueue(mail(1), 1_000);
    await outbox.claimDue(10_000, 1);
    const waiting = await outbox.enqueue(mail(2), 10_000);
    expect(await outbox.recoverInterrupted(60_000, 69_999)).toEqual([]);
    expect(await opened.row(interrupted)).toMatchObject({ status: 'sending' });
    expect(await outbox.recoverInterrupted(60_000, 70_000)).toEqual([interrupted]);
    expect(await opened.row(interrupted)).toMatchObject({
      status: 'failed',
      attempts: 1,
      subject: null,
      body: null,
      last_error: expect.stringMatching(/interrupted/),
    });
    expect(await opened.row(waiting)).toMatchObject({ status: 'pending', body: mail(2).text });
    expect((await outbox.claimDue(70_000, 10)).map((claimed) => claimed.id)).toEqual([waiting]);
    // The slow send that was given up on got through after all: recorded as sent, the attempt counted once.
    await outbox.markSent(interrupted, 71_000);
    expect(await opened.row(interrupted)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('records a message to a reserved address as skipped, without its text, and never hands it out', async () => {
    const { outbox } = opened;
    const reserved = await outbox.enqueue(
      { to: 'owner@acme-lab.demo.side-quest.invalid', subject: 'Payment is overdue', text: 'Act now' },
      1_000,
    );
    const others = [
      await outbox.enqueue({ ...mail(1), to: 'tal@example.test' }, 1_000),
      await outbox.enqueue({ ...mail(2), to: 'owner@ACME.example' }, 1_000),
      await outbox.enqueue({ ...mail(3), to: 'root@localhost' }, 1_000),
    ];
    const real = await outbox.enqueue(mail(4), 1_000);
    expect(await opened.row(reserved)).toMatchObject({
      recipient: 'owner@acme-lab.demo.side-quest.invalid',
      status: 'skipped',
      subject: null,
      body: null,
      attempts: 0,
    });
    for (const id of others) expect(await opened.row(id)).toMatchObject({ status: 'skipped', body: null });
    expect(await outbox.pendingCount()).toBe(1);
    expect((await outbox.claimDue(Number.MAX_SAFE_INTEGER, 10)).map((claimed) => claimed.id)).toEqual([real]);
    expect(await outbox.recoverInterrupted(0, Number.MAX_SAFE_INTEGER)).toEqual([real]);
    expect(await opened.row(reserved)).toMatchObject({ status: 'skipped' });
  });

  it('two outboxes claiming at once never get the same message', async () => {
    const one = opened.outbox;
    const two = opened.another();
    const ids = await Promise.all(Array.from({ length: 60 }, (_, n) => one.enqueue(mail(n), 1_000)));
    const claimedIds: number[] = [];
    for (let round = 0; round < 100; round++) {
      const batches = await Promise.all([
        one.claimDue(2_000, 3),
        two.claimDue(2_000, 3),
        one.claimDue(2_000, 4),
        two.claimDue(2_000, 4),
      ]);
      const found = batches.flat().map((claimed) => claimed.id);
      if (found.length === 0) break;
      claimedIds.push(...found);
    }
    expect(new Set(claimedIds).size).toBe(claimedIds.length);
    expect([...claimedIds].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
  });

  it('two mailers working one outbox send every message exactly once', async () => {
    const delivered: number[] = [];
    const transport: MailTransport = {
      kind: 'smtp',
      async deliver(message: MailToDeliver) {
        // A pause, so the two mailers' sends overlap.
        await new Promise((resolve) => setTimeout(resolve, 1));
        delivered.push(message.id);
        return {};
      },
    };
    const ids = await Promise.all(Array.from({ length: 40 }, (_, n) => opened.outbox.enqueue(mail(n))));
    const settings = { transport, from: 'Side Quest <no-reply@sidequest.test>', log: quiet };
    const mailers = [opened.outbox, opened.another()].map((outbox) => createMailer({ ...settings, outbox }));
    await Promise.all(mailers.map((mailer) => mailer.flush()));
    expect([...delivered].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    expect(await opened.outbox.pendingCount()).toBe(0);
  });
});
