import request from 'supertest';
import type { Bounty } from '@side-quest/data/bounties';
import type { SponsorPageData } from '@side-quest/data/trust';
import { startTestSite, type TestSite } from '../testing/testAccounts';
import { openApiSchemas, type OpenApiDocument } from '../public-api/openApiSchemas';

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite({ SEED_DEMO: '1' });
});
afterAll(() => site.close());

// One Host for every request: answers name the site's origin, and their ETags must compare.
const get = (path: string) => request(site.app).get(path).set('Host', 'side-quest.test');
const page = async (slug: string) => (await get(`/api/sponsors/${slug}`).expect(200)).body as SponsorPageData;

describe("a fresh start's sponsor records (the demo history)", () => {
  it('lists the four sponsors that published bounties, by name', async () => {
    const list = (await get('/api/sponsors').expect(200)).body as { slug: string }[];
    expect(list.map((entry) => entry.slug)).toEqual([
      'kestrel-grid',
      'larkspur-analytics',
      'northwind-freight',
      'tallow-health',
    ]);
  });

  it('a fast payer: Northwind Freight pays in 2 days (median), its closing after a submission counted', async () => {
    const { sponsor, record, bounties } = await page('northwind-freight');
    expect(sponsor).toMatchObject({ name: 'Northwind Freight', verifiedAt: expect.any(String) });
    expect(record.demo).toBe(true);
    expect(record.paying.medianDays).toBe(2);
    expect(record.overdue).toEqual([]);
    expect(record.closedWithoutWinner).toEqual([
      expect.objectContaining({ title: 'Read handwritten delivery notes', afterSubmissions: true }),
    ]);
    expect(record.completion).toMatchObject({ completed: 2, ended: 3 });
    // Every figure's bounties are on the page; open bounties come first.
    const ids = new Set(bounties.map((bounty) => bounty.id));
    expect([...record.money.bountyIds, ...record.paying.bountyIds].every((id) => ids.has(id))).toBe(true);
    expect(bounties[0]?.hosted?.state).toBe('open');
  });

  it('a slow payer with something overdue: Kestrel Grid, each overdue bounty named', async () => {
    const { record } = await page('kestrel-grid');
    expect(record.paying.medianDays).toBe(13);
    expect(record.money).toMatchObject({ announced: 8000, paid: 3000 });
    expect(record.overdue.map((entry) => [entry.title, entry.overdue.kind, entry.overdue.days])).toEqual([
      ['Model battery degradation from charge cycles', 'payment', 5],
      ['Forecast substation load 48 hours ahead', 'judging', 6],
    ]);
  });

  it('a cancellation after a submission is listed with its public reason', async () => {
    const { record } = await page('tallow-health');
    expect(record.cancelled).toEqual([
      expect.objectContaining({
        title: 'Speech-to-text for ward rounds',
        afterSubmissions: true,
        reason: expect.stringContaining('ethics board'),
      }),
    ]);
    expect(record.money.paidShare).toBe(1);
  });

  it("every hosted bounty in the list carries its sponsor's line", async () => {
    const list = (await get('/api/bounties').expect(200)).body as Bounty[];
    const kestrel = list.filter((bounty) => bounty.hosted?.sponsor.slug === 'kestrel-grid');
    expect(kestrel.length).toBe(4);
    for (const bounty of kestrel)
      expect(bounty.hosted?.sponsor.record).toMatchObject({
        winners: 3,
        winnersPaid: 1,
        medianDaysToPay: 13,
        overdue: [
          { kind: 'judging', count: 1, longest: { kind: 'judging', days: 6 } },
          { kind: 'payment', count: 1, longest: { kind: 'payment', days: 5 } },
        ],
      });
  });
});

describe('sponsors without a public page', () => {
  it.each(['/api/sponsors/no-such-sponsor', '/api/v1/sponsors/no-such-sponsor'])(
    '%s is a 404',
    async (path) => {
      const answer = await get(path).expect(404);
      expect(answer.body).toEqual({ success: false, message: 'Sponsor not found.' });
    },
  );

  it('an unknown feed is a plain 404', async () => {
    await get('/feeds/sponsors/no-such-sponsor.xml').expect(404);
    await get('/feeds/sponsors/northwind-freight.json').expect(404);
  });
});

describe('the public API and the feed', () => {
  it('answers the record with the bounties in the API shape, as the OpenAPI document says', async () => {
    const { paths, check } = openApiSchemas(
      (await get('/api/openapi.json').expect(200)).body as OpenApiDocument,
    );
    expect(paths).toEqual(expect.arrayContaining(['/api/v1/sponsors', '/api/v1/sponsors/{slug}']));
    const list = await get('/api/v1/sponsors').expect(200);
    expect(list.headers['access-control-allow-origin']).toBe('*');
    check('SponsorList')(list.body);
    const sponsor = await get('/api/v1/sponsors/kestrel-grid').expect(200);
    check('Sponsor')(sponsor.body);
    expect(sponsor.body.feedUrl).toMatch(/\/feeds\/sponsors\/kestrel-grid\.xml$/);
    expect(sponsor.body.bounties.map((bounty: { stage: string }) => bounty.stage)).toContain('judging');
    // Unchanged data: the copy held is current.
    await get('/api/v1/sponsors/kestrel-grid').set('If-None-Match', sponsor.headers.etag!).expect(304);
  });

  it("the sponsor's feed holds its bounties only, newest first", async () => {
    const answer = await get('/feeds/sponsors/tallow-health.xml').expect(200);
    expect(answer.headers['content-type']).toMatch(/application\/rss\+xml/);
    const titles = [...answer.text.matchAll(/<item>\s*<title>([^<]+)<\/title>/g)].map((match) => match[1]);
    expect(answer.text).toContain('<title>Side Quest bounties by Tallow Health</title>');
    expect(titles.sort()).toEqual(
      [
        'An appointment booking screen everyone can use',
        'De-identify free-text clinical notes',
        'Speech-to-text for ward rounds',
      ].sort(),
    );
  });
});

describe("the list's sponsor filter and sort in the public API", () => {
  it("?sponsor=verified keeps the verified sponsors' bounties; ?sort=pays puts the quickest payer first", async () => {
    const verified = (await get('/api/v1/bounties?sponsor=verified&limit=100').expect(200)).body.data as {
      company: string;
    }[];
    expect(verified.length).toBe(14);
    const byPaying = (await get('/api/v1/bounties?sort=pays&limit=3').expect(200)).body.data as {
      company: string;
    }[];
    // Northwind Freight pays in 2 days (median), the quickest of the demo sponsors.
    expect(byPaying.map((bounty) => bounty.company)).toEqual([
      'Northwind Freight',
      'Northwind Freight',
      'Northwind Freight',
    ]);
  });

  it('?sponsor= with anything but verified is a 400 that says so', async () => {
    const answer = await get('/api/v1/bounties?sponsor=all').expect(400);
    expect(answer.body.message).toBe('sponsor must be "verified".');
  });
});
