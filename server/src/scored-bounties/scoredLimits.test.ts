import request from 'supertest';
import { SAME_ORIGIN, startTestSite, type TestSite } from '../testing/testAccounts';
import { siteKinds, storedBlobCount } from '../testing/testScoredSite';

// Scored uploads under the site's upload rate limit (issue 45 item 12), on both databases: each upload
// route has the budget of the site's other uploads per client address and window
// (BOUNTY_SUBMISSIONS_RATE_LIMIT, here 2), checked before a byte is stored: 429 with Retry-After.
const kinds = siteKinds('scored_limits', { BOUNTY_SUBMISSIONS_RATE_LIMIT: '2' });

describe.each(kinds)('scored uploads under the rate limit on %s', (_kind, envFor) => {
  let site: TestSite;
  let env: Record<string, string>;
  let owner: string;

  const blobCount = () => storedBlobCount(site, env);

  beforeAll(async () => {
    env = await envFor();
    site = await startTestSite(env);
    owner = await site.signIn('owner@acme.example.com');
  }, 60_000);
  afterAll(() => site.close(), 60_000);

  const upload = (url: string) =>
    request(site.app)
      .post(url)
      .set('Host', '127.0.0.1')
      .set('Origin', SAME_ORIGIN)
      .set('Cookie', owner)
      .set('Accept', 'application/json')
      .attach('entry', Buffer.from('id,prediction\nrow-1,0.5\n'), {
        filename: 'e.csv',
        contentType: 'text/csv',
      });

  it('answers the third upload of a minute 429 with Retry-After, each route on its own budget', async () => {
    // Nothing to upload to (404), but each try counts against the address, as a flood would.
    await upload('/submit/sq-missing/entries').expect(404);
    await upload('/submit/sq-missing/entries').expect(404);
    const before = await blobCount();
    const limited = await upload('/submit/sq-missing/entries').expect(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.body.message).toMatch(/Too many/i);
    expect(await blobCount()).toBe(before);
    // The setup form has its own budget.
    await upload('/sponsor/acme/bounties/sq-missing/scoring').expect(404);
  });
});
