import type { Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import {
  launchBrowser,
  mainHeading,
  mainHeadingAfterNavigation,
  useComposedSite,
  waitForInteractive,
} from '@side-quest/build/e2e';

/** Strings only react-markdown's own source contains (its deprecation links), so they survive minifying. */
const REACT_MARKDOWN_MARKER = /change-renderers-to-components|remove-includeelementindex/;

/** Records every script the page downloads, and whether its source is react-markdown's. */
function watchScripts(page: Page) {
  const scripts: { url: string; markdown: boolean }[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.text().catch(() => '');
    scripts.push({ url: response.url(), markdown: REACT_MARKDOWN_MARKER.test(body) });
  });
  return {
    all: () => scripts.map((script) => script.url),
    markdown: () => scripts.filter((script) => script.markdown || /story-markdown/.test(script.url)),
  };
}

describe('success stories on the composed site', () => {
  const composed = useComposedSite();

  it('goes from the list to a story and back, loading react-markdown only for the story', async () => {
    const page = await composed.browser.newPage();
    const scripts = watchScripts(page);
    await page.goto(`${composed.site.baseUrl}/blog`, { waitUntil: 'networkidle' });
    expect(await mainHeading(page)).toBe('Success Stories');
    await waitForInteractive(page);
    const cards = page.locator('main article');
    await cards.first().waitFor({ timeout: 15000 });
    expect(await cards.count()).toBe(3);
    expect(await page.getByRole('link', { name: 'View All Stories' }).count()).toBe(0);
    expect(scripts.all().some((url) => url.includes('/remotes/stories/'))).toBe(true);
    expect(scripts.markdown()).toEqual([]);

    const firstTitle = (await cards.first().locator('h2').textContent()) ?? '';
    expect(
      await cards
        .first()
        .getByText(/^Proved competence in /)
        .isVisible(),
    ).toBe(true);
    await cards.first().getByRole('link', { name: 'Read Full Story' }).click();
    await page.waitForURL(/\/blog\/nested-skills-research$/, { timeout: 10000 });
    expect(await mainHeadingAfterNavigation(page, firstTitle)).toBe(firstTitle);
    // The markdown body renders (its '#' sections as h2) once its chunk arrives.
    await page.locator('[data-testid="story-body"] h2').first().waitFor({ timeout: 15000 });
    expect(await page.locator('[data-testid="story-body"] h1').count()).toBe(0);
    expect(scripts.markdown().length).toBeGreaterThan(0);
    expect(await page.title()).toBe(`${firstTitle} | Side Quest`);
    expect(await page.getByRole('link', { name: 'Explore Bounties' }).getAttribute('href')).toBe('/bounties');

    await page.getByRole('link', { name: 'Back to Stories' }).click();
    await page.waitForURL(/\/blog$/, { timeout: 10000 });
    expect(await mainHeadingAfterNavigation(page, 'Success Stories')).toBe('Success Stories');
    await page.close();
  });

  it('never downloads react-markdown on /blog, /blog/all or a server-rendered story page', async () => {
    // A story opened in the browser loads it (the test above); one the server rendered keeps its body.
    for (const [route, expectMarkdown] of [
      ['/blog', false],
      ['/blog/all', false],
      ['/blog/how-to-sidequest-guide', false],
    ] as const) {
      const page = await composed.browser.newPage();
      const scripts = watchScripts(page);
      await page.goto(composed.site.baseUrl + route, { waitUntil: 'networkidle' });
      await mainHeading(page);
      await page.waitForLoadState('networkidle');
      expect({ route, markdown: scripts.markdown().length > 0 }).toEqual({ route, markdown: expectMarkdown });
      await page.close();
    }
  });

  it('lists every story newest first on /blog/all', async () => {
    const page = await composed.browser.newPage();
    await page.goto(`${composed.site.baseUrl}/blog/all`);
    expect(await mainHeading(page)).toBe('All Success Stories');
    await page.locator('main article').first().waitFor({ timeout: 15000 });
    const links = await page
      .locator('main article')
      .getByRole('link', { name: 'Read Full Story' })
      .evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')));
    expect(links).toEqual([
      '/blog/nested-skills-research',
      '/blog/deepseek-ai-sidequest',
      '/blog/how-to-sidequest-guide',
    ]);
    await page.close();
  });

  it('answers an unknown slug with the not-found panel', async () => {
    const page = await composed.browser.newPage();
    await page.goto(`${composed.site.baseUrl}/blog/no-such-story`);
    expect(await mainHeading(page)).toBe('Story not found');
    await waitForInteractive(page);
    expect(
      await page.getByText("The story you're looking for doesn't exist or has been removed.").isVisible(),
    ).toBe(true);
    expect(await page.title()).toBe('Story Not Found | Side Quest');
    await page.getByRole('link', { name: 'Browse all stories' }).click();
    await page.waitForURL(/\/blog$/, { timeout: 10000 });
    expect(await mainHeadingAfterNavigation(page, 'Success Stories')).toBe('Success Stories');
    await page.close();
  });

  it('has no accessibility violations in the stories section at 390 px and 1280 px', async () => {
    for (const width of [390, 1280]) {
      const context = await launchBrowser({ viewport: { width, height: 900 } });
      try {
        for (const route of ['/blog', '/blog/all', '/blog/nested-skills-research', '/blog/no-such-story']) {
          const page = await context.newPage();
          await page.goto(composed.site.baseUrl + route, { waitUntil: 'networkidle' });
          await mainHeading(page);
          const results = await new AxeBuilder({ page }).include('main').analyze();
          expect({ width, route, violations: results.violations.map((violation) => violation.id) }).toEqual({
            width,
            route,
            violations: [],
          });
          await page.close();
        }
      } finally {
        await context.cleanup();
      }
    }
  });

  it('gives a story page its description, Article data and local WebP images, without overflow at 390 px', async () => {
    const phone = await launchBrowser({ viewport: { width: 390, height: 844 } });
    try {
      const page = await phone.newPage();
      const imageHosts = new Set<string>();
      const imageTypes = new Set<string>();
      page.on('response', (response) => {
        if (response.request().resourceType() !== 'image') return;
        imageHosts.add(new URL(response.url()).origin);
        imageTypes.add(String(response.headers()['content-type']));
      });
      await page.goto(`${composed.site.baseUrl}/blog/deepseek-ai-sidequest`, { waitUntil: 'networkidle' });
      const title = await mainHeading(page);
      await page.locator('[data-testid="story-body"] img').first().waitFor({ timeout: 15000 });
      const description = await page.locator('meta[name="description"]').getAttribute('content');
      expect(description).toMatch(/^A backend developer turned her evenings/);
      const data = JSON.parse(
        (await page.locator('script[type="application/ld+json"]').first().textContent()) ?? 'null',
      );
      expect(data).toMatchObject({ '@type': 'Article', headline: title, author: { name: 'Mara Okafor' } });
      expect(String(data.articleBody).length).toBe(5000);
      expect(String(data.image[0])).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/.*\.webp$/);
      expect([...imageHosts]).toEqual([composed.site.baseUrl]);
      // Raster pictures only: Chromium parses, lays out and paints each SVG <img> on the main thread.
      expect([...imageTypes]).toEqual(['image/webp']);
      // The hero and the author's portrait (the pictures not loaded lazily) are decoded and drawn.
      const drawn = await page
        .locator('main img:not([loading="lazy"])')
        .evaluateAll((images) => images.map((image) => (image as HTMLImageElement).naturalWidth));
      expect(drawn).toEqual([160, 1200]);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBe(0);
    } finally {
      await phone.cleanup();
    }
  });

  it("lays out a long story's blocks as the reader scrolls to them, with its whole text in the page from the start", async () => {
    const phone = await launchBrowser({ viewport: { width: 390, height: 844 } });
    try {
      const page = await phone.newPage();
      await page.goto(`${composed.site.baseUrl}/blog/how-to-sidequest-guide`);
      // A block's contents are what content-visibility skips: list items show whether their list is.
      const items = '[data-testid="story-body"] > :is(ul, ol) > li';
      const rendered = (index: number) =>
        page.evaluate(
          ({ selector, at }) =>
            [...document.querySelectorAll(selector)]
              .at(at)
              ?.checkVisibility({ contentVisibilityAuto: true }) ?? null,
          { selector: items, at: index },
        );
      const becomesRendered = (index: number) =>
        page.waitForFunction(
          ({ selector, at }) =>
            [...document.querySelectorAll(selector)].at(at)?.checkVisibility({ contentVisibilityAuto: true }),
          { selector: items, at: index },
          { timeout: 5000 },
        );
      await becomesRendered(0);
      expect(await rendered(-1)).toBe(false);
      // A skipped block's text is in the document all along (find in page, screen readers).
      const last = page.locator(items).last();
      expect((await last.textContent())?.trim().length).toBeGreaterThan(10);

      await last.scrollIntoViewIfNeeded();
      await becomesRendered(-1);
      expect((await last.boundingBox())?.height).toBeGreaterThan(10);
    } finally {
      await phone.cleanup();
    }
  });
});
