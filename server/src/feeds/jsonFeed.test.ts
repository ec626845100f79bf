import { makeBounty } from '@side-quest/data/testing';
import { NO_FILTERS } from '@side-quest/data/bounty-query';
import { FEED_MAX_ITEMS, feedDocument } from './feedDocument';
import { JSON_FEED_VERSION, toJsonFeed } from './jsonFeed';

const origin = 'https://side.example';
const HOSTILE = `</title><script>alert("x")</script> ]]> \u0000\u2028\u2029 "\\" 🦀`;

const documentFor = (bounties: ReturnType<typeof makeBounty>[]) =>
  feedDocument({
    bounties,
    filters: { ...NO_FILTERS, skills: ['Rust'], status: 'open' },
    newestFirst: true,
    origin,
    homePageUrl: `${origin}/bounties?skill=Rust&status=open`,
    feedUrl: `${origin}/feeds/bounties.json?skill=Rust&status=open`,
  });

describe('toJsonFeed', () => {
  it('is JSON Feed 1.1 that carries hostile text through JSON unchanged', () => {
    const feed = toJsonFeed(
      documentFor([
        makeBounty({
          id: 'x y',
          item_title: HOSTILE,
          summary_description: HOSTILE,
          skill_tags: ['Rust', HOSTILE],
          reward_amount: 500,
          deadline: '2026-03-01',
          created_at: '2026-02-01T10:20:30Z',
          bounty_area: 'AI/ML',
          platform_name: 'Acme',
        }),
      ]),
    );
    const read = JSON.parse(JSON.stringify(feed)) as typeof feed;
    expect(read).toEqual(feed);
    expect(read.version).toBe(JSON_FEED_VERSION);
    expect(read.title).toBe('Side Quest bounties: with Rust, open');
    expect(read.home_page_url).toBe(`${origin}/bounties?skill=Rust&status=open`);
    expect(read.feed_url).toBe(`${origin}/feeds/bounties.json?skill=Rust&status=open`);
    const [item] = read.items;
    expect(item).toEqual({
      id: `${origin}/bounty/x%20y`,
      url: `${origin}/bounty/x%20y`,
      title: HOSTILE,
      summary: HOSTILE,
      content_text: expect.stringContaining(`${HOSTILE}\n\nReward: $500\nDeadline: 2026-03-01\n`),
      date_published: '2026-02-01T10:20:30.000Z',
      tags: ['Rust', HOSTILE],
      _side_quest: {
        reward_usd: 500,
        deadline: '2026-03-01',
        closes_at: '2026-03-01T23:59:59.999Z',
        domain: 'AI/ML',
        company: 'Acme',
      },
    });
  });

  it('dates in RFC 3339 and leaves date_published out when the source has no date', () => {
    const feed = toJsonFeed(
      documentFor([makeBounty({ id: 'a', created_at: null, deadline: 'Week 3', summary_description: '' })]),
    );
    const [item] = feed.items;
    expect(item).not.toHaveProperty('date_published');
    expect(item!.summary).toBe('No description available.');
    expect(item!._side_quest.closes_at).toBeNull();
    expect(item!._side_quest.deadline).toBe('Week 3');
  });

  it(`keeps at most ${FEED_MAX_ITEMS} items, the first of the order given`, () => {
    const many = Array.from({ length: FEED_MAX_ITEMS + 5 }, (_, index) => makeBounty({ id: `b${index}` }));
    const feed = toJsonFeed(documentFor(many));
    expect(feed.items).toHaveLength(FEED_MAX_ITEMS);
    expect(feed.items[0]!.id).toBe(`${origin}/bounty/b0`);
    expect(feed.items.at(-1)!.id).toBe(`${origin}/bounty/b${FEED_MAX_ITEMS - 1}`);
  });
});
