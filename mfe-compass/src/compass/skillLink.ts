import { SITE_ROUTES } from '@side-quest/data';

/**
 * Where a skill leads: the bounty marketplace filtered by it. The skill's display spelling is used (the
 * marketplace's skill filter compares it as the bounties list it), URL-encoded so C++, C# or
 * "Node.js & Deno" survive the query string.
 */
export function bountiesForSkillPath(skillDisplayName: string): string {
  return `${SITE_ROUTES.bounties}?skill=${encodeURIComponent(skillDisplayName)}`;
}
