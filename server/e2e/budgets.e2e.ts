import fs from 'node:fs';
import path from 'node:path';
import { gzipSize, measureRoute, type RouteWeight } from '@side-quest/build/page-weight';
import { root, useComposedSite } from '@side-quest/build/e2e';

/**
 * Page-weight budgets on the composed production build. Byte counts and request chains are
 * deterministic for a build, so these are tests; each prints its measured figure beside its budget.
 */
const KB = 1024;
const LANDING_JS_BUDGET = 200 * KB;
const REMOTE_ENTRY_BUDGET = 30 * KB;
const MAX_SEQUENTIAL_ROUND_TRIPS = 3;
const MARKERS = {
  firebase: /firestore\.googleapis\.com/,
  reactMarkdown: /change-renderers-to-components|remove-includeelementindex/,
};

function report(label: string, measured: string, budget: string) {
  console.log(`${label.padEnd(52)} ${measured.padStart(12)}   budget ${budget}`);
}

async function firstBountyPath(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/bounties`);
  const list = response.ok ? ((await response.json()) as { id?: string }[]) : [];
  return `/bounty/${encodeURIComponent(list[0]?.id ?? 'unknown')}`;
}

describe('page-weight budgets', () => {
  const composed = useComposedSite();
  const weights = new Map<string, RouteWeight>();

  beforeAll(async () => {
    const routes = [
      '/',
      '/bounties',
      await firstBountyPath(composed.site.baseUrl),
      '/compass',
      '/blog',
      '/blog/all',
      '/blog/how-to-sidequest-guide',
      '/about',
      '/for-clients',
      '/no-such-page',
    ];
    for (const route of routes) {
      const page = await composed.browser.newPage();
      weights.set(route, await measureRoute(page, composed.site.baseUrl + route, { markers: MARKERS }));
      await page.close();
    }
  });

  it('keeps the landing page’s JavaScript within 200 KB gzip', () => {
    const landing = weights.get('/') as RouteWeight;
    report('landing page JavaScript (gzip)', `${(landing.jsGzipBytes / KB).toFixed(1)} KB`, '200 KB');
    expect(landing.jsGzipBytes).toBeLessThanOrEqual(LANDING_JS_BUDGET);
  });

  it('keeps each remote entry within 30 KB gzip', () => {
    for (const remote of ['mfe-bounties', 'mfe-compass', 'mfe-stories', 'mfe-clients']) {
      const size = gzipSize(fs.readFileSync(path.join(root, remote, 'dist', 'remoteEntry.js')));
      report(`${remote}/remoteEntry.js (gzip)`, `${(size / KB).toFixed(1)} KB`, '30 KB');
      expect(size).toBeLessThanOrEqual(REMOTE_ENTRY_BUDGET);
    }
  });

  it('needs at most 3 sequential script round trips after the HTML on every route', () => {
    for (const [route, weight] of weights) {
      report(
        `sequential round trips ${route}`,
        String(weight.sequentialRoundTrips),
        String(MAX_SEQUENTIAL_ROUND_TRIPS),
      );
      expect({ route, withinBudget: weight.sequentialRoundTrips <= MAX_SEQUENTIAL_ROUND_TRIPS }).toEqual({
        route,
        withinBudget: true,
      });
    }
  });

  it('never downloads the Firebase SDK with the default api bounty source', () => {
    for (const [route, weight] of weights) {
      const firebaseScripts = weight.scripts.filter((script) => script.markers.includes('firebase'));
      expect({ route, firebaseScripts: firebaseScripts.map((script) => script.url) }).toEqual({
        route,
        firebaseScripts: [],
      });
    }
    report('Firebase SDK scripts on api-source routes', '0', '0');
  });

  it('downloads react-markdown on no server-rendered page, the story page included', () => {
    // A server-rendered story keeps the body the server rendered; only a story opened by client-side
    // navigation loads the renderer (mfe-stories/e2e checks that).
    for (const [route, weight] of weights) {
      const hasMarkdown = weight.scripts.some((script) => script.markers.includes('reactMarkdown'));
      expect({ route, hasMarkdown }).toEqual({ route, hasMarkdown: false });
    }
    report('routes downloading react-markdown on load', '0', 'none');
  });
});
