import { useQuery, type QueryClient, type UseQueryResult } from '@side-quest/data/query';
import { fetchPublicJson } from '../http/publicJson';
import { SKILL_PAY_PATH, rewardSuggestionPath, type RewardSuggestion } from './rewardSuggestion';
import type { SkillPay } from './skillPay';
import { talentApiPath, type TalentProfile } from './talentProof';

/*
 * The public pages' reads of the talent and sponsor APIs: the same requests in the browser and, with
 * the server's own origin as apiBase, in server rendering.
 */

export const talentKey = (handle: string) => ['talent', handle] as const;
export const SKILL_PAY_KEY = ['skill-pay'] as const;
export const rewardSuggestionKey = (domain: string, skills: readonly string[]) =>
  ['reward-suggestion', domain, ...skills] as const;

/** A public profile; null when there is none (unknown or private alike). */
export const loadTalentProfile = (handle: string) =>
  fetchPublicJson<TalentProfile | null>(talentApiPath(handle), null);

/** Pages of the directory the sitemap reads at most (20 profiles each). */
const SITEMAP_TALENT_PAGES = 500;

/** Every public profile's handle (the sitemap), page after page of the directory. */
export async function loadPublicTalent(): Promise<{ data: { handle: string; name: string }[] }> {
  const data: { handle: string; name: string }[] = [];
  for (let page = 1; page <= SITEMAP_TALENT_PAGES; page++) {
    const answer = await fetchPublicJson<{ data: { handle: string; name: string }[]; pages: number }>(
      `/api/v1/talent?page=${page}`,
    );
    data.push(...answer.data);
    if (page >= answer.pages) break;
  }
  return { data };
}

export function useTalentProfile(handle: string): UseQueryResult<TalentProfile | null> {
  return useQuery({
    queryKey: talentKey(handle),
    queryFn: () => loadTalentProfile(handle),
    enabled: handle.length > 0,
  });
}

export function prefetchTalentProfile(queryClient: QueryClient, handle: string) {
  return queryClient.fetchQuery({ queryKey: talentKey(handle), queryFn: () => loadTalentProfile(handle) });
}

/** What each skill and area paid (the Value Compass). */
export function useSkillPay(): UseQueryResult<SkillPay> {
  return useQuery({ queryKey: SKILL_PAY_KEY, queryFn: () => fetchPublicJson<SkillPay>(SKILL_PAY_PATH) });
}

export function prefetchSkillPay(queryClient: QueryClient) {
  return queryClient.fetchQuery({
    queryKey: SKILL_PAY_KEY,
    queryFn: () => fetchPublicJson<SkillPay>(SKILL_PAY_PATH),
  });
}

/** The reward suggestion for the post form's area and skills: the API's own figures. */
export function useRewardSuggestion(domain: string, skills: readonly string[]) {
  return useQuery({
    queryKey: rewardSuggestionKey(domain, skills),
    queryFn: () => fetchPublicJson<RewardSuggestion>(rewardSuggestionPath(domain, skills)),
    enabled: domain.length > 0,
  });
}
