// The site's own forms posted by the browser itself (JavaScript off, or not run yet), on the composed
// production build: a refused post comes back as the page with what was typed, and nothing typed ever
// goes into a URL the browser visits or the server logs (issue 34).
import type { Locator, Page, Response } from 'playwright-core';
import { launchBrowser, startSite, waitForInteractive, type RunningSite } from '@side-quest/build/e2e';
import { seriousViolationsOfStateAtWidths } from './pageChecks';

type Browser = Awaited<ReturnType<typeof launchBrowser>>;

const EMAIL = 'jane.doe@example.com';
const BAD_EMAIL = 'jane.doe@example';
const DESCRIPTION = 'Our CI takes forty minutes per run';
const encodings = (value: string) => [
  ...new Set([value, encodeURIComponent(value), new URLSearchParams({ v: value }).toString().slice(2)]),
];
const TYPED = [EMAIL, BAD_EMAIL, DESCRIPTION].flatMap(encodings);

/** Every URL the page asks for (documents, scripts, data), to check none carries what was typed. */
function requestedUrls(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return urls;
}

const carryingTyped = (urls: string[]) =>
  urls.filter((url) => TYPED.some((typed) => url.toLowerCase().includes(typed.toLowerCase())));

/** Clicks a submit button and resolves with the answer to the navigation it starts. */
async function submit(page: Page, name: string): Promise<Response | null> {
  const [response] = await Promise.all([
    page.waitForNavigation(),
    page.getByRole('button', { name, exact: true }).click(),
  ]);
  return response;
}

