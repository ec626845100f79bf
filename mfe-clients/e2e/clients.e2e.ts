import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { launchBrowser, useComposedSite, waitForInteractive } from '@side-quest/build/e2e';

function storedLeads(dataDir: string) {
  const db = new Database(path.join(dataDir, 'leads.db'), { readonly: true });
  try {
    return db.prepare('SELECT * FROM leads ORDER BY id').all() as Array<Record<string, string>>;
  } finally {
    db.close();
  }
}

async function openForClients(page: Page, baseUrl: string) {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const response = await page.goto(`${baseUrl}/for-clients`);
  await page
    .getByRole('heading', { level: 1, name: 'What Is Your Biggest Growth Blocker?' })
    .waitFor({ timeout: 15000 });
  await waitForInteractive(page);
  return { response, violations };
}

async function fillLead(page: Page, email: string, text: string) {
  await page.getByLabel('Your challenge (Technical Bottleneck)').fill(text);
  await page.getByRole('slider', { name: 'Estimated annual cost (Technical Bottleneck)' }).fill('100');
  await page.getByLabel('Work email').fill(email);
}

describe('for clients, on the composed site', () => {
  const composed = useComposedSite();

  it('submits a lead that ends up in the database, and shows the thank-you message', async () => {
    const page = await composed.browser.newPage();
    const { response, violations } = await openForClients(page, composed.site.baseUrl);
    expect(response?.headers()['content-security-policy']).toContain("default-src 'self'");
    expect(await page.getByRole('radio', { name: /^Hiring Confidence/ }).isChecked()).toBe(true);
    expect(
      await page
        .getByRole('slider', { name: 'Estimated annual cost (Hiring Confidence)' })
        .getAttribute('aria-valuetext'),
    ).toBe('$100K');

    await fillLead(page, 'e2e-cto@example.com', 'Our release pipeline takes two hours');
    expect(await page.getByRole('radio', { name: /^Technical Bottleneck/ }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('heading', { name: 'Thank You!' }).waitFor({ timeout: 10000 });
    expect(await page.getByRole('form').count()).toBe(0);

    const leads = storedLeads(composed.site.dataDir);
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({
      email: 'e2e-cto@example.com',
      challenge_type: 'bottleneck',
      challenge_description: 'Our release pipeline takes two hours',
      cost_impact: '$10M+',
      page_uri: `${composed.site.baseUrl}/for-clients`,
      page_name: 'For Clients | Side Quest',
    });
    expect(violations).toEqual([]);
    await page.close();
  });

  it('keeps the form and what was typed when the server fails, without showing its message', async () => {
    const page = await composed.browser.newPage();
    await page.route('**/api/submit-form', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"success":false,"message":"internal detail"}',
      }),
    );
    await openForClients(page, composed.site.baseUrl);
    await fillLead(page, 'fail@example.com', 'Flaky integration tests');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page
      .getByText('There was a problem submitting your form. Please try again.')
      .waitFor({ timeout: 10000 });
    expect(await page.getByText('internal detail').count()).toBe(0);
    expect(await page.getByLabel('Your challenge (Technical Bottleneck)').inputValue()).toBe(
      'Flaky integration tests',
    );
    expect(await page.getByLabel('Work email').inputValue()).toBe('fail@example.com');
    expect(await page.getByRole('button', { name: 'Submit' }).isEnabled()).toBe(true);
    await page.close();
  });

  it('animates the placeholder until the visitor focuses the input, and fits a phone screen', async () => {
    const phone = await launchBrowser({ viewport: { width: 390, height: 844 } });
    try {
      const page = phone.pages()[0] ?? (await phone.newPage());
      await openForClients(page, composed.site.baseUrl);
      const input = page.getByLabel('Your challenge (Hiring Confidence)');
      const first = await input.getAttribute('placeholder');
      await page.waitForTimeout(400);
      expect(await input.getAttribute('placeholder')).not.toBe(first);
      await input.focus();
      const stopped = await input.getAttribute('placeholder');
      await page.waitForTimeout(400);
      expect(await input.getAttribute('placeholder')).toBe(stopped);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    } finally {
      await phone.cleanup();
    }
  });

  it('shows a static placeholder and a still marquee under prefers-reduced-motion', async () => {
    const reduced = await launchBrowser({ contextOptions: { reducedMotion: 'reduce' } });
    try {
      const page = reduced.pages()[0] ?? (await reduced.newPage());
      await openForClients(page, composed.site.baseUrl);
      const input = page.getByLabel('Your challenge (Hiring Confidence)');
      const first = await input.getAttribute('placeholder');
      expect(first).toMatch(/^e\.g\. /);
      await page.waitForTimeout(400);
      expect(await input.getAttribute('placeholder')).toBe(first);
      const animation = await page
        .locator('[aria-label^="Skill areas"] > div')
        .evaluate((track) => getComputedStyle(track).animationName);
      expect(animation).toBe('none');
    } finally {
      await reduced.cleanup();
    }
  });

  it('keeps what a visitor typed before the page hydrated, and sends it with the lead', async () => {
    const page = await composed.browser.newPage();
    // The shell's entry is held back until the visitor has typed: the page cannot hydrate earlier.
    let release: () => void = () => undefined;
    const typed = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/main\.[0-9a-f]+\.js$/, async (route) => {
      await typed;
      await route.continue();
    });
    await page.goto(`${composed.site.baseUrl}/for-clients`);
    await page.getByLabel('Your challenge (Hiring Confidence)').fill('Typed before the scripts ran');
    await page.getByLabel('Work email').fill('e2e-early@example.com');
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-interactive'))).toBe(false);
    release();
    await waitForInteractive(page);
    // A choice made after hydration re-renders the form: the typing must survive it.
    await page.getByRole('slider', { name: 'Estimated annual cost (Hiring Confidence)' }).fill('50');
    expect(await page.getByLabel('Your challenge (Hiring Confidence)').inputValue()).toBe(
      'Typed before the scripts ran',
    );
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('heading', { name: 'Thank You!' }).waitFor({ timeout: 10000 });
    expect(
      storedLeads(composed.site.dataDir).find((lead) => lead.email === 'e2e-early@example.com'),
    ).toMatchObject({
      challenge_type: 'hiring',
      challenge_description: 'Typed before the scripts ran',
    });
    await page.close();
  });
});
