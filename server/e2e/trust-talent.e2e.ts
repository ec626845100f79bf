// Talent profiles and what skills pay (issue 33) in the real browser against the composed production
// build with a fresh start's demo history: a public profile lists the wins and links each proven skill
// to the filtered list and to its Value Compass row; a private one is a 404 everywhere; the post form's
// suggested reward is the API's; the profile works without JavaScript; axe at 390 and 1280 px.
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser, startSite, waitForInteractive, type RunningSite } from '@side-quest/build/e2e';
import { startTestSmtpServer, type TestSmtpServer } from '../src/testing/testSmtpServer';
import { seriousViolationsAtWidths, watchErrors } from './pageChecks';
import { signInByCode } from './people';

let smtp: TestSmtpServer;
let site: RunningSite;
const contexts: Array<BrowserContext & { cleanup: () => Promise<void> }> = [];

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  site = await startSite({ env: { SMTP_URL: smtp.url, SEED_DEMO: '1' } });
});
afterAll(async () => {
  for (const context of contexts) await context.cleanup();
  await site?.stop();
  await smtp?.close();
});

async function newPage(options: Parameters<typeof launchBrowser>[0] = {}): Promise<Page> {
  const context = await launchBrowser(options);
  contexts.push(context);
  return context.newPage();
}

async function api<T>(path: string): Promise<T> {
  const answer = await fetch(`${site.baseUrl}${path}`);
  if (!answer.ok) throw new Error(`${path}: ${answer.status}`);
  return (await answer.json()) as T;
}

interface Profile {
  wins: { bountyId: string; title: string; sponsor: { name: string }; prize: number }[];
  provenSkills: string[];
  earnings: { awarded: number; paid: number } | null;
}

const usd = (amount: number) => `$${amount.toLocaleString('en-US')}`;

