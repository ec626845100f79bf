import { createUnsubscribeTokens, unsubscribeHeaders, UNSUBSCRIBE_TOKEN_DAYS } from './unsubscribeTokens';

const DAY = 24 * 60 * 60 * 1000;
const secret = 'a-test-secret-shared-by-every-instance-0123456789';

describe('unsubscribe tokens', () => {
  let time = Date.UTC(2026, 5, 1);
  const tokens = createUnsubscribeTokens(secret, () => time);

  it('signs a kind of mail of a person, and an alert, and reads them back', () => {
    const kind = tokens.sign({ kind: 'team-notices', personId: 'u_8f3KxQ2' });
    expect(tokens.check(kind)).toEqual({
      ok: true,
      target: { kind: 'team-notices', personId: 'u_8f3KxQ2' },
      expiresAt: time + UNSUBSCRIBE_TOKEN_DAYS * DAY,
    });
    const alert = tokens.sign({ alertId: 'al-Zx81' });
    expect(tokens.check(alert)).toMatchObject({ ok: true, target: { alertId: 'al-Zx81' } });
  });

  it('holds nothing personal: an opaque id, the kind, the expiry and a signature, all URL-safe', () => {
    const token = tokens.sign({ kind: 'bounty-alerts', personId: 'u_8f3KxQ2' });
    expect(token).toMatch(/^u_8f3KxQ2\.bounty-alerts\.\d+\.[A-Za-z0-9_-]{43}$/);
    expect(encodeURIComponent(token)).toBe(token);
    expect(() => tokens.sign({ kind: 'bounty-alerts', personId: 'ada@example.com' })).toThrow();
  });

  it('refuses a token with any part changed, or signed with another secret', () => {
    const token = tokens.sign({ kind: 'talent-updates', personId: 'u1' });
    const [id, kind, expiry, signature] = token.split('.') as [string, string, string, string];
    expect(tokens.check(`u2.${kind}.${expiry}.${signature}`)).toEqual({ ok: false, reason: 'forged' });
    expect(tokens.check(`${id}.team-notices.${expiry}.${signature}`)).toEqual({
      ok: false,
      reason: 'forged',
    });
    expect(tokens.check(`${id}.${kind}.${Number(expiry) + 1}.${signature}`)).toEqual({
      ok: false,
      reason: 'forged',
    });
    expect(tokens.check(`${id}.${kind}.${expiry}.${signature.slice(0, -1)}A`)).toEqual({
      ok: false,
      reason: 'forged',
    });
    const other = createUnsubscribeTokens('another-secret-entirely-0123456789', () => time);
    expect(other.check(token)).toEqual({ ok: false, reason: 'forged' });
  });

  it('calls malformed what is not a token at all', () => {
    for (const bad of ['', 'abc', 'a.b.c', 'u1.newsletter.123.sig', 'u1.team-notices.soon.sig', 'a.b.c.d.e'])
      expect(tokens.check(bad)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('refuses a token after its expiry, and accepts it until then', () => {
    const token = tokens.sign({ alertId: 'al1' }, 30);
    const start = time;
    time = start + 30 * DAY - 1000;
    expect(tokens.check(token).ok).toBe(true);
    time = start + 30 * DAY;
    expect(tokens.check(token)).toEqual({ ok: false, reason: 'expired' });
    time = start;
  });

  it('makes the RFC 2369 and RFC 8058 header fields', () => {
    expect(unsubscribeHeaders('https://side-quest.example.com', 'tok')).toEqual({
      'List-Unsubscribe': '<https://side-quest.example.com/unsubscribe/tok>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });
});
