import request from 'supertest';
import { formatScore } from '@side-quest/data/lifecycle';
import { SAME_ORIGIN, startTestSite, type TestSite } from '../testing/testAccounts';
import { secretsRecorder } from '../testing/secretsScan';
import { inputsFor, passDeadlines, siteKinds, waitUntilScored } from '../testing/testScoredSite';

// Secrets stay secret (issue 45 item 8), on both databases: a key with distinctive values, a whole run
// of HTTP requests by a visitor, two entrants, staff and the team (pages, API answers, feeds, exports,
// downloads, errors), every answer, log line and e-mail recorded; then each is scanned. The key's
// values reach only the team's own download; the split secret and the key's stored names nothing; a
// private score only the team's and staff's answers before the reveal.
const kinds = siteKinds('scored_secrets');

const ROWS = 40;
const ids = Array.from({ length: ROWS }, (_, i) => `row-${String(i).padStart(3, '0')}`);
// Every target starts 77123.4: a string nothing else in the run holds.
const KEY_MARK = '77123.4';
const keyCsv = `id,target\n${ids.map((id, i) => `${id},${KEY_MARK}${String(i).padStart(3, '0')}1`).join('\n')}\n`;
const inputsCsv = inputsFor(ids);
const entryCsv = (at: (i: number) => number) =>
  `id,prediction\n${ids.map((id, i) => `${id},${at(i)}`).join('\n')}\n`;

