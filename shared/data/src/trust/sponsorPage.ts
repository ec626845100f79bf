import { useQuery, type QueryClient } from '@side-quest/data/query';
import type { Bounty } from '../bounties/types';
import { normalizeBounty } from '../bounties/normalizeBounty';
import { fetchPublicJson } from '../http/publicJson';
import type { TrustRecord } from './sponsorRecord';

/** A sponsor organisation's public face on its page. */
export interface SponsorProfile {
  slug: string;
  name: string;
  website: string;
  logoUrl: string | null;
  verifiedAt: string | null;
}

/** GET /api/sponsors/:slug: the sponsor, its record and its public hosted bounties (open first). */
export interface SponsorPageData {
  sponsor: SponsorProfile;
  record: TrustRecord;
  bounties: Bounty[];
  /** People hired through Side Quest: hires both sides confirmed (issue 46 item 4). */
  hired?: number;
}

/** One entry of GET /api/sponsors: the sponsors with a public page. */
export interface SponsorListEntry {
  slug: string;
  name: string;
  verifiedAt: string | null;
  /** The latest change to its bounties (the sitemap's lastmod). */
  updatedAt: string | null;
}

export const sponsorPageKey = (slug: string) => ['sponsor-page', slug] as const;

/** A sponsor's page data, or null when it has no public page (unknown, or nothing published). */
export async function fetchSponsorPage(slug: string): Promise<SponsorPageData | null> {
  const data = await fetchPublicJson<SponsorPageData | null>(
    `/api/sponsors/${encodeURIComponent(slug)}`,
    null,
  );
  return data && { ...data, bounties: data.bounties.map((bounty) => normalizeBounty(bounty)) };
}

export const fetchSponsorList = () => fetchPublicJson<SponsorListEntry[]>('/api/sponsors');

const sponsorPageQuery = (slug: string) => ({
  queryKey: sponsorPageKey(slug),
  queryFn: () => fetchSponsorPage(slug),
  staleTime: 60_000,
});

// A sponsor's record moves while the site is open: coming back to the page after a minute asks again.
export const useSponsorPage = (slug: string) => useQuery({ ...sponsorPageQuery(slug), refetchOnMount: true });
export const prefetchSponsorPage = (queryClient: QueryClient, slug: string) =>
  queryClient.fetchQuery(sponsorPageQuery(slug));
