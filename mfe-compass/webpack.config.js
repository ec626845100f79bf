const { createConfig } = require('../shared/build/webpack.cjs');

module.exports = createConfig({
  dir: __dirname,
  name: 'compass',
  exposes: {
    './CompassPage': './src/compass/CompassPage.tsx',
  },
  standalone: './src/standalone/index.ts',
});
