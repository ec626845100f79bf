import { NAV_ROUTES, SITE_ROUTES, type RouteSection } from '@side-quest/data';

export interface NavItem {
  label: string;
  to: string;
  /** The remote module the link leads to, preloaded on hover or focus. */
  section?: RouteSection;
}

/** Header navigation: the route table's nav entries, in its order. */
export const HEADER_NAV: readonly NavItem[] = NAV_ROUTES.map((route) => ({
  label: route.navLabel,
  to: route.path,
  ...(route.section && { section: route.section }),
}));

/** The footer names the same routes with its own labels. */
export const FOOTER_PLATFORM: readonly NavItem[] = [
  { label: 'Bounties', to: SITE_ROUTES.bounties },
  { label: 'Value Compass', to: SITE_ROUTES.compass },
  { label: 'Success Stories', to: SITE_ROUTES.stories },
  { label: 'For Businesses', to: SITE_ROUTES.forClients },
];

export const FOOTER_COMPANY: readonly NavItem[] = [
  { label: 'About Us', to: SITE_ROUTES.about },
  { label: 'Blog', to: SITE_ROUTES.stories },
];

export const FOOTER_LEGAL = ['Terms of Service', 'Privacy Policy', 'Cookie Policy'] as const;
