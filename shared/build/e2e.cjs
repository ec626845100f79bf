/* global beforeAll, afterAll -- this harness is required from Jest test files, where they exist */
// End-to-end harness: starts the real server on a free loopback port over the composed production
// build, with its own data folder, and stops exactly the process it started.
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const http = require('node:http');
const { launchBrowser } = require('./browser.cjs');
const { startServeProcess, stopChildProcess } = require('./reference/serveProcess.cjs');

const root = path.resolve(__dirname, '..', '..');
const STARTUP_TIMEOUT_MS = 30000;

/**
 * @param {{ env?: Record<string,string>, dataDir?: string }} [options]
 * @returns {Promise<{ baseUrl: string, port: number, dataDir: string, output: () => string, stop: () => Promise<void> }>}
 */
async function startSite(options = {}) {
  if (!fs.existsSync(path.join(root, 'shell', 'dist', 'index.html'))) {
    throw new Error('The production build is missing: run `npm run build` before the end-to-end tests.');
  }
  const dataDir = options.dataDir || fs.mkdtempSync(path.join(os.tmpdir(), 'sq-data-'));
  const child = spawn(
    process.execPath,
    [path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'src/main.ts'],
    {
      cwd: path.join(root, 'server'),
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        // The demo lifecycle history only where a test asks for it (SEED_DEMO=1): the others see the dataset.
        SEED_DEMO: '0',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));

  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      // Stopped, or the server left running keeps Jest, and the build lock it runs under, alive.
      void stopChildProcess(child);
      reject(new Error(`server did not start in time:\n${output}`));
    }, STARTUP_TIMEOUT_MS);
    const check = () => {
      const match = output.match(/serving at http:\/\/localhost:(\d+)/);
      if (match) {
        clearTimeout(timer);
        child.stdout.off('data', check);
        resolve(Number(match[1]));
      }
    };
    child.stdout.on('data', check);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });

  const stop = () => stopChildProcess(child);

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    port,
    pid: child.pid,
    dataDir,
    child,
    output: () => output,
    stop,
  };
}

/** A loopback server that accepts connections and never answers: a hanging remote host. */
async function startHangingServer() {
  const sockets = new Set();
  const server = http.createServer(() => undefined);
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    stop: () =>
      new Promise((resolve) => {
        sockets.forEach((socket) => socket.destroy());
        server.close(() => resolve());
      }),
  };
}

/** A loopback port that nothing listens on (bound, then released). */
async function deadPort() {
  const server = http.createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Builds and serves the bench's stack reference (reference/stackReferenceSite.mjs) in a process of its
 * own, as `npm run bench` does, for tests that hold the site's pages to it (the budgets test); five
 * minutes at most for its build and start.
 * @returns {Promise<{ url: string, pid: number, stop: () => Promise<void> }>}
 */
function startStackReference() {
  return startServeProcess(
    path.join(__dirname, 'reference', 'stackReferenceSite.mjs'),
    'stack reference',
    300000,
  );
}

module.exports = { startSite, startHangingServer, deadPort, launchBrowser, startStackReference, root };

/**
 * For a describe block: starts the composed site and a browser before its tests and stops both after.
 * Returns a handle whose `site` and `browser` are set once the block's tests run.
 * @param {{ env?: Record<string,string>, dataDir?: string, browser?: Parameters<typeof launchBrowser>[0] }} [options]
 */
function useComposedSite(options = {}) {
  const { browser: browserOptions, ...siteOptions } = options;
  const handle = { site: null, browser: null };
  beforeAll(async () => {
    handle.site = await startSite(siteOptions);
    handle.browser = await launchBrowser(browserOptions);
  });
  afterAll(async () => {
    if (handle.browser) await handle.browser.cleanup();
    if (handle.site) await handle.site.stop();
  });
  return handle;
}

/**
 * The text of the page's main heading, once a section has rendered it; where the page runs JavaScript,
 * also once the shell has hydrated, so what a test does next (a click, a key) reaches the app and not
 * the server's no-JavaScript HTML (a click before hydration submits a form or loads a page instead).
 */
async function mainHeading(page) {
  const heading = page.locator('main h1').first();
  await heading.waitFor({ timeout: 15000 });
  if (await page.evaluate(() => matchMedia('(scripting: enabled)').matches)) await waitForInteractive(page);
  return (await heading.textContent()) || '';
}

/**
 * Waits until the shell has hydrated (`<html data-interactive>`): a click before that is a plain page
 * load, not a navigation inside the app.
 */
async function waitForInteractive(page) {
  await page.locator('html[data-interactive]').waitFor({ state: 'attached', timeout: 15000 });
}

/**
 * The main heading once it reads `expected` (at most 15 s), else whatever it reads then. After a click
 * inside the app the URL changes first and the new route renders after it (React Router renders
 * navigations in a transition), so reading the heading at once can still give the previous page's.
 */
async function mainHeadingAfterNavigation(page, expected) {
  await page
    .waitForFunction((text) => document.querySelector('main h1')?.textContent === text, expected, {
      timeout: 15000,
    })
    .catch(() => undefined);
  return mainHeading(page);
}

/** True when the page is wider than the viewport (a horizontal scrollbar). */
async function overflowsViewport(page) {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

module.exports.useComposedSite = useComposedSite;
module.exports.mainHeading = mainHeading;
module.exports.mainHeadingAfterNavigation = mainHeadingAfterNavigation;
module.exports.waitForInteractive = waitForInteractive;
module.exports.overflowsViewport = overflowsViewport;
