const { createConfig } = require('@side-quest/build/webpack');

module.exports = createConfig({
  dir: __dirname,
  name: 'bounties',
  exposes: {
    './BountiesPage': './src/list/BountiesPage.tsx',
    './BountyDetailPage': './src/detail/BountyDetailPage.tsx',
    './FeaturedBounties': './src/featured/FeaturedBounties.tsx',
    './SubmitSolutionPage': './src/submit/SubmitSolutionPage.tsx',
    './MySubmissionsPage': './src/my-submissions/MySubmissionsPage.tsx',
    './PaymentAnswerPage': './src/payment-answer/PaymentAnswerPage.tsx',
    './SponsorPage': './src/sponsor/SponsorPage.tsx',
    './LeaderboardPage': './src/leaderboard/LeaderboardPage.tsx',
  },
  standalone: './src/standalone/index.ts',
});
