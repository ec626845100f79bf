/**
 * Scoring beside the pages (issue 45, item 10: "20 entries scored at once leave uncached /bounties p50
 * within 1.3× of the same bench idle, in one run"). The real server process over the production build,
 * the HTML cache off, the demo data seeded, mail to a real SMTP server on loopback:
 *   1. a sponsor posts a scored bounty (ROC AUC, a generated key of --rows rows), staff approve it, and
 *      --entrants people sign in by code and each make a submission, all over HTTP as browsers do;
 *   2. idle: --requests sequential GETs of /bounties, their p50 and p99;
 *   3. loaded: every entrant sends one entry of --rows rows at the same moment; once all are accepted,
 *      GETs of /bounties run back to back until every entry has its score (the pool scores them off the
 *      request path); their p50 and p99, and how long the scoring took;
 *   4. idle again, the same way as 2.
 * The ratio is the loaded p50 over the idle p50 (the mean of 2 and 4, so a drift of the machine's load
 * shows). Prints its figures; not a test.
 *
 *   npm run build && node node_modules/.bin/tsx server/bench/scoring-load.bench.ts \
 *     [--entrants 20] [--rows 300000] [--requests 200]
 */
import { startSite, type RunningSite } from '@side-quest/build/e2e';
import { codeIn, startTestSmtpServer, type TestSmtpServer } from '../src/testing/testSmtpServer';
import { SIGN_IN_CODE_SUBJECT } from '../src/accounts/accountMails';
import { grantStaff } from '../e2e/people';
import { benchOption } from './benchOption';

const ENTRANTS = benchOption('entrants', 20);
const ROWS = benchOption('rows', 300_000);
const REQUESTS = benchOption('requests', 200);

const ids = Array.from({ length: ROWS }, (_, i) => `p${String(i).padStart(7, '0')}`);
const target = (i: number) => ((i * 2654435761) % 7 < 3 ? 1 : 0);
const keyCsv = `id,target\n${ids.map((id, i) => `${id},${target(i)}`).join('\n')}\n`;
const inputsCsv = `id,feature\n${ids.map((id, i) => `${id},${i % 97}`).join('\n')}\n`;
/** Entrant n's predictions: right more often the larger n, so the board has an order. */
const entryCsv = (n: number) =>
  `id,prediction\n${ids
    .map((id, i) => `${id},${((i * 31 + n * 17) % 100 < 50 + n ? target(i) * 0.8 + 0.1 : 0.5).toFixed(3)}`)
    .join('\n')}\n`;

let clientNumber = 0;

/** A request from its own client address (the server trusts loopback's X-Forwarded-For), so per-client limits do not meet. */
async function call(site: RunningSite, path: string, init: RequestInit & { cookie?: string } = {}) {
  const headers = new Headers(init.headers);
  headers.set('Origin', site.baseUrl);
  headers.set('X-Forwarded-For', `198.51.100.${(clientNumber = (clientNumber % 250) + 1)}`);
  if (init.cookie) headers.set('Cookie', init.cookie);
  return fetch(site.baseUrl + path, { ...init, headers, redirect: 'manual' });
}

async function expectStatus(response: Response, status: number, what: string): Promise<Response> {
  if (response.status !== status)
    throw new Error(
      `${what}: ${response.status} (expected ${status}) ${(await response.text()).slice(0, 300)}`,
    );
  return response;
}

async function signIn(site: RunningSite, smtp: TestSmtpServer, email: string): Promise<string> {
  const since = smtp.received.length;
  const json = { 'Content-Type': 'application/json' };
  await expectStatus(
    await call(site, '/api/auth/email-otp/send-verification-otp', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email, type: 'sign-in' }),
    }),
    200,
    'code request',
  );
  const code = codeIn(await smtp.nextMessageTo(email, { since, subject: SIGN_IN_CODE_SUBJECT }));
  const answer = await expectStatus(
    await call(site, '/api/auth/sign-in/email-otp', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email, otp: code }),
    }),
    200,
    'sign-in',
  );
  const session = answer.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith('side-quest.session_token='));
  if (!session) throw new Error(`no session cookie for ${email}`);
  return session.split(';')[0]!;
}

const form = (site: RunningSite, path: string, cookie: string, fields: [string, string][]) =>
  call(site, path, {
    method: 'POST',
    cookie,
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });

function multipart(fields: Record<string, string>, files: Record<string, [string, string]>): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  for (const [name, [fileName, text]] of Object.entries(files))
    body.append(name, new Blob([text], { type: 'text/csv' }), fileName);
  return body;
}

