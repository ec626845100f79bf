import type { BountyList } from '@side-quest/data';

/**
 * The list as a server-rendered marketplace sends it to the browser: every bounty, since filtering and
 * sorting happen in the browser, but without what only the detail page shows (the long description,
 * the learnings, the image and the apply link, a hosted bounty's description and terms), which is most
 * of its weight. The detail page reads a
 * bounty through its own query, which carries them.
 */
export function listWithoutDetailTexts(list: BountyList): BountyList {
  return {
    ...list,
    bounties: list.bounties.map((bounty) => ({
      ...bounty,
      full_bounty_description: '',
      learnings: '',
      image_url: '',
      item_url: '',
      // A hosted bounty's card shows its stage, clock and sponsor: its terms are the detail page's.
      ...(bounty.hosted && {
        hosted: {
          ...bounty.hosted,
          descriptionHtml: '',
          criteria: [],
          eligibleCountries: [],
          payoutMethods: [],
        },
      }),
    })),
  };
}
