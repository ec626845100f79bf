// The bounty list's rules without React: filters, facets, sorting, paging, the list's URL parameters and
// a bounty's status and time left. The list page, the feeds and the public API all apply these.
export * from './bountyQuery';
export * from './listUrlState';
export * from './deadline';
export * from './feeds';
