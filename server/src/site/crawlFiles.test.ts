import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import request from 'supertest';
import { ROUTES } from '@side-quest/data/routes';
import { createApp, openStores } from '../app';
import { openBountyStore } from '../bounties/bountyStore';
import { readServerConfig } from '../config/serverConfig';
import { createCrawlFiles, type SectionLoader } from './crawlFiles';

// Personal pages (sign-in, account) are never listed.
const STATIC_PATHS = ROUTES.filter((route) => !route.path.includes(':') && !('personal' in route)).map(
  (route) => route.path,
);
const tempDir = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), prefix));

/** Loc and lastmod of every <url> of a sitemap. */
function urlsOf(xml: string): Array<{ loc: string; lastmod?: string }> {
  return [...xml.matchAll(/<url><loc>([^<]*)<\/loc>(?:<lastmod>([^<]*)<\/lastmod>)?<\/url>/g)].map(
    ([, loc, lastmod]) => ({ loc: loc as string, lastmod }),
  );
}

/** The composed app as the server runs it, on builds that hold no server containers (as in unit tests). */
function fakeBuilds() {
  const dir = tempDir('sq-dist-');
  const shell = path.join(dir, 'shell');
  fs.mkdirSync(shell);
  fs.writeFileSync(path.join(shell, 'index.html'), '<html><head><title>x</title></head><body></body></html>');
  // A file in a build must not shadow the generated one.
  fs.writeFileSync(path.join(shell, 'robots.txt'), 'User-agent: *\nDisallow: /\n');
  const remotes = Object.fromEntries(
    ['bounties', 'compass', 'stories', 'clients'].map((name) => {
      const remote = path.join(dir, name);
      fs.mkdirSync(remote);
      fs.writeFileSync(path.join(remote, 'mf-manifest.json'), '{}');
      return [name, remote];
    }),
  );
  return { shell, ...remotes } as ReturnType<typeof readServerConfig>['distDirs'];
}

