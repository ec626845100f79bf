// Accounts in the real browser against the composed production build: sign-up by an e-mailed code read
// from a real SMTP server, passkeys through Chromium's virtual authenticator, the forms without
// JavaScript, the header once signed in, and axe on the new pages. Before the scripts run (held 3 s):
// server/e2e/before-hydration.e2e.ts, with every other route.
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser, startSite, waitForInteractive, type RunningSite } from '@side-quest/build/e2e';
import { codeIn, startTestSmtpServer, type TestSmtpServer } from '../src/testing/testSmtpServer';
import { seriousViolations, watchErrors } from './pageChecks';
import { grantStaff, signInByCode as signInAs } from './people';

let smtp: TestSmtpServer;
let site: RunningSite;
/** The site as a browser must reach it for passkeys: the RP ID is a host name, never an IP. */
let origin: string;
const contexts: Array<BrowserContext & { cleanup: () => Promise<void> }> = [];

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  site = await startSite({ env: { SMTP_URL: smtp.url } });
  origin = `http://localhost:${site.port}`;
});
afterAll(async () => {
  for (const context of contexts) await context.cleanup();
  await site?.stop();
  await smtp?.close();
});

async function browser(options: Parameters<typeof launchBrowser>[0] = {}) {
  const context = await launchBrowser(options);
  contexts.push(context);
  return context;
}

/** Requests a code on /sign-in (on the page as it is) and enters the one that arrived by e-mail. */
const signInByCode = (page: Page, email: string) => signInAs(page, smtp, email);

describe('signing up and in', () => {
  it('signs up at /sign-in with the e-mailed code, returns to next, and the header hydrates with the name', async () => {
    const context = await browser();
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${origin}/sign-in?next=%2Faccount`);
    await waitForInteractive(page);
    await signInByCode(page, 'new.person@example.com');
    await page.waitForURL(`${origin}/account`);
    expect(await page.locator('main h1').textContent()).toBe('Your account');
    await page.getByText('Signed in as new.person@example.com').waitFor();
    // A page for one person is theirs alone: never stored by a browser or a proxy.
    const response = await page.goto(`${origin}/bounties`);
    expect(response?.headers()['cache-control']).toBe('private, no-store');
    await waitForInteractive(page);
    expect(await page.locator('header summary').textContent()).toContain('new.person');
    expect(page.url()).not.toContain('example.com');
    expect(errors).toEqual([]);
  });

  it('saves the profile, and sends a form with problems back with what was typed (422)', async () => {
    const context = await browser();
    const page = await context.newPage();
    await page.goto(`${origin}/sign-in?next=%2Faccount`);
    await signInByCode(page, 'profile.person@example.com');
    await page.waitForURL(`${origin}/account`);
    await page.getByLabel('Display name').fill('Profile Person');
    await page.getByLabel('Handle', { exact: true }).fill('x');
    await page.getByLabel('Country').selectOption('NG');
    const [sent] = await Promise.all([
      page.waitForResponse((answer) => answer.url().endsWith('/account/profile')),
      page.getByRole('button', { name: 'Save profile' }).click(),
    ]);
    expect(sent.status()).toBe(422);
    await page.getByText('A handle has 3 to 30 characters.').waitFor();
    expect(await page.getByLabel('Display name').inputValue()).toBe('Profile Person');
    expect(await page.getByLabel('Country').inputValue()).toBe('NG');
    // The answer is the account page: the address bar says so once the page runs its script.
    await waitForInteractive(page);
    expect(page.url()).toBe(`${origin}/account`);
    await page.getByLabel('Handle', { exact: true }).fill('profile-person');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.waitForURL(`${origin}/account?done=profile`);
    expect(await page.getByRole('status').textContent()).toBe('Your profile is saved.');
    expect(await page.getByLabel('Handle', { exact: true }).inputValue()).toBe('profile-person');
    expect(await page.locator('header summary').textContent()).toContain('Profile Person');
  });

  it('adds a passkey, signs out, and signs in with the passkey alone', async () => {
    const context = await browser();
    const page = await context.newPage();
    const authenticator = await context.newCDPSession(page);
    await authenticator.send('WebAuthn.enable');
    await authenticator.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
      },
    });
    await page.goto(`${origin}/sign-in?next=%2Faccount`);
    await signInByCode(page, 'passkey.person@example.com');
    await page.waitForURL(`${origin}/account`);
    await waitForInteractive(page);
    await page.getByLabel('Passkey name').fill('Test laptop');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await page.waitForURL(`${origin}/account?done=passkey-added`);
    await page.getByText('Test laptop').waitFor();

    await page.locator('header summary').click();
    await page.locator('header').getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${origin}/`);
    await page.locator('header').getByRole('button', { name: 'Log In' }).waitFor();

    await page.goto(`${origin}/sign-in?next=%2Faccount`);
    await waitForInteractive(page);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.waitForURL(`${origin}/account`);
    await page.getByText('Signed in as passkey.person@example.com').waitFor();
  });

  it('signs in with the e-mailed code with JavaScript disabled', async () => {
    const context = await browser({ contextOptions: { javaScriptEnabled: false } });
    const page = await context.newPage();
    await page.goto(`${origin}/account`);
    // Signed out, the account page sends the browser to sign in, and back after.
    await page.waitForURL(`${origin}/sign-in?next=%2Faccount`);
    await signInByCode(page, 'no.script@example.com');
    await page.waitForURL(`${origin}/account`);
    await page.getByText('Signed in as no.script@example.com').waitFor();
    expect(await page.locator('header summary').textContent()).toContain('no.script');
  });

  it('says the same thing for an address with or without an account, and a wrong code is named', async () => {
    const context = await browser();
    const page = await context.newPage();
    await page.goto(`${origin}/sign-in`);
    const since = smtp.received.length;
    await page.getByLabel('E-mail address').fill('new.person@example.com');
    await page.getByRole('button', { name: 'E-mail me a code' }).click();
    await page.waitForURL(/step=code/);
    const code = codeIn(await smtp.nextMessageTo('new.person@example.com', { since }));
    await page.getByLabel('Code', { exact: true }).fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/error=wrong-code/);
    expect(await page.getByRole('alert').textContent()).toBe(
      'That code is not right. Check the newest e-mail from us and try again.',
    );
  });
});