describe.each(kinds)('secrets of a scored bounty on %s', (_kind, envFor) => {
  let site: TestSite;
  let env: Record<string, string>;
  const cookies: Record<string, string> = {};
  const { answers, logLines, logger, record } = secretsRecorder();
  let bountyId = '';

  const as = (who: string) => {
    const withCookie = (call: request.Test) => (cookies[who] ? call.set('Cookie', cookies[who]!) : call);
    return {
      async get(url: string) {
        return record(who, `GET ${url}`, await withCookie(request(site.app).get(url)).buffer(true));
      },
      async form(url: string, fields: [string, string][]) {
        const call = withCookie(
          request(site.app).post(url).set('Host', '127.0.0.1').set('Origin', SAME_ORIGIN),
        );
        return record(
          who,
          `POST ${url}`,
          await call.type('form').send(new URLSearchParams(fields).toString()),
        );
      },
      async entry(text: string, accept = 'application/json') {
        const call = withCookie(
          request(site.app)
            .post(`/submit/${bountyId}/entries`)
            .set('Host', '127.0.0.1')
            .set('Origin', SAME_ORIGIN)
            .set('Accept', accept),
        );
        return record(
          who,
          'POST entry',
          await call.attach('entry', Buffer.from(text), { filename: 'entry.csv', contentType: 'text/csv' }),
        );
      },
    };
  };

  beforeAll(async () => {
    env = await envFor();
    site = await startTestSite(env, logger);
    const emails = {
      team: 'owner@acme.example.com',
      ada: 'ada@example.com',
      bob: 'bob@example.com',
      staff: 'staff@side-quest.example.com',
    };
    for (const [who, email] of Object.entries(emails)) cookies[who] = await site.signIn(email);
    await site.stores.accounts.setRole(emails.staff, 'staff');
    for (const handle of ['ada', 'bob'])
      await as(handle).form('/account/profile', [
        ['name', handle],
        ['handle', handle],
        ['country', 'DE'],
        ['payoutMethod', 'wise'],
      ]);
    await request(site.app)
      .post('/sponsor')
      .set('Host', '127.0.0.1')
      .set('Origin', SAME_ORIGIN)
      .set('Cookie', cookies.team!)
      .field('name', 'acme')
      .field('slug', 'acme')
      .field('website', 'acme.example.com')
      .expect(303);
    const posted = await as('team').form('/sponsor/acme/post', [
      ['title', 'Forecast parcel weights'],
      ['description', 'A tabular data set of parcels. Predict each parcel’s weight in grams.'],
      ['domain', 'AI/ML'],
      ['criteria', 'Scores well on the hidden answers'],
      ['submissionDeadline', new Date(Date.now() + 48 * 3600_000).toISOString().slice(0, 16)],
      ['payoutMethods', 'wise'],
      ['unclaimed', 'returned'],
      ['intent', 'publish'],
      ['prizes', '1000'],
    ]);
    bountyId = String(posted.headers.location).split('/')[4]!.split('?')[0]!;
    let setup = request(site.app)
      .post(`/sponsor/acme/bounties/${bountyId}/scoring`)
      .set('Host', '127.0.0.1')
      .set('Origin', SAME_ORIGIN)
      .set('Cookie', cookies.team!);
    for (const [name, value] of Object.entries({
      metric: 'rmse',
      publicShare: '30',
      dailyEntries: '5',
      finalEntries: '2',
      licence: 'CC BY 4.0',
    }))
      setup = setup.field(name, value);
    record(
      'team',
      'POST scoring',
      await setup
        .attach('key', Buffer.from(keyCsv), { filename: 'key.csv', contentType: 'text/csv' })
        .attach('inputs', Buffer.from(inputsCsv), { filename: 'inputs.csv', contentType: 'text/csv' })
        .expect(303),
    );
    await as('staff').form('/staff/bounties/approve', [['id', bountyId]]);
  }, 120_000);
  afterAll(() => site.close(), 60_000);

  it('lets no key value, secret or (before the reveal) private score out of any answer, log line or e-mail', async () => {
    // The entrants take part: submissions, a broken file (its problems quote its own values), entries.
    for (const who of ['ada', 'bob'])
      await as(who).form(`/submit/${bountyId}`, [
        ['repository', `https://git.example/${who}/weights`],
        ['writeUp', 'A gradient boosted model on the parcel features.'],
        ['answers', 'See the entries.'],
      ]);
    await as('ada').entry(`id,prediction\nrow-000,NaN\nrow-zzz,12\nrow-000,3\n`);
    await as('ada').entry('id,target\n');
    await as('ada').entry(entryCsv((i) => 77000 + i * 10));
    await as('bob').entry(
      entryCsv((i) => 77200 - i * 3),
      'text/html',
    );
    await waitUntilScored(site);
    const entries = await site.stores.scored.entriesOfBounty(bountyId);
    const scored = entries.filter((entry) => entry.status === 'scored');
    expect(scored).toHaveLength(2);
    const privateScores = scored.flatMap((entry) => {
      const score = entry.privateScore as number;
      const publicText = formatScore(entry.publicScore);
      // The shown form too, unless the public score happens to look the same.
      return formatScore(score) === publicText ? [String(score)] : [String(score), formatScore(score)];
    });
    const setup = (await site.stores.scored.setup(bountyId))!;
    const neverShown = [
      setup.splitSecret,
      setup.keyDigest,
      setup.key.blobId,
      setup.checkedKeyBlobId,
      ...scored.map((entry) => entry.blobId as string),
    ];

    const everyone = ['visitor', 'ada', 'bob', 'staff', 'team'];
    const pages = [
      '/',
      '/bounties',
      `/bounty/${bountyId}`,
      `/bounty/${bountyId}/leaderboard`,
      `/submit/${bountyId}`,
      '/account',
      '/account/submissions',
      '/sponsor/acme',
      `/sponsor/acme/bounties/${bountyId}`,
      '/staff',
      '/api/hosted-bounties',
      `/api/hosted-bounties/${bountyId}`,
      `/api/hosted-bounties/${bountyId}/leaderboard`,
      '/api/v1/bounties',
      `/api/v1/bounties/${bountyId}`,
      `/api/v1/bounties/${bountyId}/leaderboard`,
      '/api/sponsors/acme',
      '/api/v1/sponsors/acme',
      '/feeds/bounties.xml',
      '/feeds/bounties.json',
      '/feeds/sponsors/acme.xml',
      '/api/lifecycle/submissions',
      `/api/lifecycle/bounties/${bountyId}/submission`,
      `/api/lifecycle/bounties/${bountyId}/entries`,
      `/api/lifecycle/organisations/acme/bounties/${bountyId}`,
      `/api/lifecycle/organisations/acme/bounties/${bountyId}/scoring`,
      `/api/lifecycle/bounties/${bountyId}/leaderboard.csv`,
      ...['key', 'inputs', 'training', 'sample', 'baseline', 'nope'].map(
        (kind) => `/api/lifecycle/bounties/${bountyId}/files/${kind}`,
      ),
      '/api/account/export',
      '/api/staff/queue',
      `/api/staff/bounties/${bountyId}/scoring`,
      '/api/staff/cases',
      `/api/lifecycle/bounties/sq-none/entries`,
    ];
    for (const who of everyone) for (const url of pages) await as(who).get(url);
    // Refused forms answer with their problems, never a key value.
    await as('bob').form(`/submit/${bountyId}/finals`, [['final', 'not-an-entry']]);
    await as('ada').entry(entryCsv(() => 1));
    await as('staff').form(`/sponsor/acme/bounties/${bountyId}/announce`, [['winners', 'x']]);

    // The key reaches its team, whole.
    const download = answers.find(
      (answer) =>
        answer.who === 'team' && answer.what === `GET /api/lifecycle/bounties/${bountyId}/files/key`,
    );
    expect(download?.text).toContain(keyCsv);

    const leaks: string[] = [];
    for (const answer of answers) {
      const isKeyDownload = answer === download;
      for (const secret of neverShown)
        if (answer.text.includes(secret)) leaks.push(`${answer.who} ${answer.what}: a stored secret or name`);
      if (!isKeyDownload && answer.text.includes(KEY_MARK))
        leaks.push(`${answer.who} ${answer.what}: a value of the key`);
      // The team and staff may see private scores; nobody else before the reveal.
      if (answer.who !== 'team' && answer.who !== 'staff')
        for (const score of privateScores)
          if (answer.text.includes(score))
            leaks.push(`${answer.who} ${answer.what}: a private score ${score}`);
    }
    const logText = logLines.join('');
    const mails = JSON.stringify(site.smtp.received.map((mail) => [mail.subject, mail.text, mail.html]));
    for (const [where, text] of [
      ['the log', logText],
      ['an e-mail', mails],
    ] as const) {
      for (const secret of [...neverShown, KEY_MARK, ...privateScores])
        if (text.includes(secret))
          leaks.push(`${where}: ${secret === KEY_MARK ? 'a value of the key' : secret}`);
    }
    expect(leaks).toEqual([]);
    // The run was a real one: the log has its request lines, the team saw its private scores.
    expect(logText).toContain(`/submit/${bountyId}/entries`);
    expect(
      answers.some(
        (answer) => answer.who === 'team' && privateScores.some((score) => answer.text.includes(score)),
      ),
    ).toBe(true);
  }, 180_000);

  it('keeps the key from everyone but the team after the reveal too', async () => {
    answers.length = 0;
    await passDeadlines(site, env, bountyId, 3);
    for (const who of ['visitor', 'ada', 'bob', 'staff'])
      for (const url of [
        `/api/hosted-bounties/${bountyId}/leaderboard`,
        `/api/v1/bounties/${bountyId}/leaderboard`,
        `/api/lifecycle/bounties/${bountyId}/entries`,
        `/api/lifecycle/bounties/${bountyId}/files/key`,
        '/api/account/export',
      ])
        await as(who).get(url);
    const setup = (await site.stores.scored.setup(bountyId))!;
    for (const answer of answers) {
      expect(`${answer.what}: ${answer.text.includes(KEY_MARK)}`).toBe(`${answer.what}: false`);
      expect(answer.text).not.toContain(setup.splitSecret);
    }
    expect(
      answers.filter((answer) => answer.what.endsWith('/files/key')).map((answer) => answer.status),
    ).toEqual([401, 404, 404, 404]);
  }, 60_000);
});
