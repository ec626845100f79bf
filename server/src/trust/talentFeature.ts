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
import {
  selectDirectory,
  visibleAvailability,
  type DirectoryCandidate,
  type OpenToWork,
  type TalentDirectoryPage,
  type TalentDirectoryQuery,
  type TalentViewer,
} from '@side-quest/data/hiring';
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
  /** What each person is open to, whatever its audience (hiring/hiringStore.ts); none when absent. */
  openToWork?: () => Promise<Map<string, OpenToWork>>;
  /** The organisations a person confirmed they were hired by and chose to show (interview requests). */
  hiredBy?: (userId: string) => Promise<string[]>;
  now?: () => number;
}) {
  const openToWork = options.openToWork ?? (async () => new Map<string, OpenToWork>());
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
        // The public's view only: an availability for verified sponsors never goes into this answer.
        openToWork: visibleAvailability((await openToWork()).get(user.id) ?? null, 'public'),
        hiredBy: (await options.hiredBy?.(user.id)) ?? [],
      };
    },

    /**
     * Every public profile with what the directory weighs: wins, proven skills and the availability
     * whatever its audience (selectDirectory shows each viewer only their part), and the account id
     * for the server's own joins (never sent).
     */
    async directoryCandidates(): Promise<Array<DirectoryCandidate & { id: string }>> {
      const users = (await (
        await adapter()
      ).findMany({ model: 'user', where: [{ field: 'profilePublic', value: true }] })) as TalentUser[];
      const { winsByHandle } = derived();
      const availability = await openToWork();
      return users
        .filter((user): user is TalentUser & { handle: string } => Boolean(user.handle && user.profilePublic))
        .map((user) => {
          const wins = winsByHandle.get(user.handle) ?? [];
          return {
            id: user.id,
            handle: user.handle,
            name: user.name?.trim() || user.handle,
            bountiesWon: new Set(wins.map((win) => win.bountyId)).size,
            provenSkills: provenSkills(wins),
            openToWork: availability.get(user.id) ?? null,
          };
        });
    },

    /** One page of the directory as `viewer` may see it (the rule: selectDirectory). */
    async directory(query: TalentDirectoryQuery, viewer: TalentViewer): Promise<TalentDirectoryPage> {
      const candidates = (await this.directoryCandidates()).map(({ id: _id, ...candidate }) => candidate);
      return selectDirectory(candidates, query, viewer);
    },
  };
}

export type Talent = ReturnType<typeof createTalent>;
