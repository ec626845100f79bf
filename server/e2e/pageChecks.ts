// Browser-test helpers for what a page must not do (not a test file: *.e2e.ts are).
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** Console errors and uncaught exceptions of a page (a hydration mismatch is one), as they happen. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** axe's serious and critical findings on the page as it is, one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

const WIDTHS = [390, 1280] as const;

/**
 * axe's serious and critical findings on the page as it is now, at a phone's width (390 px) and a
 * desktop's (1280), one line each naming the width: for a state reached by acting on the page, such as a
 * form sent back with its messages.
 */
export async function seriousViolationsOfStateAtWidths(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    for (const violation of await seriousViolations(page)) found.push(`${width} ${violation}`);
  }
  return found;
}

/**
 * axe's serious and critical findings on each page at a phone's width (390 px) and a desktop's (1280),
 * one line each naming the width and path. `ready` waits for what the page must show before it is
 * checked (hydration, or a heading of a page that has no script).
 */
export async function seriousViolationsAtWidths(
  baseUrl: string,
  pages: ReadonlyArray<readonly [Page, string]>,
  ready: (page: Page) => Promise<unknown>,
): Promise<string[]> {
  const found: string[] = [];
  for (const width of WIDTHS) {
    for (const [page, url] of pages) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${baseUrl}${url}`);
      await ready(page);
      for (const violation of await seriousViolations(page)) found.push(`${width} ${url} ${violation}`);
    }
  }
  return found;
}
