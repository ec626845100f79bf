import type { BountyList } from '@side-quest/data';

/**
 * The list as a server-rendered marketplace sends it to the browser: every bounty, since filtering and
 * sorting happen in the browser, but without the texts only the detail page shows (the long
 * description and the learnings), which are most of its weight. The detail page reads a bounty through
 * its own query, which carries them.
 */
export function listWithoutDetailTexts(list: BountyList): BountyList {
  return {
    ...list,
    bounties: list.bounties.map((bounty) => ({ ...bounty, full_bounty_description: '', learnings: '' })),
  };
}
