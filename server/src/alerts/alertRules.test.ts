import { makeBounty } from '@side-quest/data/testing';
import { digestFor, periodOf } from './alertRules';

const at = (iso: string) => Date.parse(iso);

describe('digest periods (UTC)', () => {
  it('a daily alert has one period per UTC day, whatever the hour', () => {
    expect(periodOf('daily', at('2026-11-28T00:00:00Z'))).toBe('2026-11-28');
    expect(periodOf('daily', at('2026-11-28T23:59:59.999Z'))).toBe('2026-11-28');
    expect(periodOf('daily', at('2026-11-29T00:00:00Z'))).toBe('2026-11-29');
  });

  it('a weekly alert has one period per week starting Monday', () => {
    // 2026-11-23 is a Monday; 2026-11-29 a Sunday.
    for (const day of ['2026-11-23T00:00:00Z', '2026-11-25T12:00:00Z', '2026-11-29T23:59:59Z'])
      expect(periodOf('weekly', at(day))).toBe('week-2026-11-23');
    expect(periodOf('weekly', at('2026-11-30T00:00:00Z'))).toBe('week-2026-11-30');
    expect(periodOf('weekly', at('2026-11-22T23:59:59Z'))).toBe('week-2026-11-16');
    // Across a year's end.
    expect(periodOf('weekly', at('2027-01-01T09:00:00Z'))).toBe('week-2026-12-28');
  });
});

describe('what a digest holds', () => {
  const rust = (id: string, extra = {}) =>
    makeBounty({ id, item_title: `Rust task ${id}`, skill_tags: ['Rust'], reward_amount: 500, ...extra });
  const seen = new Map([
    ['old', '2026-11-01T00:00:00.000Z'],
    ['new-1', '2026-11-28T09:00:00.000Z'],
    ['new-2', '2026-11-28T10:00:00.000Z'],
    ['go', '2026-11-28T10:00:00.000Z'],
    ['later', '2026-11-28T13:00:00.000Z'],
  ]);
  const list = [
    rust('old'),
    rust('new-1'),
    rust('new-2'),
    makeBounty({ id: 'go', item_title: 'Go task', skill_tags: ['Go'] }),
    rust('later'),
    rust('never-seen'),
  ];

  it('holds the matching bounties first published after `since` and up to `until`, newest first', () => {
    const digest = digestFor(
      'skill=rust',
      list,
      seen,
      '2026-11-28T08:00:00.000Z',
      at('2026-11-28T12:00:00Z'),
    );
    expect(digest.bounties.map((bounty) => bounty.id)).toEqual(['new-2', 'new-1']);
    expect(digest.total).toBe(2);
  });

  it('is empty when nothing new matches (no digest is sent then)', () => {
    expect(
      digestFor('skill=rust', list, seen, '2026-11-28T13:00:00.000Z', at('2026-11-29T00:00:00Z')),
    ).toEqual({
      bounties: [],
      total: 0,
    });
  });

  it("applies the list's own filters: search, domain, reward bounds, and ignores sort and paging", () => {
    const query = 'q=task&min=600&sort=title&pages=3';
    const rich = [...list, rust('rich', { reward_amount: 900 })];
    const withRich = new Map([...seen, ['rich', '2026-11-28T11:00:00.000Z']]);
    expect(
      digestFor(query, rich, withRich, '2026-11-28T00:00:00.000Z', at('2026-11-28T12:00:00Z')).bounties,
    ).toEqual([expect.objectContaining({ id: 'rich' })]);
  });

  it('holds at most 20, and counts the rest', () => {
    const many = Array.from({ length: 27 }, (_, n) => rust(`m${n}`));
    const times = new Map(
      many.map((bounty, n) => [bounty.id, new Date(at('2026-11-28T00:00:00Z') + n * 1000).toISOString()]),
    );
    const digest = digestFor('', many, times, '2026-11-27T00:00:00.000Z', at('2026-11-29T00:00:00Z'));
    expect(digest.total).toBe(27);
    expect(digest.bounties).toHaveLength(20);
    expect(digest.bounties[0]?.id).toBe('m26');
  });
});
