const { createConfig } = require('@side-quest/build/webpack');

module.exports = createConfig({
  dir: __dirname,
  name: 'bounties',
  exposes: {
    './BountiesPage': './src/list/BountiesPage.tsx',
    './BountyDetailPage': './src/detail/BountyDetailPage.tsx',
    './FeaturedBounties': './src/featured/FeaturedBounties.tsx',
  },
  standalone: './src/standalone/index.ts',
});
