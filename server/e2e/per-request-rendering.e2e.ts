// What a server render keeps to itself: a person's data stays in the QueryClient of their own request
// (two people's pages rendered at once never mix), and every render, in the server's process and in a
// release process (a canary's, a tester's override), uses one copy of each shared library — React
// Router inside @side-quest/design, TanStack Query inside @side-quest/data/query.
import { launchBrowser, startSite, type RunningSite } from '@side-quest/build/e2e';
import type { RuntimeConfig } from '@side-quest/data/config';
import { REMOTE_NAMES } from '@side-quest/data/remotes';
import { startTestSmtpServer, type TestSmtpServer } from '../src/testing/testSmtpServer';
import { startReleaseProcess } from '../src/render/releaseProcess';
import type { RenderBudgets } from '../src/render/renderPage';
import { serverManifestUrl } from '../src/render/sectionReleases';
import { signInByCode } from './people';

const PEOPLE = ['ada.per-request@example.com', 'grace.per-request@example.com'] as const;
const BUDGETS: RenderBudgets = { codeMs: 10_000, dataMs: 10_000, renderMs: 10_000 };
const SHARED = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'styled-components',
  '@side-quest/design',
  '@side-quest/data',
  '@side-quest/data/query',
];

describe('rendering per request', () => {
  let smtp: TestSmtpServer;
  let site: RunningSite;
  /** Each person's session cookie, by e-mail address. */
  const cookies = new Map<string, string>();
  let pagePaths: string[];

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    site = await startSite({ env: { SMTP_URL: smtp.url } });
    const origin = `http://localhost:${site.port}`;
    const browser = await launchBrowser();
    try {
      for (const email of PEOPLE) {
        await browser.clearCookies();
        const page = await browser.newPage();
        await page.goto(`${origin}/sign-in`);
        await signInByCode(page, smtp, email);
        await page.waitForURL((url) => !url.pathname.startsWith('/sign-in'));
        await page.close();
        const jar = await browser.cookies(origin);
        cookies.set(email, jar.map(({ name, value }) => `${name}=${value}`).join('; '));
      }
    } finally {
      await browser.cleanup();
    }
    const list = (await (await fetch(`${site.baseUrl}/api/bounties`)).json()) as { id: string }[];
    pagePaths = [
      '/',
      '/bounties',
      `/bounty/${encodeURIComponent(list[0]?.id ?? 'unknown')}`,
      '/compass',
      '/blog',
      '/blog/how-to-sidequest-guide',
      '/for-clients',
      '/about',
    ];
  });
  afterAll(async () => {
    await site?.stop();
    await smtp?.close();
  });

  it("renders two people's account pages at the same time, each with only their own data", async () => {
    const [ada, grace] = PEOPLE;
    // Interleaved and all in flight at once: a person's data in anything module-level would show up in
    // the other's page.
    const order = Array.from({ length: 16 }, (_, index) => (index % 2 === 0 ? ada : grace));
    const pages = await Promise.all(
      order.map(async (email) => {
        const response = await fetch(`${site.baseUrl}/account`, {
          headers: { cookie: cookies.get(email) ?? '' },
          redirect: 'manual',
        });
        return { email, status: response.status, html: await response.text() };
      }),
    );
    for (const { email, status, html } of pages) {
      const other = email === ada ? grace : ada;
      expect({ email, status, own: html.includes(email), others: html.includes(other) }).toEqual({
        email,
        status: 200,
        own: true,
        others: false,
      });
    }
  });

  describe('one copy of each shared library', () => {
    let runtime: RuntimeConfig;
    let manifests: Record<string, string>;
    beforeAll(async () => {
      runtime = (await (await fetch(`${site.baseUrl}/config.json`)).json()) as RuntimeConfig;
      manifests = {
        shell: `${site.baseUrl}/server/mf-manifest.json`,
        ...Object.fromEntries(
          REMOTE_NAMES.map((name) => [name, serverManifestUrl(runtime.remotes[name] as string)]),
        ),
      };
    });

    it("in the server's own renders (its /metrics gauge)", async () => {
      for (const path of pagePaths) {
        // A query string the HTML cache has not seen: each page is rendered now.
        expect((await fetch(`${site.baseUrl}${path}?copies=${Date.now()}`)).status).toBe(200);
      }
      const metrics = await (await fetch(`${site.baseUrl}/metrics`)).text();
      const copies = Object.fromEntries(
        [...metrics.matchAll(/^shared_library_copies\{library="([^"]+)"\} (\d+)$/gm)].map(
          ([, name, count]) => [name, Number(count)],
        ),
      );
      expect(copies).toEqual(Object.fromEntries(SHARED.map((name) => [name, 1])));
    });

    it("in a release process's renders", async () => {
      const release = startReleaseProcess(
        {
          manifests,
          runtimeConfig: { ...runtime, apiBase: site.baseUrl },
          warm: ['shell/ServerApp'],
          warmBudgetMs: BUDGETS.codeMs,
          budgets: BUDGETS,
        },
        { startupMs: 60_000, log: () => undefined },
      );
      try {
        await release.ready;
        for (const path of pagePaths) {
          const page = await release.render(path, { publicUrl: site.baseUrl }, 30_000);
          expect({ path, status: page?.status, copies: page?.sharedCopies }).toEqual({
            path,
            status: 200,
            copies: Object.fromEntries(SHARED.map((name) => [name, 1])),
          });
        }
      } finally {
        await release.stop();
      }
    });
  });
});
