// Interaction to next paint (issue #44, item 6): how long the hydrated page takes to paint after a tap
// or a key, on a phone-sized page with the CPU slowed down, for the site's interactions and the stack
// reference's. Used by `npm run bench`.
//
// Method: a fresh page at 390 × 844 with CDP's 4× CPU slowdown (Emulation.setCPUThrottlingRate, from
// before the navigation, as on a slow phone). Once the page has hydrated (`<html data-interactive>`,
// what the browser tests wait for, plus the page's own sign: /bounties' APPLY button leaves at
// hydration), its network is idle and its main thread has had an idle moment, a PerformanceObserver
// for 'event' entries (durationThreshold 16, buffered) is installed, Playwright carries out the
// interaction with real input (a click, or a key on a focused select; Playwright's selectOption fires
// synthetic events, which Event Timing does not time), the bench waits for its outcome (so a run that
// did nothing fails instead of timing nothing), and the interaction's latency is the longest entry
// that has an interactionId. Durations are Event Timing's: rounded to 8 ms, and no entry is reported
// under 16 ms (a run without one is shown as '<16' and counts as 0 in the median).
const { median } = require('./median.cjs');

/** Issue #44's targets: each interaction at most 200 ms, and at most 2× the stack reference's. */
const INP_TARGETS = { maxMs: 200, maxRatio: 2 };
const INP_VIEWPORT = { width: 390, height: 844 };
const CPU_SLOWDOWN = 4;
/** The Event Timing API's lowest threshold: shorter events are not reported. */
const DURATION_THRESHOLD_MS = 16;
/** How long a slowed-down page may take to load and hydrate, and an outcome to show. */
const PAGE_TIMEOUT_MS = 45000;
const OUTCOME_TIMEOUT_MS = 15000;
/** How long the entries of an interaction may take to arrive after its outcome. */
const ENTRY_WAIT_MS = 3000;

// --- Pure parts -------------------------------------------------------------------------------------

/**
 * The worst (longest) entry of each interaction, in the order the interactions began. Entries without
 * an interactionId (0: a hover, a scroll, a change event dispatched by a key) are not interactions.
 * @param {ReadonlyArray<{ name: string, interactionId?: number, duration: number, startTime: number }>} entries
 * @returns {Array<{ interactionId: number, name: string, duration: number, startTime: number }>}
 */
function worstPerInteraction(entries) {
  const worst = new Map();
  for (const entry of entries) {
    if (!entry.interactionId) continue;
    const current = worst.get(entry.interactionId);
    const startTime = current ? Math.min(current.startTime, entry.startTime) : entry.startTime;
    if (!current || entry.duration > current.duration)
      worst.set(entry.interactionId, {
        interactionId: entry.interactionId,
        name: entry.name,
        duration: entry.duration,
        startTime,
      });
    else current.startTime = startTime;
  }
  return [...worst.values()].sort((a, b) => a.startTime - b.startTime);
}

/**
 * One run's latency: the worst entry of the interaction carried out. A run carries out one interaction;
 * should the page report more than one (a click Playwright had to repeat), the worst of them counts.
 * @returns {number | null} ms, or null when no entry with an interactionId reached the threshold
 */
function interactionLatency(entries) {
  const worst = worstPerInteraction(entries);
  return worst.length === 0 ? null : Math.max(...worst.map((entry) => entry.duration));
}

/**
 * One run as printed: its ms, '<16' when no entry reached the threshold, 'failed' when it could not be
 * carried out.
 * @param {number | null | { error: string }} run
 */
function runLabel(run) {
  if (run === null) return `<${DURATION_THRESHOLD_MS}`;
  if (typeof run === 'number') return String(Math.round(run));
  return 'failed';
}

/**
 * The median of an interaction's runs: a run under the threshold counts as 0, a failed run not at all.
 * @param {ReadonlyArray<number | null | { error: string }>} runs
 * @returns {number | null} null when every run failed
 */
function medianLatency(runs) {
  const measured = runs.filter((run) => run === null || typeof run === 'number').map((run) => run ?? 0);
  return measured.length === 0 ? null : median(measured);
}

/** A median as printed: '<16' for 0 (every counted entry under the threshold), '—' when none. */
function msLabel(ms) {
  if (ms === null) return '—';
  return ms === 0 ? `<${DURATION_THRESHOLD_MS}` : ms;
}

