// Test helper (not shipped code): what the HTTP tests of scored bounties share — the databases they run
// on, requests as a signed-in person, the organisations and the bounty they start from, the answer key
// and inputs, waiting for scores, and the test clock on either database.
import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import pg from 'pg';
import { DAY_MS } from '@side-quest/data/lifecycle';
import { SAME_ORIGIN, startTestSite, type TestSite } from './testAccounts';
import { postgresForThisFile } from './testPostgres';
import { moveDeadlinesBack } from './testClock';

export type SiteKind = [database: string, env: () => Promise<Record<string, string>>];

/**
 * The databases a site test runs on: SQLite, and PostgreSQL where it runs (required under CI). Call at
 * the top level of the test file: it registers the file's PostgreSQL cluster.
 */
export function siteKinds(name: string, env: Record<string, string> = {}): SiteKind[] {
  const postgres = postgresForThisFile(name);
  const kinds: SiteKind[] = [['SQLite', async () => ({ ...env })]];
  if (postgres.available)
    kinds.push(['PostgreSQL', async () => ({ ...env, DATABASE_URL: await postgres.database() })]);
  return kinds;
}

export interface SiteRequests {
  post(url: string, cookie: string): request.Test;
  form(url: string, cookie: string, fields: [string, string][]): request.Test;
  get(url: string, cookie?: string): request.Test;
}

/** Requests to the site (started later, in beforeAll) as whoever's cookie is given, from the same origin. */
export function siteRequests(site: () => TestSite): SiteRequests {
  const post = (url: string, cookie: string) =>
    request(site().app).post(url).set('Host', '127.0.0.1').set('Origin', SAME_ORIGIN).set('Cookie', cookie);
  return {
    post,
    form: (url, cookie, fields) =>
      post(url, cookie).type('form').send(new URLSearchParams(fields).toString()),
    get: (url, cookie) => {
      const call = request(site().app).get(url);
      return cookie ? call.set('Cookie', cookie) : call;
    },
  };
}

/** The people the scored HTTP tests sign in, by the name the tests call them. */
export const SCORED_SITE_PEOPLE = {
  owner: 'owner@acme.example.com',
  stranger: 'owner@other.example.com',
  ada: 'ada@example.com',
  bob: 'bob@example.com',
  cy: 'cy@example.com',
  dee: 'dee@example.com',
  staff: 'staff@side-quest.example.com',
} as const;

/** These of SCORED_SITE_PEOPLE, with their addresses (startScoredSite's `people`). */
export function scoredSitePeople<Person extends keyof typeof SCORED_SITE_PEOPLE>(
  ...people: Person[]
): Record<Person, string> {
  const addresses: Record<string, string> = SCORED_SITE_PEOPLE;
  return Object.fromEntries(people.map((person) => [person, addresses[person]])) as Record<Person, string>;
}

/**
 * A site on `env` with these people signed in at once (each name's address), `staff` among them made
 * staff, and an organisation for each [person, slug] of `organisations`: the site and each name's cookie.
 */
export async function startScoredSite<Person extends string>(
  env: Record<string, string>,
  people: Record<Person, string>,
  {
    staff,
    organisations = [],
  }: { staff?: NoInfer<Person>; organisations?: ReadonlyArray<readonly [NoInfer<Person>, string]> } = {},
): Promise<{ site: TestSite; cookies: Record<Person, string> }> {
  const site = await startTestSite(env);
  const names = Object.keys(people) as Person[];
  const signedIn = await Promise.all(names.map((name) => site.signIn(people[name])));
  const cookies = Object.fromEntries(names.map((name, i) => [name, signedIn[i]])) as Record<Person, string>;
  if (staff) await site.stores.accounts.setRole(people[staff], 'staff');
  await addOrganisations(
    siteRequests(() => site),
    organisations.map(([person, slug]) => [cookies[person], slug] as const),
  );
  return { site, cookies };
}

/** An entrant's entry file sent to the bounty (as the entries form does), for the caller to expect. */
export const sendEntry = (
  requests: SiteRequests,
  cookie: string,
  bountyId: string,
  text: string,
  fileName = 'entry.csv',
) =>
  requests.post(`/submit/${bountyId}/entries`, cookie).attach('entry', Buffer.from(text), {
    filename: fileName,
    contentType: 'text/csv',
  });

/** A profile complete enough to submit and be paid: name and handle, Germany, paid by Wise. */
export async function completeProfile(
  requests: SiteRequests,
  cookie: string,
  handle: string,
  extra: [string, string][] = [],
): Promise<void> {
  await requests
    .form('/account/profile', cookie, [
      ['name', handle],
      ['handle', handle],
      ['country', 'DE'],
      ['payoutMethod', 'wise'],
      ...extra,
    ])
    .expect(303);
}

/** An organisation for each person: its name and slug `slug`, its website slug.example.com. */
export async function addOrganisations(
  requests: SiteRequests,
  owners: ReadonlyArray<readonly [cookie: string, slug: string]>,
): Promise<void> {
  for (const [cookie, slug] of owners)
    await requests
      .post('/sponsor', cookie)
      .field('name', slug)
      .field('slug', slug)
      .field('website', `${slug}.example.com`)
      .expect(303);
}

/** The bounty the scored tests start from: parcels that arrive late, AI/ML, deadline in two days, sent to staff. */
export const PARCELS_BOUNTY: ReadonlyArray<[string, string]> = [
  ['title', 'Predict which parcels arrive late'],
  ['description', 'A tabular data set of parcels. Predict the probability that each arrives late.'],
  ['domain', 'AI/ML'],
  ['criteria', 'Scores well on the hidden answers'],
  ['payoutMethods', 'wise'],
  ['unclaimed', 'returned'],
  ['intent', 'publish'],
];

