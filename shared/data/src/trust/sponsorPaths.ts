// A module of their own: the bounty cards link to sponsors without taking the sponsor page's data code.

/** A sponsor's public page. */
export const sponsorPath = (slug: string) => `/sponsors/${encodeURIComponent(slug)}`;
/** A sponsor's feed of bounties. */
export const sponsorFeedPath = (slug: string) => `/feeds/sponsors/${encodeURIComponent(slug)}.xml`;
