// Builds and serves the bench's stack reference (stack/): a page on the site's own stack doing the
// least a page can do. Its browser build comes from the site's webpack + Module Federation factory
// (webpack.cjs, as the shell's: a host with its async boundary, `loaded-first`, compile hints, startup
// chunk preloads) sharing react, react-dom and styled-components as singletons, with React Router and
// TanStack Query tree-shaken into its own chunks as the site carries them; its server build is the same source compiled for Node with the same
// rules. Each request for the page is rendered then (a QueryClient per request, the one query
// prefetched and dehydrated, StaticRouter, ServerStyleSheet) into the built HTML, which starts its
// scripts after the first paint as the site's pages do (the server's startAfterPaint). Served on
// 127.0.0.1, compressed as the site serves its files.
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compressedVariants, sendNotFound, sendVariants, startServeProcess } from './serve.mjs';

const require = createRequire(import.meta.url);
const webpack = require('webpack');
const { createConfig, root } = require('../webpack.cjs');

const stackDir = path.join(import.meta.dirname, 'stack');
const distDir = path.join(stackDir, 'dist');

/**
 * The singletons a site on this stack shares: the libraries, not the site's own packages. React Router
 * and TanStack Query are in the page's own chunks, tree-shaken, as the site carries them (inside the
 * @side-quest/design and @side-quest/data/query singletons, docs/decisions.md): shared whole as
 * singletons of their own they would add 48 KB gzip to this page, which would only make the weight
 * ratios easy.
 */
export const STACK_SHARED = ['react', 'react-dom', 'styled-components'];

/** The browser build (the factory's, as the shell's) and the Node build of the render (server.mjs). */
function stackConfigs() {
  const [browser] = createConfig({
    dir: stackDir,
    name: 'stack_reference',
    entry: './src/index.mjs',
    shared: STACK_SHARED,
    // The shell's icon: the page asks for one as the site's pages do.
    favicon: path.join(root, 'shell', 'src', 'favicon.png'),
  })({}, { mode: 'production' });
  const server = {
    mode: 'production',
    name: 'stack_reference-server',
    context: stackDir,
    target: 'node',
    entry: { server: './src/server.mjs' },
    output: {
      path: path.join(distDir, 'server'),
      filename: '[name].cjs',
      library: { type: 'commonjs2' },
      clean: true,
    },
    // The page's code is compiled by the browser build's rules (swc with the styled-components plugin:
    // the same component ids). The libraries are Node's own copies from node_modules, but for
    // styled-components, bundled: the page's .mjs modules are strict ES modules, whose default import
    // of its CommonJS build would be the whole exports object.
    externals: [
      ({ request }, callback) =>
        /^[./]/.test(request) || path.isAbsolute(request) || /^styled-components(\/|$)/.test(request)
          ? callback()
          : callback(null, `commonjs ${request}`),
    ],
    resolve: browser.resolve,
    module: { rules: browser.module.rules },
    devtool: false,
    optimization: { minimize: false },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
  return [browser, server];
}

/** Builds stack/dist (browser) and stack/dist/server (the render). */
export function buildStackReference() {
  const compiler = webpack(stackConfigs());
  return new Promise((resolve, reject) => {
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error) return reject(error);
      if (stats.hasErrors()) return reject(new Error(stats.toString('errors-only')));
      resolve();
    });
  });
}

const TYPES = {
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.png': 'image/png',
  '.map': 'application/json; charset=utf-8',
};

/** Every file of the browser build but its HTML template, by URL path, held compressed in memory. */
function staticFiles() {
  const files = {};
  for (const name of fs.readdirSync(distDir)) {
    const file = path.join(distDir, name);
    if (!fs.statSync(file).isFile() || name === 'index.html' || /\.(br|gz)$/.test(name)) continue;
    const type = TYPES[path.extname(name)];
    if (!type) continue;
    files[`/${name}`] = { type, variants: compressedVariants(fs.readFileSync(file)) };
  }
  return files;
}

/** The template's empty root element (its HTML is minified: the quotes may be gone). */
const EMPTY_ROOT = /<div id="?root"?><\/div>/;

/** The dehydrated state as a JSON script's text: no `<` may close the element early. */
function stateJson(state) {
  return JSON.stringify(state).replace(/</g, '\\u003c');
}

/**
 * Builds the stack reference and serves it on a free loopback port until stop(): the page at `/`
 * (any query), rendered per request; its scripts; `/api/cards`, the query's data.
 * @param {{ build?: boolean }} [options] build: false serves the last build
 */
export async function startStackReferenceSite(options = {}) {
  if (options.build !== false) await buildStackReference();
  // The site's own start script: TypeScript, so imported in this process, which runs under tsx.
  const { startAfterPaint } = await import('../../../server/src/render/startAfterPaint.ts');
  const template = startAfterPaint(fs.readFileSync(path.join(distDir, 'index.html'), 'utf8'));
  if (!EMPTY_ROOT.test(template)) throw new Error('the template has no empty #root');
  const { render, CARDS } = require(path.join(distDir, 'server', 'server.cjs'));
  const files = staticFiles();
  const cardsJson = {
    type: 'application/json; charset=utf-8',
    variants: compressedVariants(Buffer.from(JSON.stringify(CARDS))),
  };

  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return sendNotFound(response);
    const url = new URL(request.url, 'http://127.0.0.1');
    if (url.pathname === '/api/cards') return sendVariants(request, response, cardsJson);
    const file = files[url.pathname];
    if (file) return sendVariants(request, response, file);
    if (url.pathname !== '/') return sendNotFound(response);
    render(url.pathname + url.search).then(
      ({ html, styles, state }) => {
        const page = template
          .replace(
            '</head>',
            () =>
              `${styles}<script type="application/json" id="sr-state">${stateJson(state)}</script></head>`,
          )
          .replace(EMPTY_ROOT, () => `<div id="root">${html}</div>`);
        sendVariants(request, response, {
          type: 'text/html; charset=utf-8',
          variants: compressedVariants(Buffer.from(page), 'fast'),
        });
      },
      (error) => {
        console.error(error);
        response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Render failed');
      },
    );
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}/`,
    distDir,
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * The stack reference in a process of its own (see startServeProcess): built, then served.
 * @param {{ build?: boolean }} [options] build: false serves the last build (stack/dist)
 * @returns {Promise<{ url: string, distDir: string, pid: number, stop: () => Promise<void> }>}
 */
export function startStackReferenceSiteProcess(options = {}) {
  return startServeProcess(
    fileURLToPath(import.meta.url),
    'stack reference',
    300000,
    options.build === false ? ['--no-build'] : [],
  );
}

if (process.argv[2] === '--serve' && process.argv[1] === fileURLToPath(import.meta.url)) {
  const site = await startStackReferenceSite({ build: !process.argv.includes('--no-build') });
  console.log(JSON.stringify({ url: site.url, distDir: site.distDir }));
  process.once('SIGTERM', () => void site.stop().then(() => process.exit(0)));
}
