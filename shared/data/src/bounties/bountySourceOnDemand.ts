import type { Bounty, BountyList } from './types';

/*
 * The bounty sources (the API client, the Firestore loader and the normalisation of what they return,
 * about 1.8 KB gzip) in a chunk of their own: a server-rendered page hydrates from the bounties in its
 * state and never downloads them; a page reached by client-side navigation loads them with its data.
 * A failed download is not kept, so the next load tries again.
 */
let bountySource: Promise<typeof import('./bountySource')> | undefined;
function loadBountySource() {
  bountySource ??= import(/* webpackChunkName: "bounty-source" */ './bountySource').catch(
    (error: unknown) => {
      bountySource = undefined;
      throw error;
    },
  );
  return bountySource;
}

/** The list (bountySource.ts, loadBountyList). */
export async function loadBountyList(): Promise<BountyList> {
  return (await loadBountySource()).loadBountyList();
}

/** One bounty by id, or null when there is no such bounty (bountySource.ts, loadBounty). */
export async function loadBounty(id: string): Promise<Bounty | null> {
  return (await loadBountySource()).loadBounty(id);
}
