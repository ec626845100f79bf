import type { Bounty } from './types';
import { normalizeBounty } from './normalizeBounty';
import { throwIfNotOk } from '../http/queryFn';
import { getRuntimeConfig } from '@side-quest/data';

const apiUrl = (path: string) => `${getRuntimeConfig().apiBase ?? ''}${path}`;

/**
 * The api bounty source: the server's GET /api/bounties (already filtered and ordered by the server) and
 * GET /api/bounties/:id. Whatever comes back is normalised again, so a proxy or an older server
 * cannot hand the pages a malformed bounty.
 */
export async function fetchBountyList(): Promise<Bounty[]> {
  const url = apiUrl('/api/bounties');
  const known = lastList?.url === url ? lastList : undefined;
  const response = await fetch(url, {
    credentials: 'include',
    headers: known ? { 'If-None-Match': known.etag } : undefined,
  });
  if (response.status === 304 && known) return known.bounties;
  await throwIfNotOk(response);
  const raw: unknown = await response.json();
  const bounties = (Array.isArray(raw) ? raw : []).map((item) => normalizeBounty(item));
  if (typeof window === 'undefined') {
    const etag = response.headers.get('ETag');
    lastList = etag ? { url, etag, bounties } : undefined;
  }
  return bounties;
}

/**
 * On the server, the last list read with its ETag: the server renders each page from its own API over
 * loopback, and a list that has not changed since (a 304) is not read, decoded, parsed and normalised
 * again (about a fifth of an uncached /bounties render). Its bounties are shared by the renders, which
 * only read them. In the browser its HTTP cache revalidates, and a header of our own would make a
 * cross-origin API ask for permission first.
 */
let lastList: { url: string; etag: string; bounties: Bounty[] } | undefined;

export async function fetchBounty(id: string): Promise<Bounty | null> {
  const response = await fetch(apiUrl(`/api/bounties/${encodeURIComponent(id)}`), { credentials: 'include' });
  if (response.status === 404) return null;
  await throwIfNotOk(response);
  return normalizeBounty(await response.json());
}

/**
 * The bounties hosted on Side Quest, from this server whatever the configured source: with
 * BOUNTY_SOURCE=firestore the list joins them to the Firestore list (GET /api/hosted-bounties).
 */
export async function fetchHostedBounties(): Promise<Bounty[]> {
  const response = await fetch(apiUrl('/api/hosted-bounties'), { credentials: 'include' });
  await throwIfNotOk(response);
  const raw: unknown = await response.json();
  return (Array.isArray(raw) ? raw : [])
    .map((item) => normalizeBounty(item))
    .filter((bounty) => bounty.hosted);
}

/** One hosted bounty by id, or null (GET /api/hosted-bounties/:id). */
export async function fetchHostedBounty(id: string): Promise<Bounty | null> {
  const response = await fetch(apiUrl(`/api/hosted-bounties/${encodeURIComponent(id)}`), {
    credentials: 'include',
  });
  if (response.status === 404) return null;
  await throwIfNotOk(response);
  const bounty = normalizeBounty(await response.json());
  return bounty.hosted ? bounty : null;
}
