import type { SectionRemote } from '../federation/sections';

export interface NavItem {
  label: string;
  to: string;
  /** The remote module the link leads to, preloaded on hover or focus. */
  section?: { remote: SectionRemote; module: string };
}

/** Header navigation, in SPEC §2's order. */
export const HEADER_NAV: readonly NavItem[] = [
  { label: 'Bounties', to: '/bounties', section: { remote: 'bounties', module: './BountiesPage' } },
  { label: 'Compass', to: '/compass', section: { remote: 'compass', module: './CompassPage' } },
  { label: 'Stories', to: '/blog', section: { remote: 'stories', module: './StoriesPage' } },
  { label: 'For Clients', to: '/for-clients', section: { remote: 'clients', module: './ForClientsPage' } },
  { label: 'About', to: '/about' },
];

export const FOOTER_PLATFORM: readonly NavItem[] = [
  { label: 'Bounties', to: '/bounties' },
  { label: 'Value Compass', to: '/compass' },
  { label: 'Success Stories', to: '/blog' },
  { label: 'For Businesses', to: '/for-clients' },
];

export const FOOTER_COMPANY: readonly NavItem[] = [
  { label: 'About Us', to: '/about' },
  { label: 'Blog', to: '/blog' },
];

export const FOOTER_LEGAL = ['Terms of Service', 'Privacy Policy', 'Cookie Policy'] as const;
