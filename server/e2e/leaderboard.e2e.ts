// The leaderboard in the real browser against the composed production build (issue 45 items 5 and 11),
// on the embedded start's demo: the open scored bounty's card and page link to its public board (six
// entrants, the sponsor's baseline unranked, no move column); when its submission deadline passes (the
// test clock) the same page shows the revealed board with each rank's move; the closed demo bounty's
// board reorders its public one; the board without JavaScript; axe at 390 and 1280 px in both phases.
import type { BrowserContext, Page } from 'playwright-core';
import {
  launchBrowser,
  overflowsViewport,
  startSite,
  waitForInteractive,
  type RunningSite,
} from '@side-quest/build/e2e';
import { moveDeadlinesBack } from '../src/testing/testClock';
import { seriousViolations, watchErrors } from './pageChecks';

const OPEN_TITLE = 'Predict which wind turbines need service';
const CLOSED_TITLE = 'Estimate stop-to-stop times on rural routes';

let site: RunningSite;
const contexts: Array<BrowserContext & { cleanup: () => Promise<void> }> = [];
let openId = '';
let closedId = '';

beforeAll(async () => {
  site = await startSite({ env: { SEED_DEMO: '1' } });
  const bounties = (await (await fetch(`${site.baseUrl}/api/hosted-bounties`)).json()) as Array<{
    id: string;
    item_title: string;
  }>;
  openId = bounties.find((bounty) => bounty.item_title === OPEN_TITLE)!.id;
  closedId = bounties.find((bounty) => bounty.item_title === CLOSED_TITLE)!.id;
});
afterAll(async () => {
  for (const context of contexts) await context.cleanup();
  await site?.stop();
});

async function browser(options: Parameters<typeof launchBrowser>[0] = {}) {
  const context = await launchBrowser(options);
  contexts.push(context);
  return context;
}

const rows = (page: Page) => page.getByTestId('leaderboard-row');

