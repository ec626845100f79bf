// Measures what a route costs in JavaScript: the scripts the browser requested, their gzip size, and the
// longest chain of requests that had to wait for one another after the HTML ("sequential round trips").
// Used by `npm run bench` (prints a table) and by the budget tests (assert the same figures).
const zlib = require('node:zlib');

/**
 * Chain depth: a script or fetch R waited for Q when Q finished before R started and either Q's URL is
 * in R's initiator stack (Q's code asked for R) or Q is a fetch issued by code in R's initiator stack (a
 * manifest read before the entry it names). Parser-initiated requests (from the HTML) have depth 1.
 *
 * @param {import('playwright-core').Page} page a fresh page (no cache)
 * @param {string} url
 * @param {{ settle?: (page: import('playwright-core').Page) => Promise<void>, markers?: Record<string, RegExp> }} [options]
 *   markers: names of libraries to look for in each script's source (e.g. { firebase: /firestore\.googleapis\.com/ })
 */
async function measureRoute(page, url, options = {}) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const requests = new Map();
  cdp.on('Network.requestWillBeSent', (event) => {
    if (requests.has(event.requestId)) return;
    const frames = new Set();
    let stack = event.initiator && event.initiator.stack;
    while (stack) {
      for (const frame of stack.callFrames || []) frames.add(frame.url);
      stack = stack.parent;
    }
    if (event.initiator && event.initiator.url) frames.add(event.initiator.url);
    requests.set(event.requestId, {
      url: event.request.url,
      type: event.type,
      initiatorType: event.initiator ? event.initiator.type : 'other',
      frames,
      start: event.timestamp,
      end: Infinity,
    });
  });
  cdp.on('Network.loadingFinished', (event) => {
    const request = requests.get(event.requestId);
    if (request) request.end = event.timestamp;
  });

  const bodies = new Map();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    try {
      bodies.set(response.url(), await response.body());
    } catch {
      /* a failed script has no body; it still counts as a request */
    }
  });

  await page.goto(url, { waitUntil: 'networkidle' });
  if (options.settle) await options.settle(page);
  await page.waitForLoadState('networkidle');
  await cdp.detach().catch(() => undefined);

  const all = [...requests.values()].filter(
    (request) => request.type === 'Script' || request.type === 'Fetch' || request.type === 'XHR',
  );
  const depth = new Map();
  const depthOf = (request, seen = new Set()) => {
    if (depth.has(request)) return depth.get(request);
    if (seen.has(request)) return 1;
    seen.add(request);
    let parent = 0;
    for (const other of all) {
      if (other === request || other.end > request.start) continue;
      const codeAskedForIt = request.frames.has(other.url);
      const readBeforeIt =
        (other.type === 'Fetch' || other.type === 'XHR') &&
        [...other.frames].some((frame) => request.frames.has(frame));
      if (codeAskedForIt || readBeforeIt) parent = Math.max(parent, depthOf(other, seen));
    }
    const value = request.initiatorType === 'parser' ? 1 : parent + 1;
    depth.set(request, value);
    return value;
  };

  const scripts = all
    .filter((request) => request.type === 'Script')
    .map((request) => {
      const body = bodies.get(request.url);
      const source = body ? body.toString('utf8') : '';
      return {
        url: request.url,
        gzipBytes: body ? zlib.gzipSync(body).length : 0,
        depth: depthOf(request),
        markers: Object.entries(options.markers || {})
          .filter(([, pattern]) => pattern.test(source))
          .map(([name]) => name),
      };
    });
  const chain = all.reduce((max, request) => Math.max(max, depthOf(request)), 0);
  return {
    url,
    scriptRequests: scripts.length,
    jsGzipBytes: scripts.reduce((sum, script) => sum + script.gzipBytes, 0),
    sequentialRoundTrips: chain,
    scripts,
    requests: all.map((request) => ({ url: request.url, type: request.type, depth: depthOf(request) })),
  };
}

/** Gzip size of a file's bytes, as served by the compression middleware (default level). */
function gzipSize(buffer) {
  return zlib.gzipSync(buffer).length;
}

/**
 * The screen pages are weighed on: the phone Lighthouse's mobile run emulates (a Moto G Power, 412×823
 * CSS pixels). What a page downloads can depend on it: a section below the fold hydrates, and loads its
 * code, only when it nears the viewport (docs/decisions.md, "Input before hydration").
 */
const PHONE_VIEWPORT = { width: 412, height: 823 };

module.exports = { measureRoute, gzipSize, PHONE_VIEWPORT };
