import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page, Route } from 'playwright-core';
import {
  type RunningSite,
  mainHeading,
  overflowsViewport,
  useComposedSite,
  mainHeadingAfterNavigation,
  waitForInteractive,
} from '@side-quest/build/e2e';

const MARKETING_ENV = {
  MARKETING_PORTAL_ID: '1234567',
  MARKETING_SIGNUP_FORM_ID: 'aaaaaaaa-1111-2222-3333-bbbbbbbbbbbb',
  MARKETING_CONTACT_FORM_ID: 'cccccccc-4444-5555-6666-dddddddddddd',
  MARKETING_SCRIPT_HOST: 'js-eu1.hsforms.net',
};
const PROVIDER = 'https://js-eu1.hsforms.net/**';
const FORM_EMBED_SCRIPT = 'https://js-eu1.hsforms.net/forms/embed/1234567.js';
const V2_SCRIPT = 'https://js-eu1.hsforms.net/forms/embed/v2.js';

function rows(running: RunningSite, table: 'signups' | 'challenge_requests') {
  const db = new Database(path.join(running.dataDir, 'contacts.db'), { readonly: true });
  try {
    return db.prepare(`SELECT * FROM ${table} ORDER BY id`).all() as Record<string, unknown>[];
  } finally {
    db.close();
  }
}

describe('shell: navigation, metadata and the not-found page', () => {
  const composed = useComposedSite();

  it('navigates from the header, scrolls to the top and focuses the new main heading', async () => {
    const page = await composed.browser.newPage();
    await page.goto(`${composed.site.baseUrl}/`);
    expect(await mainHeading(page)).toBe('PROVE YOUR SKILLS');
    expect(await page.title()).toBe('Side Quest - Prove Your Skills with Real-World Projects');
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBeTruthy();

    await waitForInteractive(page);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'About' }).click();
    await page.waitForURL(`${composed.site.baseUrl}/about`);
    expect(await mainHeadingAfterNavigation(page, 'About Side Quest')).toBe('About Side Quest');
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1', null, { timeout: 5000 });
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await nav.getByRole('link', { name: 'About' }).getAttribute('aria-current')).toBe('page');
    expect(await page.title()).toBe('About | Side Quest');

    // A remote section's heading arrives later; focus still lands on it.
    await nav.getByRole('link', { name: 'Compass' }).click();
    await page.waitForURL(`${composed.site.baseUrl}/compass`);
    await page.waitForFunction(
      () => document.activeElement?.tagName === 'H1' && document.activeElement.closest('main') !== null,
      null,
      { timeout: 10000 },
    );

    await page.getByRole('link', { name: 'SIDE_QUEST' }).click();
    await page.waitForURL(`${composed.site.baseUrl}/`);
    expect(await mainHeadingAfterNavigation(page, 'PROVE YOUR SKILLS')).toBe('PROVE YOUR SKILLS');
    await page.close();
  });

  it('answers an unknown path with 404 and the not-found page, known routes with 200', async () => {
    const page = await composed.browser.newPage();
    const missing = await page.goto(`${composed.site.baseUrl}/no/such/page`);
    expect(missing?.status()).toBe(404);
    expect(await mainHeading(page)).toBe('Page Not Found');
    expect(await page.getByText("You didn't see this page....").isVisible()).toBe(true);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    expect(await page.title()).toBe('Page Not Found | Side Quest');
    await page.getByRole('link', { name: 'Go Back Home' }).click();
    await page.waitForURL(`${composed.site.baseUrl}/`);
    for (const route of ['/', '/about']) {
      const response = await page.goto(composed.site.baseUrl + route);
      expect(response?.status()).toBe(200);
    }
    await page.close();
  });

  it('plays the hero clip muted and inline, and shows only the poster under reduced motion', async () => {
    const page = await composed.browser.newPage();
    await page.goto(`${composed.site.baseUrl}/`);
    const video = page.locator('video[data-testid="hero-video"]');
    await video.waitFor();
    // The clip's sources join once the page has loaded, and the clip then plays from one of them.
    await page.waitForFunction(
      () => (document.querySelector('video[data-testid="hero-video"]') as HTMLVideoElement).currentSrc !== '',
      undefined,
      { timeout: 10_000 },
    );
    const state = await video.evaluate((element: HTMLVideoElement) => ({
      muted: element.muted,
      loop: element.loop,
      playsInline: element.playsInline,
      poster: element.poster,
    }));
    expect(state).toMatchObject({ muted: true, loop: true, playsInline: true });
    expect(state.poster).toMatch(/hero-poster\.[0-9a-f]{10}\.webp$/);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.reload();
    await page.locator('img[data-testid="hero-still"]').waitFor();
    expect(await page.locator('video').count()).toBe(0);
    await page.close();
  });
});

