// A page's loading and not-found views, for the pages that load one object (a bounty, a sponsor, a
// profile, a lifecycle page): imported only by those pages, so no other route carries them.
export { PageLoading, PageNotFound, type PlaceholderBlock } from './PageStates';
