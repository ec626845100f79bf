// Launches Debian's Chromium through playwright-core with the flags this machine needs
// (shared/build/README.md, "Chromium, Playwright and Lighthouse"): a fresh profile per launch, and no
// background networking (the network is closed here).
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { chromium } = require('playwright-core');

const CHROMIUM_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function chromiumAvailable() {
  return fs.existsSync(CHROMIUM_PATH);
}

/** @returns {Promise<import('playwright-core').BrowserContext & { profileDir: string, cleanup: () => Promise<void> }>} */
async function launchBrowser(options = {}) {
  if (!chromiumAvailable()) {
    throw new Error(
      `Chromium is missing at ${CHROMIUM_PATH}: install it with 'apt-get install -y chromium'.`,
    );
  }
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_FLAGS,
    headless: true,
    viewport: options.viewport || { width: 1280, height: 900 },
    ...options.contextOptions,
  });
  // The profile folder names the browser process on its command line (machineCost.cjs finds it so).
  context.profileDir = profile;
  context.cleanup = async () => {
    await context.close().catch(() => undefined);
    fs.rmSync(profile, { recursive: true, force: true });
  };
  return context;
}

module.exports = { launchBrowser, chromiumAvailable, CHROMIUM_PATH, CHROMIUM_FLAGS };