describe('shell at 390 px: the mobile menu', () => {
  const composed = useComposedSite({ browser: { viewport: { width: 390, height: 844 } } });

  it('opens full screen with the links, closes on a link, and its Log In opens the Log In dialog', async () => {
    const page = await composed.browser.newPage();
    await page.goto(`${composed.site.baseUrl}/`);
    await mainHeading(page);
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    // The menu's code arrives as the pointer reaches its button (lazyMobileMenu.tsx).
    await menu.waitFor();
    const box = await menu.boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
    expect(await menu.getByRole('link').allTextContents()).toEqual([
      'Bounties',
      'Compass',
      'Stories',
      'For Clients',
      'About',
    ]);
    await menu.getByRole('link', { name: 'Stories' }).click();
    await page.waitForURL(`${composed.site.baseUrl}/blog`);
    expect(await menu.count()).toBe(0);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('button', { name: 'Close menu' }).click();
    expect(await menu.count()).toBe(0);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('button', { name: 'Log In' }).click();
    expect(await menu.count()).toBe(0);
    // Its code arrives as the pointer reaches Log In (lazyShellDialogs.tsx).
    await page.getByRole('dialog', { name: 'JOIN_SIDE_QUEST' }).waitFor();
    await page.close();
  });

  it('shows the landing’s featured bounties to a reader who left before they hydrated and came back', async () => {
    const page = await composed.browser.newPage();
    await page.goto(`${composed.site.baseUrl}/`);
    await waitForInteractive(page);
    // Below the fold on a phone, so held as the server rendered them until the reader scrolls there.
    const featuredArea = page.locator('#featured-bounties');
    expect(await featuredArea.getAttribute('data-awaiting-hydration')).toBe('');
    await page.getByRole('link', { name: 'EXPLORE BOUNTIES' }).click();
    expect(await mainHeadingAfterNavigation(page, 'BOUNTIES_MARKETPLACE')).toBe('BOUNTIES_MARKETPLACE');
    await page.goBack();
    expect(await mainHeadingAfterNavigation(page, 'PROVE YOUR SKILLS')).toBe('PROVE YOUR SKILLS');
    await featuredArea.scrollIntoViewIfNeeded();
    await page.getByRole('list', { name: 'Featured bounties' }).waitFor({ timeout: 15000 });
    expect(await featuredArea.getByText('Loading bounties...').count()).toBe(0);
    await page.close();
  });

  it('has no horizontal overflow on the shell’s pages and keeps dialogs within 90% of the height', async () => {
    const page = await composed.browser.newPage();
    for (const route of ['/', '/about', '/no/such/page']) {
      await page.goto(composed.site.baseUrl + route);
      await mainHeading(page);
      expect(await overflowsViewport(page)).toBe(false);
    }
    await page.getByRole('contentinfo').getByRole('button', { name: 'Contact' }).click();
    const dialog = page.getByRole('dialog', { name: 'POST_CHALLENGE' });
    await dialog.waitFor();
    const box = await dialog.boundingBox();
    expect(box!.height).toBeLessThanOrEqual(844 * 0.9 + 1);
    expect(box!.width).toBeLessThanOrEqual(390);
    await page.close();
  });
});