/** Posts a bounty on acme's form (PARCELS_BOUNTY with these fields after it) and returns its id. */
export async function postBounty(
  requests: SiteRequests,
  cookie: string,
  fields: [string, string][] = [['prizes', '1000']],
  bounty: ReadonlyArray<[string, string]> = PARCELS_BOUNTY,
): Promise<string> {
  const posted = await requests
    .form('/sponsor/acme/post', cookie, [
      ...bounty,
      ['submissionDeadline', new Date(Date.now() + 48 * 3600_000).toISOString().slice(0, 16)],
      ...fields,
    ])
    .expect(303);
  return String(posted.headers.location).split('/')[4]!.split('?')[0]!;
}

/** A binary answer key of `rows` ids with alternating classes (so both are in each part of any split), and its inputs. */
export function binaryKey(rows: number) {
  const ids = Array.from({ length: rows }, (_, i) => `row-${String(i).padStart(3, '0')}`);
  const target = (i: number) => (i % 2 === 0 ? 1 : 0);
  return {
    ids,
    target,
    keyCsv: `id,target\n${ids.map((id, i) => `${id},${target(i)}`).join('\n')}\n`,
    inputsCsv: inputsFor(ids),
  };
}

/** The entrants' inputs for these ids: one made-up feature. */
export const inputsFor = (ids: readonly string[]) =>
  `id,feature\n${ids.map((id, i) => `${id},${i * 7}`).join('\n')}\n`;

/** A file the scoring setup form uploads: its name (a .zip is sent as a ZIP, anything else as CSV) and bytes. */
export type SetupUpload = [fileName: string, content: string | Uint8Array];

/**
 * The team's scoring setup form for a bounty of acme's, as a multipart post: ROC AUC, 30 % public, five
 * entries a day, one final entry, CC BY 4.0, unless `fields` says otherwise; the files as given.
 */
export function scoringSetupForm(
  requests: SiteRequests,
  cookie: string,
  bountyId: string,
  files: Partial<Record<'key' | 'inputs' | 'training' | 'sample' | 'baseline', SetupUpload>>,
  fields: Record<string, string> = {},
) {
  let call = requests.post(`/sponsor/acme/bounties/${bountyId}/scoring`, cookie);
  for (const [name, value] of Object.entries({
    metric: 'roc_auc',
    publicShare: '30',
    dailyEntries: '5',
    finalEntries: '1',
    licence: 'CC BY 4.0',
    ...fields,
  }))
    call = call.field(name, value);
  for (const [name, [fileName, content]] of Object.entries(files))
    call = call.attach(name, Buffer.from(content), {
      filename: fileName,
      contentType: fileName.endsWith('.zip') ? 'application/zip' : 'text/csv',
    });
  return call;
}

/** Every number in a JSON value, however deep. */
export const numbersIn = (value: unknown): number[] =>
  typeof value === 'number'
    ? [value]
    : value !== null && typeof value === 'object'
      ? Object.values(value).flatMap(numbersIn)
      : [];

/**
 * That a board (or any answer) holds no private score among its numbers, given the scored entries (and
 * the baseline, as one more). Compared as numbers, not text: on a few dozen rows a metric such as ROC AUC
 * takes coarse values, so a private score can equal a public one (it is then on the board as that public
 * score, and nothing could tell them apart), and one score's digits can start another's (0.7 and 0.75).
 */
export function expectNoPrivateScore(
  answer: unknown,
  scored: ReadonlyArray<{ publicScore: number | null; privateScore: number | null }>,
): void {
  const publicScores = new Set(scored.map((entry) => entry.publicScore));
  const privateOnly = scored.map((entry) => entry.privateScore).filter((score) => !publicScores.has(score));
  expect(privateOnly.length).toBeGreaterThan(0);
  const numbers = numbersIn(answer);
  for (const score of privateOnly) expect(numbers).not.toContain(score);
}

/** Until no entry on the site waits to be scored (a minute at most). */
export async function waitUntilScored(site: TestSite): Promise<void> {
  const until = Date.now() + 60_000;
  while ((await site.stores.scored.waitingCount()) > 0) {
    if (Date.now() > until) throw new Error('entries were not scored in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The test clock on either database: the bounty's submission and judging deadlines `days` back. */
export async function passDeadlines(
  site: TestSite,
  env: Record<string, string>,
  bountyId: string,
  days: number,
): Promise<void> {
  if (!env.DATABASE_URL) return moveDeadlinesBack(site.dataDir, bountyId, days);
  const client = new pg.Client({ connectionString: env.DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ submission_deadline: string; judging_deadline: string }>(
      'SELECT submission_deadline, judging_deadline FROM hosted_bounties WHERE id = $1',
      [bountyId],
    );
    const back = (iso: string) => new Date(Date.parse(iso) - days * DAY_MS).toISOString();
    await client.query(
      'UPDATE hosted_bounties SET submission_deadline = $1, judging_deadline = $2 WHERE id = $3',
      [back(rows[0]!.submission_deadline), back(rows[0]!.judging_deadline), bountyId],
    );
  } finally {
    await client.end();
  }
}

/** Blobs stored: files under DATA_DIR/blobs/objects, or complete rows in PostgreSQL. */
export async function storedBlobCount(site: TestSite, env: Record<string, string>): Promise<number> {
  if (env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM blobs');
      return rows[0]?.n ?? 0;
    } finally {
      await client.end();
    }
  }
  const objects = path.join(site.dataDir, 'blobs', 'objects');
  if (!fs.existsSync(objects)) return 0;
  return fs.readdirSync(objects).flatMap((prefix) => fs.readdirSync(path.join(objects, prefix))).length;
}
