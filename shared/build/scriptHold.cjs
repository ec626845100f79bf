// Browser-test helpers for the first seconds of a page (docs/decisions.md, "Input before hydration"):
// hold its scripts back as a slow phone meets them, and tell whether it has hydrated yet.

/** How long holdScripts holds each script: the seconds a mid-range phone can take to hydrate. */
const SCRIPT_HOLD_MS = 3000;

/**
 * Holds every script request of `page` (and of every page it navigates to) for `ms` before it goes on,
 * as a slow phone would meet them: what a visitor does in that time happens before hydration.
 * @param {import('playwright-core').Page} page
 */
async function holdScripts(page, ms = SCRIPT_HOLD_MS) {
  const held = new Set();
  // A page closed while scripts are held lets them go at once (nothing waits on them then).
  page.once('close', () => held.forEach((release) => release()));
  await page.route('**/*.js', async (route) => {
    await new Promise((resolve) => {
      const timer = setTimeout(release, ms);
      function release() {
        clearTimeout(timer);
        held.delete(release);
        resolve();
      }
      held.add(release);
    });
    await route.continue().catch(() => undefined);
  });
}

/** Whether the shell has hydrated the page (`<html data-interactive>`). */
async function isInteractive(page) {
  return (await page.locator('html[data-interactive]').count()) > 0;
}

module.exports = { SCRIPT_HOLD_MS, holdScripts, isInteractive };
