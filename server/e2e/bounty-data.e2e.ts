import type { Page, Response } from 'playwright-core';
import { launchBrowser, startSite, type RunningSite } from '@side-quest/build/e2e';
import { readDataset, toStoredDocument } from '../src/bounties/bountyStore';
import {
  startFakeFirestore,
  TimestampText,
  type FakeFirestore,
} from '../src/bounties/firestore/fakeFirestoreRest';

type Browser = Awaited<ReturnType<typeof launchBrowser>>;
interface ListedBounty {
  id: string;
  item_title: string;
  reward_amount: number;
}

/** Collects what a page downloads: list requests to the API, script URLs and bodies. */
function watch(page: Page) {
  const listRequests: string[] = [];
  const scripts: Promise<{ url: string; body: string }>[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/bounties') listRequests.push(request.url());
  });
  page.on('response', (response: Response) => {
    if (response.request().resourceType() === 'script') {
      scripts.push(
        response.text().then(
          (body) => ({ url: response.url(), body }),
          () => ({ url: response.url(), body: '' }),
        ),
      );
    }
  });
  return { listRequests, scripts: () => Promise.all(scripts) };
}

const banner = (page: Page) => page.getByRole('banner');

describe('bounty data from the embedded API (default source)', () => {
  let site: RunningSite;
  let browser: Browser;
  let listed: ListedBounty[];

  beforeAll(async () => {
    site = await startSite();
    browser = await launchBrowser();
    listed = (await (await fetch(`${site.baseUrl}/api/bounties`)).json()) as ListedBounty[];
  });
  afterAll(async () => {
    await browser?.cleanup();
    await site?.stop();
  });

  it('the server renders the landing and the marketplace with their data: the browser fetches nothing', async () => {
    const page = await browser.newPage();
    const seen = watch(page);
    const topReward = [...listed].sort((a, b) => b.reward_amount - a.reward_amount)[0]!;

    await page.goto(site.baseUrl, { waitUntil: 'networkidle' });
    const featured = page.getByRole('list', { name: 'Featured bounties' });
    await featured.getByText(topReward.item_title).waitFor({ timeout: 20000 });

    await page.goto(`${site.baseUrl}/bounties`, { waitUntil: 'networkidle' });
    // Default order is reward descending: the top reward is on the first page of cards.
    await page.locator('main').getByText(topReward.item_title).first().waitFor({ timeout: 15000 });
    expect(seen.listRequests).toEqual([]);
    await page.close();
  });

  it('bounty list and compass share one list request when the browser loads it', async () => {
    const page = await browser.newPage();
    const seen = watch(page);
    const topReward = [...listed].sort((a, b) => b.reward_amount - a.reward_amount)[0]!;

    // The About page carries no bounty data, so the first section that needs the list fetches it.
    await page.goto(`${site.baseUrl}/about`, { waitUntil: 'networkidle' });
    await banner(page).getByRole('link', { name: 'Bounties' }).first().click();
    await page.waitForURL((url) => url.pathname === '/bounties', { timeout: 10000 });
    await page.getByRole('heading', { name: 'BOUNTIES_MARKETPLACE' }).waitFor({ timeout: 15000 });
    // Default order is reward descending: the top reward is on the first page of cards.
    await page.locator('main').getByText(topReward.item_title).first().waitFor({ timeout: 15000 });

    await banner(page).getByRole('link', { name: 'Compass' }).first().click();
    await page.waitForURL((url) => url.pathname === '/compass', { timeout: 10000 });
    await page.getByRole('meter').first().waitFor({ timeout: 15000 });

    expect(seen.listRequests).toHaveLength(1);

    // The Firebase SDK is not part of what the default source downloads.
    const scripts = await seen.scripts();
    expect(scripts.length).toBeGreaterThan(0);
    expect(
      scripts
        .filter((script) => /firestore\.googleapis\.com|firebasestorage/.test(script.body))
        .map((s) => s.url),
    ).toEqual([]);
    await page.close();
  });

  it('shows a bounty detail with its image served from /media/bounties', async () => {
    const withImage = (
      await Promise.all(
        listed.slice(0, 10).map(
          async (bounty) =>
            (await (await fetch(`${site.baseUrl}/api/bounties/${bounty.id}`)).json()) as {
              id: string;
              item_title: string;
              image_url: string;
            },
        ),
      )
    ).find((bounty) => bounty.image_url)!;
    const page = await browser.newPage();
    await page.goto(`${site.baseUrl}/bounty/${withImage.id}`);
    await page.getByRole('heading', { name: withImage.item_title, level: 1 }).waitFor({ timeout: 20000 });
    const image = page.locator(`main img[src="${withImage.image_url}"]`);
    await image.waitFor({ timeout: 10000 });
    expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await page.close();
  });

  it('shows the not-found view for odd ids instead of an error', async () => {
    const page = await browser.newPage();
    for (const id of ['..%2F..%2Fetc%2Fpasswd', encodeURIComponent('ünïcødé-😀'), 'x'.repeat(3000)]) {
      await page.goto(`${site.baseUrl}/bounty/${id}`);
      await page.getByRole('heading', { name: 'BOUNTY_NOT_FOUND' }).waitFor({ timeout: 20000 });
    }
    await page.close();
  });
});

