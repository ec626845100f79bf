import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import type { Bounty } from '@side-quest/data/bounties';
import { createApp, openStores } from '../app';
import { readServerConfig } from '../config/serverConfig';
import { parseRss, ILLEGAL_XML, type ParsedRssItem } from './feedTestUtils';
import type { JsonFeed } from './jsonFeed';

const ORIGIN = 'https://side.example';
const HOUR = 60 * 60 * 1000;
const HOSTILE = `</title><script>alert(1)</script> ]]> & "q" \u0000\u0008\uFFFE 🦀`;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-feeds-'));
const config = readServerConfig({ DATA_DIR: dataDir, PUBLIC_URL: ORIGIN, API_READ_RATE_LIMIT: '10000' });
const stores = openStores(config);
stores.bounties.put([
  {
    id: 'hostile <one>',
    document: {
      item_title: HOSTILE,
      summary_description: HOSTILE,
      platform_name: 'Evil & Co',
      skill_tags: ['Rust', '</category>'],
      reward_amount: 50_000,
      deadline: new Date(Date.now() + 30 * 24 * HOUR).toISOString().slice(0, 10),
      bounty_area: 'AI/ML',
      created_at: new Date(Date.now() - HOUR).toISOString(),
      is_high_value_bounty: true,
    },
  },
  {
    id: 'closed-rust',
    document: {
      item_title: 'Closed Rust job',
      skill_tags: ['rust'],
      reward_amount: 700,
      deadline: '2020-01-01',
      bounty_area: 'Software',
      created_at: '2019-12-01T00:00:00.000Z',
      is_high_value_bounty: true,
    },
  },
  {
    id: 'unlisted-rust',
    document: { item_title: 'Not high value', skill_tags: ['Rust'], is_high_value_bounty: false },
  },
]);
const app = createApp(config, stores);
afterAll(() => stores.close());

const listed = (): Bounty[] => stores.bounties.list();
const detailUrl = (id: string) => `${ORIGIN}/bounty/${encodeURIComponent(id)}`;
const xmlSafe = (text: string) =>
  text.replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '');
const createdMs = (bounty: Bounty) => (bounty.created_at ? Date.parse(bounty.created_at) : null);

/** Newest first, undated last, ties in the list's (title) order: written out here, not imported. */
function newestFirst(bounties: Bounty[]): Bounty[] {
  return bounties
    .map((bounty, index) => ({ bounty, index, time: createdMs(bounty) }))
    .sort((a, b) => {
      if (a.time === null || b.time === null)
        return (a.time === null ? 1 : 0) - (b.time === null ? 1 : 0) || a.index - b.index;
      return b.time - a.time || a.index - b.index;
    })
    .map(({ bounty }) => bounty);
}

/** Open: the deadline date (UTC) has not ended yet, or there is no date. */
const isOpen = (bounty: Bounty) => {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(bounty.deadline) ? Date.parse(bounty.deadline) : NaN;
  return Number.isNaN(day) || day + 24 * HOUR > Date.now();
};

function checkRssItem(item: ParsedRssItem, bounty: Bounty) {
  expect(item.title).toBe(xmlSafe(bounty.item_title.trim() || 'Untitled Bounty'));
  expect(item.link).toBe(detailUrl(bounty.id));
  expect(item.guid).toEqual({ '#text': detailUrl(bounty.id), '@_isPermaLink': 'true' });
  expect(item.category ?? []).toEqual(bounty.skill_tags.map(xmlSafe));
  if (bounty.created_at)
    // RFC 822 dates name whole seconds.
    expect(new Date(item.pubDate!).getTime()).toBe(Math.floor(Date.parse(bounty.created_at) / 1000) * 1000);
  else expect(item.pubDate).toBeUndefined();
  expect(item.description).toContain(`Deadline: ${bounty.deadline || 'No deadline'}`);
}