/**
 * The interaction table: each of the site's interactions with its median INP, the stack reference's
 * interaction of the same kind (its button, for a change in place; its link, for a navigation), the
 * ratio, and the targets it misses.
 * @param {ReadonlyArray<{ name: string, reference: string, runs: ReadonlyArray<number | null | { error: string }> }>} site
 * @param {Record<string, { name: string, runs: ReadonlyArray<number | null | { error: string }> }>} references by kind
 */
function interactionTable(site, references) {
  const rows = [];
  for (const reference of Object.values(references)) {
    const ms = medianLatency(reference.runs);
    rows.push({
      interaction: reference.name,
      'INP ms': msLabel(ms),
      runs: reference.runs.map(runLabel).join('/'),
      reference: '—',
      'reference INP ms': '—',
      ratio: null,
      verdict: ms === null ? 'failed' : 'the reference',
    });
  }
  for (const interaction of site) {
    const ms = medianLatency(interaction.runs);
    const reference = references[interaction.reference];
    const referenceMs = reference ? medianLatency(reference.runs) : null;
    // A reference under the threshold (0) or not measured gives no ratio.
    const ratio = ms !== null && referenceMs ? +(ms / referenceMs).toFixed(2) : null;
    const missed = [];
    if (ms !== null && ms > INP_TARGETS.maxMs) missed.push(`${ms} ms > ${INP_TARGETS.maxMs} ms`);
    if (ratio !== null && ratio > INP_TARGETS.maxRatio) missed.push(`${ratio}× > ${INP_TARGETS.maxRatio}×`);
    let verdict;
    if (ms === null) verdict = 'failed';
    else if (missed.length) verdict = `misses: ${missed.join(', ')}`;
    else if (ratio === null) verdict = `meets ≤ ${INP_TARGETS.maxMs} ms (no reference ratio)`;
    else verdict = 'meets both';
    rows.push({
      interaction: interaction.name,
      'INP ms': msLabel(ms),
      runs: interaction.runs.map(runLabel).join('/'),
      reference: reference ? reference.name : interaction.reference,
      'reference INP ms': msLabel(referenceMs),
      ratio,
      verdict,
    });
  }
  return rows;
}

// --- The interactions -------------------------------------------------------------------------------

const CARD = '[data-testid="bounty-card"]';

/**
 * /bounties once it has hydrated: its cards are there, and the APPLY button of its GET forms, which
 * only the server's page has, is gone (mfe-bounties/e2e, openList).
 */
async function bountiesReady(page) {
  await page.locator(CARD).first().waitFor({ timeout: PAGE_TIMEOUT_MS });
  await page.getByRole('button', { name: 'APPLY' }).waitFor({ state: 'detached', timeout: PAGE_TIMEOUT_MS });
}

/**
 * The stack reference's two interactions: its button (a change in place) and its link (a navigation
 * inside the app: the same route with the cards in the other order).
 */
const REFERENCE_INTERACTIONS = {
  button: {
    name: 'stack reference: press the button',
    act: (page) => page.getByRole('button', { name: 'Press me' }).click(),
    done: (page) =>
      page.getByRole('button', { name: 'Pressed 1 times' }).waitFor({ timeout: OUTCOME_TIMEOUT_MS }),
  },
  link: {
    name: 'stack reference: follow the link',
    act: (page) => page.getByRole('link', { name: 'Reverse order' }).click(),
    done: (page) =>
      page.waitForURL((url) => url.searchParams.get('order') === 'reverse', { timeout: OUTCOME_TIMEOUT_MS }),
  },
};

/**
 * The site's interactions (selectors from mfe-bounties/e2e/bounties.e2e.ts), each with the kind of the
 * stack reference's interaction it is compared with: a navigation (the URL changes and the list or the
 * page renders again) with the link, a change in place with the button.
 */
