import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import express from 'express';
import type { Server } from 'node:http';
import {
  type RunningSite,
  deadPort,
  launchBrowser,
  mainHeading,
  root,
  startHangingServer,
  startSite,
} from '@side-quest/build/e2e';

type Browser = Awaited<ReturnType<typeof launchBrowser>>;

/**
 * Every route in shared/README.md, "The route table", with the section that must render there. An
 * unknown bounty id is an honest 404 (the detail page's not-found view), like an unknown path.
 */
const ROUTES = [
  { path: '/', section: 'shell' },
  { path: '/bounties', section: 'bounties' },
  { path: '/bounty/some-id', section: 'bounties', status: 404 },
  { path: '/compass', section: 'compass' },
  { path: '/blog', section: 'stories' },
  { path: '/blog/all', section: 'stories' },
  { path: '/blog/how-to-sidequest-guide', section: 'stories' },
  { path: '/about', section: 'shell' },
  { path: '/for-clients', section: 'clients' },
  { path: '/no/such/page', section: 'shell', status: 404 },
];

describe('the composed site', () => {
  let site: RunningSite;
  let browser: Browser;

  beforeAll(async () => {
    site = await startSite();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.cleanup();
    await site?.stop();
  });

  it('renders every route of the route table with its section, and answers unknown paths with 404', async () => {
    const page = await browser.newPage();
    for (const route of ROUTES) {
      const response = await page.goto(site.baseUrl + route.path);
      expect(response?.status()).toBe(route.status ?? 200);
      expect(await mainHeading(page)).not.toBe('');
      await expect(page.locator('[data-testid^="section-fallback"]').count()).resolves.toBe(0);
      expect(await page.locator('header').getByText('SIDE_QUEST').isVisible()).toBe(true);
    }
    await page.close();
  });

  it('reloads a deep link into a remote section', async () => {
    const page = await browser.newPage();
    await page.goto(`${site.baseUrl}/blog/nested-skills-research`);
    const before = await mainHeading(page);
    await page.reload();
    expect(await mainHeading(page)).toBe(before);
    await page.close();
  });

  it('loads exactly one copy of each shared library, provided by the shell', async () => {
    const page = await browser.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto(`${site.baseUrl}/bounties`);
    await mainHeading(page);
    await page.getByRole('link', { name: 'Compass' }).first().click();
    await mainHeading(page);
    const shares = await page.evaluate(() => {
      const federation = (
        globalThis as unknown as {
          __FEDERATION__: {
            __SHARE__: Record<string, Record<string, Record<string, Record<string, { from: string }>>>>;
          };
        }
      ).__FEDERATION__;
      const found: Record<string, string[]> = {};
      for (const scopes of Object.values(federation.__SHARE__)) {
        for (const packages of Object.values(scopes)) {
          for (const [name, versions] of Object.entries(packages)) {
            for (const [version, info] of Object.entries(versions)) {
              found[name] = [...new Set([...(found[name] ?? []), `${version}@${info.from}`])];
            }
          }
        }
      }
      return found;
    });
    // The router is part of @side-quest/design (shared/design/src/router/).
    for (const name of [
      'react',
      'react-dom',
      '@side-quest/data/query',
      'styled-components',
      '@side-quest/design',
      '@side-quest/data',
    ]) {
      expect(shares[name]).toHaveLength(1);
      expect(shares[name]?.[0]).toMatch(/@shell$/);
    }
    // The remotes contributed their own code only, never a second copy of a shared library.
    const remoteScripts = scripts.filter((url) => url.includes('/remotes/'));
    expect(remoteScripts.length).toBeGreaterThan(0);
    expect(
      remoteScripts.every((url) => /remoteEntry\.js|__federation_expose_|\/\d+\.[0-9a-f]+\.js/.test(url)),
    ).toBe(true);
    await page.close();
  });
});

