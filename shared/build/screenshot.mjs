// Takes screenshots of a page at phone and desktop widths, for looking at what we built:
//   node shared/build/screenshot.mjs http://localhost:3000/bounties /tmp/bounties
// writes /tmp/bounties-390.png and /tmp/bounties-1280.png.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { launchBrowser } = require('./browser.cjs');
const [url, prefix = '/tmp/page', waitFor] = process.argv.slice(2);
if (!url) {
  console.error('usage: screenshot.mjs URL [OUTPUT_PREFIX] [SELECTOR_TO_WAIT_FOR]');
  process.exit(2);
}
for (const width of [390, 1280]) {
  const context = await launchBrowser({ viewport: { width, height: width < 500 ? 844 : 900 } });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    page.on('console', (message) => message.type() === 'error' && console.log(`[console] ${message.text()}`));
    page.on('pageerror', (error) => console.log(`[pageerror] ${error.message}`));
    await page.goto(url, { waitUntil: 'networkidle' });
    if (waitFor) await page.waitForSelector(waitFor, { timeout: 10000 });
    await page.screenshot({ path: `${prefix}-${width}.png`, fullPage: true });
    console.log(`${prefix}-${width}.png`);
  } finally {
    await context.cleanup();
  }
}