describe('a talent profile', () => {
  it('lists the wins with sponsor and prize, and links each proven skill to the filtered list and its pay', async () => {
    const profile = await api<Profile>('/api/v1/talent/tomas-novak');
    expect(profile.wins.length).toBe(2);
    const page = await newPage();
    const errors = watchErrors(page);
    await page.goto(`${site.baseUrl}/talent/tomas-novak`);
    await waitForInteractive(page);
    await page.getByRole('heading', { level: 1, name: 'Tomáš Novák' }).waitFor();
    const wins = page.getByTestId('talent-wins');
    for (const win of profile.wins) {
      await wins.getByRole('link', { name: win.title }).waitFor();
      await wins.getByText(`${win.sponsor.name} · prize ${usd(win.prize)}`).waitFor();
    }
    // Tomáš chose to show his earnings.
    await page.getByText('Prizes won').waitFor();
    await page.getByText(usd(profile.earnings!.awarded), { exact: true }).waitFor();
    expect(await page.getByText(/^Proved competence in /).textContent()).toBe(
      `Proved competence in ${profile.provenSkills.join(', ')}`,
    );
    const skills = page.getByTestId('proven-skills');
    // Each proven skill, in order: its bounties, then what it pays.
    const hrefs = await skills
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(hrefs).toEqual(
      profile.provenSkills.flatMap((skill) => [
        `/bounties?skill=${encodeURIComponent(skill)}`,
        `/compass#pay-skill-${skill.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
      ]),
    );

    await skills.getByRole('link', { name: /^Python ?: bounties asking for it$/ }).click();
    await page.waitForURL(`${site.baseUrl}/bounties?skill=Python`);
    // The list filtered by the skill (many bounties ask for Python: the first page of them).
    await page.locator('[data-testid="bounty-card"]').first().waitFor();
    expect(await page.locator('[data-testid="bounty-card"]').count()).toBeGreaterThan(0);

    await page.goBack();
    await page.getByRole('link', { name: /^What it pays ?: Python$/ }).click();
    await page.waitForURL(`${site.baseUrl}/compass#pay-skill-python`);
    const pay = await api<{ skills: { name: string; awarded: number; paid: number }[] }>(
      '/api/v1/skills/pay',
    );
    const python = pay.skills.find((row) => row.name === 'Python')!;
    // The row the link named is marked and scrolled to.
    const row = page.locator('#pay-skill-python[data-target]');
    await row.waitFor();
    expect(await row.isVisible()).toBe(true);
    expect(await row.textContent()).toContain(`${usd(python.awarded)}${usd(python.paid)}`);
    expect(errors).toEqual([]);
  });

  it('works without JavaScript: rendered by the server, its links plain links', async () => {
    const page = await newPage({ contextOptions: { javaScriptEnabled: false } });
    const answer = await page.goto(`${site.baseUrl}/talent/mira-okafor`);
    expect(answer?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: 'Mira Okafor' }).waitFor();
    await page.getByTestId('talent-wins').getByText('Kestrel Grid · prize $3,500').waitFor();
    // Mira did not opt in: no earnings.
    expect(await page.getByText('Prizes won').count()).toBe(0);
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '');
    expect(jsonLd).toMatchObject({ '@type': 'ProfilePage', mainEntity: { name: 'Mira Okafor' } });
    const image = await page.locator('meta[property="og:image"]').getAttribute('content');
    expect(image).toMatch(/\/og\/talent\/mira-okafor\.png\?v=/);
    expect((await fetch(image!)).headers.get('content-type')).toBe('image/png');
    await page.getByRole('link', { name: /^Battery ?: bounties asking for it$/ }).click();
    await page.waitForURL(`${site.baseUrl}/bounties?skill=Battery`);
    await page.getByText('Model battery degradation from charge cycles').first().waitFor();
  });

  it('is private unless its person made it public: 404, out of the sitemap and the API', async () => {
    const page = await newPage();
    const answer = await page.goto(`${site.baseUrl}/talent/lin-zhao`);
    expect(answer?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Profile not found' }).waitFor();
    expect((await fetch(`${site.baseUrl}/talent/nobody-at-all`)).status).toBe(404);
    expect((await fetch(`${site.baseUrl}/api/v1/talent/lin-zhao`)).status).toBe(404);
    const sitemap = await (await fetch(`${site.baseUrl}/sitemap.xml`)).text();
    expect(sitemap).toContain('/talent/tomas-novak</loc>');
    expect(sitemap).toContain('/talent/sofia-reyes</loc>');
    expect(sitemap).not.toContain('/talent/lin-zhao');
    const listed = await api<{ data: { handle: string }[] }>('/api/v1/talent');
    expect(listed.data.map((entry) => entry.handle)).not.toContain('lin-zhao');
  });
});

describe('the post form', () => {
  it('suggests the reward the API computes for the area and skills chosen', async () => {
    const page = await newPage();
    await page.goto(`${site.baseUrl}/sign-in?next=%2Fsponsor`);
    await signInByCode(page, smtp, 'owner@pricing.example.com');
    await page.waitForURL(`${site.baseUrl}/sponsor`);
    await page.getByLabel('Organisation name').fill('Pricing Lab');
    await page.getByLabel('Address on Side Quest').fill('pricing-lab');
    await page.getByLabel('Website').fill('https://pricing.example.com');
    await page.getByRole('button', { name: 'Create organisation' }).click();
    await page.waitForURL(`${site.baseUrl}/sponsor/pricing-lab?done=created`);
    await page.goto(`${site.baseUrl}/sponsor/pricing-lab/post`);
    await waitForInteractive(page);
    const box = page.getByTestId('reward-suggestion');

    const expectApiFigures = async (domain: string, skills: string[]) => {
      const query = new URLSearchParams({ domain });
      if (skills.length > 0) query.set('skills', skills.join(','));
      const figures = await api<{
        comparable: number;
        p25: number | null;
        p50: number | null;
        p75: number | null;
      }>(`/api/v1/reward-suggestion?${query.toString()}`);
      const count = `${figures.comparable} comparable ${figures.comparable === 1 ? 'bounty' : 'bounties'}`;
      if (figures.p50 === null) {
        await box.getByText(`Not enough data: ${count} so far, and a suggestion needs at least 5.`).waitFor();
      } else {
        await box.getByText(`What ${count} (same area, a shared skill) awarded in all.`).waitFor();
        for (const value of [figures.p25!, figures.p50, figures.p75!])
          await box.getByText(usd(value), { exact: true }).waitFor();
      }
      return figures;
    };

    const software = await expectApiFigures('Software', []);
    expect(software.comparable).toBe(3);
    await page.getByLabel('Domain').selectOption('Engineering');
    await page.getByLabel(/^Skills/).selectOption(['Python', 'HVAC']);
    const engineering = await expectApiFigures('Engineering', ['HVAC', 'Python']);
    expect(engineering.comparable).toBe(2);
  });
});

describe('accessibility', () => {
  it('passes axe on the talent profile, the compass and the post form at 390 and 1280 px', async () => {
    const visitor = await newPage();
    const owner = await newPage();
    await owner.goto(`${site.baseUrl}/sign-in?next=%2Fsponsor`);
    await signInByCode(owner, smtp, 'owner@axe.example.com');
    await owner.waitForURL(`${site.baseUrl}/sponsor`);
    await owner.getByLabel('Organisation name').fill('Axe Lab');
    await owner.getByLabel('Address on Side Quest').fill('axe-lab');
    await owner.getByLabel('Website').fill('https://axe.example.com');
    await owner.getByRole('button', { name: 'Create organisation' }).click();
    await owner.waitForURL(`${site.baseUrl}/sponsor/axe-lab?done=created`);
    const pages: [Page, string][] = [
      [visitor, '/talent/tomas-novak'],
      [visitor, '/talent/sofia-reyes'],
      [visitor, '/talent/lin-zhao'],
      [visitor, '/compass'],
      [owner, '/sponsor/axe-lab/post'],
    ];
    const found = await seriousViolationsAtWidths(site.baseUrl, pages, waitForInteractive);
    expect(found).toEqual([]);
  });
});
