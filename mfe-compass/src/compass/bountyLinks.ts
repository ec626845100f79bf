import { SITE_ROUTES } from '@side-quest/data';

/**
 * Where a skill leads: the bounty marketplace filtered by it. The skill's display spelling is used (the
 * marketplace compares skills case-insensitively), URL-encoded so C++, C# or "Node.js & Deno" survive
 * the query string.
 */
export function bountiesForSkillPath(skillDisplayName: string): string {
  return `${SITE_ROUTES.bounties}?skill=${encodeURIComponent(skillDisplayName)}`;
}

/** Where a trending area leads: the marketplace filtered by that domain (an exact bounty_area match). */
export function bountiesInAreaPath(area: string): string {
  return `${SITE_ROUTES.bounties}?domain=${encodeURIComponent(area)}`;
}
