import { useQuery, type QueryClient, type UseQueryResult } from '@side-quest/data/query';
// The package's own entry, not '../config/runtimeConfig': '@side-quest/data' is the one shared
// singleton the shell (or the server) configured, while this subpath is bundled into each remote, where a
// relative import would be a second, never-configured copy of the runtime configuration.
import { getRuntimeConfig } from '@side-quest/data';
import { throwIfNotOk } from '../http/queryFn';
import { SKILL_PAY_PATH, rewardSuggestionPath, type RewardSuggestion } from './rewardSuggestion';
import type { SkillPay } from './skillPay';
import { talentApiPath, type TalentProfile } from './talentProof';

/*
 * The public pages' reads of the talent and sponsor APIs: the same requests in the browser and, with
 * the server's own origin as apiBase, in server rendering.
 */

const apiUrl = (path: string) => `${getRuntimeConfig().apiBase ?? ''}${path}`;

/** A public read (no cookies); `notFound` is the answer to a 404, which otherwise throws like any failure. */
export async function getJson<T>(path: string, notFound?: T): Promise<T> {
  const response = await fetch(apiUrl(path), { credentials: 'omit' });
  if (notFound !== undefined && response.status === 404) return notFound;
  await throwIfNotOk(response);
  return (await response.json()) as T;
}

export const talentKey = (handle: string) => ['talent', handle] as const;
export const SKILL_PAY_KEY = ['skill-pay'] as const;
export const rewardSuggestionKey = (domain: string, skills: readonly string[]) =>
  ['reward-suggestion', domain, ...skills] as const;

/** A public profile; null when there is none (unknown or private alike). */
export const loadTalentProfile = (handle: string) =>
  getJson<TalentProfile | null>(talentApiPath(handle), null);

/** Every public profile's handle (the sitemap). */
export const loadPublicTalent = () =>
  getJson<{ data: { handle: string; name: string; bountiesWon: number }[] }>('/api/v1/talent');

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
  return useQuery({ queryKey: SKILL_PAY_KEY, queryFn: () => getJson<SkillPay>(SKILL_PAY_PATH) });
}

export function prefetchSkillPay(queryClient: QueryClient) {
  return queryClient.fetchQuery({
    queryKey: SKILL_PAY_KEY,
    queryFn: () => getJson<SkillPay>(SKILL_PAY_PATH),
  });
}

/** The reward suggestion for the post form's area and skills: the API's own figures. */
export function useRewardSuggestion(domain: string, skills: readonly string[]) {
  return useQuery({
    queryKey: rewardSuggestionKey(domain, skills),
    queryFn: () => getJson<RewardSuggestion>(rewardSuggestionPath(domain, skills)),
    enabled: domain.length > 0,
  });
}