describe('GET /feeds/bounties.xml', () => {
  it('lists every listed bounty newest first, each item matching its bounty', async () => {
    const response = await request(app).get('/feeds/bounties.xml').expect(200);
    expect(response.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.text).not.toMatch(ILLEGAL_XML);
    const { channel } = parseRss(response.text).rss;
    expect(channel.title).toBe('Side Quest bounties');
    expect(channel.link).toBe(`${ORIGIN}/bounties`);
    expect(channel['atom:link']['@_href']).toBe(`${ORIGIN}/feeds/bounties.xml`);
    const expected = newestFirst(listed()).slice(0, 100);
    expect(channel.item).toHaveLength(expected.length);
    channel.item!.forEach((item, index) => checkRssItem(item, expected[index]!));
    expect(channel.item!.map((item) => item.link)).not.toContain(detailUrl('unlisted-rust'));
    // The hostile bounty's text reads back intact and never as markup.
    const hostile = channel.item!.find((item) => item.link === detailUrl('hostile <one>'));
    expect(hostile!.title).toBe(xmlSafe(HOSTILE));
    expect(hostile!.category).toEqual(['Rust', '</category>']);
    expect(response.text).not.toContain('<script>');
    expect(new Date(channel.lastBuildDate!).getTime()).toBe(
      Math.floor(createdMs(expected[0]!)! / 1000) * 1000,
    );
  });

  it('applies the list filters, and its title, description and links say which', async () => {
    const response = await request(app)
      .get('/feeds/bounties.xml?skill=rust&status=open&min=1000&domain=AI%2FML')
      .expect(200);
    const { channel } = parseRss(response.text).rss;
    const expected = newestFirst(
      listed().filter(
        (bounty) =>
          bounty.skill_tags.some((skill) => skill.toLowerCase() === 'rust') &&
          isOpen(bounty) &&
          bounty.reward_amount >= 1000 &&
          bounty.bounty_area === 'AI/ML',
      ),
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(channel.item!.map((item) => item.link)).toEqual(expected.map((bounty) => detailUrl(bounty.id)));
    channel.item!.forEach((item, index) => checkRssItem(item, expected[index]!));
    expect(channel.title).toBe('Side Quest bounties: in AI/ML, with rust, open, at least $1,000');
    expect(channel.description).toBe(
      'Bounties on Side Quest in AI/ML, with rust, open, at least $1,000, newest first (at most 100).',
    );
    expect(channel.link).toBe(`${ORIGIN}/bounties?domain=AI%2FML&skill=rust&status=open&min=1000`);
    expect(channel['atom:link']['@_href']).toBe(
      `${ORIGIN}/feeds/bounties.xml?domain=AI%2FML&skill=rust&status=open&min=1000`,
    );
  });

  it('finds closed bounties with status=closed, and none of them with status=open', async () => {
    const links = async (query: string) =>
      parseRss((await request(app).get(`/feeds/bounties.xml?${query}`)).text).rss.channel.item?.map(
        (item) => item.link,
      ) ?? [];
    const rust = newestFirst(listed()).filter((bounty) =>
      bounty.skill_tags.some((skill) => /^rust$/i.test(skill)),
    );
    const closed = await links('status=closed&skill=Rust');
    expect(closed).toContain(detailUrl('closed-rust'));
    expect(closed).toEqual(rust.filter((bounty) => !isOpen(bounty)).map((bounty) => detailUrl(bounty.id)));
    const open = await links('status=open&skill=Rust');
    expect(open).toContain(detailUrl('hostile <one>'));
    expect(open).toEqual(rust.filter(isOpen).map((bounty) => detailUrl(bounty.id)));
  });

  it('ignores values the list would ignore, and sorts as asked', async () => {
    const plain = await request(app).get('/feeds/bounties.xml');
    const ignored = await request(app).get(
      '/feeds/bounties.xml?status=maybe&min=-3&sort=evil&saved=1&pages=9',
    );
    expect(ignored.text).toBe(plain.text);
    const byReward = parseRss((await request(app).get('/feeds/bounties.xml?sort=reward')).text).rss.channel;
    const rewards = byReward.item!.map((item) =>
      Number(/Reward: \$([\d,.]+)/.exec(item.description)?.[1]?.replace(/,/g, '') ?? 0),
    );
    expect(rewards).toEqual([...rewards].sort((a, b) => b - a));
    expect(byReward.item![0]!.link).toBe(detailUrl('hostile <one>'));
    expect(byReward.description).not.toContain('newest first');
  });

  it('answers 304 to a current ETag, and a new ETag for other filters', async () => {
    const first = await request(app).get('/feeds/bounties.xml?skill=Python').expect(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    await request(app).get('/feeds/bounties.xml?skill=Python').set('If-None-Match', etag).expect(304);
    const other = await request(app).get('/feeds/bounties.xml?skill=Go').expect(200);
    expect(other.headers.etag).not.toBe(etag);
  });
});

describe('GET /feeds/bounties.json', () => {
  it('is a JSON Feed 1.1 of the same bounties, in the same order, with tags and RFC 3339 dates', async () => {
    const response = await request(app).get('/feeds/bounties.json?skill=Python&dir=asc').expect(200);
    expect(response.headers['content-type']).toBe('application/feed+json; charset=utf-8');
    const feed = JSON.parse(response.text) as JsonFeed;
    expect(feed.version).toBe('https://jsonfeed.org/version/1.1');
    expect(feed.feed_url).toBe(`${ORIGIN}/feeds/bounties.json?skill=Python&dir=asc`);
    const expected = newestFirst(
      listed().filter((bounty) => bounty.skill_tags.some((skill) => skill.toLowerCase() === 'python')),
    ).reverse();
    // Oldest first: the undated ones (none here) would still be last, so reversing is exact only without them.
    expect(expected.every((bounty) => bounty.created_at)).toBe(true);
    expect(feed.items.map((item) => item.id)).toEqual(expected.map((bounty) => detailUrl(bounty.id)));
    feed.items.forEach((item, index) => {
      const bounty = expected[index]!;
      expect(item.url).toBe(item.id);
      expect(item.title).toBe(bounty.item_title);
      expect(item.tags).toEqual(bounty.skill_tags);
      expect(item.date_published).toBe(new Date(bounty.created_at!).toISOString());
      expect(item.date_published).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect(item._side_quest).toMatchObject({ reward_usd: bounty.reward_amount, deadline: bounty.deadline });
    });
  });

  it('carries hostile text exactly, and is cached with an ETag', async () => {
    const response = await request(app).get('/feeds/bounties.json?q=evil').expect(200);
    const feed = JSON.parse(response.text) as JsonFeed;
    expect(feed.items.map((item) => item.title)).toEqual([HOSTILE]);
    expect(feed.items[0]!.tags).toEqual(['Rust', '</category>']);
    await request(app)
      .get('/feeds/bounties.json?q=evil')
      .set('If-None-Match', response.headers.etag as string)
      .expect(304);
  });

  it('answers a plain 404 for an unknown feed, not the site', async () => {
    const response = await request(app).get('/feeds/bounties.atom').expect(404);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
  });
});
