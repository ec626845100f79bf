import type { Bounty } from '../bounties/types';
import type { OpenToWork } from '../hiring/openToWork';
import { paidSince } from '../lifecycle/stages';

/*
 * Proof of Competence: what a person's won bounties prove. One rule for the talent profile and the
 * stories' "Proved competence in {skills}" line: skills named once each (compared case-insensitively, the
 * first spelling kept), empty names dropped.
 */

/** The words before the skills, on a story and on a talent profile. */
export const PROVED_COMPETENCE = 'Proved competence in';

/**
 * The skills a list names, each once: a comma-separated text (a story's provenSkills) or a list (the
 * skills of won bounties), trimmed, empty names dropped, the first spelling of each kept.
 */
export function provenSkillList(skills: string | readonly string[]): string[] {
  const names = typeof skills === 'string' ? skills.split(',') : skills;
  const seen = new Set<string>();
  const list: string[] = [];
  for (const raw of names) {
    const name = raw.trim();
    const key = name.toLowerCase();
    if (!name || seen.has(key)) continue;
    seen.add(key);
    list.push(name);
  }
  return list;
}

/** The skills as one line: 'Rust, Testing, SQL'. */
export function formatProvenSkills(skills: string | readonly string[]): string {
  return provenSkillList(skills).join(', ');
}

/** 'Proved competence in {skills}'. */
export function provedCompetenceLine(skills: string | readonly string[]): string {
  return `${PROVED_COMPETENCE} ${formatProvenSkills(skills)}`;
}

/** A bounty a person won, as their profile shows it. */
export interface TalentWin {
  bountyId: string;
  title: string;
  sponsor: { slug: string; name: string };
  domain: string;
  skills: string[];
  prize: number;
  announcedAt: string | null;
  /** Whether the prize counts as paid (`paidSince`: confirmed, resolved Paid, or unreported 14 days). */
  paid: boolean;
  demo: boolean;
}

/**
 * Every prize `handle` won on the public hosted bounties (announced winners), newest announcement
 * first; one entry per prize slot. Handles are compared as stored (lowercase).
 */
export function winsOf(handle: string, bounties: readonly Bounty[], now: number): TalentWin[] {
  const wins: TalentWin[] = [];
  for (const bounty of bounties) {
    const { hosted } = bounty;
    if (!hosted || hosted.state !== 'announced') continue;
    for (const winner of hosted.winners) {
      if (winner.handle !== handle) continue;
      wins.push({
        bountyId: bounty.id,
        title: bounty.item_title,
        sponsor: { slug: hosted.sponsor.slug, name: hosted.sponsor.name },
        domain: bounty.bounty_area,
        skills: bounty.skill_tags,
        prize: winner.prize,
        announcedAt: hosted.announcedAt,
        paid: paidSince(winner, now) !== null,
        demo: hosted.demo,
      });
    }
  }
  return wins.sort(
    (a, b) => (b.announcedAt ?? '').localeCompare(a.announcedAt ?? '') || a.title.localeCompare(b.title),
  );
}

/**
 * The proven skills: the skills of the bounties won, each once, the ones more wins prove first (then in
 * the order the newest wins name them).
 */
export function provenSkills(wins: readonly Pick<TalentWin, 'skills' | 'bountyId'>[]): string[] {
  const counts = new Map<string, number>();
  const perBounty = new Map(wins.map((win) => [win.bountyId, win.skills]));
  for (const skills of perBounty.values())
    for (const skill of provenSkillList(skills)) {
      const key = skill.toLowerCase();
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  const order = provenSkillList([...perBounty.values()].flat());
  return order
    .map((skill, index) => ({ skill, index, count: counts.get(skill.toLowerCase()) ?? 0 }))
    .sort((a, b) => b.count - a.count || a.index - b.index)
    .map((entry) => entry.skill);
}

/** What a person earned: the prizes won, and the part that counts as paid. */
export function earningsOf(wins: readonly Pick<TalentWin, 'prize' | 'paid'>[]): {
  awarded: number;
  paid: number;
} {
  return {
    awarded: wins.reduce((sum, win) => sum + win.prize, 0),
    paid: wins.reduce((sum, win) => sum + (win.paid ? win.prize : 0), 0),
  };
}

/** A public talent profile, as the API gives it and the page shows it. */
export interface TalentProfile {
  handle: string;
  name: string;
  memberSince: string;
  wins: TalentWin[];
  provenSkills: string[];
  /** Submissions made (withdrawn ones not counted). */
  submissions: number;
  /** Only when the person chose to show them; null otherwise. */
  earnings: { awarded: number; paid: number } | null;
  /** What they are open to, when it is for every visitor; null otherwise (absent from older answers). */
  openToWork?: OpenToWork | null;
  /** Organisations whose hire of this person both sides confirmed, shown because the person chose to. */
  hiredBy?: string[];
}

/** The profile's page and its preview image. */
export const talentPath = (handle: string) => `/talent/${encodeURIComponent(handle)}`;

/** The public API's profile. */
export const talentApiPath = (handle: string) => `/api/v1/talent/${encodeURIComponent(handle)}`;

/** A Value Compass row's anchor for a skill ('Node.js' → 'pay-skill-node-js'). */
export function skillPayAnchor(skill: string): string {
  const slug = skill
    .toLowerCase()
    .replace(/\+/g, 'p')
    .replace(/#/g, 'sharp')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `pay-skill-${slug || 'x'}`;
}

/** What the profile's preview image shows: name, handle with the wins, proven skills. */
export function talentPreviewCard(profile: Pick<TalentProfile, 'handle' | 'name' | 'wins' | 'provenSkills'>) {
  const count = new Set(profile.wins.map((win) => win.bountyId)).size;
  return {
    title: profile.name.trim() || profile.handle,
    subtitle: `@${profile.handle} · ${count} ${count === 1 ? 'bounty' : 'bounties'} won`,
    tags: profile.provenSkills,
  };
}