describe('forms posted without JavaScript', () => {
  let site: RunningSite;
  let noScript: Browser;
  let browser: Browser;

  beforeAll(async () => {
    site = await startSite({ env: { LOG_LEVEL: 'info' } });
    noScript = await launchBrowser({ contextOptions: { javaScriptEnabled: false } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await noScript?.cleanup();
    await browser?.cleanup();
    await site?.stop();
  });

  it('shows a refused lead again with what was typed (422), then thanks once it is right', async () => {
    const page = await noScript.newPage();
    const urls = requestedUrls(page);
    await page.goto(`${site.baseUrl}/for-clients`);
    await page.getByLabel('Your challenge (Technical Bottleneck)').fill(DESCRIPTION);
    await page.getByRole('slider', { name: 'Estimated annual cost (Technical Bottleneck)' }).fill('100');
    await page.getByLabel('Work email').fill(BAD_EMAIL);

    const refused = await submit(page, 'Submit');
    expect(refused?.status()).toBe(422);
    expect(refused?.headers()['cache-control']).toBe('private, no-store');
    expect(refused?.headers()['location']).toBeUndefined();
    // The address bar shows where the form posted (there is no script to change it), never a query.
    expect(page.url()).toBe(`${site.baseUrl}/api/submit-form`);
    await page.getByRole('heading', { level: 1, name: 'What Is Your Biggest Growth Blocker?' }).waitFor();
    expect(await page.getByLabel('Your challenge (Technical Bottleneck)').inputValue()).toBe(DESCRIPTION);
    expect(
      await page
        .getByRole('slider', { name: 'Estimated annual cost (Technical Bottleneck)' })
        .getAttribute('aria-valuetext'),
    ).toBe('$10M+');
    expect(await page.getByLabel('Work email').inputValue()).toBe(BAD_EMAIL);
    expect(await page.getByLabel('Work email').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByText('Please enter a valid email address.').count()).toBe(1);

    await page.getByLabel('Work email').fill(EMAIL);
    const accepted = await submit(page, 'Submit');
    expect(accepted?.status()).toBe(200);
    expect(page.url()).toBe(`${site.baseUrl}/for-clients?lead=ok`);
    await page.getByRole('heading', { name: 'Thank You!' }).waitFor();

    expect(carryingTyped(urls)).toEqual([]);
    expect(urls).toContain(`${site.baseUrl}/api/submit-form`);
    await page.close();
  });

  it('shows a refused sign-up in its dialog again with what was typed (422)', async () => {
    const page = await noScript.newPage();
    const urls = requestedUrls(page);
    await page.goto(`${site.baseUrl}/bounties?dialog=join`);
    const dialog = page.getByRole('dialog', { name: 'JOIN_SIDE_QUEST' });
    await dialog.getByLabel('Email').fill(BAD_EMAIL);
    const refused = await submit(page, 'SIGN_UP');
    expect(refused?.status()).toBe(422);
    expect(refused?.headers()['cache-control']).toBe('private, no-store');
    expect(await dialog.getByLabel('Email').inputValue()).toBe(BAD_EMAIL);
    expect(await dialog.getByText('Please enter a valid email address.').count()).toBe(1);

    await dialog.getByLabel('Email').fill(EMAIL);
    await submit(page, 'SIGN_UP');
    expect(page.url()).toBe(`${site.baseUrl}/bounties?dialog=join&result=ok`);
    await dialog.getByText('You are signed up').waitFor();
    expect(carryingTyped(urls)).toEqual([]);
    await page.close();
  });

  it('hydrates a refused lead’s page on the page’s own URL, keeping what was typed', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      // Chromium logs any 4xx document as a failed load: the 422 page itself is the expected answer.
      if (message.type() === 'error' && !/status of 422/.test(message.text())) errors.push(message.text());
    });
    const urls = requestedUrls(page);
    await page.goto(`${site.baseUrl}/for-clients`);
    await waitForInteractive(page);
    // As a browser posts the form before the scripts have run: natively, not through the page's fetch.
    const [refused] = await Promise.all([
      page.waitForNavigation(),
      page.evaluate(
        ({ email, description }) => {
          const form = document.querySelector('form[action="/api/submit-form"]') as HTMLFormElement;
          (form.querySelector('input[name="email"]') as HTMLInputElement).value = email;
          (form.querySelector('[name="challengeDescription.hiring"]') as HTMLInputElement).value =
            description;
          HTMLFormElement.prototype.submit.call(form);
        },
        { email: BAD_EMAIL, description: DESCRIPTION },
      ),
    ]);
    expect(refused?.status()).toBe(422);
    await waitForInteractive(page);
    expect(page.url()).toBe(`${site.baseUrl}/for-clients`);
    expect(await page.getByLabel('Your challenge (Hiring Confidence)').inputValue()).toBe(DESCRIPTION);
    expect(await page.getByLabel('Work email').inputValue()).toBe(BAD_EMAIL);
    expect(await page.getByText('Please enter a valid email address.').count()).toBe(1);
    // The hydrated form goes on as before: fixed, it is sent with fetch and thanks in place.
    await page.getByLabel('Work email').fill(EMAIL);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('heading', { name: 'Thank You!' }).waitFor({ timeout: 10000 });
    expect(page.url()).toBe(`${site.baseUrl}/for-clients`);
    expect(errors).toEqual([]);
    expect(carryingTyped(urls)).toEqual([]);
    await page.close();
  });

  it('shows the forms’ messages under their fields, announced, and axe finds nothing serious at 390 and 1280 px', async () => {
    const page = await browser.newPage();
    const messages = () => page.getByRole('alert').allTextContents();
    const invalid = (field: Locator) => field.getAttribute('aria-invalid');

    await page.goto(`${site.baseUrl}/for-clients`);
    await waitForInteractive(page);
    await page.getByLabel('Your challenge (Hiring Confidence)').fill(DESCRIPTION);
    await page.getByLabel('Work email').fill(BAD_EMAIL);
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await page.getByRole('alert').waitFor();
    expect(await messages()).toEqual(['Please enter a valid email address.']);
    expect(await invalid(page.getByLabel('Work email'))).toBe('true');
    expect(await seriousViolationsOfStateAtWidths(page)).toEqual([]);

    await page.goto(`${site.baseUrl}/?dialog=contact`);
    await waitForInteractive(page);
    await page.getByRole('button', { name: 'SUBMIT_CHALLENGE' }).click();
    await page.getByRole('alert').first().waitFor();
    expect(await messages()).toEqual([
      'Please enter your email address.',
      'Please enter your company name.',
      'Please describe your challenge.',
    ]);
    expect(await invalid(page.getByRole('dialog').getByLabel('Company'))).toBe('true');
    expect(await seriousViolationsOfStateAtWidths(page)).toEqual([]);

    await page.goto(`${site.baseUrl}/bounties?dialog=create-bounty`);
    await waitForInteractive(page);
    await page.getByRole('button', { name: 'SUBMIT_BOUNTY' }).click();
    await page.getByRole('alert').first().waitFor();
    expect(await messages()).toEqual([
      'Title is required.',
      'Company is required.',
      'Description is required.',
      'Bounty amount is required.',
      'Deadline is required.',
    ]);
    expect(await invalid(page.getByRole('dialog').getByLabel('Title'))).toBe('true');
    expect(await seriousViolationsOfStateAtWidths(page)).toEqual([]);
    await page.close();
  });

  it('logs no URL carrying what was typed', () => {
    const log = site.output();
    expect(log).toContain('"url":"/api/submit-form"');
    const loggedUrls = [...log.matchAll(/"url":"([^"]*)"/g)].map((match) => match[1] as string);
    expect(carryingTyped(loggedUrls)).toEqual([]);
    for (const encoded of encodings(EMAIL)) expect(log).not.toContain(encoded);
  });
});
