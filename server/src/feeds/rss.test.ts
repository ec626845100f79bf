import { makeBounty } from '@side-quest/data/testing';
import { NO_FILTERS } from '@side-quest/data/bounty-query';
import { feedDocument } from './feedDocument';
import { ILLEGAL_XML, parseRss } from './feedTestUtils';
import { plainTextAsHtml, rfc822, toRss } from './rss';

const origin = 'https://side.example';

/** What survives XML: the same text without the characters XML 1.0 cannot hold. */
const xmlSafe = (text: string) =>
  text.replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '');

const HOSTILE = `</title><script>alert("x")</script> ]]> & 'q' \u0000\u0008\u000B\uFFFE\uD800 🦀 é`;

function documentFor(overrides: Parameters<typeof makeBounty>[0][]) {
  return feedDocument({
    bounties: overrides.map((override) => makeBounty(override)),
    filters: { ...NO_FILTERS, search: HOSTILE },
    newestFirst: true,
    origin,
    homePageUrl: `${origin}/bounties?q='"<a>"'&skill=C%2B%2B`,
    feedUrl: `${origin}/feeds/bounties.xml?q=a&b=<c>`,
  });
}

describe('toRss', () => {
  it('writes well-formed RSS 2.0 whose every field reads back as the text it was given', () => {
    const feed = documentFor([
      {
        id: 'evil/<id>?&',
        item_title: HOSTILE,
        summary_description: `Line one ${HOSTILE}\nLine two`,
        platform_name: 'Acme & <Sons>',
        skill_tags: ['C++ & <Rust>', '🦀', ']]>'],
        deadline: '2026-03-01',
        reward_amount: 12345.5,
        created_at: '2026-02-01T10:20:30.000Z',
      },
    ]);
    const xml = toRss(feed);
    expect(xml).not.toMatch(ILLEGAL_XML);
    expect(xml).not.toContain('<script>');
    const { rss } = parseRss(xml);
    expect(rss['@_version']).toBe('2.0');
    const { channel } = rss;
    expect(channel.title).toBe(xmlSafe(feed.title));
    expect(channel.title).toContain('</title><script>');
    expect(channel.link).toBe(feed.homePageUrl);
    expect(channel['atom:link']).toEqual(
      expect.objectContaining({ '@_href': feed.feedUrl, '@_rel': 'self' }),
    );
    expect(channel.lastBuildDate).toBe('Sun, 01 Feb 2026 10:20:30 GMT');

    const [item] = channel.item!;
    expect(item!.title).toBe(xmlSafe(HOSTILE));
    expect(item!.link).toBe(`${origin}/bounty/evil%2F%3Cid%3E%3F%26`);
    expect(item!.guid).toEqual({ '#text': item!.link, '@_isPermaLink': 'true' });
    expect(item!.category).toEqual(['C++ & <Rust>', '🦀', ']]>']);
    expect(item!.pubDate).toBe('Sun, 01 Feb 2026 10:20:30 GMT');
    // The description is HTML of the plain text: a reader shows "<script>" as text, never runs it.
    expect(item!.description).toBe(plainTextAsHtml(xmlSafe(feed.items[0]!.text)));
    expect(item!.description).toContain('&lt;/title&gt;&lt;script&gt;');
    expect(item!.description).toContain('Reward: $12,345.5<br>');
    expect(item!.description).toContain('Deadline: 2026-03-01<br>');
    expect(item!.description).toContain('Company: Acme &amp; &lt;Sons&gt;');
  });

  it('leaves out pubDate and lastBuildDate when nothing is dated, and says when nothing matches', () => {
    const undated = parseRss(toRss(documentFor([{ id: 'a', created_at: null }]))).rss.channel;
    expect(undated.lastBuildDate).toBeUndefined();
    expect(undated.item![0]!.pubDate).toBeUndefined();
    const empty = parseRss(toRss(documentFor([]))).rss.channel;
    expect(empty.item).toBeUndefined();
    expect(empty.description).toContain('newest first');
  });

  it('dates in RFC 822 with a four-digit year and GMT', () => {
    expect(rfc822('2026-12-31T23:59:59.000Z')).toBe('Thu, 31 Dec 2026 23:59:59 GMT');
  });
});

describe('plainTextAsHtml', () => {
  it('escapes markup characters and keeps line breaks', () => {
    expect(plainTextAsHtml(`a<b>&"c'\nd`)).toBe('a&lt;b&gt;&amp;&quot;c&#39;<br>\nd');
  });
});