/** A published scored bounty with --entrants people's submissions on it; the entrants' session cookies. */
async function prepare(site: RunningSite, smtp: TestSmtpServer) {
  const owner = await signIn(site, smtp, 'owner@acme.example.com');
  const staffEmail = 'staff@side-quest.example.com';
  const staff = await signIn(site, smtp, staffEmail);
  grantStaff(site.dataDir, staffEmail);
  await expectStatus(
    await call(site, '/sponsor', {
      method: 'POST',
      cookie: owner,
      body: multipart({ name: 'Acme', slug: 'acme', website: 'acme.example.com' }, {}),
    }),
    303,
    'organisation',
  );
  const posted = await expectStatus(
    await form(site, '/sponsor/acme/post', owner, [
      ['title', 'Predict which parcels arrive late'],
      ['description', 'A tabular data set of parcels. Predict the probability that each arrives late.'],
      ['domain', 'AI/ML'],
      ['criteria', 'Scores well on the hidden answers'],
      ['submissionDeadline', new Date(Date.now() + 48 * 3600_000).toISOString().slice(0, 16)],
      ['payoutMethods', 'wise'],
      ['unclaimed', 'returned'],
      ['intent', 'publish'],
      ['prizes', '1000'],
    ]),
    303,
    'post a bounty',
  );
  const bountyId = String(posted.headers.get('location')).split('/')[4]!.split('?')[0]!;
  await expectStatus(
    await call(site, `/sponsor/acme/bounties/${bountyId}/scoring`, {
      method: 'POST',
      cookie: owner,
      body: multipart(
        {
          metric: 'roc_auc',
          publicShare: '30',
          dailyEntries: '5',
          finalEntries: '2',
          licence: 'CC BY 4.0',
        },
        { key: ['key.csv', keyCsv], inputs: ['inputs.csv', inputsCsv] },
      ),
    }),
    303,
    'scoring setup',
  );
  await expectStatus(await form(site, '/staff/bounties/approve', staff, [['id', bountyId]]), 303, 'approve');

  const entrants: string[] = [];
  for (let n = 0; n < ENTRANTS; n++) {
    const cookie = await signIn(site, smtp, `entrant${n}@example.com`);
    await expectStatus(
      await form(site, '/account/profile', cookie, [
        ['name', `Entrant ${n}`],
        ['handle', `entrant-${n}`],
        ['country', 'DE'],
        ['payoutMethod', 'wise'],
      ]),
      303,
      'profile',
    );
    await expectStatus(
      await form(site, `/submit/${bountyId}`, cookie, [
        ['repository', `https://git.example/entrant-${n}/late-parcels`],
        ['writeUp', `Entrant ${n}'s model of late parcels.`],
        ['answers', 'See the entries.'],
      ]),
      303,
      'submission',
    );
    entrants.push(cookie);
  }
  return { bountyId, entrants };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

async function timeOnce(site: RunningSite): Promise<number> {
  const started = process.hrtime.bigint();
  const response = await fetch(`${site.baseUrl}/bounties`);
  await response.text();
  if (response.status !== 200) throw new Error(`/bounties answered ${response.status}`);
  return Number(process.hrtime.bigint() - started) / 1e6;
}

function summary(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  return { requests: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
}

async function idle(site: RunningSite) {
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) times.push(await timeOnce(site));
  return summary(times);
}

/** Whether every entrant's entry has its score (none waiting; each scored, none invalid). */
async function allScored(site: RunningSite, bountyId: string, entrants: string[]): Promise<boolean> {
  for (const cookie of entrants) {
    const answer = await call(site, `/api/lifecycle/bounties/${bountyId}/entries`, { cookie });
    const body = (await answer.json()) as { waiting: boolean; entries: Array<{ status: string }> };
    if (body.entries.some((entry) => entry.status === 'invalid'))
      throw new Error(`an entry was refused: ${JSON.stringify(body.entries)}`);
    if (body.waiting || body.entries.length === 0) return false;
  }
  return true;
}

async function loaded(site: RunningSite, bountyId: string, entrants: string[]) {
  const entries = entrants.map((_, n) => entryCsv(n));
  const sendStarted = Date.now();
  await Promise.all(
    entrants.map(async (cookie, n) =>
      expectStatus(
        await call(site, `/submit/${bountyId}/entries`, {
          method: 'POST',
          cookie,
          body: multipart({}, { entry: ['entry.csv', entries[n]!] }),
        }),
        303,
        `entry ${n}`,
      ),
    ),
  );
  const accepted = Date.now();
  const times: number[] = [];
  let done = false;
  const watcher = (async () => {
    const until = Date.now() + 10 * 60_000;
    while (!(await allScored(site, bountyId, entrants))) {
      if (Date.now() > until) throw new Error('the entries were not scored within 10 minutes');
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    done = true;
  })();
  while (!done) times.push(await timeOnce(site));
  await watcher;
  return { ...summary(times), uploadMs: accepted - sendStarted, scoringMs: Date.now() - accepted };
}

async function main() {
  const smtp = await startTestSmtpServer();
  const site = await startSite({ env: { SEED_DEMO: '1', HTML_CACHE_MS: '0', SMTP_URL: smtp.url } });
  try {
    const { bountyId, entrants } = await prepare(site, smtp);
    for (let i = 0; i < 10; i++) await timeOnce(site);
    const before = await idle(site);
    const during = await loaded(site, bountyId, entrants);
    const after = await idle(site);
    const idleP50 = (before.p50 + after.p50) / 2;
    const ms = (value: number) => value.toFixed(1);
    console.log(
      `\nUncached /bounties beside scoring: ${ENTRANTS} entries of ${ROWS.toLocaleString('en-US')} rows (ROC AUC), sent at once\n`,
    );
    console.log('| phase | requests | p50 ms | p99 ms |');
    console.log('|---|---|---|---|');
    console.log(`| idle, before | ${before.requests} | ${ms(before.p50)} | ${ms(before.p99)} |`);
    console.log(
      `| while ${ENTRANTS} entries are scored | ${during.requests} | ${ms(during.p50)} | ${ms(during.p99)} |`,
    );
    console.log(`| idle, after | ${after.requests} | ${ms(after.p50)} | ${ms(after.p99)} |`);
    console.log(
      `\nUploads accepted in ${during.uploadMs} ms; all ${ENTRANTS} scored ${during.scoringMs} ms after that ` +
        `(${Math.round((ENTRANTS * ROWS) / (during.scoringMs / 1000)).toLocaleString('en-US')} rows/s).`,
    );
    console.log(
      `p50 while scoring ÷ idle p50 (mean of before and after, ${ms(idleP50)} ms): ` +
        `${(during.p50 / idleP50).toFixed(2)}× (target ≤ 1.3×)`,
    );
  } finally {
    await site.stop();
    await smtp.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
