import { mountStandalone } from '@side-quest/build/standalone';
import ForClientsPage from '../for-clients/ForClientsPage';
import SponsorTeamsPage from '../team/SponsorTeamsPage';
import SponsorTeamPage from '../team/SponsorTeamPage';
import PostBountyPage from '../hosted-bounties/PostBountyPage';
import BountyConsolePage from '../hosted-bounties/BountyConsolePage';
import InterviewRequestsPage from '../interview-requests/InterviewRequestsPage';

void mountStandalone({
  section: 'clients',
  links: [
    { label: 'For Clients', to: '/for-clients' },
    { label: 'Sponsor teams', to: '/sponsor' },
  ],
  // The sponsor pages read the signed-in person's data from the API server (sign in there first).
  routes: [
    { path: '/for-clients', element: <ForClientsPage /> },
    { path: '/sponsor', element: <SponsorTeamsPage /> },
    { path: '/sponsor/:slug', element: <SponsorTeamPage /> },
    { path: '/sponsor/:slug/post', element: <PostBountyPage /> },
    { path: '/sponsor/:slug/bounties/:id', element: <BountyConsolePage /> },
    { path: '/sponsor/:slug/interview-requests', element: <InterviewRequestsPage /> },
  ],
});
