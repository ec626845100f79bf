import type { RuntimeConfig } from '../config/runtimeConfig';
import { deriveBountyList } from '../bounties/normalizeBounty';
import type { Bounty, BountyList } from '../bounties/types';

// Bounties for tests and benchmarks of any package (`@side-quest/data/testing`).

/** A complete bounty with sensible values; tests override what they are about. */
export function makeBounty(overrides: Partial<Bounty> & { id: string }): Bounty {
  return {
    item_title: `Bounty ${overrides.id}`,
    platform_name: 'Acme Labs',
    summary_description: `Summary of ${overrides.id}`,
    full_bounty_description: '',
    learnings: '',
    reward_amount: 100,
    deadline: '2026-12-31',
    bounty_area: 'Software',
    skill_tags: [],
    image_url: '',
    item_url: '',
    created_at: '2026-01-15T00:00:00.000Z',
    is_high_value_bounty: true,
    ...overrides,
  };
}

/** A list as the data hook returns it (bounties ordered by title, domains and skills derived). */
export function makeBountyList(bounties: Bounty[]): BountyList {
  const ordered = [...bounties].sort((a, b) => a.item_title.localeCompare(b.item_title));
  return deriveBountyList(ordered);
}

/** n bounties with varied rewards, areas, skills and deadlines (some missing). */
export function manyBounties(count: number): Bounty[] {
  const areas = ['Software', 'AI/ML', 'Engineering', 'Design'];
  const skills = ['Rust', 'TypeScript', 'Python', 'Go', 'React', 'CAD', 'PyTorch', 'SQL', 'Kubernetes'];
  return Array.from({ length: count }, (_, index) => {
    const n = index + 1;
    return makeBounty({
      id: `b${String(n).padStart(5, '0')}`,
      item_title: `Challenge ${String(n).padStart(5, '0')}`,
      platform_name: `Company ${n % 37}`,
      summary_description: `Build thing number ${n} with ${skills[n % skills.length]}`,
      reward_amount: (n * 7919) % 20000,
      deadline:
        n % 5 === 0
          ? ''
          : `2027-${String((n % 12) + 1).padStart(2, '0')}-${String((n % 28) + 1).padStart(2, '0')}`,
      bounty_area: areas[n % areas.length] ?? 'Software',
      // Two skills, or one when both picks agree (a bounty never lists a skill twice).
      skill_tags: [
        ...new Set([skills[n % skills.length] ?? 'Rust', skills[(n * 3) % skills.length] ?? 'Go']),
      ],
    });
  });
}

/** The runtime configuration of a page reading the api bounty source (at `apiBase`, or its own origin). */
export function apiSourceConfig(apiBase?: string): RuntimeConfig {
  return {
    remotes: {},
    bountySource: 'api',
    firebase: null,
    marketingForms: { portalId: '', signupFormId: '', contactFormId: '', scriptHost: '' },
    ...(apiBase ? { apiBase } : {}),
  };
}

export { PUBLIC_TEST_SETUP } from './testScoredFixtures';