describe('sponsor teams and staff', () => {
  it('creates an organisation, invites a second person who accepts and sees it, and a member cannot change roles', async () => {
    const ownerContext = await browser();
    const owner = await ownerContext.newPage();
    await owner.goto(`${origin}/sign-in?next=%2Fsponsor`);
    await signInByCode(owner, 'founder@orbit.example.com');
    await owner.waitForURL(`${origin}/sponsor`);
    await owner.getByLabel('Organisation name').fill('Orbit Works');
    await owner.getByLabel('Address on Side Quest').fill('orbit-works');
    await owner.getByLabel('Website').fill('https://orbit.example.com');
    await owner.getByRole('button', { name: 'Create organisation' }).click();
    await owner.waitForURL(`${origin}/sponsor/orbit-works?done=created`);
    expect(await owner.locator('main h1').textContent()).toBe('Orbit Works');
    await owner.getByText('Unverified').first().waitFor();

    await owner.getByLabel('E-mail address').fill('teammate@example.com');
    await owner.getByLabel('Role', { exact: true }).selectOption('member');
    const since = smtp.received.length;
    await owner.getByRole('button', { name: 'Send invitation' }).click();
    await owner.waitForURL(`${origin}/sponsor/orbit-works?done=invited`);
    const invitation = await smtp.nextMessageTo('teammate@example.com', { since });
    expect(invitation.text).toContain('Orbit Works');

    const teammateContext = await browser();
    const teammate = await teammateContext.newPage();
    await teammate.goto(`${origin}/sign-in?next=%2Fsponsor`);
    await signInByCode(teammate, 'teammate@example.com');
    await teammate.waitForURL(`${origin}/sponsor`);
    await teammate.getByRole('button', { name: 'Join Orbit Works' }).click();
    await teammate.waitForURL(`${origin}/sponsor?done=joined`);
    await teammate.getByRole('link', { name: 'Orbit Works' }).click();
    await teammate.waitForURL(`${origin}/sponsor/orbit-works`);
    await teammate.getByText('founder@orbit.example.com', { exact: true }).waitFor();
    // A member sees the team but no control over roles, and the server refuses the change anyway.
    expect(await teammate.getByRole('button', { name: 'Change role' }).count()).toBe(0);
    const refused = await teammate.evaluate(async () => {
      const body = new URLSearchParams({ memberId: 'anyone', role: 'owner' });
      return (await fetch('/sponsor/orbit-works/roles', { method: 'POST', body })).status;
    });
    expect(refused).toBe(404);
    // The owner sees the change-role control for the member.
    await owner.reload();
    expect(await owner.getByRole('button', { name: 'Change role' }).count()).toBe(1);
  });

  it('staff, granted from the command line only, verify an organisation and archive an anonymous draft', async () => {
    const context = await browser();
    const page = await context.newPage();
    await page.goto(`${origin}/sign-in?next=%2Fstaff`);
    await signInByCode(page, 'operator@example.com');
    await page.waitForURL(`${origin}/staff`);
    // Not staff yet: the console's own path answers 403.
    expect(await page.locator('h1').textContent()).toBe('Staff only');
    grantStaff(site.dataDir, 'operator@example.com');
    const draft = await fetch(`${site.baseUrl}/api/bounty-submissions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        title: 'Map the river sensors',
        company: 'Riverside',
        description: 'Put every sensor of the river on one map.',
        bountyAmount: 1200,
        deadline: 21,
        domain: 'Software',
      }),
    });
    expect(draft.status).toBe(201);
    await page.goto(`${origin}/staff`);
    expect(await page.locator('h1').textContent()).toBe('Staff console');
    await page.getByRole('button', { name: 'Verify Orbit Works' }).click();
    await page.waitForURL(`${origin}/staff?done=verified`);
    expect(await page.getByRole('button', { name: 'Verify Orbit Works' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Archive “Map the river sensors”' }).click();
    await page.waitForURL(`${origin}/staff?done=archived`);
    expect(await page.getByText('Map the river sensors').count()).toBe(0);
    // The release registry is staff's too.
    expect((await page.goto(`${origin}/releases`))?.status()).toBe(200);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

describe('the new pages pass axe at phone and desktop widths', () => {
  it.each([
    [390, 844],
    [1280, 900],
  ])('at %i px: /sign-in (both steps), /account and /sponsor', async (width, height) => {
    const context = await browser({ viewport: { width, height } });
    const page = await context.newPage();
    const found: Record<string, string[]> = {};
    await page.goto(`${origin}/sign-in?next=%2Faccount`);
    await waitForInteractive(page);
    found['/sign-in'] = await seriousViolations(page);
    const email = `axe.${width}@example.com`;
    const since = smtp.received.length;
    await page.getByLabel('E-mail address').fill(email);
    await page.getByRole('button', { name: 'E-mail me a code' }).click();
    await page.waitForURL(/step=code/);
    await waitForInteractive(page);
    found['/sign-in?step=code'] = await seriousViolations(page);
    await page.getByLabel('Code', { exact: true }).fill(codeIn(await smtp.nextMessageTo(email, { since })));
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`${origin}/account`);
    await waitForInteractive(page);
    found['/account'] = await seriousViolations(page);
    await page.goto(`${origin}/sponsor`);
    await waitForInteractive(page);
    found['/sponsor'] = await seriousViolations(page);
    expect(found).toEqual({ '/sign-in': [], '/sign-in?step=code': [], '/account': [], '/sponsor': [] });
  });
});
