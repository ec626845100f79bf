const { createConfig } = require('@side-quest/build/webpack');

module.exports = createConfig({
  dir: __dirname,
  name: 'shell',
  entry: './src/index.ts',
  runtimePlugins: [require.resolve('./src/federation/boundedLoadingPlugin.ts')],
  serverExposes: { './ServerApp': './src/server/ServerApp.tsx' },
});
