import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
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
  exposeChunk,
  removeExpose,
  rewriteBuildFile,
  setRequiredVersion,
  tempDir,
} from '../src/releases/contract/testing/fixtureRelease';

// Releases of the compass remote, through the same commands a team runs (server/scripts/releases.ts:
// release --from, promote, --canary, rollback), against the composed production site. The releases are
// copies of mfe-compass's production build (run `npm run build` first); the "next" release differs by
// its page heading, in both its browser and its server build.

type Browser = Awaited<ReturnType<typeof launchBrowser>>;

const COMPASS_DIST = path.join(root, REMOTES.find((remote) => remote.name === 'compass')!.app, 'dist');
const HEADING = 'Value Compass - In-Demand Skills';
const NEXT_HEADING = 'Value Compass - In-Demand Skills, next release';
/** The registry is read at most 5 s late; a page load takes a second or two on a busy machine. */
const PICKUP_DEADLINE_MS = 15_000;

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

  beforeAll(async () => {
    for (const prefix of ['sq-release-data-', 'sq-releases-']) {
      const { dir, remove } = tempDir(prefix);
      cleanups.push(remove);
      if (prefix === 'sq-releases-') releasesDir = dir;
      else dataDir = dir;
    }
    current = releaseCopy();
    next = releaseCopy((dir) => {
      const files = [
        exposeChunk(dir, 'browser', './CompassPage'),
        exposeChunk(dir, 'server', './CompassPage'),
      ];
      for (const file of files) {
        const source = readFileSync(file, 'utf8');
        if (!source.includes(`"${HEADING}"`)) throw new Error(`${file} does not hold the compass heading`);
        rewriteBuildFile(file, source.replace(`"${HEADING}"`, `"${NEXT_HEADING}"`));
      }
    });
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

    expect(releases('rollback', 'compass').stdout).toContain(`compass: ${next} -> ${current}`);
    // Page loads see the rollback within the registry's 5 s: wait until fresh visitors are no longer
    // given a visitor id (no canary left), so the next test starts with every visitor on the live
    // release. Without this, a visitor of the next test could still be dealt the canary.
    const rolledBackSince = Date.now();
    while ((await freshVisit()).cookie) {
      if (Date.now() - rolledBackSince > PICKUP_DEADLINE_MS) throw new Error('The canary never ended');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
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
    const page = await tester.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await page.goto(`${site.baseUrl}/compass?release=compass@${next}`);
    expect(new URL(page.url()).search).toBe('');
    expect(await mainHeading(page)).toBe(NEXT_HEADING);
    // The server sent the section's placeholder (its containers run the live release); the browser
    // hydrated it as it was and then rendered the tester's release: no hydration error.
    expect(errors).toEqual([]);
    const banner = page.getByRole('complementary', { name: 'Release overrides' });
    await expect(banner.textContent()).resolves.toContain(`Value Compass on release ${next}`);
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
});
