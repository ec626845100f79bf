import type { QueryClient } from '@side-quest/data/query';
import { type Bounty, type BountyList } from '@side-quest/data';
import { prefetchDerivedFromBountyList, useDerivedFromBountyList } from '@side-quest/data/bounty-queries';
import { similarBounties } from './similarityRanking';

export const similarBountiesKey = (id: string) => ['similar-bounties', id] as const;

const rankAgainst = (bounty: Bounty) => (list: BountyList) => similarBounties(bounty, list.bounties);

/** A bounty's similar bounties; empty while the list loads or if it fails (the section is not shown). */
export function useSimilarBounties(bounty: Bounty): Bounty[] {
  return useDerivedFromBountyList(similarBountiesKey(bounty.id), rankAgainst(bounty)).data ?? [];
}

/** Server rendering: the similar bounties alone go into the page. */
export function prefetchSimilarBounties(queryClient: QueryClient, bounty: Bounty): Promise<void> {
  return prefetchDerivedFromBountyList(queryClient, similarBountiesKey(bounty.id), rankAgainst(bounty));
}
