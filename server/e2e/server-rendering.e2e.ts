import fs from 'node:fs';
import path from 'node:path';
import type { Server } from 'node:http';
import express from 'express';
import type { Page } from 'playwright-core';
import {
  deadPort,
  launchBrowser,
  mainHeading,
  root,
  startHangingServer,
  startSite,
  waitForInteractive,
  type RunningSite,
} from '@side-quest/build/e2e';

import { START_WAIT_MS } from '../src/render/startAfterPaint';

type Browser = Awaited<ReturnType<typeof launchBrowser>>;

const STORY_SLUG = 'how-to-sidequest-guide';

/** The head a link preview or crawler reads, straight from the document. */
async function headOf(page: Page) {
  return page.evaluate(() => {
    const attr = (selector: string, name: string) =>
      document.head.querySelector(selector)?.getAttribute(name) ?? null;
    return {
      title: document.title,
      description: attr('meta[name="description"]', 'content'),
      robots: attr('meta[name="robots"]', 'content'),
      canonical: attr('link[rel="canonical"]', 'href'),
      ogTitle: attr('meta[property="og:title"]', 'content'),
      ogDescription: attr('meta[property="og:description"]', 'content'),
      ogUrl: attr('meta[property="og:url"]', 'content'),
      ogImage: attr('meta[property="og:image"]', 'content'),
      ogType: attr('meta[property="og:type"]', 'content'),
      twitterCard: attr('meta[name="twitter:card"]', 'content'),
      icon: attr('link[rel="icon"]', 'href'),
      jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map((script) =>
        JSON.parse(script.textContent ?? '{}'),
      ),
    };
  });
}

