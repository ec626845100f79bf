import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  BOUNTY_LIST_KEY,
  ensureBountyList,
  loadBountyList,
  type Bounty,
  type BountyList,
} from '@side-quest/data';
import { similarBounties } from './similarityRanking';

export const similarBountiesKey = (id: string) => ['similar-bounties', id] as const;

/**
 * A bounty's similar bounties as a query of their own: ranked from the shared list in the browser (at
 * once when it is cached), while a server-rendered detail page carries just these few, not the list.
 * Empty while the list loads or if it fails: the section is simply not shown.
 */
export function useSimilarBounties(bounty: Bounty): Bounty[] {
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: similarBountiesKey(bounty.id),
    queryFn: async () => similarBounties(bounty, (await ensureBountyList(queryClient)).bounties),
    initialData: () => {
      const list = queryClient.getQueryData<BountyList>(BOUNTY_LIST_KEY);
      return list ? similarBounties(bounty, list.bounties) : undefined;
    },
  });
  return data ?? [];
}

/** Server rendering: the similar bounties alone go into the page. */
export async function prefetchSimilarBounties(queryClient: QueryClient, bounty: Bounty): Promise<void> {
  await queryClient.fetchQuery({
    queryKey: similarBountiesKey(bounty.id),
    queryFn: async () => similarBounties(bounty, (await loadBountyList()).bounties),
  });
}
