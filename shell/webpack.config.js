const { createConfig } = require('../shared/build/webpack.cjs');

module.exports = createConfig({
  dir: __dirname,
  name: 'shell',
  entry: './src/index.ts',
  runtimePlugins: [require.resolve('./src/federation/boundedLoadingPlugin.ts')],
});