const SITE_INTERACTIONS = [
  {
    name: 'sort /bounties by Deadline',
    path: '/bounties',
    reference: 'link',
    ready: bountiesReady,
    act: (page) => page.getByRole('button', { name: /^Deadline/ }).click(),
    done: (page) =>
      page.waitForURL((url) => url.searchParams.get('sort') === 'deadline', { timeout: OUTCOME_TIMEOUT_MS }),
  },
  {
    name: 'change the Domain',
    path: '/bounties',
    reference: 'link',
    ready: bountiesReady,
    // A key on the focused select picks the next domain (a trusted keydown, then its change event).
    act: (page) => page.getByRole('combobox', { name: 'Domain' }).press('ArrowDown'),
    done: (page) =>
      page.waitForURL((url) => Boolean(url.searchParams.get('domain')), { timeout: OUTCOME_TIMEOUT_MS }),
  },
  {
    name: 'open POST_BOUNTY',
    path: '/bounties',
    reference: 'button',
    ready: bountiesReady,
    act: (page) => page.getByRole('button', { name: 'POST_BOUNTY' }).click(),
    done: (page) =>
      page.getByRole('dialog', { name: 'CREATE_NEW_BOUNTY' }).waitFor({ timeout: OUTCOME_TIMEOUT_MS }),
  },
  {
    name: 'Save a bounty',
    path: '/bounties',
    reference: 'button',
    ready: bountiesReady,
    act: (page) => page.locator(CARD).first().getByRole('button', { name: 'Save bounty' }).click(),
    done: (page) =>
      page
        .locator(`${CARD} button[aria-label="Save bounty"][aria-pressed="true"]`)
        .first()
        .waitFor({ timeout: OUTCOME_TIMEOUT_MS }),
  },
  {
    name: 'follow a card to its detail page',
    path: '/bounties',
    reference: 'link',
    ready: bountiesReady,
    act: (page) => page.locator(CARD).first().getByRole('link', { name: 'Details →' }).click(),
    done: async (page) => {
      await page.waitForURL(/\/bounty\//, { timeout: OUTCOME_TIMEOUT_MS });
      await page.locator('main h1').first().waitFor({ timeout: OUTCOME_TIMEOUT_MS });
    },
  },
  {
    name: 'filter by Min reward',
    path: '/bounties',
    reference: 'link',
    ready: bountiesReady,
    // As the Domain: a key on the focused select picks the first bound ($100).
    act: (page) => page.getByRole('combobox', { name: 'Min reward' }).press('ArrowDown'),
    done: (page) =>
      page.waitForURL((url) => Boolean(url.searchParams.get('min')), { timeout: OUTCOME_TIMEOUT_MS }),
  },
  {
    name: 'type a key in Search',
    path: '/bounties',
    reference: 'link',
    ready: bountiesReady,
    // One keystroke in the empty box: the list filters and the URL's q follows (a replace-navigation).
    act: (page) => page.getByRole('searchbox', { name: 'Search' }).press('a'),
    done: (page) =>
      page.waitForURL((url) => url.searchParams.get('q') === 'a', { timeout: OUTCOME_TIMEOUT_MS }),
  },
  {
    name: 'open the leaderboard from a card',
    // The bounties hosted on Side Quest and open: the demo's open scored bounty is on the first page
    // (the site the interactions run on has the demo seeded; its cards alone link to a leaderboard).
    path: '/bounties?stage=open',
    reference: 'link',
    ready: bountiesReady,
    act: (page) => page.locator(CARD).getByRole('link', { name: 'Leaderboard' }).first().click(),
    done: async (page) => {
      await page.waitForURL(/\/leaderboard$/, { timeout: OUTCOME_TIMEOUT_MS });
      await page
        .locator('main h1', { hasText: 'Leaderboard:' })
        .first()
        .waitFor({ timeout: OUTCOME_TIMEOUT_MS });
    },
  },
];

// --- Measuring --------------------------------------------------------------------------------------

/** Waits until the page is hydrated and settled: its own sign, an idle network, an idle main thread. */
async function settle(page, ready) {
  await page.locator('html[data-interactive]').waitFor({ state: 'attached', timeout: PAGE_TIMEOUT_MS });
  if (ready) await ready(page);
  await page.waitForLoadState('networkidle', { timeout: PAGE_TIMEOUT_MS });
  // Two frames, then an idle moment (bounded): work the hydration left behind has run.
  await page.evaluate(
    () =>
      new Promise((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            if (typeof requestIdleCallback === 'function')
              requestIdleCallback(() => resolve(), { timeout: 2000 });
            else setTimeout(resolve, 0);
          }),
        ),
      ),
  );
}

/** Starts recording 'event' entries from now on (window.__inpEntries). */
async function observeEvents(page) {
  await page.evaluate((threshold) => {
    const recorded = [];
    const since = performance.now();
    window.__inpEntries = recorded;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.startTime < since) continue;
        recorded.push({
          name: entry.name,
          interactionId: entry.interactionId || 0,
          duration: entry.duration,
          startTime: entry.startTime,
        });
      }
    }).observe({ type: 'event', durationThreshold: threshold, buffered: true });
  }, DURATION_THRESHOLD_MS);
}

