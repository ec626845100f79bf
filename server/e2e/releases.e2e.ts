import { spawnSync } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { REMOTES } from '@side-quest/data/remotes';
import {
  launchBrowser,
  mainHeading,
  mainHeadingAfterNavigation,
  root,
  startSite,
  waitForInteractive,
  type RunningSite,
} from '@side-quest/build/e2e';
import {
  copyRelease,
  removeExpose,
  replaceInExpose,
  setRequiredVersion,
  tempDir,
} from '../src/releases/contract/testing/fixtureRelease';
import { openDatabase } from '../src/db/database';
import { RELEASES_DB_FILE, createSqliteReleaseStore } from '../src/releases/releaseStore';
import { VISITOR_COOKIE, canaryBucket } from '../src/releases/releaseVersions';

// Releases of the compass remote, through the same commands a team runs (server/scripts/releases.ts:
// release --from, promote, --canary, rollback), against the composed production site. The releases are
// copies of mfe-compass's production build (run `npm run build` first); the "next" and "tried" releases
// differ by their page heading, in both their browser and their server build. A section on a canary or
// a tester's release is rendered on the server by that release's own process (server/src/render/
// releaseRenderers.ts), and hydrated by that release's browser code.

type Browser = Awaited<ReturnType<typeof launchBrowser>>;

const COMPASS_DIST = path.join(root, REMOTES.find((remote) => remote.name === 'compass')!.app, 'dist');
const HEADING = 'Value Compass - In-Demand Skills';
const NEXT_HEADING = 'Value Compass - In-Demand Skills, next release';
const TRIED_HEADING = 'Value Compass - In-Demand Skills, tried by a tester';
/** The registry is read at most 5 s late; a page load takes a second or two on a busy machine. */
const PICKUP_DEADLINE_MS = 15_000;
/** A release's process compiles the server's TypeScript and loads two server builds before it is ready. */
const PROCESS_READY_DEADLINE_MS = 60_000;
/** The server's budget for a page (code 1 s, data 1 s, render 1.5 s), wherever its section renders. */
const PAGE_BUDGET_MS = 3_500;
/** What a loaded 2-core machine adds to that: the fallback render, the response. */
const PAGE_BUDGET_SLACK_MS = 1_500;

/** The text of the first <h1> in the page's #root as the server sent it; null when it sent none. */
function serverHeading(html: string): string | null {
  const root = html.slice(html.indexOf('<div id="root">'));
  const match = /<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(root);
  return match ? (match[1] ?? '').replace(/<!--[\s\S]*?-->/g, '').replace(/<[^>]+>/g, '') : null;
}

/** The sections the server says it rendered (the browser loads their code before it hydrates). */
function renderedSections(html: string): string[] {
  const state = /<script type="application\/json" id="sq-ssr">(.*?)<\/script>/s.exec(html)?.[1];
  if (!state) throw new Error('The page was not rendered on the server');
  return (JSON.parse(state) as { sections: string[] }).sections;
}

/** A visitor slot (the sq_visitor cookie) inside, or outside, the compass canary's share. */
function visitorSlot(inCanary: boolean, percent: number): string {
  for (let slot = 0; slot < 100; slot++) {
    if (canaryBucket(String(slot), 'compass') < percent === inCanary) return String(slot);
  }
  throw new Error('no such slot');
}

/**
 * A page as a visitor with `cookie` gets it, over a connection of its own: the release commands block
 * this process for seconds, and a pooled keep-alive connection the server closed meanwhile would be
 * reused before its close is read.
 */
function loadPage(url: string, cookie: string): Promise<{ status: number; html: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, headers: { cookie } }, (response) => {
        let html = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (html += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, html }));
      })
      .on('error', reject);
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Rewrites the compass page's heading in a copied build: in its server and browser builds separately. */
function rewriteHeading(dir: string, server: string, browser: string) {
  replaceInExpose(dir, 'server', './CompassPage', `"${HEADING}"`, server);
  replaceInExpose(dir, 'browser', './CompassPage', `"${HEADING}"`, browser);
}

// Each promote runs the contract check, which starts a process that loads the release's containers.
jest.setTimeout(180_000);

