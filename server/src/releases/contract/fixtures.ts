import { BOUNTY_LIST_KEY, bountyKey } from '@side-quest/data/bounty-queries';
import type { RuntimeConfig } from '@side-quest/data/config';
import { makeBountyList, manyBounties } from '@side-quest/data/testing';

/**
 * The bounties every page is smoke-tested with: in the page's query cache (the release process) and
 * behind the fixture API (the release host in the checking process). The same list on both sides.
 */
export const FIXTURE_BOUNTIES = manyBounties(12);

/** The query cache a smoke-tested page starts with: the list and each bounty, as the pages' hooks read them. */
export function fixtureQueries(): Array<readonly [readonly unknown[], unknown]> {
  return [
    [BOUNTY_LIST_KEY, makeBountyList(FIXTURE_BOUNTIES)],
    ...FIXTURE_BOUNTIES.map((bounty) => [bountyKey(bounty.id), bounty] as const),
  ];
}

/** The pages' runtime configuration in a smoke test: their data layer reads the fixture API at `origin`. */
export function fixtureRuntimeConfig(origin: string): RuntimeConfig {
  return {
    remotes: {},
    bountySource: 'api',
    firebase: null,
    marketingForms: { portalId: '', signupFormId: '', contactFormId: '', scriptHost: '' },
    publicUrl: origin,
    apiBase: origin,
  };
}