describe('bounty data from Firestore (BOUNTY_SOURCE=firestore)', () => {
  const PROJECT = 'demo-side-quest-e2e';
  let fake: FakeFirestore;
  let site: RunningSite;
  let browser: Browser;
  const seededAt = new Date();
  const shipped = readDataset().bounties;

  beforeAll(async () => {
    fake = await startFakeFirestore(PROJECT);
    for (const entry of shipped) {
      const document = toStoredDocument(entry, seededAt);
      if (typeof document.created_at === 'string')
        document.created_at = new TimestampText(document.created_at);
      fake.put('bounty_items', entry.id, document);
    }
    // A malformed document: it must not break any page.
    fake.putRaw('bounty_items', 'malformed', {
      item_title: { nullValue: null },
      reward_amount: { stringValue: 'lots' },
      skill_tags: { mapValue: {} },
      created_at: { stringValue: 'not a date' },
      is_high_value_bounty: { booleanValue: true },
    });
    site = await startSite({
      env: {
        BOUNTY_SOURCE: 'firestore',
        FIREBASE_PROJECT_ID: PROJECT,
        FIREBASE_API_KEY: 'e2e-key',
        FIRESTORE_EMULATOR_HOST: fake.host,
      },
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.cleanup();
    await site?.stop();
    await fake?.stop();
  });

  it('lists bounty_items through the Firebase SDK, loaded only now, and never calls the API', async () => {
    const page = await browser.newPage();
    const seen = watch(page);
    // Client-side navigation from a page without bounty data: the browser itself reads Firestore.
    await page.goto(`${site.baseUrl}/about`, { waitUntil: 'networkidle' });
    expect((await seen.scripts()).some((script) => script.body.includes('firestore.googleapis.com'))).toBe(
      false,
    );
    await banner(page).getByRole('link', { name: 'Bounties' }).first().click();
    await page.getByRole('heading', { name: 'BOUNTIES_MARKETPLACE' }).waitFor({ timeout: 20000 });
    const top = shipped
      .filter((entry) => entry.is_high_value_bounty === true)
      .sort((a, b) => Number(b.reward_amount ?? 0) - Number(a.reward_amount ?? 0))[0]!;
    await page.locator('main').getByText(String(top.item_title)).first().waitFor({ timeout: 15000 });

    expect(seen.listRequests).toEqual([]);
    const runQueries = fake.requests.filter((request) => request.path.endsWith(':runQuery'));
    expect(runQueries).toHaveLength(1);
    expect(runQueries[0]!.body).toMatchObject({
      structuredQuery: {
        from: [{ collectionId: 'bounty_items' }],
        where: {
          fieldFilter: {
            field: { fieldPath: 'is_high_value_bounty' },
            op: 'EQUAL',
            value: { booleanValue: true },
          },
        },
        orderBy: [
          { field: { fieldPath: 'item_title' }, direction: 'ASCENDING' },
          { field: { fieldPath: '__name__' } },
        ],
      },
    });
    const scripts = await seen.scripts();
    expect(scripts.some((script) => script.body.includes('firestore.googleapis.com'))).toBe(true);
    await page.close();
  });

  it('renders the list on the server from Firestore too', async () => {
    const before = fake.requests.filter((request) => request.path.endsWith(':runQuery')).length;
    const response = await fetch(`${site.baseUrl}/bounties`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const top = shipped
      .filter((entry) => entry.is_high_value_bounty === true)
      .sort((a, b) => Number(b.reward_amount ?? 0) - Number(a.reward_amount ?? 0))[0]!;
    const escaped = String(top.item_title)
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&#x27;');
    expect(html).toContain(escaped);
    expect(fake.requests.filter((request) => request.path.endsWith(':runQuery')).length).toBe(before + 1);
  });

  it('reads one bounty by id, and survives the malformed one', async () => {
    const entry = shipped.find((candidate) => candidate.is_high_value_bounty === true)!;
    const page = await browser.newPage();
    await page.goto(`${site.baseUrl}/bounty/${entry.id}`);
    await page.getByRole('heading', { name: String(entry.item_title), level: 1 }).waitFor({ timeout: 20000 });
    expect(fake.requests.some((request) => request.path.endsWith(':batchGet'))).toBe(true);

    await page.goto(`${site.baseUrl}/bounty/malformed`);
    await page.getByRole('heading', { name: 'Untitled Bounty', level: 1 }).waitFor({ timeout: 20000 });
    await page.goto(`${site.baseUrl}/bounty/no-such-bounty`);
    await page.getByRole('heading', { name: 'BOUNTY_NOT_FOUND' }).waitFor({ timeout: 20000 });
    await page.close();
  });
});
