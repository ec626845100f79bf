import { getRuntimeConfig } from '../config/runtimeConfig';
import type { Bounty, BountyList } from './types';
import { deriveBountyList, normalizeBounty } from './normalizeBounty';
import { throwIfNotOk } from '../http/queryFn';

/**
 * Reads bounties from the source chosen in runtime config. TODO(bounty data issue): the firestore
 * source (firebase/firestore/lite by dynamic import) — until then only the api source exists.
 */
export async function loadBountyList(): Promise<BountyList> {
  const { bountySource } = getRuntimeConfig();
  if (bountySource !== 'api') throw new Error(`Bounty source "${bountySource}" is not available yet.`);
  const response = await fetch('/api/bounties', { credentials: 'include' });
  await throwIfNotOk(response);
  const raw: unknown = await response.json();
  const items = Array.isArray(raw) ? raw : [];
  return deriveBountyList(items.map((item) => normalizeBounty(item)));
}

export async function loadBounty(id: string): Promise<Bounty | null> {
  const response = await fetch(`/api/bounties/${encodeURIComponent(id)}`, { credentials: 'include' });
  if (response.status === 404) return null;
  await throwIfNotOk(response);
  return normalizeBounty(await response.json());
}
