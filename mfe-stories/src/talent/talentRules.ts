import { SITE_ROUTES, formatNumberEnUs, formatUtcDate } from '@side-quest/data';
import { skillPayAnchor, talentPath, type TalentProfile } from '@side-quest/data/trust';

/** Where a proven skill leads: the bounty list filtered by it, and its row of what skills pay. */
export function skillLinks(skill: string) {
  return {
    bounties: `${SITE_ROUTES.bounties}?skill=${encodeURIComponent(skill)}`,
    compass: `${SITE_ROUTES.compass}#${skillPayAnchor(skill)}`,
  };
}

/** 'November 2026': the month a person joined. */
export function memberSinceText(iso: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  const [month = '', , year = ''] = formatUtcDate(time, 'long').split(' ');
  return `${month} ${year}`.trim();
}

/** Bounties won (a bounty with two of the person's prizes counts once). */
export function bountiesWon(profile: Pick<TalentProfile, 'wins'>): number {
  return new Set(profile.wins.map((win) => win.bountyId)).size;
}

/** The page's meta description: who, what they proved, how many bounties. */
export function talentDescription(profile: TalentProfile): string {
  const won = bountiesWon(profile);
  const proof =
    profile.provenSkills.length > 0 ? ` Proved competence in ${profile.provenSkills.join(', ')}.` : '';
  return `${profile.name} (@${profile.handle}) on Side Quest: ${won} ${won === 1 ? 'bounty' : 'bounties'} won.${proof}`;
}

/** '$2,500': whole dollars, formatted without Intl (docs/server-rendering.md). */
export const usd = (amount: number) => `$${formatNumberEnUs(amount, 0)}`;

/** schema.org ProfilePage with the person it is about (https://schema.org/ProfilePage). */
export function profilePageJsonLd(profile: TalentProfile, origin: string) {
  const url = `${origin}${talentPath(profile.handle)}`;
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfilePage',
    url,
    dateCreated: profile.memberSince,
    mainEntity: {
      '@type': 'Person',
      name: profile.name,
      alternateName: profile.handle,
      identifier: profile.handle,
      url,
      ...(profile.provenSkills.length > 0 ? { knowsAbout: profile.provenSkills } : {}),
      ...(profile.wins.length > 0
        ? {
            award: [...new Set(profile.wins.map((win) => `${win.title} (${win.sponsor.name})`))],
          }
        : {}),
    },
  };
}
