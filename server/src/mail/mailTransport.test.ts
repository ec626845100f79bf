import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { openDatabase } from '../db/database';
import { createMailer, type MailLog } from './mailer';
import { MAIL_DB_FILE, createSqliteMailOutbox } from './mailOutbox';
import { fileTransport, smtpTransport } from './mailTransport';

const message = {
  id: 7,
  from: 'Side Quest <no-reply@sidequest.test>',
  to: 'ada.lovelace@example.com',
  subject: 'Your Side Quest sign-in code: 493817',
  text:
    'Your Side Quest sign-in code is 493817. It expires in ten minutes; if you did not ask for it, ' +
    'you can ignore this message — nobody can sign in without it.',
};

describe('mail transports', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-mail-files-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('the file transport writes a parseable .eml named by time and id only, creating its folder', async () => {
    const folder = path.join(dir, 'outgoing', 'mail');
    const transport = fileTransport(folder);
    expect(transport.kind).toBe('files');
    const { file } = await transport.deliver(message);

    expect(path.dirname(file as string)).toBe(folder);
    expect(path.basename(file as string)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z-7\.eml$/);
    expect(fs.statSync(file as string).mode & 0o777).toBe(0o600);
    const raw = fs.readFileSync(file as string);
    expect(raw.toString('latin1')).toContain('\r\n');
    const parsed = await simpleParser(raw);
    expect(parsed.subject).toBe(message.subject);
    expect(parsed.text?.trimEnd()).toBe(message.text);
    expect(parsed.from?.value).toEqual([{ address: 'no-reply@sidequest.test', name: 'Side Quest' }]);
    expect(parsed.to).toMatchObject({ value: [{ address: message.to }] });
    expect(parsed.messageId).toEqual(expect.any(String));

    // Another message never overwrites this one.
    const { file: second } = await transport.deliver({ ...message, id: 8 });
    expect(second).not.toBe(file);
    expect(fs.readdirSync(folder)).toHaveLength(2);
  });

  it('the mailer logs where the file transport wrote each message, and nothing personal', async () => {
    const db = openDatabase(dir, MAIL_DB_FILE);
    const lines: Array<{ obj: Record<string, unknown>; msg: string }> = [];
    const log: MailLog = {
      info: (obj, msg) => lines.push({ obj, msg }),
      warn: (obj, msg) => lines.push({ obj, msg }),
    };
    const mailer = createMailer({
      outbox: createSqliteMailOutbox(db),
      transport: fileTransport(path.join(dir, 'mail')),
      from: message.from,
      log,
    });
    try {
      const id = await mailer.send(message);
      await mailer.flush();
      expect(lines).toEqual([
        {
          msg: 'mail written to file',
          obj: { mailId: id, attempts: 1, transport: 'files', file: expect.stringMatching(/\.eml$/) },
        },
      ]);
      const file = lines[0]?.obj.file as string;
      expect((await simpleParser(fs.readFileSync(file))).text).toContain('493817');
      for (const secret of ['ada.lovelace', 'example.com', '493817', 'sign-in code'])
        expect(JSON.stringify(lines)).not.toContain(secret);
      expect(await mailer.pending()).toBe(0);
    } finally {
      await mailer.stop();
      db.close();
    }
  });

  it('the mailer writes no file for a reserved address, and logs its id only', async () => {
    const db = openDatabase(dir, MAIL_DB_FILE);
    const lines: Array<{ obj: Record<string, unknown>; msg: string }> = [];
    const log: MailLog = {
      info: (obj, msg) => lines.push({ obj, msg }),
      warn: (obj, msg) => lines.push({ obj, msg }),
    };
    const folder = path.join(dir, 'mail');
    const mailer = createMailer({
      outbox: createSqliteMailOutbox(db),
      transport: fileTransport(folder),
      from: message.from,
      log,
    });
    try {
      const id = await mailer.send({ ...message, to: 'owner@acme-lab.demo.side-quest.invalid' });
      await mailer.flush();
      expect(fs.existsSync(folder) ? fs.readdirSync(folder) : []).toEqual([]);
      expect(lines).toEqual([
        { msg: 'mail to a reserved address skipped (never sent or written)', obj: { mailId: id } },
      ]);
      expect(await mailer.pending()).toBe(0);
    } finally {
      await mailer.stop();
      db.close();
    }
  });

  it('the SMTP transport is created from a URL without connecting', () => {
    expect(smtpTransport('smtps://user:secret@smtp.example.com:465').kind).toBe('smtp');
  });
});
