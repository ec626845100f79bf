// The bounty list and details as pages read them (through the page's query cache), for the remotes that
// show bounties. A subpath, not the package root: the root is loaded by every page, these only by the
// pages that list or count bounties (about 1.8 KB gzip the others no longer download).
export { useBounties, useBounty, prefetchBounty, BOUNTY_LIST_KEY, bountyKey } from './useBounties';
// For a remote's sitemap entries, which read the list outside React.
export { loadBountyList } from './bountySourceOnDemand';
export { normalizeBounty, deriveBountyList } from './normalizeBounty';
export { useDerivedFromBountyList, prefetchDerivedFromBountyList } from './derivedFromList';