describe('a broken remote', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.cleanup();
  });

  async function expectIsolatedFallback(site: RunningSite) {
    const page = await browser.newPage();
    const started = Date.now();
    await page.goto(`${site.baseUrl}/compass`);
    await page.getByTestId('section-fallback-compass').waitFor({ timeout: 12000 });
    expect(Date.now() - started).toBeLessThan(10500);
    await expect(page.getByRole('button', { name: 'TRY_AGAIN' }).isVisible()).resolves.toBe(true);
    // Header, footer, dialogs and the other sections keep working.
    expect(await page.locator('footer').getByText('Platform').isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Stories' }).first().click();
    await expect(mainHeading(page)).resolves.not.toBe('');
    expect(await page.getByTestId('section-fallback-stories').count()).toBe(0);
    await page.close();
  }

  it('shows only that section’s fallback when its host refuses connections', async () => {
    const port = await deadPort();
    const site = await startSite({
      env: { REMOTE_COMPASS_URL: `http://127.0.0.1:${port}/mf-manifest.json` },
    });
    try {
      await expectIsolatedFallback(site);
    } finally {
      await site.stop();
    }
  });

  it('shows the fallback within 10 seconds when its host accepts and never answers', async () => {
    const hanging = await startHangingServer();
    const site = await startSite({ env: { REMOTE_COMPASS_URL: `${hanging.url}/mf-manifest.json` } });
    try {
      await expectIsolatedFallback(site);
    } finally {
      await site.stop();
      await hanging.stop();
    }
  });
});

describe('independent deployment of one remote', () => {
  // A sibling of the app folders, so the copy's relative imports of shared/ still resolve.
  const workDir = path.join(root, '.e2e-redeploy');
  const deployDir = path.join(root, '.e2e-artifacts', 'compass-host');
  let remoteHost: Server;
  let site: RunningSite;
  let browser: Browser;

  beforeAll(async () => {
    fs.rmSync(path.join(root, '.e2e-artifacts'), { recursive: true, force: true });
    fs.mkdirSync(deployDir, { recursive: true });
    fs.cpSync(path.join(root, 'mfe-compass', 'dist'), deployDir, { recursive: true });
    const host = express();
    host.use((_req, res, next) => {
      res.setHeader('Access-Control-Allow-Origin', '*');
      res.setHeader('Cache-Control', 'no-cache');
      next();
    });
    host.use(express.static(deployDir));
    remoteHost = await new Promise<Server>((resolve) => {
      const server = host.listen(0, '127.0.0.1', () => resolve(server));
    });
    const address = remoteHost.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    site = await startSite({ env: { REMOTE_COMPASS_URL: `http://127.0.0.1:${port}/mf-manifest.json` } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.cleanup();
    await site?.stop();
    await new Promise((resolve) => remoteHost?.close(resolve));
    fs.rmSync(path.join(root, '.e2e-artifacts'), { recursive: true, force: true });
    fs.rmSync(workDir, { recursive: true, force: true });
  });

  it('picks up a new build of the compass remote after a reload, without touching the shell', async () => {
    const page = await browser.newPage();
    await page.goto(`${site.baseUrl}/compass`);
    const before = await mainHeading(page);
    expect(before).not.toContain('(v2)');

    // A new build of the remote alone, from a copy of its source with a visible change.
    fs.cpSync(path.join(root, 'mfe-compass'), workDir, {
      recursive: true,
      filter: (source) => !source.includes(`${path.sep}dist`) && !source.includes('node_modules'),
    });
    let changed = 0;
    const visit = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) visit(file);
        else if (/\.tsx?$/.test(entry.name) && !entry.name.includes('.test.')) {
          const source = fs.readFileSync(file, 'utf8');
          // Only the heading's text: inside a string literal or between JSX tags.
          const pattern = new RegExp(
            `(['"\`>])${before.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=['"\`<])`,
            'g',
          );
          const next = source.replace(pattern, `$1${before} (v2)`);
          if (next !== source) {
            fs.writeFileSync(file, next);
            changed += 1;
          }
        }
      }
    };
    visit(path.join(workDir, 'src'));
    expect(changed).toBeGreaterThan(0);
    // The remote's own production build (browser and server builds), as its team's CI would run it.
    const build = spawnSync(
      process.execPath,
      [path.join(root, 'node_modules', 'webpack-cli', 'bin', 'cli.js'), '--mode', 'production'],
      { cwd: workDir, encoding: 'utf8', timeout: 240_000 },
    );
    expect(build.status).toBe(0);
    fs.cpSync(path.join(workDir, 'dist'), deployDir, { recursive: true });

    // The running server renders the new code within 10 seconds, with no restart...
    const deployed = Date.now();
    let serverHtml = '';
    while (Date.now() - deployed < 10_000 && !serverHtml.includes(`${before} (v2)`)) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      serverHtml = await (await fetch(`${site.baseUrl}/compass`)).text();
    }
    expect(serverHtml).toContain(`${before} (v2)`);

    // ...and the browser's next load shows it, hydrated from that HTML without a mismatch.
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await page.reload();
    await expect(page.locator('main h1').first().textContent({ timeout: 15000 })).resolves.toContain('(v2)');
    expect(errors).toEqual([]);
    await page.close();
  });
});