describe('shell dialogs when the provider’s script is blocked', () => {
  const composed = useComposedSite({ env: MARKETING_ENV });
  let providerRequests: string[];

  async function blockedPage(): Promise<Page> {
    providerRequests = [];
    const page = await composed.browser.newPage();
    await page.route(PROVIDER, (route: Route) => {
      providerRequests.push(route.request().url());
      return route.abort('blockedbyclient');
    });
    await page.goto(`${composed.site.baseUrl}/`);
    await mainHeading(page);
    return page;
  }

  it('Log In: loads the form-embed script, falls back to the native form, stores the sign-up', async () => {
    const page = await blockedPage();
    await page.getByRole('banner').getByRole('button', { name: 'Log In' }).click();
    const dialog = page.getByRole('dialog', { name: 'JOIN_SIDE_QUEST' });
    await dialog.getByLabel('Email').waitFor({ timeout: 5000 });
    expect(providerRequests).toEqual([FORM_EMBED_SCRIPT]);
    expect(await page.locator('script[data-marketing-embed]').count()).toBe(0);

    await dialog.getByLabel('Email').fill('ada@example');
    await dialog.getByRole('button', { name: 'SIGN_UP' }).click();
    expect(await dialog.getByText('Please enter a valid email address.').isVisible()).toBe(true);
    expect(rows(composed.site, 'signups')).toHaveLength(0);

    await dialog.getByLabel('Email').fill('ada@example.com');
    await dialog.getByRole('button', { name: 'SIGN_UP' }).click();
    await dialog.getByRole('status').waitFor({ timeout: 5000 });
    expect(rows(composed.site, 'signups')).toEqual([
      expect.objectContaining({
        email: 'ada@example.com',
        source: 'login',
        page_uri: `${composed.site.baseUrl}/`,
      }),
    ]);

    // The toast: one at a time, in the notification area, which F8 focuses.
    await dialog.getByRole('button', { name: 'DONE' }).click();
    const toasts = page.getByTestId('toast');
    await toasts.first().waitFor();
    expect(await toasts.count()).toBe(1);
    expect(await toasts.first().textContent()).toContain('You are signed up');
    await page.keyboard.press('F8');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Notifications (F8)',
    );
    await page.close();
  });

  it('post-challenge: loads the v2 script, falls back to email, company and description, stores them', async () => {
    const page = await blockedPage();
    await page.getByRole('contentinfo').getByRole('button', { name: 'Contact' }).click();
    const dialog = page.getByRole('dialog', { name: 'POST_CHALLENGE' });
    await dialog.getByLabel('Company').waitFor({ timeout: 5000 });
    expect(providerRequests).toEqual([V2_SCRIPT]);

    await dialog.getByRole('button', { name: 'SUBMIT_CHALLENGE' }).click();
    for (const message of [
      'Please enter your email address.',
      'Please enter your company name.',
      'Please describe your challenge.',
    ]) {
      expect(await dialog.getByText(message).isVisible()).toBe(true);
    }
    await dialog.getByLabel('Email').fill('cto@acme.io');
    await dialog.getByLabel('Company').fill('Acme Robotics');
    await dialog.getByLabel('Challenge description').fill('Cut our CI pipeline from 40 minutes to under 10.');
    await dialog.getByRole('button', { name: 'SUBMIT_CHALLENGE' }).click();
    await dialog.getByRole('status').waitFor({ timeout: 5000 });
    expect(rows(composed.site, 'challenge_requests')).toEqual([
      expect.objectContaining({
        email: 'cto@acme.io',
        company: 'Acme Robotics',
        challenge_description: 'Cut our CI pipeline from 40 minutes to under 10.',
      }),
    ]);
    await page.close();
  });

  it('Log In: falls back and stores the sign-up; a failed send keeps what was typed', async () => {
    const page = await blockedPage();
    await page.locator('header').getByRole('button', { name: 'Log In' }).click();
    const dialog = page.getByRole('dialog', { name: 'JOIN_SIDE_QUEST' });
    await dialog.getByLabel('Email').waitFor({ timeout: 5000 });

    // The server is unreachable for one attempt: the visitor keeps the email and sees an error.
    await page.route('**/api/signups', (route) => route.abort('connectionrefused'), { times: 1 });
    await dialog.getByLabel('Email').fill('grace@example.com');
    await dialog.getByRole('button', { name: 'SIGN_UP' }).click();
    await dialog.getByText('There was a problem submitting your form. Please try again.').waitFor();
    expect(await dialog.getByLabel('Email').inputValue()).toBe('grace@example.com');

    await dialog.getByRole('button', { name: 'SIGN_UP' }).click();
    await dialog.getByRole('status').waitFor({ timeout: 5000 });
    expect(rows(composed.site, 'signups').at(-1)).toMatchObject({
      email: 'grace@example.com',
      source: 'login',
    });
    // Beside the marketing form, the dialog offers a real sign-in.
    expect(await dialog.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/sign-in');
    await page.close();
  });

  it('CREATE_ACCOUNT: creates a real account, by a code e-mailed to the address, back on this page', async () => {
    const page = await blockedPage();
    await page.getByRole('button', { name: 'CREATE_ACCOUNT' }).click();
    const dialog = page.getByRole('dialog', { name: 'CREATE_ACCOUNT' });
    await dialog.getByLabel('E-mail address').fill('new.member@example.com');
    await dialog.getByRole('button', { name: 'E-mail me a code' }).click();
    await page.waitForURL(`${composed.site.baseUrl}/sign-in?step=code`);
    await page.getByLabel('Code', { exact: true }).waitFor();
    expect(page.url()).not.toContain('example.com');
    await page.close();
  });
});

