import type { Bounty } from '@side-quest/data';
import { createdTimes, recentWindowStart } from './recency';
import { averagePayInThousands, rewardOf } from './reward';

/** Skill statistics (mfe-compass/README.md, "Skill statistics"). */
export interface SkillStat {
  /** The lower-cased tag; the same as `name`. */
  id: string;
  /** The lower-cased tag: every spelling of a skill shares it (tags compare case-insensitively). */
  name: string;
  /** The spelling shown to visitors: the most used one, ties going to the spelling seen first. */
  displayName: string;
  /** Mentions of the skill: every tag occurrence, so a skill listed twice on one bounty counts 2. */
  count: number;
  /** Mentions on bounties created within the last month (same unit as `count`). */
  recentCount: number;
  /** Sum of the rewards (USD) of the distinct bounties asking for the skill; each bounty counts once. */
  totalReward: number;
  /** Distinct bounties asking for the skill (a bounty listing it twice counts 1). */
  bountyCount: number;
  /** Average reward per bounty, in thousands of dollars, rounded: round(totalReward / bountyCount / 1000). */
  avgPay: number;
  /** 0–100: round(count / highest count of any skill × 100). */
  demandScore: number;
  /** The latest `created_at` among its bounties (a missing date counts as now). */
  lastSeenDate: Date;
}

interface SkillAccumulator {
  name: string;
  count: number;
  recentCount: number;
  totalReward: number;
  bountyCount: number;
  lastSeen: number;
  /** Index of the last bounty counted in bountyCount/totalReward, to count each bounty once. */
  lastBountyIndex: number;
  /** Trimmed spellings in first-seen order, and how often each was used (same index). */
  spellings: string[];
  spellingUses: number[];
}

/** What a raw tag string resolves to; cached so each distinct raw tag is trimmed and lower-cased once. */
interface TagEntry {
  skill: SkillAccumulator;
  spellingIndex: number;
}

/** The most used spelling; on a tie the one seen first in the list wins (strict `>`). */
function preferredSpelling(skill: SkillAccumulator): string {
  let best = 0;
  for (let index = 1; index < skill.spellings.length; index += 1) {
    if (skill.spellingUses[index]! > skill.spellingUses[best]!) best = index;
  }
  return skill.spellings[best]!;
}

/**
 * Statistics for every skill tag in the list, in first-seen order. Tags are trimmed and compared
 * case-insensitively; empty tags are ignored. `now` is a parameter so "recent" is testable; `times`
 * lets a caller that also computes area statistics parse the dates once.
 */
export function computeSkillStats(
  bounties: readonly Bounty[],
  now: Date,
  times: ArrayLike<number> = createdTimes(bounties, now),
): SkillStat[] {
  const recentFrom = recentWindowStart(now);
  const skills = new Map<string, SkillAccumulator>();
  const tagEntries = new Map<string, TagEntry | null>();

  function resolveTag(tag: string): TagEntry | null {
    const spelling = tag.trim();
    if (spelling === '') return null;
    const name = spelling.toLowerCase();
    let skill = skills.get(name);
    if (!skill) {
      skill = {
        name,
        count: 0,
        recentCount: 0,
        totalReward: 0,
        bountyCount: 0,
        lastSeen: -Infinity,
        lastBountyIndex: -1,
        spellings: [],
        spellingUses: [],
      };
      skills.set(name, skill);
    }
    let spellingIndex = skill.spellings.indexOf(spelling);
    if (spellingIndex === -1) {
      spellingIndex = skill.spellings.push(spelling) - 1;
      skill.spellingUses.push(0);
    }
    return { skill, spellingIndex };
  }

  for (let index = 0; index < bounties.length; index += 1) {
    const tags = bounties[index]!.skill_tags;
    if (!Array.isArray(tags) || tags.length === 0) continue;
    const created = times[index]!;
    const recent = created >= recentFrom;

    for (const tag of tags) {
      if (typeof tag !== 'string') continue;
      let entry = tagEntries.get(tag);
      if (entry === undefined) {
        entry = resolveTag(tag);
        tagEntries.set(tag, entry);
      }
      if (entry === null) continue;
      const skill = entry.skill;
      skill.count += 1;
      if (recent) skill.recentCount += 1;
      skill.spellingUses[entry.spellingIndex]! += 1;
      if (skill.lastBountyIndex !== index) {
        skill.lastBountyIndex = index;
        skill.bountyCount += 1;
        skill.totalReward += rewardOf(bounties[index]!);
        if (created > skill.lastSeen) skill.lastSeen = created;
      }
    }
  }

  let highestCount = 0;
  for (const skill of skills.values()) if (skill.count > highestCount) highestCount = skill.count;

  const stats: SkillStat[] = [];
  for (const skill of skills.values()) {
    stats.push({
      id: skill.name,
      name: skill.name,
      displayName: preferredSpelling(skill),
      count: skill.count,
      recentCount: skill.recentCount,
      totalReward: skill.totalReward,
      bountyCount: skill.bountyCount,
      avgPay: averagePayInThousands(skill.totalReward, skill.bountyCount),
      demandScore: Math.round((skill.count / highestCount) * 100),
      lastSeenDate: new Date(skill.lastSeen),
    });
  }
  return stats;
}
