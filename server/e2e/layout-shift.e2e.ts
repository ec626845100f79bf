// No layout shift (issue 55 item 1): every route of the route table (the signed-in pages too) opened in
// a phone-sized window, and the landing, the marketplace and a leaderboard in a desktop one, with a
// PerformanceObserver for 'layout-shift' entries added before the page's own scripts. From the first
// byte until 2 s after the page has hydrated, nothing may move that the reader did not move. The
// browsers' clocks are in Pacific/Chatham (UTC+13:45, the longest offset label there is), so every
// time on a page (LocalTime) is rewritten in the reader's zone: before the first paint, or it moves.
import type { Page } from 'playwright-core';
import { ROUTES, type RouteId } from '@side-quest/data/routes';
import { waitForInteractive } from '@side-quest/build/e2e';
import { watchErrors } from './pageChecks';
import { ROUTE_VISITS, setUpRouteFixtures } from './routeVisits';

/** How long after hydration shifts are still counted (a re-render after hydration, late content). */
const AFTER_HYDRATION_MS = 2000;

const fixtures = setUpRouteFixtures({ contextOptions: { timezoneId: 'Pacific/Chatham' } });

/** One layout-shift entry as the page saw it: its score and what moved. */
interface Shift {
  value: number;
  /** Each moved node: its name, id and classes, and the start of its text. */
  sources: string[];
}

declare global {
  interface Window {
    layoutShifts?: Shift[];
  }
}

/**
 * Runs in the page before any of its scripts: collects every layout shift the reader did not cause
 * (`hadRecentInput`), with its sources described while they are still in the document.
 */
function observeLayoutShifts() {
  const shifts: Shift[] = [];
  window.layoutShifts = shifts;
  const describe = (node: Node | null) => {
    if (!node) return '(a node no longer in the document)';
    const element = node instanceof Element ? node : node.parentElement;
    const name = element
      ? `${element.localName}${element.id ? `#${element.id}` : ''}${[...element.classList].map((c) => `.${c}`).join('')}`
      : node.nodeName;
    const text = (node.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    return `${node instanceof Element ? '' : `${node.nodeName} in `}${name}${text ? ` "${text}"` : ''}`;
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Array<
      PerformanceEntry & { value: number; hadRecentInput: boolean; sources: Array<{ node: Node | null }> }
    >) {
      if (entry.hadRecentInput) continue;
      shifts.push({ value: entry.value, sources: entry.sources.map((source) => describe(source.node)) });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/**
 * Opens `path` in a new page of `browser` at `width`, waits until the page has hydrated and
 * AFTER_HYDRATION_MS more, and returns what shifted: empty when nothing did, else one line naming the
 * route, the width, the summed score and each shift's sources.
 */
async function shiftsOn(id: RouteId | 'notFound', width: number): Promise<string[]> {
  const visit = ROUTE_VISITS[id];
  const page: Page = await fixtures[visit.as].newPage();
  try {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
    await page.addInitScript(observeLayoutShifts);
    const path = visit.path(fixtures);
    await page.goto(`${fixtures.origin}${path}`);
    await waitForInteractive(page);
    await page.waitForTimeout(AFTER_HYDRATION_MS);
    const shifts = await page.evaluate(() => window.layoutShifts ?? []);
    if (shifts.length === 0) return [];
    const score = shifts.reduce((sum, shift) => sum + shift.value, 0);
    return [
      `${id} ${path} at ${width} px shifted by ${score.toFixed(4)}: ${shifts
        .map((shift) => `${shift.value.toFixed(4)} (${shift.sources.join('; ')})`)
        .join(', ')}`,
    ];
  } finally {
    await page.close();
  }
}

it('visits every route of the route table', () => {
  expect(ROUTES.map((route) => route.id).filter((id) => !(id in ROUTE_VISITS))).toEqual([]);
});

describe.each(Object.keys(ROUTE_VISITS) as Array<RouteId | 'notFound'>)('%s', (id) => {
  it('does not shift at 390 px, from load until 2 s after hydration', async () => {
    expect(await shiftsOn(id, 390)).toEqual([]);
  });
});

describe.each(['landing', 'bounties', 'bountyLeaderboard'] as const)('%s', (id) => {
  it('does not shift at 1280 px, from load until 2 s after hydration', async () => {
    expect(await shiftsOn(id, 1280)).toEqual([]);
  });
});

// A leaderboard (a table of times and one in prose) and a hosted bounty's terms (its closing time in prose).
it.each([
  ['a leaderboard', () => ROUTE_VISITS.bountyLeaderboard.path(fixtures)],
  ['a hosted bounty', () => `/bounty/${encodeURIComponent(fixtures.openBountyId)}`],
])(
  'paints the times of %s in the reader’s zone from the server’s HTML, and hydrates them as they are',
  async (_, path) => {
    const page = await fixtures.visitor.newPage();
    try {
      const errors = watchErrors(page);
      // The shell's entry is held back until the painted page has been read: it cannot hydrate earlier.
      let release: () => void = () => undefined;
      const read = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/main\.[0-9a-f]+\.js$/, async (route) => {
        await read;
        await route.continue();
      });
      await page.goto(`${fixtures.origin}${path()}`);
      const times = () =>
        page.evaluate(() =>
          [...document.querySelectorAll('time[data-local-time]')].map((time) => time.textContent),
        );
      const painted = await times();
      expect(await page.evaluate(() => document.documentElement.hasAttribute('data-interactive'))).toBe(
        false,
      );
      // The times are from November 2026 on: Chatham's summer clock.
      expect(painted.length).toBeGreaterThan(0);
      expect(
        painted.filter((text) => !/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d UTC\+13:45$/.test(text ?? '')),
      ).toEqual([]);
      release();
      await waitForInteractive(page);
      // The render after hydration (the swap without the script) has run by the second frame after it.
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      );
      expect(await times()).toEqual(painted);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  },
);