describe('shell dialogs when the provider’s script answers', () => {
  const composed = useComposedSite({ env: MARKETING_ENV });

  it('shows the embedded form once the form-embed script renders its frame, and removes the script on close', async () => {
    const page = await composed.browser.newPage();
    // A stand-in for the provider's form-embed script: it fills every .hs-form-frame with a frame.
    await page.route(FORM_EMBED_SCRIPT, (route) =>
      route.fulfill({
        contentType: 'application/javascript',
        body: `document.querySelectorAll('.hs-form-frame').forEach(function (el) {
          var frame = document.createElement('iframe');
          frame.title = 'Provider form for ' + el.dataset.formId + ' in ' + el.dataset.region;
          el.appendChild(frame);
        });`,
      }),
    );
    await page.goto(`${composed.site.baseUrl}/`);
    await mainHeading(page);
    await page.getByRole('banner').getByRole('button', { name: 'Log In' }).click();
    const dialog = page.getByRole('dialog', { name: 'JOIN_SIDE_QUEST' });
    await dialog
      .locator('iframe[title="Provider form for aaaaaaaa-1111-2222-3333-bbbbbbbbbbbb in eu1"]')
      .waitFor({ timeout: 5000 });
    await page.getByTestId('form-placeholder').waitFor({ state: 'detached', timeout: 5000 });
    expect(await dialog.getByLabel('Email').count()).toBe(0);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.locator('script[data-marketing-embed]').count()).toBe(0);
    await page.close();
  });

  it('falls back when the v2 script loads but renders no form within 8 seconds', async () => {
    const page = await composed.browser.newPage();
    await page.route(V2_SCRIPT, (route) =>
      route.fulfill({
        contentType: 'application/javascript',
        body: 'window.hbspt = { forms: { create: function () { /* never renders */ } } };',
      }),
    );
    await page.goto(`${composed.site.baseUrl}/`);
    await mainHeading(page);
    await page.getByRole('button', { name: 'POST CHALLENGE' }).click();
    const dialog = page.getByRole('dialog', { name: 'POST_CHALLENGE' });
    // The placeholder bars while the provider's script loads (once the dialog's own code is in).
    await page.getByTestId('form-placeholder').waitFor();
    const started = Date.now();
    await dialog.getByLabel('Company').waitFor({ timeout: 12000 });
    expect(Date.now() - started).toBeGreaterThan(6000);
    await page.close();
  });
});

describe('shell dialogs without marketing ids', () => {
  const composed = useComposedSite();

  it('shows the native form at once and never contacts the provider', async () => {
    const page = await composed.browser.newPage();
    const providerRequests: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(composed.site.baseUrl)) providerRequests.push(request.url());
    });
    await page.goto(`${composed.site.baseUrl}/about`);
    await mainHeading(page);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page
      .getByRole('dialog', { name: 'CREATE_ACCOUNT' })
      .getByLabel('E-mail address')
      .waitFor({ timeout: 2000 });
    expect(providerRequests).toEqual([]);

    // Focus stays inside the dialog however far Tab goes, both ways.
    for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      expect(await page.evaluate(() => document.activeElement?.closest('dialog')?.open === true)).toBe(true);
    }
    await page.keyboard.press('Escape');
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Create Account');
    await page.close();
  });
});

describe('shell toasts', () => {
  const composed = useComposedSite();

  async function raiseSignupToast(page: Page, email: string) {
    await page.locator('header').getByRole('button', { name: 'Log In' }).click();
    const dialog = page.getByRole('dialog', { name: 'JOIN_SIDE_QUEST' });
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('button', { name: 'SIGN_UP' }).click();
    await dialog.getByRole('status').waitFor({ timeout: 5000 });
    await dialog.getByRole('button', { name: 'DONE' }).click();
    await page.getByTestId('toast').first().waitFor();
  }

  it('shows one toast at a time, at most 420 px wide, closing it after 5 seconds', async () => {
    const page = await composed.browser.newPage();
    await page.goto(`${composed.site.baseUrl}/`);
    await mainHeading(page);
    await raiseSignupToast(page, 'one@example.com');
    await raiseSignupToast(page, 'two@example.com');
    const toasts = page.getByTestId('toast');
    expect(await toasts.count()).toBe(1);
    const region = await page.getByRole('region', { name: 'Notifications (F8)' }).boundingBox();
    expect(region!.width).toBeLessThanOrEqual(420);
    await toasts.first().waitFor({ state: 'detached', timeout: 7000 });
    await page.close();
  });

  it('dismisses a toast swiped right past 50 px, not one swiped less', async () => {
    const page = await composed.browser.newPage();
    await page.goto(`${composed.site.baseUrl}/`);
    await mainHeading(page);
    await raiseSignupToast(page, 'swipe@example.com');
    const toast = page.getByTestId('toast').first();
    const box = (await toast.boundingBox())!;
    const y = box.y + box.height / 2;
    const x = box.x + 40;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 30, y, { steps: 3 });
    await page.mouse.up();
    expect(await toast.isVisible()).toBe(true);
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 80, y, { steps: 4 });
    await page.mouse.up();
    await toast.waitFor({ state: 'detached', timeout: 2000 });
    await page.close();
  });
});
