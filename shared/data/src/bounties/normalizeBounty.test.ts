import { FIELD_LIMITS, deriveBountyList, limitText, normalizeBounty } from './normalizeBounty';
import type { Bounty } from './types';

const EMPTY: Omit<Bounty, 'id'> = {
  item_title: '',
  platform_name: '',
  summary_description: '',
  full_bounty_description: '',
  learnings: '',
  reward_amount: 0,
  deadline: '',
  bounty_area: '',
  skill_tags: [],
  image_url: '',
  item_url: '',
  created_at: null,
  is_high_value_bounty: false,
};

describe('normalizeBounty', () => {
  it('keeps a well-formed document as it is', () => {
    const document = {
      item_title: 'Detect defective welds',
      platform_name: 'Ironvale',
      summary_description: 'Flag defects.',
      full_bounty_description: 'Long text.\n\nMore.',
      learnings: 'Vision.',
      reward_amount: 14000,
      deadline: '2026-12-31',
      bounty_area: 'AI/ML',
      skill_tags: ['PyTorch', 'Computer Vision'],
      image_url: '/media/bounties/vision.svg',
      item_url: 'https://ironvale.example/apply',
      created_at: '2026-10-01T12:00:00.000Z',
      is_high_value_bounty: true,
    };
    expect(normalizeBounty(document, 'w1')).toEqual({ id: 'w1', ...document });
  });

  it.each([null, undefined, 42, 'text', [], [1, 2], true])('turns %p into an empty bounty', (input) => {
    expect(normalizeBounty(input, 'x')).toEqual({ id: 'x', ...EMPTY });
  });

  it('takes the id argument over an id inside the document, else the document id', () => {
    expect(normalizeBounty({ id: 'inner' }, 'doc').id).toBe('doc');
    expect(normalizeBounty({ id: 'inner' }).id).toBe('inner');
    expect(normalizeBounty({ id: 7 }).id).toBe('7');
    expect(normalizeBounty({}).id).toBe('');
  });

  describe('reward', () => {
    it.each([
      [undefined, 0],
      [null, 0],
      [1500, 1500],
      [99.5, 99.5],
      ['1200', 1200],
      ['$1,250', 1250],
      [' 3 000 USD ', 3000],
      ['lots', 0],
      ['', 0],
      ['   ', 0],
      [-50, 0],
      [Number.NaN, 0],
      [Number.POSITIVE_INFINITY, 0],
      [{ amount: 5 }, 0],
      [true, 0],
    ])('%p -> %p', (value, expected) => {
      expect(normalizeBounty({ reward_amount: value }).reward_amount).toBe(expected);
    });
  });

  describe('skill tags', () => {
    it.each([
      [
        ['React', 'react', 'Go'],
        ['React', 'react', 'Go'],
      ],
      [
        [' React ', 'React', '', '  ', 'Type   Script'],
        ['React', 'Type Script'],
      ],
      [
        ['Go', 3, null, { name: 'x' }, ['nested']],
        ['Go', '3'],
      ],
      ['Python, SQL,,  Go ', ['Python', 'SQL', 'Go']],
      [{ 0: 'React' }, []],
      [42, []],
      [undefined, []],
    ])('%p -> %p', (value, expected) => {
      expect(normalizeBounty({ skill_tags: value }).skill_tags).toEqual(expected);
    });
  });

  describe('created_at', () => {
    const iso = '2026-03-04T05:06:07.123Z';
    const millis = Date.parse(iso);
    it.each([
      ['an ISO string', iso, iso],
      ['a date-only string', '2026-03-04', '2026-03-04T00:00:00.000Z'],
      ['epoch milliseconds', millis, iso],
      ['a Date', new Date(millis), iso],
      ['a Firestore Timestamp', { toDate: () => new Date(millis), seconds: 1, nanoseconds: 0 }, iso],
      ['a serialised client Timestamp', { seconds: Math.floor(millis / 1000), nanoseconds: 123456789 }, iso],
      ['an Admin SDK Timestamp', { _seconds: Math.floor(millis / 1000), _nanoseconds: 123000000 }, iso],
      ['an unparseable string', 'sometime last spring', null],
      ['an invalid date', '2026-13-45', null],
      ['an out-of-range number', 1e20, null],
      ['a boolean', true, null],
      ['an empty string', '', null],
      ['missing', undefined, null],
      [
        'a toDate that throws',
        {
          toDate: () => {
            throw new Error('bad');
          },
        },
        null,
      ],
      ['a toDate returning junk', { toDate: () => 'yesterday' }, null],
    ])('%s', (_label, value, expected) => {
      expect(normalizeBounty({ created_at: value }).created_at).toBe(expected);
    });
  });

  it('keeps a deadline as text, and turns a timestamp deadline into a date string', () => {
    expect(normalizeBounty({ deadline: '2026-12-31' }).deadline).toBe('2026-12-31');
    expect(normalizeBounty({ deadline: 'Rolling submissions' }).deadline).toBe('Rolling submissions');
    expect(normalizeBounty({ deadline: { seconds: 1798675200, nanoseconds: 0 } }).deadline).toBe(
      '2026-12-31',
    );
    expect(normalizeBounty({ deadline: 20261231 }).deadline).toBe('');
    expect(normalizeBounty({ deadline: { nope: 1 } }).deadline).toBe('');
  });

  it('keeps only apply links a page can safely open', () => {
    const url = (item_url: unknown) => normalizeBounty({ item_url }).item_url;
    expect(url('https://acme.example/apply?x=1')).toBe('https://acme.example/apply?x=1');
    expect(url(' http://acme.example ')).toBe('http://acme.example');
    expect(url('javascript:alert(1)')).toBe('');
    expect(url('data:text/html,hi')).toBe('');
    expect(url('/relative')).toBe('');
    expect(url('acme.example')).toBe('');
    expect(url(12)).toBe('');
  });

  it('keeps images from the web, this site or Storage, and nothing else', () => {
    const image = (image_url: unknown) => normalizeBounty({ image_url }).image_url;
    expect(image('/media/bounties/x.svg')).toBe('/media/bounties/x.svg');
    expect(image('https://cdn.example/x.png')).toBe('https://cdn.example/x.png');
    expect(image('gs://bucket/x.png')).toBe('gs://bucket/x.png');
    expect(image('//evil.example/x.png')).toBe('');
    expect(image('javascript:alert(1)')).toBe('');
    expect(image({ url: '/x' })).toBe('');
  });

  it('reads text fields of the wrong type without crashing', () => {
    const bounty = normalizeBounty({
      item_title: 2024,
      platform_name: { name: 'Acme' },
      summary_description: ['a'],
      full_bounty_description: null,
      learnings: false,
      bounty_area: '  Software ',
    });
    expect(bounty).toMatchObject({
      item_title: '2024',
      platform_name: '',
      summary_description: '',
      full_bounty_description: '',
      learnings: '',
      bounty_area: 'Software',
    });
  });

  it('treats only true (or "true") as high-value', () => {
    const flag = (value: unknown) => normalizeBounty({ is_high_value_bounty: value }).is_high_value_bounty;
    expect([true, 'true', false, 'false', 1, 'yes', undefined].map(flag)).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('deriveBountyList', () => {
  it('derives the distinct domains and skills, sorted, ignoring empty areas', () => {
    const make = (bounty_area: string, skill_tags: string[]) => ({
      ...EMPTY,
      id: bounty_area,
      bounty_area,
      skill_tags,
    });
    const list = deriveBountyList([
      make('Software', ['React', 'Go']),
      make('AI/ML', ['react', 'Python']),
      make('', ['Go']),
      make('Software', []),
    ]);
    expect(list.domains).toEqual(['AI/ML', 'Software']);
    expect(list.skills).toEqual(['Go', 'Python', 'react', 'React']);
    expect(list.bounties).toHaveLength(4);
  });
});

describe('field limits', () => {
  it('cuts oversized text so one hostile document cannot swamp every card', () => {
    const huge = 'A'.repeat(100_000);
    const bounty = normalizeBounty({
      item_title: huge,
      summary_description: huge,
      full_bounty_description: huge,
      deadline: huge,
      skill_tags: [huge, ...Array.from({ length: 50 }, (_, index) => `skill-${index}`)],
    });
    expect(bounty.item_title).toHaveLength(FIELD_LIMITS.item_title);
    expect(bounty.summary_description).toHaveLength(FIELD_LIMITS.summary_description);
    expect(bounty.full_bounty_description).toHaveLength(FIELD_LIMITS.full_bounty_description);
    expect(bounty.deadline).toHaveLength(FIELD_LIMITS.deadline);
    expect(bounty.skill_tags).toHaveLength(FIELD_LIMITS.skillTags);
    expect(bounty.skill_tags[0]).toHaveLength(FIELD_LIMITS.skillTag);
  });

  it('never splits a surrogate pair when cutting', () => {
    expect(limitText('ab😀', 3)).toBe('ab');
    expect(limitText('short', 10)).toBe('short');
  });
});
