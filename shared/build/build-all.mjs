// Builds the shell and every remote for production, each into its own dist/ (browser) and dist/server/
// (Node, for server rendering) (npm run build). One webpack multi-compiler run: the apps are still
// separate builds with separate outputs.
import { createRequire } from 'node:module';
import path from 'node:path';
import { APPS } from '@side-quest/data/remotes';

const require = createRequire(import.meta.url);
const webpack = require('webpack');
const root = path.resolve(import.meta.dirname, '..', '..');
const apps = process.argv.slice(2).length ? process.argv.slice(2) : APPS;

const configs = apps.flatMap((app) => {
  const factory = require(path.join(root, app, 'webpack.config.js'));
  return factory({}, { mode: 'production' });
});

const started = Date.now();
webpack(configs, (error, stats) => {
  if (error) {
    console.error(error);
    process.exit(1);
  }
  const info = stats.toString({ colors: false, preset: 'errors-warnings' });
  if (info.trim()) console.log(info);
  if (stats.hasErrors()) process.exit(1);
  console.log(`Built ${apps.join(', ')} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
});