/** Waits (bounded) until the board has `count` rows. */
async function expectRows(page: Page, count: number) {
  const until = Date.now() + 10_000;
  while ((await rows(page).count()) !== count) {
    if (Date.now() > until) expect(await rows(page).count()).toBe(count);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
const columnHeaders = (page: Page) => page.getByTestId('leaderboard').locator('thead th').allTextContents();

async function axeAtBothWidths(page: Page, path: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${site.baseUrl}${path}`);
    await page.getByTestId('leaderboard').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await overflowsViewport(page)).toBe(false);
  }
}

describe('the leaderboard', () => {
  it('is linked from the card and the bounty page, shows the public board, then the revealed one after the deadline', async () => {
    const page = await (await browser()).newPage();
    const errors = watchErrors(page);

    // The card on the list links to the board.
    await page.goto(`${site.baseUrl}/bounties?q=${encodeURIComponent('wind turbines')}`);
    await waitForInteractive(page);
    const card = page.getByTestId('bounty-card').filter({ hasText: OPEN_TITLE });
    await card.getByRole('link', { name: 'Leaderboard' }).click();
    await page.waitForURL(`${site.baseUrl}/bounty/${openId}/leaderboard`);
    await page.getByRole('heading', { level: 1, name: `Leaderboard: ${OPEN_TITLE}` }).waitFor();

    // The public board: six entrants with private profiles, the baseline unranked, no move yet.
    await expectRows(page, 6);
    expect(await rows(page).locator('th').allTextContents()).toEqual(['1', '2', '3', '4', '5', '6']);
    expect((await rows(page).locator('td.entrant').allTextContents()).sort()).toEqual(
      ['Entrant 1', 'Entrant 2', 'Entrant 3', 'Entrant 4', 'Entrant 5', 'Entrant 6'].sort(),
    );
    await page.getByTestId('leaderboard-baseline').getByText('Sponsor’s baseline (not ranked)').waitFor();
    expect(await columnHeaders(page)).not.toContain('Move');
    await page
      .getByTestId('leaderboard-phase')
      .getByText(/ranks scores on the public 30%/)
      .waitFor();
    await page.getByTestId('demo-notice').waitFor();
    const publicOrder = await rows(page).locator('td.entrant').allTextContents();
    // The public board passes axe at both widths (the revealed one is checked below).
    await axeAtBothWidths(page, `/bounty/${openId}/leaderboard`);
    await page.setViewportSize({ width: 1280, height: 900 });

    // The bounty page links here too.
    await page.getByRole('link', { name: 'The bounty’s terms and prizes' }).click();
    await page.waitForURL(`${site.baseUrl}/bounty/${openId}`);
    await page.getByRole('heading', { name: 'LEADERBOARD' }).waitFor();
    await page.getByRole('link', { name: 'See the leaderboard' }).click();
    await page.waitForURL(`${site.baseUrl}/bounty/${openId}/leaderboard`);
    await expectRows(page, 6);

    // The test clock: the submission deadline passes; the same address shows the revealed board.
    moveDeadlinesBack(site.dataDir, openId, 30);
    // Anonymous pages are shared from the HTML cache for a few seconds (HTML_CACHE_MS), then rendered
    // again: the revealed board is there within a bounded number of reloads.
    const revealed = page.getByTestId('leaderboard-phase').getByText(/this is the final board/);
    for (let attempt = 0; attempt < 30 && (await revealed.count()) === 0; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await page.reload();
      await page.getByTestId('leaderboard-phase').waitFor();
    }
    await revealed.waitFor({ timeout: 1_000 });
    expect(await columnHeaders(page)).toContain('Move');
    await expectRows(page, 6);
    const moves = await page.getByTestId('leaderboard-move').allTextContents();
    expect(moves).toHaveLength(6);
    for (const move of moves) expect(move).toMatch(/^(▲ \d+|▼ \d+|—)/);
    // Each move is the entrant's public place minus its final one.
    const finalOrder = await rows(page).locator('td.entrant').allTextContents();
    finalOrder.forEach((entrant, index) => {
      const places = publicOrder.indexOf(entrant) - index;
      const expected = places > 0 ? `▲ ${places}` : places < 0 ? `▼ ${-places}` : '—';
      expect(moves[index]!.startsWith(expected)).toBe(true);
    });
    expect(errors).toEqual([]);
  }, 120_000);

  it("shows the closed demo bounty's final board, which reorders the public one", async () => {
    const page = await (await browser()).newPage();
    await page.goto(`${site.baseUrl}/bounty/${closedId}/leaderboard`);
    await expectRows(page, 5);
    const moves = await page.getByTestId('leaderboard-move').allTextContents();
    expect(moves.some((move) => move.startsWith('▼ 3'))).toBe(true);
    expect(await rows(page).nth(3).getByTestId('leaderboard-move').textContent()).toMatch(/^▼ 3/);
  });

  it('works without JavaScript: the server renders the board and its links', async () => {
    const page = await (await browser({ contextOptions: { javaScriptEnabled: false } })).newPage();
    const answer = await page.goto(`${site.baseUrl}/bounty/${closedId}/leaderboard`);
    expect(answer?.status()).toBe(200);
    await expectRows(page, 5);
    await page.getByTestId('leaderboard-baseline').waitFor();
    await page.getByRole('link', { name: 'The bounty’s terms and prizes' }).click();
    await page.waitForURL(`${site.baseUrl}/bounty/${closedId}`);
    const missing = await page.goto(`${site.baseUrl}/bounty/no-such-bounty/leaderboard`);
    expect(missing?.status()).toBe(404);
  });

  it('passes axe at 390 and 1280 px revealed (the public board is checked in the first test)', async () => {
    const page = await (await browser()).newPage();
    await axeAtBothWidths(page, `/bounty/${closedId}/leaderboard`);
  }, 120_000);
});
