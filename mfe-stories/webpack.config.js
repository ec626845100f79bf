const { createConfig } = require('@side-quest/build/webpack');

module.exports = createConfig({
  dir: __dirname,
  name: 'stories',
  exposes: {
    './StoriesPage': './src/list/StoriesPage.tsx',
    './AllStoriesPage': './src/all/AllStoriesPage.tsx',
    './StoryDetailPage': './src/detail/StoryDetailPage.tsx',
    './TalentProfilePage': './src/talent/TalentProfilePage.tsx',
    './TalentDirectoryPage': './src/directory/TalentDirectoryPage.tsx',
  },
  standalone: './src/standalone/index.ts',
});
