import { mountStandalone } from '@side-quest/build/standalone';
import BountiesPage from '../list/BountiesPage';
import BountyDetailPage from '../detail/BountyDetailPage';
import FeaturedBounties from '../featured/FeaturedBounties';

void mountStandalone({
  section: 'bounties',
  links: [
    { label: 'Featured', to: '/' },
    { label: 'Bounties', to: '/bounties' },
  ],
  routes: [
    { path: '/bounties', element: <BountiesPage /> },
    { path: '/bounty/:id', element: <BountyDetailPage /> },
    { path: '/', element: <FeaturedBounties /> },
  ],
});
