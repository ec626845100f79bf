import { ROUTE_TABLE } from '@side-quest/data';

/** The signed-in person's own pages, as the header's account menu and the mobile menu list them. */
export const ACCOUNT_LINKS: ReadonlyArray<{ label: string; to: string }> = [
  { label: 'Account', to: ROUTE_TABLE.account.path },
  { label: 'My submissions', to: ROUTE_TABLE.mySubmissions.path },
  { label: 'My organisations', to: ROUTE_TABLE.sponsorTeams.path },
];
