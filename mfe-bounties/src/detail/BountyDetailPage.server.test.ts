/**
 * @jest-environment node
 */
// Node, as the server: the sitemap's entries exist only where there is no window (server-only code).
import * as data from '@side-quest/data/bounty-queries';
import { makeBounty, makeBountyList } from '@side-quest/data/testing';
import { sitemapEntries } from './BountyDetailPage';

jest.mock('@side-quest/data/bounty-queries', () => ({
  ...jest.requireActual('@side-quest/data/bounty-queries'),
  loadBountyList: jest.fn(),
}));

describe("sitemapEntries (the server's sitemap)", () => {
  it('lists every bounty of the list, its id encoded, dated by its creation when known', async () => {
    (data.loadBountyList as jest.MockedFunction<typeof data.loadBountyList>).mockResolvedValue(
      makeBountyList([
        makeBounty({ id: 'weld-1', created_at: '2026-01-15T00:00:00.000Z' }),
        makeBounty({ id: 'a b/c', created_at: null }),
      ]),
    );
    const entries = await sitemapEntries!();
    expect(entries).toHaveLength(2);
    expect(entries).toEqual(
      expect.arrayContaining([
        { path: '/bounty/weld-1', lastmod: '2026-01-15T00:00:00.000Z' },
        { path: '/bounty/a%20b%2Fc' },
      ]),
    );
  });
});
