const { createConfig } = require('@side-quest/build/webpack');

module.exports = createConfig({
  dir: __dirname,
  name: 'compass',
  exposes: {
    './CompassPage': './src/compass/CompassPage.tsx',
  },
  standalone: './src/standalone/index.ts',
});