describe('releases of a remote', () => {
  const cleanups: Array<() => void> = [];
  let dataDir: string;
  let releasesDir: string;
  let site: RunningSite;
  let visitor: Browser;
  let tester: Browser;
  let current: string;
  let next: string;
  let tried: string;

  /** The release command line, on this test's registry and release folders. */
  function releases(...args: string[]) {
    const result = spawnSync(
      process.execPath,
      [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'server/scripts/releases.ts', ...args],
      {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, DATA_DIR: dataDir, RELEASES_DIR: releasesDir, USER: 'release-e2e' },
      },
    );
    return { status: result.status, stdout: result.stdout, stderr: result.stderr };
  }

  /** Releases a copy of the compass build, changed by `edit`; resolves its version. */
  function releaseCopy(edit?: (dir: string) => void): string {
    const { dir, remove } = tempDir('sq-compass-build-');
    cleanups.push(remove);
    copyRelease(COMPASS_DIST, dir);
    edit?.(dir);
    const result = releases('release', 'compass', '--from', dir);
    const version = /Released compass@(\S+)/.exec(result.stdout)?.[1];
    if (result.status !== 0 || !version) throw new Error(`release failed:\n${result.stdout}${result.stderr}`);
    return version;
  }

  /** The compass remote's version a page's runtime configuration names. */
  function compassVersionIn(html: string): string {
    const config = /<script type="application\/json" id="sq-runtime-config">(.*?)<\/script>/s.exec(html)?.[1];
    if (!config) throw new Error('The page has no runtime configuration');
    const manifest = (JSON.parse(config) as { remotes: Record<string, string> }).remotes.compass!;
    return /\/remotes\/compass\/([^/]+)\/mf-manifest\.json$/.exec(manifest)?.[1] ?? 'unversioned';
  }

  /** The compass page's heading in a new tab of `browser`. */
  async function compassHeading(browser: Browser): Promise<string> {
    const page = await browser.newPage();
    try {
      await page.goto(`${site.baseUrl}/compass`);
      return await mainHeading(page);
    } finally {
      await page.close();
    }
  }

  /** Loads the compass page in new tabs until it shows `heading`; resolves how long that took. */
  async function newLoadsShow(heading: string): Promise<number> {
    const since = Date.now();
    let seen = '';
    while (Date.now() - since < PICKUP_DEADLINE_MS) {
      seen = await compassHeading(visitor);
      if (seen === heading) return Date.now() - since;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`New page loads still show "${seen}", not "${heading}"`);
  }

  /**
   * Rolls the compass canary back and waits until fresh visitors are no longer given a visitor id (no
   * canary left; the registry is read at most 5 s late), so the next test starts with every visitor on
   * the live release.
   */
  async function endCanary() {
    expect(releases('rollback', 'compass').stdout).toContain(`compass: `);
    const since = Date.now();
    while ((await freshVisit()).cookie) {
      if (Date.now() - since > PICKUP_DEADLINE_MS) throw new Error('The canary never ended');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  /**
   * Starts a canary straight in the registry, past the contract check `promote` runs: a release whose
   * server code breaks in a way its smoke test did not catch (production data, a time of day).
   */
  async function startCanaryPastTheContract(version: string, percent: number) {
    const db = openDatabase(dataDir, RELEASES_DB_FILE);
    try {
      await createSqliteReleaseStore(db).startCanary('compass', version, percent, 'release-e2e');
    } finally {
      db.close();
    }
  }

  /** Waits until the server's output says `text`, asking `poke` (a page load) between looks. */
  async function serverSays(text: string, poke: () => Promise<unknown>): Promise<string> {
    const since = Date.now();
    for (;;) {
      const line = site
        .output()
        .split('\n')
        .find((candidate) => candidate.includes(text));
      if (line) return line;
      if (Date.now() - since > PROCESS_READY_DEADLINE_MS)
        throw new Error(`The server never said "${text}":\n${site.output().slice(-3000)}`);
      await poke();
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  /**
   * One page load in a new tab of `browser`: the HTML the server sent; once the page's section has
   * hydrated, its heading, whether React kept the server's heading element (a mismatch makes React
   * render the section again, with new elements), the errors logged, and the compass files loaded.
   */
  async function hydratedVisit(browser: Browser, url: string) {
    const page = await browser.newPage();
    const errors: string[] = [];
    const compassFiles: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    page.on('request', (request) => {
      if (request.url().includes('/remotes/compass/')) compassFiles.push(request.url());
    });
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { serverHeading: Element | null }).serverHeading =
          document.querySelector('main h1');
      });
    });
    try {
      const response = await page.goto(url);
      const firstHtml = (await response?.text()) ?? '';
      const heading = await mainHeading(page);
      // React marks every element it has hydrated (or rendered) with its fiber.
      await page.waitForFunction(
        () => {
          const element = document.querySelector('main h1');
          return element !== null && Object.keys(element).some((key) => key.startsWith('__reactFiber$'));
        },
        undefined,
        { timeout: 15_000 },
      );
      const keptServerHeading = await page.evaluate(() => {
        const { serverHeading } = window as unknown as { serverHeading: Element | null };
        return serverHeading !== null && serverHeading === document.querySelector('main h1');
      });
      return { url: page.url(), firstHtml, heading, keptServerHeading, errors, compassFiles };
    } finally {
      await page.close();
    }
  }

  beforeAll(async () => {
    for (const prefix of ['sq-release-data-', 'sq-releases-']) {
      const { dir, remove } = tempDir(prefix);
      cleanups.push(remove);
      if (prefix === 'sq-releases-') releasesDir = dir;
      else dataDir = dir;
    }
    current = releaseCopy();
    next = releaseCopy((dir) => rewriteHeading(dir, `"${NEXT_HEADING}"`, `"${NEXT_HEADING}"`));
    tried = releaseCopy((dir) => rewriteHeading(dir, `"${TRIED_HEADING}"`, `"${TRIED_HEADING}"`));
    const promoted = releases('promote', 'compass', current);
    if (promoted.status !== 0) throw new Error(`promote failed:\n${promoted.stdout}${promoted.stderr}`);
    site = await startSite({ dataDir, env: { RELEASES_DIR: releasesDir } });
    visitor = await launchBrowser();
    tester = await launchBrowser();
  });

  afterAll(async () => {
    await visitor?.cleanup();
    await tester?.cleanup();
    await site?.stop();
    cleanups.splice(0).forEach((remove) => remove());
  });

  it('promotes a release to every new page load, keeps open tabs on theirs, and rolls back', async () => {
    expect(await compassHeading(visitor)).toBe(HEADING);
    // A tab opened before the promotion, whose compass code is not loaded yet.
    const openTab: Page = await visitor.newPage();
    const compassRequests: Array<{ url: string; status: number }> = [];
    openTab.on('response', (response) => {
      if (response.url().includes('/remotes/compass/'))
        compassRequests.push({ url: response.url(), status: response.status() });
    });
    await openTab.goto(`${site.baseUrl}/about`);
    await mainHeading(openTab);
    await waitForInteractive(openTab);

    const promoted = releases('promote', 'compass', next);
    expect(promoted.stdout).toContain(`compass: ${current} -> ${next}`);
    const pickup = await newLoadsShow(NEXT_HEADING);
    console.log(`promote: new page loads showed the release after ${pickup} ms`);

    // The open tab navigates into the compass on the release it was opened with, whose files are kept.
    await openTab.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Compass' }).click();
    await openTab.waitForURL(`${site.baseUrl}/compass`);
    expect(await mainHeadingAfterNavigation(openTab, HEADING)).toBe(HEADING);
    expect(compassRequests.length).toBeGreaterThan(0);
    expect(
      compassRequests.filter((request) => !request.url.includes(`/remotes/compass/${current}/`)),
    ).toEqual([]);
    expect(compassRequests.filter((request) => request.status >= 400)).toEqual([]);
    await openTab.close();

    const rolledBack = releases('rollback', 'compass');
    expect(rolledBack.stdout).toContain(`compass: ${next} -> ${current}`);
    await newLoadsShow(HEADING);

    const report = JSON.parse(releases('releases', '--json').stdout) as {
      remotes: Array<{ name: string; live: string | null }>;
      audit: Array<{ action: string; by: string; from: string | null; to: string | null }>;
    };
    expect(report.remotes.find((remote) => remote.name === 'compass')?.live).toBe(current);
    expect(report.audit.slice(0, 2)).toEqual([
      expect.objectContaining({ action: 'rollback', by: 'release-e2e', from: next, to: current }),
      expect.objectContaining({ action: 'promote', by: 'release-e2e', from: current, to: next }),
    ]);
  });

  it('serves a canary to its share of fresh visitors, each staying on their version', async () => {
    const canary = releases('promote', 'compass', next, '--canary', '30');
    expect(canary.stdout).toContain(`compass@${next} is the canary for 30% of visitors`);
    // The registry is read at most 5 s late: wait until fresh visitors are given a visitor id (there
    // is a canary to keep them on one side of), then count 200 who all came after that.
    const since = Date.now();
    while (!(await freshVisit()).cookie) {
      if (Date.now() - since > PICKUP_DEADLINE_MS) throw new Error('The server never started the canary');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const visitors: Array<{ cookie: string; version: string }> = [];
    while (visitors.length < 200) visitors.push(await freshVisit());
    expect(visitors.filter((entry) => !entry.cookie)).toEqual([]);

    const share = visitors.filter((entry) => entry.version === next).length / visitors.length;
    console.log(`canary 30%: ${(share * 100).toFixed(1)}% of ${visitors.length} fresh visitors`);
    expect(share).toBeGreaterThanOrEqual(0.22);
    expect(share).toBeLessThanOrEqual(0.38);
    expect(visitors.every((entry) => entry.version === next || entry.version === current)).toBe(true);

    // Sticky: every visitor gets the same version again on reload.
    for (const entry of visitors) {
      const again = await fetch(`${site.baseUrl}/compass`, { headers: { cookie: entry.cookie } });
      expect(compassVersionIn(await again.text())).toBe(entry.version);
    }

    // In the browser, a canary visitor sees the candidate and a live one the live release.
    for (const version of [next, current]) {
      const entry = visitors.find((candidate) => candidate.version === version)!;
      await visitor.clearCookies();
      const [name, value] = entry.cookie.split('=') as [string, string];
      await visitor.addCookies([{ name, value, url: site.baseUrl }]);
      expect(await compassHeading(visitor)).toBe(version === next ? NEXT_HEADING : HEADING);
    }
    await visitor.clearCookies();

    await endCanary();
  });

  it("renders a canary visitor's and a live visitor's section on the server with their own release, hydrated by that release's code alone", async () => {
    expect(releases('promote', 'compass', next, '--canary', '30').status).toBe(0);
    const canaryCookie = `${VISITOR_COOKIE}=${visitorSlot(true, 30)}`;
    const liveCookie = `${VISITOR_COOKIE}=${visitorSlot(false, 30)}`;
    // The server starts the canary's process when it reads the registry (at most 5 s late); until that
    // process is ready the canary's section is left to the browser.
    const since = Date.now();
    for (;;) {
      const { html } = await loadPage(`${site.baseUrl}/compass`, canaryCookie);
      if (serverHeading(html) === NEXT_HEADING) break;
      if (Date.now() - since > PROCESS_READY_DEADLINE_MS)
        throw new Error(`The canary was never rendered on the server:\n${site.output().slice(-3000)}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    console.log(`canary: rendered on the server ${Date.now() - since} ms after it was started`);

    for (const [cookie, version, heading] of [
      [canaryCookie, next, NEXT_HEADING],
      [liveCookie, current, HEADING],
    ] as const) {
      await visitor.clearCookies();
      const [name, value] = cookie.split('=') as [string, string];
      await visitor.addCookies([{ name, value, url: site.baseUrl }]);
      const visit = await hydratedVisit(visitor, `${site.baseUrl}/compass`);
      expect(compassVersionIn(visit.firstHtml)).toBe(version);
      expect(serverHeading(visit.firstHtml)).toBe(heading);
      expect(visit.heading).toBe(heading);
      expect(visit.keptServerHeading).toBe(true);
      expect(visit.errors).toEqual([]);
      // Only its own release's code: the other release's files are never asked for.
      expect(visit.compassFiles.length).toBeGreaterThan(0);
      expect(visit.compassFiles.filter((url) => !url.includes(`/remotes/compass/${version}/`))).toEqual([]);
    }
    await visitor.clearCookies();
    await endCanary();
  });

  /** One fresh visitor's first page load: their visitor cookie and the compass version they were given. */
  async function freshVisit(): Promise<{ cookie: string; version: string }> {
    const response = await fetch(`${site.baseUrl}/compass`);
    expect(response.status).toBe(200);
    const cookie = (
      response.headers.getSetCookie().find((line) => line.startsWith('sq_visitor=')) ?? ''
    ).split(';')[0]!;
    return { cookie, version: compassVersionIn(await response.text()) };
  }

  it("gives a tester a released version in their browser only, with a banner, and refuses others' URLs", async () => {
    await tester.clearCookies();
    // No page has asked for this release yet: `?release=` starts its process and sends the tester on
    // once it is ready, so their very first page is rendered on the server with it, then hydrated by
    // its browser code without a mismatch.
    const first = await hydratedVisit(tester, `${site.baseUrl}/compass?release=compass@${tried}`);
    expect(new URL(first.url).search).toBe('');
    expect(compassVersionIn(first.firstHtml)).toBe(tried);
    expect(serverHeading(first.firstHtml)).toBe(TRIED_HEADING);
    expect(first.heading).toBe(TRIED_HEADING);
    expect(first.keptServerHeading).toBe(true);
    expect(first.errors).toEqual([]);
    expect(first.compassFiles.filter((url) => !url.includes(`/remotes/compass/${tried}/`))).toEqual([]);

    const page = await tester.newPage();
    await page.goto(`${site.baseUrl}/compass`);
    expect(await mainHeading(page)).toBe(TRIED_HEADING);
    const banner = page.getByRole('complementary', { name: 'Release overrides' });
    await expect(banner.textContent()).resolves.toContain(`Value Compass on release ${tried}`);
    // Readable and operable at phone and desktop widths (axe: no serious or critical violations).
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 844 });
      const { violations } = await new AxeBuilder({ page }).include('aside').analyze();
      expect(
        violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical'),
      ).toEqual([]);
    }
    // Every page says so, the shell's own included.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();
    await page.waitForURL(`${site.baseUrl}/about`);
    expect(await banner.isVisible()).toBe(true);

    // Another browser is untouched.
    expect(await compassHeading(visitor)).toBe(HEADING);
    const other = await visitor.newPage();
    await other.goto(`${site.baseUrl}/compass`);
    await mainHeading(other);
    expect(await other.getByRole('complementary', { name: 'Release overrides' }).count()).toBe(0);
    await other.close();

    for (const release of [
      'compass@0.0.0-nothing',
      'compass@https://elsewhere.example/remoteEntry.js',
      'shell@1',
    ]) {
      const refused = await fetch(`${site.baseUrl}/compass?release=${encodeURIComponent(release)}`, {
        redirect: 'manual',
      });
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain(`Unknown release "${release}"`);
    }

    await page.goto(`${site.baseUrl}/compass?q=kept`);
    await mainHeading(page);
    // Reset is a plain form: the server drops the override and sends the browser back to the same page.
    await banner.getByRole('button', { name: 'Reset' }).click();
    await banner.waitFor({ state: 'detached' });
    expect(page.url()).toBe(`${site.baseUrl}/compass?q=kept`);
    expect(await mainHeading(page)).toBe(HEADING);
    await page.close();
  });

  it('refuses to promote a release without an expose the shell uses, or built for another React', () => {
    const withoutPage = releaseCopy((dir) => {
      removeExpose(dir, 'browser', './CompassPage');
      removeExpose(dir, 'server', './CompassPage');
    });
    const refused = releases('promote', 'compass', withoutPage);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(`Refused: compass@${withoutPage} fails its contract with the shell`);
    expect(refused.stderr).toContain(
      '[exposes] compass: the shell uses ./CompassPage, which this release does not expose',
    );

    const otherReact = releaseCopy((dir) => {
      setRequiredVersion(dir, 'browser', 'react', '^18.2.0');
      setRequiredVersion(dir, 'server', 'react', '^18.2.0');
    });
    const refusedReact = releases('promote', 'compass', otherReact);
    expect(refusedReact.status).toBe(1);
    expect(refusedReact.stderr).toMatch(/\[shared\] compass: this release requires react \^18\.2\.0/);

    const report = JSON.parse(releases('releases', '--json').stdout) as {
      remotes: Array<{ name: string; live: string | null; canary: unknown }>;
    };
    expect(report.remotes.find((remote) => remote.name === 'compass')).toMatchObject({
      live: current,
      canary: null,
    });
  });
  it("leaves a canary's section to the browser when its server code throws or hangs: 200 within the page budget", async () => {
    const canaryCookie = `${VISITOR_COOKIE}=${visitorSlot(true, 30)}`;
    const liveCookie = `${VISITOR_COOKIE}=${visitorSlot(false, 30)}`;
    const broken = [
      {
        kind: 'throws',
        server: '(() => { throw new Error("the canary broke on the server"); })()',
        browserHeading: `${HEADING}, rendered by the browser`,
      },
      {
        kind: 'hangs',
        server: '(() => { for (;;) {} })()',
        browserHeading: `${HEADING}, rendered by the browser after a hung server`,
      },
    ];
    for (const { kind, server, browserHeading } of broken) {
      const version = releaseCopy((dir) => rewriteHeading(dir, server, `"${browserHeading}"`));
      await startCanaryPastTheContract(version, 30);
      // Its process starts when the server reads the registry: a live visitor's page load reads it
      // (cookies skip the page cache) without rendering the canary.
      const ready = await serverSays(`compass@${version} is ready in a process of its own`, () =>
        loadPage(`${site.baseUrl}/compass`, liveCookie),
      );
      const pid = Number(/\(pid (\d+)/.exec(ready)?.[1]);

      const since = Date.now();
      const { status, html } = await loadPage(`${site.baseUrl}/compass`, canaryCookie);
      const took = Date.now() - since;
      console.log(`canary that ${kind} on the server: answered ${status} in ${took} ms`);
      expect(status).toBe(200);
      expect(took).toBeLessThan(PAGE_BUDGET_MS + PAGE_BUDGET_SLACK_MS);
      expect(compassVersionIn(html)).toBe(version);
      // The rest of the page is there; the section is left to the browser.
      expect(serverHeading(html)).toBeNull();
      expect(html).toContain('<footer');
      if (kind === 'throws') {
        // Rendered in the canary's process, where the section threw: React marked its boundary for
        // client rendering.
        expect(renderedSections(html)).toEqual(['compass/CompassPage']);
        expect(html).toContain('<!--$!-->');
        // It answered: it is kept for the canary's next visitors.
        expect(isAlive(pid)).toBe(true);
      } else {
        // Stopped at the page's budget (it was stuck in the release's code); the server rendered the
        // page itself, with the section's placeholder.
        expect(renderedSections(html)).toEqual([]);
        expect(html).toContain('aria-busy="true"');
        expect(took).toBeGreaterThanOrEqual(PAGE_BUDGET_MS - 100);
        await serverSays(
          `the process of compass@${version} (pid ${pid}) ended (SIGKILL)`,
          async () => undefined,
        );
        expect(isAlive(pid)).toBe(false);
      }

      // The browser loads the section with the canary's browser code.
      await visitor.clearCookies();
      const [name, value] = canaryCookie.split('=') as [string, string];
      await visitor.addCookies([{ name, value, url: site.baseUrl }]);
      expect(await compassHeading(visitor)).toBe(browserHeading);
      await visitor.clearCookies();
      await endCanary();
    }
  });

  it('ends its release processes with the server', async () => {
    const pids = [...site.output().matchAll(/is ready in a process of its own \(pid (\d+)/g)].map((match) =>
      Number(match[1]),
    );
    expect(pids.filter(isAlive).length).toBeGreaterThan(0);
    await site.stop();
    const since = Date.now();
    while (pids.some(isAlive)) {
      if (Date.now() - since > 10_000)
        throw new Error(`Release processes outlived the server: ${pids.filter(isAlive)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
});