describe('server rendering', () => {
  let site: RunningSite;
  let noScript: Browser;
  let browser: Browser;
  let bounty: { id: string; item_title: string };
  let routes: Array<{ path: string; heading: string | RegExp; title: string }>;

  beforeAll(async () => {
    site = await startSite();
    noScript = await launchBrowser({ contextOptions: { javaScriptEnabled: false } });
    browser = await launchBrowser();
    const list = (await (await fetch(`${site.baseUrl}/api/bounties`)).json()) as Array<{
      id: string;
      item_title: string;
    }>;
    bounty = list.find((item) => item.item_title.trim())!;
    routes = [
      {
        path: '/',
        heading: 'PROVE YOUR SKILLS',
        title: 'Side Quest - Prove Your Skills with Real-World Projects',
      },
      { path: '/bounties', heading: 'BOUNTIES_MARKETPLACE', title: 'Bounties | Side Quest' },
      {
        path: `/bounty/${bounty.id}`,
        heading: bounty.item_title,
        title: `${bounty.item_title} | Side Quest`,
      },
      { path: '/compass', heading: /Value Compass/, title: 'Value Compass | Side Quest' },
      { path: '/blog', heading: 'Success Stories', title: 'Success Stories | Side Quest' },
      { path: '/blog/all', heading: 'All Success Stories', title: 'All Success Stories | Side Quest' },
      { path: `/blog/${STORY_SLUG}`, heading: /How to Side Quest/, title: '' },
      {
        path: '/for-clients',
        heading: 'What Is Your Biggest Growth Blocker?',
        title: 'For Clients | Side Quest',
      },
      { path: '/about', heading: 'About Side Quest', title: 'About | Side Quest' },
    ];
  });
  afterAll(async () => {
    await noScript?.cleanup();
    await browser?.cleanup();
    await site?.stop();
  });

  it('serves every route readable without JavaScript, with its head in the first response', async () => {
    const page = await noScript.newPage();
    for (const route of routes) {
      const response = await page.goto(site.baseUrl + route.path);
      expect(response?.status()).toBe(200);
      const heading = await mainHeading(page);
      if (typeof route.heading === 'string') expect(heading).toBe(route.heading);
      else expect(heading).toMatch(route.heading);
      const head = await headOf(page);
      if (route.title) expect(head.title).toBe(route.title);
      expect(head.description?.length).toBeGreaterThan(20);
      expect(head.robots).toBeNull();
      // No PUBLIC_URL here: the public origin is the request's.
      expect(head.canonical).toBe(site.baseUrl + route.path);
      expect(head.ogUrl).toBe(head.canonical);
      expect(head.ogTitle).toBe(head.title);
      expect(head.ogDescription).toBe(head.description);
      expect(head.ogImage).toMatch(new RegExp(`^${site.baseUrl}/og/`));
      expect(head.ogType).toBe(
        route.path.startsWith('/blog/') && route.path !== '/blog/all' ? 'article' : 'website',
      );
      expect(head.twitterCard).toBe('summary_large_image');
      // A PNG icon: Chromium would parse an SVG one on the page's main thread right after it paints.
      expect(head.icon).toBe('/favicon.png');
      expect(await page.locator('header').getByText('SIDE_QUEST').isVisible()).toBe(true);
    }

    const icon = await fetch(`${site.baseUrl}/favicon.png`);
    expect(icon.headers.get('content-type')).toBe('image/png');

    await page.goto(`${site.baseUrl}/bounty/${bounty.id}`);
    expect((await headOf(page)).jsonLd).toEqual([
      expect.objectContaining({ '@type': 'JobPosting', title: bounty.item_title }),
    ]);
    await page.goto(`${site.baseUrl}/blog/${STORY_SLUG}`);
    expect((await headOf(page)).jsonLd).toEqual([expect.objectContaining({ '@type': 'Article' })]);
    await page.close();
  });

  it('follows links without JavaScript: every page comes from the server', async () => {
    const page = await noScript.newPage();
    await page.goto(site.baseUrl + '/about');
    await page.getByRole('banner').getByRole('link', { name: 'Compass' }).first().click();
    await page.waitForURL(`${site.baseUrl}/compass`);
    expect(await mainHeading(page)).toMatch(/Value Compass/);
    expect(await page.getByRole('meter').count()).toBeGreaterThan(0);
    await page.goto(site.baseUrl + '/bounties');
    await page.locator('main').getByRole('link', { name: 'Details →' }).first().click();
    await page.waitForURL(/\/bounty\//);
    expect(await mainHeading(page)).not.toBe('');
    await page.close();
  });

  it('serves robots.txt, a sitemap of every page, and a PNG link preview for each page', async () => {
    const robots = await fetch(`${site.baseUrl}/robots.txt`);
    expect(robots.headers.get('content-type')).toMatch(/^text\/plain/);
    const robotsText = await robots.text();
    expect(robotsText).toContain('Disallow: /api/');
    expect(robotsText).toContain(`Sitemap: ${site.baseUrl}/sitemap.xml`);

    const sitemap = await fetch(`${site.baseUrl}/sitemap.xml`);
    expect(sitemap.headers.get('content-type')).toMatch(/xml/);
    const xml = await sitemap.text();
    for (const path of [
      '/',
      '/bounties',
      '/compass',
      '/blog',
      '/about',
      `/bounty/${bounty.id}`,
      `/blog/${STORY_SLUG}`,
    ]) {
      expect(xml).toContain(`<loc>${site.baseUrl}${path}</loc>`);
    }
    expect(xml.match(/<lastmod>\d{4}-\d{2}-\d{2}/g)?.length).toBe(xml.match(/<loc>/g)?.length);

    const page = await noScript.newPage();
    for (const path of [`/bounty/${bounty.id}`, `/blog/${STORY_SLUG}`, '/about']) {
      await page.goto(site.baseUrl + path);
      const image = await fetch((await headOf(page)).ogImage as string);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');
      const png = Buffer.from(await image.arrayBuffer());
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
      expect(png.length).toBeLessThan(100 * 1024);
    }
    await page.close();
  });

  it('revalidates a page with its ETag: 304 while it is unchanged', async () => {
    // A URL no earlier test asked for: its page is rendered now and kept, so the second request meets
    // the same page. (An entry earlier tests left behind may be stale, and the render that replaces it
    // carries a new render time, hence a new ETag, which could land between the two requests.)
    const url = `${site.baseUrl}/compass?etag-check=1`;
    const first = await fetch(url);
    const etag = first.headers.get('etag');
    expect(first.status).toBe(200);
    expect(etag).toBeTruthy();
    const again = await fetch(url, { headers: { 'if-none-match': etag as string } });
    expect(again.status).toBe(304);
  });

  it('sends a page gzipped to browsers that accept it, the same HTML as plain, each with its own ETag', async () => {
    const url = `${site.baseUrl}/compass?encoding-check=1`;
    const plain = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
    const gzipped = await fetch(url, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(gzipped.headers.get('vary')).toMatch(/accept-encoding/i);
    // fetch inflates the body: both are the same document.
    expect(await gzipped.text()).toBe(await plain.text());
    const gzipEtag = gzipped.headers.get('etag') as string;
    expect(gzipEtag).not.toBe(plain.headers.get('etag'));
    const again = await fetch(url, { headers: { 'accept-encoding': 'gzip', 'if-none-match': gzipEtag } });
    expect(again.status).toBe(304);
  });

  it('answers a page the HTML cache holds as the full path does: its headers, a request id, its log line and its metrics', async () => {
    // The second request is answered from the cache, ahead of the app's other routers (siteHosting.ts).
    const url = `${site.baseUrl}/about?lane-check=1`;
    const pageRequests = async () => {
      const metrics = await (await fetch(`${site.baseUrl}/metrics`)).text();
      const line = /^http_requests_total\{method="GET",route="\/\{\*splat\}",status="200"\} (\d+)$/m.exec(
        metrics,
      );
      return Number(line?.[1] ?? 0);
    };
    const counted = await pageRequests();
    const rendered = await fetch(url);
    const cached = await fetch(url);
    expect(cached.status).toBe(200);
    expect(await cached.text()).toBe(await rendered.text());
    for (const header of [
      'cache-control',
      'content-encoding',
      'content-security-policy',
      'content-type',
      'etag',
      'referrer-policy',
      'strict-transport-security',
      'vary',
      'x-content-type-options',
      'x-frame-options',
    ])
      expect([header, cached.headers.get(header)]).toEqual([header, rendered.headers.get(header)]);
    expect(cached.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(cached.headers.get('x-request-id')).not.toBe(rendered.headers.get('x-request-id'));
    expect(await pageRequests()).toBe(counted + 2);
    // The log is written asynchronously: its lines may follow the answers by a moment.
    const completed = () =>
      site
        .output()
        .split('\n')
        .filter(
          (line) => line.includes('"url":"/about?lane-check=1"') && line.includes('"request completed"'),
        );
    let logged = completed();
    for (let wait = 0; wait < 40 && logged.length < 2; wait++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      logged = completed();
    }
    expect(logged).toHaveLength(2);
  });

  it("sends a page's scripts and its remote's entry as the brotli copies built beside them", async () => {
    const html = await (await fetch(`${site.baseUrl}/bounties`)).text();
    const urls = new Set(
      [...html.matchAll(/(?:src|href)="?([^"\s>]+\.(?:js|json))[\s">]/g)].map((match) => match[1] as string),
    );
    expect([...urls].some((url) => url.endsWith('/remotes/bounties/remoteEntry.js'))).toBe(true);
    // The browser loads a remote by its entry; its manifest is for the server.
    expect([...urls].some((url) => url.endsWith('mf-manifest.json'))).toBe(false);
    let compressed = 0;
    for (const url of urls) {
      const { pathname } = new URL(url, site.baseUrl);
      const remote = /^\/remotes\/bounties\//.exec(pathname);
      const file = remote
        ? path.join(root, 'mfe-bounties', 'dist', pathname.slice(remote[0].length))
        : path.join(root, 'shell', 'dist', pathname.slice(1));
      const plain = await fetch(new URL(url, site.baseUrl), { headers: { 'accept-encoding': 'identity' } });
      const brotli = await fetch(new URL(url, site.baseUrl), { headers: { 'accept-encoding': 'gzip, br' } });
      // fetch decodes the body: the same bytes either way.
      expect(await brotli.text()).toBe(await plain.text());
      if (!fs.existsSync(`${file}.br`)) continue; // under 1 KB: not worth a copy
      compressed += 1;
      expect(`${pathname}: ${brotli.headers.get('content-encoding')}`).toBe(`${pathname}: br`);
      // What went over the wire is the copy written by the build, not a compression made for this request.
      expect(brotli.headers.get('content-length')).toBe(String(fs.statSync(`${file}.br`).size));
    }
    expect(compressed).toBeGreaterThan(5);
  });

  it('marks the scripts a page load runs for eager compilation, and leaves the Firebase SDK lazy', async () => {
    const hint = '//# allFunctionsCalledOnLoad\n';
    const html = await (await fetch(`${site.baseUrl}/bounties`)).text();
    // The shell's template is minified (unquoted attributes); the server's own tags are quoted.
    const scripts = new Set(
      [...html.matchAll(/(?:src|href)="?([^"\s>]+\.js)[\s">]/g)].map((match) => match[1] as string),
    );
    expect(scripts.size).toBeGreaterThan(5);
    for (const script of scripts) {
      const text = await (await fetch(new URL(script, site.baseUrl))).text();
      expect(`${script}: ${text.slice(0, hint.length)}`).toBe(`${script}: ${hint}`);
    }
    // The Firebase SDK's chunks (loaded only for the Firestore bounty source, by the remotes that read
    // bounties) are compiled as they run.
    const firebaseChunks = ['mfe-bounties', 'mfe-compass'].flatMap((app) => {
      const dist = path.join(__dirname, '..', '..', app, 'dist');
      return fs
        .readdirSync(dist)
        .filter((file) => file.endsWith('.js.map'))
        .filter((file) => fs.readFileSync(path.join(dist, file), 'utf8').includes('node_modules/@firebase/'))
        .map((file) => path.join(dist, file.slice(0, -'.map'.length)));
    });
    expect(firebaseChunks.length).toBeGreaterThan(1);
    for (const chunk of firebaseChunks) {
      expect(fs.readFileSync(chunk, 'utf8').startsWith(hint)).toBe(false);
    }
  });

  it('paints a page before it fetches any script, runs the entry once they are in, and fetches none without JavaScript', async () => {
    const scriptsFetched = (page: Page) => {
      const urls: string[] = [];
      page.on('request', (request) => {
        if (/\.js(?:$|\?)/.test(request.url())) urls.push(request.url());
      });
      return urls;
    };
    const plain = await noScript.newPage();
    const plainScripts = scriptsFetched(plain);
    await plain.goto(`${site.baseUrl}/bounties`, { waitUntil: 'networkidle' });
    expect(await mainHeading(plain)).toBe('BOUNTIES_MARKETPLACE');
    expect(plainScripts).toEqual([]);
    await plain.close();

    const page = await browser.newPage();
    const scripts = scriptsFetched(page);
    // When the shell's entry is put into the page: the first script element with a source.
    await page.addInitScript(() => {
      new MutationObserver((records, observer) => {
        const added = records.flatMap((record) => [...record.addedNodes]);
        if (!added.some((node) => node instanceof HTMLScriptElement && node.src)) return;
        Object.assign(window, { entryAddedAt: performance.now() });
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${site.baseUrl}/bounties`);
    await page.locator('html[data-interactive]').waitFor({ state: 'attached', timeout: 15000 });
    expect(scripts.length).toBeGreaterThan(5);
    const timing = await page.evaluate(() => ({
      firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity,
      loaded:
        (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)
          ?.loadEventStart ?? Infinity,
      firstScript: Math.min(
        ...performance
          .getEntriesByType('resource')
          .filter((entry) => /\.js(?:$|\?)/.test(entry.name))
          .map((entry) => entry.startTime),
      ),
    }));
    // Scripts start after the load and the first paint, or once START_WAIT_MS has passed without them.
    const afterPaint = timing.firstScript > timing.loaded && timing.firstScript > timing.firstPaint;
    expect({ ...timing, startedInTime: afterPaint || timing.firstScript >= START_WAIT_MS }).toEqual({
      ...timing,
      startedInTime: true,
    });
    // The entry runs once every preloaded script is in (their background compiling done
    // with), not while they arrive.
    const entry = await page.evaluate(() => ({
      addedAt: (window as Window & { entryAddedAt?: number }).entryAddedAt ?? -1,
      preloads: performance
        .getEntriesByType('resource')
        .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === 'link')
        .map((entry) => ({ url: entry.name, end: (entry as PerformanceResourceTiming).responseEnd })),
    }));
    expect(entry.preloads.filter(({ url }) => /\.js$/.test(url)).length).toBeGreaterThan(5);
    expect(entry.preloads.filter(({ end }) => end > entry.addedAt)).toEqual([]);
    await page.close();
  });

  it("lays out a bounty page's similar bounties and the footer on a phone only as the reader nears them", async () => {
    const phone = await launchBrowser({ viewport: { width: 390, height: 844 } });
    try {
      const page = await phone.newPage();
      await page.goto(`${site.baseUrl}/bounty/${encodeURIComponent(bounty.id)}`, { waitUntil: 'load' });
      const rendered = (selector: string) =>
        page.evaluate(
          (css) => document.querySelector(css)?.checkVisibility({ contentVisibilityAuto: true }) ?? null,
          selector,
        );
      const similar = '[data-testid="similar-bounty"]';
      const footerLink = 'footer nav a';
      // In the document from the start (find in page, screen readers), skipped by the first layout.
      expect(await page.locator(similar).count()).toBeGreaterThan(0);
      expect(await rendered(similar)).toBe(false);
      expect(await rendered(footerLink)).toBe(false);
      await page.locator(footerLink).first().scrollIntoViewIfNeeded();
      await page.waitForFunction(
        (css) => document.querySelector(css)?.checkVisibility({ contentVisibilityAuto: true }),
        footerLink,
        { timeout: 5000 },
      );
    } finally {
      await phone.cleanup();
    }
  });

  it('keeps the place of a reader who scrolled before the page hydrated', async () => {
    const page = await browser.newPage();
    // The shell's entry is held back until the reader has scrolled: the page cannot hydrate earlier.
    let release: () => void = () => undefined;
    const scrolled = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/main\.[0-9a-f]+\.js$/, async (route) => {
      await scrolled;
      await route.continue();
    });
    await page.goto(`${site.baseUrl}/blog/${STORY_SLUG}`);
    await page.evaluate(() => window.scrollTo(0, 3000));
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-interactive'))).toBe(false);
    release();
    await waitForInteractive(page);
    // The effects of the app's first render have run by the second frame after it.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    // Not thrown back to the top (blocks laid out above may move it a little: scroll anchoring).
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(2500);
    await page.close();
  });

  it('answers unknown bounties, stories and paths with 404 and the not-found page, marked noindex', async () => {
    const page = await noScript.newPage();
    for (const [url, heading] of [
      ['/bounty/no-such-bounty', 'BOUNTY_NOT_FOUND'],
      ['/blog/no-such-story', 'Story not found'],
      ['/no/such/page', 'Page Not Found'],
    ] as const) {
      const response = await page.goto(site.baseUrl + url);
      expect(response?.status()).toBe(404);
      expect((await mainHeading(page)).toLowerCase()).toContain(heading.toLowerCase());
      expect((await headOf(page)).robots).toBe('noindex');
    }
    await page.close();
  });

  it('hydrates every route without an error, then navigates inside the app without page loads', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    for (const route of routes) {
      await page.goto(site.baseUrl + route.path, { waitUntil: 'networkidle' });
      expect(errors).toEqual([]);
    }

    const log: string[] = [];
    const started = Date.now();
    page.on('console', (message) =>
      log.push(`${Date.now() - started} ms ${message.type()}: ${message.text()}`),
    );
    page.on('requestfinished', (request) => log.push(`${Date.now() - started} ms got ${request.url()}`));
    page.on('requestfailed', (request) => log.push(`${Date.now() - started} ms FAILED ${request.url()}`));
    /** Waits for the page's h1, and on a timeout says what the page showed and did. */
    const heading = async (name: string) => {
      try {
        await page.getByRole('heading', { level: 1, name }).waitFor({ timeout: 15000 });
      } catch (error) {
        const main = await page.locator('main').innerHTML();
        throw new Error(`${name} did not show; main: ${main.slice(0, 400)}\n${log.join('\n')}`, {
          cause: error,
        });
      }
    };
    await page.goto(site.baseUrl + '/about', { waitUntil: 'networkidle' });
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    log.push(`${Date.now() - started} ms click Bounties`);
    await page.getByRole('banner').getByRole('link', { name: 'Bounties' }).first().click();
    await heading('BOUNTIES_MARKETPLACE');
    log.push(`${Date.now() - started} ms click Stories`);
    await page.getByRole('banner').getByRole('link', { name: 'Stories' }).first().click();
    await heading('Success Stories');
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('server rendering when a remote or the data fails', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.cleanup();
  });

  it('renders the layout and leaves a remote whose server code is missing to the browser', async () => {
    // The compass remote deployed without its server build: the browser build alone.
    const host = express();
    host.use((_req, res, next) => {
      res.setHeader('Access-Control-Allow-Origin', '*');
      next();
    });
    host.use('/server', (_req, res) => void res.status(404).end());
    host.use(express.static(path.join(root, 'mfe-compass', 'dist')));
    const remoteHost = await new Promise<Server>((resolve) => {
      const server = host.listen(0, '127.0.0.1', () => resolve(server));
    });
    const address = remoteHost.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const site = await startSite({
      env: { REMOTE_COMPASS_URL: `http://127.0.0.1:${port}/mf-manifest.json` },
    });
    try {
      for (let attempt = 0; attempt < 3; attempt++) {
        const response = await fetch(`${site.baseUrl}/compass`);
        expect(response.status).toBe(200);
        const html = await response.text();
        expect(html).toContain('SIDE_QUEST');
        expect(html).toContain('aria-label="Loading"');
      }
      // Other routes are unaffected.
      expect(await (await fetch(`${site.baseUrl}/blog`)).text()).toContain('Success Stories</h1>');
      // Reported once, not once per request.
      expect(site.output().match(/compass is left to the browser/g)).toHaveLength(1);

      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
      await page.goto(`${site.baseUrl}/compass`);
      await page.getByRole('meter').first().waitFor({ timeout: 15000 });
      // The placeholder the server sent is hydrated as it is, then replaced: no hydration error.
      expect(errors).toEqual([]);
      await page.close();
    } finally {
      await site.stop();
      await new Promise((resolve) => remoteHost.close(resolve));
    }
  });

  it('answers 503 with the layout and a clear message when the bounty source fails', async () => {
    const site = await startSite({
      env: {
        BOUNTY_SOURCE: 'firestore',
        FIREBASE_PROJECT_ID: 'demo-unreachable',
        FIREBASE_API_KEY: 'e2e-key',
        FIRESTORE_EMULATOR_HOST: `127.0.0.1:${await deadPort()}`,
      },
    });
    try {
      const response = await fetch(`${site.baseUrl}/bounties`);
      expect(response.status).toBe(503);
      const html = await response.text();
      expect(html).toContain('SIDE_QUEST');
      expect(html).toContain('Error Loading Bounties');
      expect(html).not.toMatch(/at \w+ \(|node_modules/);
    } finally {
      await site.stop();
    }
  });

  it('serves a page whose data was too slow to wait for, and renders it again for the next visitor instead of keeping it', async () => {
    const hanging = await startHangingServer();
    const site = await startSite({
      env: {
        BOUNTY_SOURCE: 'firestore',
        FIREBASE_PROJECT_ID: 'demo-slow',
        FIREBASE_API_KEY: 'e2e-key',
        FIRESTORE_EMULATOR_HOST: hanging.url.replace('http://', ''),
      },
    });
    try {
      const pages = [];
      for (let visit = 0; visit < 2; visit += 1) {
        const response = await fetch(`${site.baseUrl}/bounties`);
        pages.push({
          status: response.status,
          etag: response.headers.get('etag'),
          html: await response.text(),
        });
      }
      // Each was rendered (the render time in its state differs); a kept copy would be the same page.
      expect(pages.map(({ status }) => status)).toEqual([200, 200]);
      expect(pages[0]?.html).toContain('SIDE_QUEST');
      expect(pages[1]?.etag).not.toBe(pages[0]?.etag);
    } finally {
      await site.stop();
      await hanging.stop();
    }
  });
});

// Keep the build honest: these tests read the production build's remotes.
if (!fs.existsSync(path.join(root, 'mfe-compass', 'dist', 'server', 'mf-manifest.json'))) {
  throw new Error('The server builds are missing: run `npm run build` before the end-to-end tests.');
}
