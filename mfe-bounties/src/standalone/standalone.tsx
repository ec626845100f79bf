import { mountStandalone } from '@side-quest/build/standalone';
import BountiesPage from '../list/BountiesPage';
import BountyDetailPage from '../detail/BountyDetailPage';
import FeaturedBounties from '../featured/FeaturedBounties';
import SubmitSolutionPage from '../submit/SubmitSolutionPage';
import MySubmissionsPage from '../my-submissions/MySubmissionsPage';
import PaymentAnswerPage from '../payment-answer/PaymentAnswerPage';
import SponsorPage from '../sponsor/SponsorPage';
import LeaderboardPage from '../leaderboard/LeaderboardPage';

void mountStandalone({
  section: 'bounties',
  links: [
    { label: 'Featured', to: '/' },
    { label: 'Bounties', to: '/bounties' },
  ],
  routes: [
    { path: '/bounties', element: <BountiesPage /> },
    { path: '/bounty/:id', element: <BountyDetailPage /> },
    { path: '/bounty/:id/leaderboard', element: <LeaderboardPage /> },
    { path: '/', element: <FeaturedBounties /> },
    { path: '/sponsors/:slug', element: <SponsorPage /> },
    // The talent's lifecycle pages read the signed-in person's data from the API server (sign in there first).
    { path: '/submit/:id', element: <SubmitSolutionPage /> },
    { path: '/account/submissions', element: <MySubmissionsPage /> },
    { path: '/account/payments/:id/:slot', element: <PaymentAnswerPage /> },
  ],
});
