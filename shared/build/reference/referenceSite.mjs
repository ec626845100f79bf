// Builds and serves the bench's reference page (ReferencePage.mjs) on 127.0.0.1: the page rendered by
// react-dom/server, its script bundled by webpack in production mode with the site's compile hints and
// served compressed as the site serves its own (brotli or gzip), so Lighthouse sees the same kind of
// page and script the routes are.
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { ReferencePage } from './ReferencePage.mjs';
import { compressedVariants, sendNotFound, sendVariants, startServeProcess } from './serve.mjs';

const require = createRequire(import.meta.url);
const webpack = require('webpack');
const { CompileHintsPlugin } = require('../webpack.cjs');

/** Bundles client.mjs into a fresh temporary folder: its main.js. */
function buildReferenceScript() {
  const outputDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-reference-'));
  const compiler = webpack({
    mode: 'production',
    context: import.meta.dirname,
    entry: { main: './client.mjs' },
    output: { path: outputDir, filename: 'main.js' },
    devtool: false,
    plugins: [new CompileHintsPlugin()],
    performance: { hints: false },
    stats: 'errors-warnings',
  });
  return new Promise((resolve, reject) => {
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error) return reject(error);
      if (stats.hasErrors()) return reject(new Error(stats.toString('errors-only')));
      resolve(path.join(outputDir, 'main.js'));
    });
  });
}

/**
 * The page, started as the site's server-rendered pages are (startAfterPaint): its script runs once the
 * page has loaded and painted. With a plain deferred script the reference hydrated before its first
 * paint, so its CPU after the first paint was its idle time and no route could be compared with it.
 */
async function documentHtml() {
  // The site's own start script: TypeScript, so imported in the reference's process, which runs under tsx
  // (startReferenceSiteProcess).
  const { startAfterPaint } = await import('../../../server/src/render/startAfterPaint.ts');
  return startAfterPaint(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="description" content="The bench's reference page: server-rendered React with hydrateRoot.">
<title>Reference page</title>
<style>
body { margin: 0; font-family: system-ui, sans-serif; background: #0b0d12; color: #f2f4f8; }
main { max-width: 60rem; margin: 0 auto; padding: 1rem; }
.cards { list-style: none; padding: 0; display: grid; gap: 1rem; grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr)); }
.card { border: 1px solid #2a2f3a; border-radius: 12px; padding: 1rem; background: #141821; }
button { min-height: 44px; padding: 0 1.25rem; font: inherit; border-radius: 8px; border: 0; background: #ffd166; color: #0b0d12; }
</style>
<script defer src="/main.js"></script>
</head>
<body><div id="root">${renderToString(createElement(ReferencePage))}</div></body>
</html>`);
}

/**
 * Builds the reference page and serves it on a free loopback port until stop().
 * @returns {Promise<{ url: string, scriptGzipBytes: number, stop: () => Promise<void> }>}
 */
export async function startReferenceSite() {
  const scriptFile = await buildReferenceScript();
  const files = {
    '/': {
      type: 'text/html; charset=utf-8',
      variants: compressedVariants(Buffer.from(await documentHtml())),
    },
    '/main.js': {
      type: 'text/javascript; charset=utf-8',
      variants: compressedVariants(fs.readFileSync(scriptFile)),
    },
  };
  fs.rmSync(path.dirname(scriptFile), { recursive: true, force: true });
  const server = http.createServer((request, response) => {
    const file = files[new URL(request.url, 'http://127.0.0.1').pathname];
    if (!file || (request.method !== 'GET' && request.method !== 'HEAD')) return sendNotFound(response);
    sendVariants(request, response, file);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}/`,
    scriptGzipBytes: files['/main.js'].variants.gzip.length,
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * The reference site in a process of its own: the bench runs Lighthouse with spawnSync, which blocks
 * its own event loop, so a server inside the bench could not answer while Lighthouse loads the page.
 * @returns {Promise<{ url: string, scriptGzipBytes: number, stop: () => Promise<void> }>}
 */
export function startReferenceSiteProcess() {
  return startServeProcess(fileURLToPath(import.meta.url), 'reference site', 120000);
}

if (process.argv[2] === '--serve' && process.argv[1] === fileURLToPath(import.meta.url)) {
  const site = await startReferenceSite();
  console.log(JSON.stringify({ url: site.url, scriptGzipBytes: site.scriptGzipBytes }));
  process.once('SIGTERM', () => void site.stop().then(() => process.exit(0)));
}
