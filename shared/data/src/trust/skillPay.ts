import type { Bounty } from '../bounties/types';
import { paidSince } from '../lifecycle/stages';
import { median } from './statistics';

/*
 * What a skill pays, from the money of the lifecycle (docs/decisions.md, "Trust and proof"): "awarded" is
 * the prizes of announced winners of public hosted bounties; "paid" the part of it that counts as paid by
 * `paidSince` (winner-confirmed, resolved Paid, or unreported 14 days after it was recorded).
 */

/** One public hosted bounty with announced winners: its area, skills and each winner's prize. */
export interface AwardedBounty {
  id: string;
  domain: string;
  skills: string[];
  /** Each winner's prize. */
  prizes: number[];
  /** The prizes that count as paid now. */
  paidPrizes: number[];
  demo: boolean;
}

/** The public hosted bounties whose winners are announced, with what was awarded and paid at `now`. */
export function awardedBounties(bounties: readonly Bounty[], now: number): AwardedBounty[] {
  const list: AwardedBounty[] = [];
  for (const bounty of bounties) {
    const { hosted } = bounty;
    if (!hosted || hosted.state !== 'announced' || hosted.winners.length === 0) continue;
    list.push({
      id: bounty.id,
      domain: bounty.bounty_area,
      skills: bounty.skill_tags,
      prizes: hosted.winners.map((winner) => winner.prize),
      paidPrizes: hosted.winners
        .filter((winner) => paidSince(winner, now) !== null)
        .map((winner) => winner.prize),
      demo: hosted.demo,
    });
  }
  return list;
}

/**
 * The earliest moment after `now` at which a recorded, unreported payment comes to count as paid: the
 * figures change then without any write, so a cache of them holds until that moment (null: never).
 */
export function nextPaidChange(bounties: readonly Bounty[], now: number): number | null {
  let next: number | null = null;
  const far = Number.MAX_SAFE_INTEGER;
  for (const bounty of bounties)
    for (const winner of bounty.hosted?.state === 'announced' ? bounty.hosted.winners : []) {
      if (paidSince(winner, now) !== null) continue;
      const later = paidSince(winner, far);
      if (later !== null && later > now && (next === null || later < next)) next = later;
    }
  return next;
}

/** A skill's or an area's pay figures. */
export interface PayFigures {
  /** The skill or area as the bounties spell it (the first spelling met). */
  name: string;
  /** Bounties with announced winners that name it. */
  bounties: number;
  /** Prizes awarded, USD. */
  awarded: number;
  /** Of those, counted as paid, USD. */
  paid: number;
  /** The median of the prizes awarded (one value per winner), USD. */
  medianPrize: number | null;
}

export interface SkillPay {
  skills: PayFigures[];
  areas: PayFigures[];
  /** Whether any counted bounty is demo data (the page says so). */
  demo: boolean;
}

function figuresBy(
  list: readonly AwardedBounty[],
  keysOf: (bounty: AwardedBounty) => string[],
): PayFigures[] {
  const groups = new Map<string, { name: string; bounties: AwardedBounty[] }>();
  for (const bounty of list) {
    const seen = new Set<string>();
    for (const raw of keysOf(bounty)) {
      const name = raw.trim();
      const key = name.toLowerCase();
      if (!name || seen.has(key)) continue;
      seen.add(key);
      const group = groups.get(key) ?? { name, bounties: [] };
      group.bounties.push(bounty);
      groups.set(key, group);
    }
  }
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  return [...groups.values()]
    .map(({ name, bounties }) => {
      const prizes = bounties.flatMap((bounty) => bounty.prizes);
      return {
        name,
        bounties: bounties.length,
        awarded: sum(prizes),
        paid: sum(bounties.flatMap((bounty) => bounty.paidPrizes)),
        medianPrize: median(prizes),
      };
    })
    .sort((a, b) => b.awarded - a.awarded || b.paid - a.paid || a.name.localeCompare(b.name, 'en'));
}

/**
 * Per skill and per area (skills compared case-insensitively, as the compass does): the bounties, the
 * prizes awarded and paid, and the median prize; the most awarded first.
 */
export function skillPay(bounties: readonly AwardedBounty[]): SkillPay {
  return {
    skills: figuresBy(bounties, (bounty) => bounty.skills),
    areas: figuresBy(bounties, (bounty) => [bounty.domain]),
    demo: bounties.some((bounty) => bounty.demo),
  };
}
