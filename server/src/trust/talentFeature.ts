import {
  awardedBounties,
  nextPaidChange,
  provenSkills,
  skillPay,
  suggestReward,
  winsOf,
  earningsOf,
  type AwardedBounty,
  type RewardSuggestion,
  type SkillPay,
  type TalentProfile,
  type TalentWin,
} from '@side-quest/data/trust';
import type { Bounty } from '@side-quest/data/bounties';
import type { AuthInstance } from '../accounts/authInstance';
import type { LifecycleStore } from '../lifecycle/lifecycleStore';

interface TalentUser {
  id: string;
  name?: string | null;
  handle?: string | null;
  createdAt: Date | string;
  profilePublic?: boolean | number | null;
  showEarnings?: boolean | number | null;
}

/** What is derived from the public hosted bounties, once per version of them. */
interface Derived {
  awarded: AwardedBounty[];
  pay: SkillPay;
  winsByHandle: Map<string, TalentWin[]>;
}

/** A handle as stored: lowercase letters, digits and dashes; anything else names nobody. */
const HANDLE = /^[a-z0-9-]{1,60}$/;

/**
 * The talent side of "Trust and proof" (issue 33): public talent profiles and what skills pay. The
 * figures come from the in-memory hosted catalogue and are recomputed when its version changes, or when
 * an unreported payment comes to count as paid (the one change without a write), never per request.
 */
export function createTalent(options: {
  auth: AuthInstance;
  store: LifecycleStore;
  /** The public hosted bounties and a version that changes with them (hostedCatalogue.ts). */
  hosted: { list(): Bounty[]; version(): string };
  now?: () => number;
}) {
  const now = options.now ?? Date.now;
  let cached: { version: string; until: number; derived: Derived } | null = null;

  function derived(): Derived {
    const at = now();
    // list() first: it starts a reload when the catalogue is old, and version() names what it holds.
    const list = options.hosted.list();
    const version = options.hosted.version();
    if (cached && cached.version === version && at < cached.until) return cached.derived;
    const awarded = awardedBounties(list, at);
    const handles = new Set(
      list.flatMap((bounty) => bounty.hosted?.winners.map((winner) => winner.handle) ?? []),
    );
    const winsByHandle = new Map<string, TalentWin[]>();
    for (const handle of handles) if (handle) winsByHandle.set(handle, winsOf(handle, list, at));
    const result = { awarded, pay: skillPay(awarded), winsByHandle };
    cached = { version, until: nextPaidChange(list, at) ?? Infinity, derived: result };
    return result;
  }

  const adapter = async () => (await options.auth.$context).adapter;

  async function publicUser(handle: string): Promise<TalentUser | null> {
    if (!HANDLE.test(handle)) return null;
    const user = (await (
      await adapter()
    ).findOne({ model: 'user', where: [{ field: 'handle', value: handle }] })) as TalentUser | null;
    return user && Boolean(user.profilePublic) && user.handle ? user : null;
  }

  return {
    /** Awarded and paid per skill and per area, with the median prize. */
    skillPay(): SkillPay {
      return derived().pay;
    },

    /** The reward suggestion for a bounty of `domain` asking `skills`. */
    suggestion(domain: string, skills: readonly string[]): RewardSuggestion {
      return suggestReward(derived().awarded, domain, skills);
    },

    /** A public profile by handle; null for an unknown handle and for a private profile alike. */
    async profile(handle: string): Promise<TalentProfile | null> {
      const user = await publicUser(handle);
      if (!user?.handle) return null;
      const wins = derived().winsByHandle.get(user.handle) ?? [];
      const submissions = await options.store.submissionsBy(user.id);
      return {
        handle: user.handle,
        name: user.name?.trim() || user.handle,
        memberSince: new Date(user.createdAt).toISOString(),
        wins,
        provenSkills: provenSkills(wins),
        submissions: submissions.filter((submission) => submission.state !== 'withdrawn').length,
        earnings: user.showEarnings ? earningsOf(wins) : null,
      };
    },

    /** Every public profile (the sitemap's and the API's list): handle, name and bounties won. */
    async publicProfiles(): Promise<{ handle: string; name: string; bountiesWon: number }[]> {
      const users = (await (
        await adapter()
      ).findMany({ model: 'user', where: [{ field: 'profilePublic', value: true }] })) as TalentUser[];
      const { winsByHandle } = derived();
      return users
        .filter((user): user is TalentUser & { handle: string } => Boolean(user.handle && user.profilePublic))
        .map((user) => ({
          handle: user.handle,
          name: user.name?.trim() || user.handle,
          bountiesWon: new Set((winsByHandle.get(user.handle) ?? []).map((win) => win.bountyId)).size,
        }))
        .sort((a, b) => a.handle.localeCompare(b.handle, 'en'));
    },
  };
}

export type Talent = ReturnType<typeof createTalent>;