describe('crawl files of the composed app', () => {
  const config = { ...readServerConfig({ DATA_DIR: tempDir('sq-data-') }), distDirs: fakeBuilds() };
  const stores = openStores(config);
  const app = createApp(config, stores);
  let warn: jest.SpyInstance;
  let error: jest.SpyInstance;
  beforeAll(() => {
    warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterAll(async () => {
    warn.mockRestore();
    error.mockRestore();
    await stores.close();
  });

  it('serves robots.txt: crawling allowed but the API, and the absolute sitemap', async () => {
    const response = await request(app).get('/robots.txt').set('Host', 'side.example').expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.text).toContain('User-agent: *\nAllow: /\nDisallow: /api/\n');
    expect(response.text).toContain('Sitemap: http://side.example/sitemap.xml\n');
  });

  it('lists every static route and every bounty, dated, even without the remotes (no stories then)', async () => {
    const response = await request(app).get('/sitemap.xml').set('Host', 'side.example').expect(200);
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    const urls = urlsOf(response.text);
    const locs = urls.map((url) => url.loc);
    for (const route of STATIC_PATHS) expect(locs).toContain(`http://side.example${route}`);
    expect(locs).not.toContain('http://side.example/sign-in');
    expect(locs).not.toContain('http://side.example/account');
    const bounties = stores.bounties.list();
    expect(bounties.length).toBeGreaterThan(0);
    for (const bounty of bounties) {
      expect(locs).toContain(`http://side.example/bounty/${encodeURIComponent(bounty.id)}`);
    }
    // The stories remote has no server container here: its pages are simply missing.
    expect(locs.filter((loc) => loc.includes('/blog/') && !loc.endsWith('/blog/all'))).toEqual([]);
    expect(locs.some((loc) => loc.includes(':'.concat('id')))).toBe(false);
    for (const url of urls) expect(url.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(urls).toHaveLength(STATIC_PATHS.length + bounties.length);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('the pages of /blog/:slug left out'));
  });

  it('uses PUBLIC_URL when it is set', async () => {
    const publicApp = createApp({ ...config, publicUrl: 'https://sidequest.example' }, stores);
    const robots = await request(publicApp).get('/robots.txt').expect(200);
    expect(robots.text).toContain('Sitemap: https://sidequest.example/sitemap.xml');
    const sitemap = await request(publicApp).get('/sitemap.xml').expect(200);
    expect(sitemap.text).toContain('<loc>https://sidequest.example/bounties</loc>');
    expect(sitemap.text).not.toContain('127.0.0.1');
  });

  it('answers a sitemap part that does not exist with a plain 404', async () => {
    const response = await request(app).get('/sitemap-1.xml').expect(404);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
  });
});

describe('crawl files with sections', () => {
  const NOW = new Date('2025-07-01T12:00:00.000Z');

  function setup(sectionModules: Record<string, () => Promise<unknown>>) {
    const store = openBountyStore(tempDir('sq-data-'), { seedFile: null });
    store.put([
      {
        id: "a&b'c",
        document: { item_title: 'A', is_high_value_bounty: true, created_at: '2025-05-10T08:00:00.000Z' },
      },
      { id: 'undated', document: { item_title: 'B', is_high_value_bounty: true } },
      { id: 'hidden', document: { item_title: 'C', is_high_value_bounty: false } },
    ]);
    const loads: string[] = [];
    let version = '1';
    const sections: SectionLoader = {
      async loadSection<T>(id: string) {
        loads.push(id);
        const load = sectionModules[id];
        if (!load) throw new Error(`${id} is unreachable`);
        return (await load()) as T;
      },
      codeVersion: () => version,
    };
    const log = jest.fn();
    const config = readServerConfig({ DATA_DIR: tempDir('sq-data-') });
    const app = express();
    app.use(
      createCrawlFiles({
        config,
        bounties: store,
        sections,
        publicOrigin: () => 'https://side.example',
        selfOrigin: () => 'http://127.0.0.1:9',
        now: () => NOW,
        log,
      }),
    );
    return { app, store, loads, log, setVersion: (next: string) => (version = next) };
  }

  const stories = {
    'stories/StoryDetailPage': async () => ({
      sitemapEntries: async () => [
        { path: '/blog/first-story', lastmod: '2025-06-02' },
        { path: '/blog/future', lastmod: '2031-01-01' },
        { path: '/blog/no-date' },
        // Not pages of /blog/:slug: left out.
        { path: 'https://elsewhere.example/blog/x' },
        { path: '//elsewhere.example/blog/x' },
        { path: '/blog/all' },
        { path: '/bounties' },
        { path: '/blog/a b' },
        { path: '/blog/bad%zz' },
        { path: '/blog/x/' },
        { nothing: true },
        null,
      ],
    }),
  };

  it('adds each parameterised route’s entries and keeps the bounties when the bounties remote fails', async () => {
    const { app, log } = setup(stories);
    const response = await request(app).get('/sitemap.xml').expect(200);
    const urls = urlsOf(response.text);
    const byLoc = new Map(urls.map((url) => [url.loc, url.lastmod]));
    expect(byLoc.get('https://side.example/blog/first-story')).toBe('2025-06-02');
    // A future date is no last modification: it becomes today.
    expect(byLoc.get('https://side.example/blog/future')).toBe('2025-07-01');
    // Static pages and undated pages carry the newest date of the data.
    expect(byLoc.get('https://side.example/')).toBe('2025-07-01');
    expect(byLoc.get('https://side.example/blog/no-date')).toBe('2025-07-01');
    expect(byLoc.get('https://side.example/bounty/undated')).toBe('2025-07-01');
    // The id is encoded in the path, and the URL escaped in the XML.
    expect(response.text).toContain(
      '<url><loc>https://side.example/bounty/a%26b&apos;c</loc><lastmod>2025-05-10</lastmod></url>',
    );
    expect(byLoc.has('https://side.example/bounty/hidden')).toBe(false);
    expect(urls).toHaveLength(STATIC_PATHS.length + 2 + 3);
    expect(response.text).not.toContain('elsewhere');
    expect(log).toHaveBeenCalledWith(expect.stringContaining('9 entries of stories/StoryDetailPage'));
    expect(log).toHaveBeenCalledWith(
      'Sitemap: the pages of /bounty/:id left out (bounties/BountyDetailPage is unreachable)',
    );
  });

  it('merges a remote’s bounty entries with the server’s own, without repeats', async () => {
    const { app } = setup({
      'bounties/BountyDetailPage': async () => ({
        sitemapEntries: async () => [{ path: '/bounty/undated' }, { path: '/bounty/only-remote' }],
      }),
    });
    const locs = urlsOf((await request(app).get('/sitemap.xml').expect(200)).text).map((url) => url.loc);
    expect(locs.filter((loc) => loc === 'https://side.example/bounty/undated')).toHaveLength(1);
    expect(locs).toContain('https://side.example/bounty/only-remote');
  });

  it('caches the pages until the bounties or a remote’s code change', async () => {
    const { app, store, loads, setVersion } = setup(stories);
    await request(app).get('/sitemap.xml').expect(200);
    const first = loads.length;
    await request(app).get('/sitemap.xml').expect(200);
    expect(loads).toHaveLength(first);

    store.put([{ id: 'new-one', document: { item_title: 'D', is_high_value_bounty: true } }]);
    const after = await request(app).get('/sitemap.xml').expect(200);
    expect(after.text).toContain('<loc>https://side.example/bounty/new-one</loc>');
    expect(loads).toHaveLength(first * 2);

    setVersion('2');
    await request(app).get('/sitemap.xml').expect(200);
    expect(loads).toHaveLength(first * 3);
  });

  it('splits into an index and parts beyond 50,000 URLs', async () => {
    const many = Array.from({ length: 50_001 }, (_, i) => ({
      path: `/blog/story-${i}`,
      lastmod: '2025-01-01',
    }));
    const { app } = setup({ 'stories/StoryDetailPage': async () => ({ sitemapEntries: async () => many }) });
    const index = await request(app).get('/sitemap.xml').expect(200);
    expect(index.text).toContain('<sitemapindex');
    expect(index.text).toContain('<loc>https://side.example/sitemap-1.xml</loc>');
    expect(index.text).toContain('<loc>https://side.example/sitemap-2.xml</loc>');
    const second = await request(app).get('/sitemap-2.xml').expect(200);
    expect(second.headers['content-type']).toMatch(/^application\/xml/);
    expect(urlsOf(second.text).length).toBeGreaterThan(0);
    await request(app).get('/sitemap-3.xml').expect(404);
    // 50,001 URLs built and serialised: seconds on a busy 2-core machine, past Jest's 5 s default.
  }, 30_000);

  it('logs once when a section has no sitemapEntries and lists nothing for it', async () => {
    const { app, log, setVersion } = setup({
      'stories/StoryDetailPage': async () => ({ default: () => null }),
    });
    const response = await request(app).get('/sitemap.xml').expect(200);
    expect(response.text).not.toContain('/blog/story');
    setVersion('2');
    await request(app).get('/sitemap.xml').expect(200);
    const message = 'Sitemap: stories/StoryDetailPage exports no sitemapEntries; /blog/:slug is not listed';
    expect(log.mock.calls.filter(([text]) => text === message)).toHaveLength(1);
  });
});