/** The entries recorded so far, once those of the interaction have had time to arrive. */
async function recordedEntries(page) {
  // Entries are delivered after the frame that follows their event: wait for one with an interactionId
  // (bounded: an interaction under the threshold reports none), then two more frames for its siblings
  // (a keyup, a click after its pointerup).
  await page
    .waitForFunction(() => window.__inpEntries.some((entry) => entry.interactionId > 0), undefined, {
      timeout: ENTRY_WAIT_MS,
    })
    .catch(() => undefined);
  return page.evaluate(
    () =>
      new Promise((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() => setTimeout(() => resolve(window.__inpEntries.slice()), 50)),
        ),
      ),
  );
}

/**
 * One run of one interaction on a fresh page of `browser` (a context at INP_VIEWPORT).
 * @returns {Promise<number | null | { error: string }>} its latency in ms, null under the threshold
 */
async function measureInteraction(browser, url, interaction) {
  const page = await browser.newPage();
  try {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(url, { timeout: PAGE_TIMEOUT_MS });
    await settle(page, interaction.ready);
    await observeEvents(page);
    await interaction.act(page);
    await interaction.done(page);
    return interactionLatency(await recordedEntries(page));
  } catch (error) {
    return { error: String(error && error.message ? error.message : error).split('\n')[0] };
  } finally {
    // What a run saved (a saved bounty in localStorage) must not change the next run's page.
    await page.evaluate(() => localStorage.clear()).catch(() => undefined);
    await page.close().catch(() => undefined);
  }
}

/**
 * Every interaction `runs` times, interleaved (run 1 of each, then run 2…), the stack reference's
 * first in each round, in one Chromium at INP_VIEWPORT.
 * @param {{ launchBrowser: Function, siteUrl: string, referenceUrl: string, runs: number, filter?: string, log?: (line: string) => void }} options
 *   filter: only the site's interactions whose name contains it (the reference's always run)
 * @returns {Promise<{ site: Array<{ name: string, reference: string, runs: any[] }>, references: Record<string, { name: string, runs: any[] }> }>}
 */
async function measureInteractions({
  launchBrowser,
  siteUrl,
  referenceUrl,
  runs,
  filter = '',
  log = () => {},
}) {
  const chosen = SITE_INTERACTIONS.filter((interaction) =>
    interaction.name.toLowerCase().includes(filter.toLowerCase()),
  );
  if (chosen.length === 0) throw new Error(`no interaction's name contains ${JSON.stringify(filter)}`);
  const kinds = Object.keys(REFERENCE_INTERACTIONS).filter((kind) =>
    chosen.some((interaction) => interaction.reference === kind),
  );
  const references = Object.fromEntries(
    kinds.map((kind) => [kind, { name: REFERENCE_INTERACTIONS[kind].name, runs: [] }]),
  );
  const site = chosen.map((interaction) => ({
    name: interaction.name,
    reference: interaction.reference,
    runs: [],
  }));
  const browser = await launchBrowser({ viewport: INP_VIEWPORT });
  try {
    for (let run = 0; run < runs; run++) {
      for (const kind of kinds) {
        const result = await measureInteraction(browser, referenceUrl, REFERENCE_INTERACTIONS[kind]);
        references[kind].runs.push(result);
        log(`INP run ${run + 1}/${runs} ${REFERENCE_INTERACTIONS[kind].name}: ${resultLabel(result)}`);
      }
      for (const [index, interaction] of chosen.entries()) {
        const result = await measureInteraction(
          browser,
          new URL(interaction.path, siteUrl).href,
          interaction,
        );
        site[index].runs.push(result);
        log(`INP run ${run + 1}/${runs} ${interaction.name}: ${resultLabel(result)}`);
      }
    }
  } finally {
    await browser.cleanup();
  }
  return { site, references };
}

function resultLabel(result) {
  return result !== null && typeof result === 'object'
    ? `failed (${result.error})`
    : `${runLabel(result)} ms`;
}

module.exports = {
  INP_TARGETS,
  INP_VIEWPORT,
  CPU_SLOWDOWN,
  DURATION_THRESHOLD_MS,
  SITE_INTERACTIONS,
  REFERENCE_INTERACTIONS,
  worstPerInteraction,
  interactionLatency,
  medianLatency,
  runLabel,
  interactionTable,
  measureInteraction,
  measureInteractions,
};
