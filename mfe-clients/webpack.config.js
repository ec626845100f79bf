const { createConfig } = require('@side-quest/build/webpack');

module.exports = createConfig({
  dir: __dirname,
  name: 'clients',
  exposes: {
    './ForClientsPage': './src/for-clients/ForClientsPage.tsx',
    './SponsorTeamsPage': './src/team/SponsorTeamsPage.tsx',
    './SponsorTeamPage': './src/team/SponsorTeamPage.tsx',
    './PostBountyPage': './src/hosted-bounties/PostBountyPage.tsx',
    './BountyConsolePage': './src/hosted-bounties/BountyConsolePage.tsx',
    './InterviewRequestsPage': './src/interview-requests/InterviewRequestsPage.tsx',
  },
  standalone: './src/standalone/index.ts',
});
