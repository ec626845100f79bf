import type { OptionalMailKind } from '@side-quest/data/account';
import { createMailPost, type UnsubscribeTarget } from './mailPost';
import type { OutgoingMail } from './mailOutbox';

function post(off: Array<[string, OptionalMailKind]> = []) {
  const sent: OutgoingMail[] = [];
  const lines: Array<Record<string, unknown>> = [];
  const accounts = new Map([
    ['ada@example.com', 'u-ada'],
    ['bob@example.com', 'u-bob'],
  ]);
  const mailPost = createMailPost({
    mailer: {
      async send(mail) {
        sent.push(mail);
        return sent.length;
      },
    },
    preferences: {
      wants: async (personId, kind) => !off.some(([id, k]) => id === personId && k === kind),
    },
    personIdOf: async (address) => accounts.get(address) ?? null,
    unsubscribeHeaders: (target: UnsubscribeTarget) => ({
      'List-Unsubscribe': `<https://sq.example.com/unsubscribe/${'alertId' in target ? target.alertId : `${target.personId}.${target.kind}`}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    }),
    log: { info: (obj) => lines.push(obj), warn: (obj) => lines.push(obj) },
  });
  return { mailPost, sent, lines };
}

const message = (to: string) => ({ to, subject: 'Winners announced: Importer', text: 'See them.' });

describe('the mail post', () => {
  it('sends mail a duty depends on as it is, to anyone, switches or not', async () => {
    const { mailPost, sent } = post([['u-ada', 'talent-updates']]);
    await mailPost.send(message('ada@example.com'));
    await mailPost.send(message('nobody-with-an-account@example.com'));
    expect(sent).toEqual([message('ada@example.com'), message('nobody-with-an-account@example.com')]);
    expect(sent[0]).not.toHaveProperty('headers');
  });

  it('sends optional mail with one-click unsubscribe for that person and kind, without its kind field', async () => {
    const { mailPost, sent } = post();
    await mailPost.send({ ...message('bob@example.com'), kind: 'team-notices' });
    expect(sent).toEqual([
      {
        ...message('bob@example.com'),
        headers: {
          'List-Unsubscribe': '<https://sq.example.com/unsubscribe/u-bob.team-notices>',
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      },
    ]);
  });

  it('does not send a kind the person switched off, nor optional mail to an address without an account', async () => {
    const { mailPost, sent, lines } = post([['u-ada', 'talent-updates']]);
    expect(await mailPost.send({ ...message('ada@example.com'), kind: 'talent-updates' })).toBeNull();
    expect(await mailPost.send({ ...message('stranger@example.com'), kind: 'talent-updates' })).toBeNull();
    await mailPost.send({ ...message('ada@example.com'), kind: 'team-notices' });
    expect(sent.map((mail) => mail.to)).toEqual(['ada@example.com']);
    // Ids and kinds only: never an address.
    expect(JSON.stringify(lines)).not.toMatch(/@/);
    expect(lines).toContainEqual({ personId: 'u-ada', kind: 'talent-updates' });
  });

  it("an alert's digest stops that alert when unsubscribed, and honours the bounty-alerts switch", async () => {
    const { mailPost, sent } = post([['u-bob', 'bounty-alerts']]);
    await mailPost.sendOptional(message('ada@example.com'), 'u-ada', 'bounty-alerts', { alertId: 'al-1' });
    await mailPost.sendOptional(message('bob@example.com'), 'u-bob', 'bounty-alerts', { alertId: 'al-2' });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.headers?.['List-Unsubscribe']).toBe('<https://sq.example.com/unsubscribe/al-1>');
  });
});
