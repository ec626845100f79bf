import type { Bounty } from './types';
import { normalizeBounty } from './normalizeBounty';
import { throwIfNotOk } from '../http/queryFn';

/**
 * The api bounty source: the server's GET /api/bounties (already filtered and ordered, SPEC §7) and
 * GET /api/bounties/:id. Whatever comes back is normalised again, so a proxy or an older server
 * cannot hand the pages a malformed bounty.
 */
export async function fetchBountyList(): Promise<Bounty[]> {
  const response = await fetch('/api/bounties', { credentials: 'include' });
  await throwIfNotOk(response);
  const raw: unknown = await response.json();
  return (Array.isArray(raw) ? raw : []).map((item) => normalizeBounty(item));
}

export async function fetchBounty(id: string): Promise<Bounty | null> {
  const response = await fetch(`/api/bounties/${encodeURIComponent(id)}`, { credentials: 'include' });
  if (response.status === 404) return null;
  await throwIfNotOk(response);
  return normalizeBounty(await response.json());
}
