import request from 'supertest';
import { SAME_ORIGIN, startTestSite, type TestSite } from '../testing/testAccounts';
import { postgresForThisFile } from '../testing/testPostgres';
import { openApiSchemas, type OpenApiDocument } from '../public-api/openApiSchemas';
import { parseSuggestionQuery } from './talentApi';

// On both databases: the two opt-in columns come through the accounts' migrations on each.
const postgres = postgresForThisFile('talent');
const kinds: Array<[string, () => Promise<Record<string, string>>]> = [['SQLite', async () => ({})]];
if (postgres.available) kinds.push(['PostgreSQL', async () => ({ DATABASE_URL: await postgres.database() })]);

describe.each(kinds)('talent and pay on %s', (_kind, envFor) => {
  let site: TestSite;
  beforeAll(async () => {
    site = await startTestSite({ SEED_DEMO: '1', ...(await envFor()) });
  });
  afterAll(() => site.close());

  const api = (path: string) => request(site.app).get(path);

  /** Checks an answer against the API's own OpenAPI document (JSON Schema 2020-12). */
  async function schemaCheck() {
    const schemas = openApiSchemas((await api('/api/openapi.json').expect(200)).body as OpenApiDocument);
    return { paths: schemas.paths, check: (name: string, value: unknown) => schemas.check(name)(value) };
  }

  describe('the OpenAPI document', () => {
    it('describes the talent endpoints, and every answer matches its schema', async () => {
      const { paths, check } = await schemaCheck();
      expect(paths).toEqual(
        expect.arrayContaining([
          '/api/v1/talent',
          '/api/v1/talent/{handle}',
          '/api/v1/skills/pay',
          '/api/v1/reward-suggestion',
        ]),
      );
      check('TalentList', (await api('/api/v1/talent').expect(200)).body);
      check('TalentList', (await api('/api/v1/talent?skill=Python&work=any&page=1').expect(200)).body);
      check('Error', (await api('/api/v1/talent?page=0').expect(400)).body);
      check('Talent', (await api('/api/v1/talent/tomas-novak').expect(200)).body);
      check('Talent', (await api('/api/v1/talent/mira-okafor').expect(200)).body);
      check('SkillPay', (await api('/api/v1/skills/pay').expect(200)).body);
      check('RewardSuggestion', (await api('/api/v1/reward-suggestion?domain=AI/ML').expect(200)).body);
      check('Error', (await api('/api/v1/talent/lin-zhao').expect(404)).body);
      check('Error', (await api('/api/v1/reward-suggestion').expect(400)).body);
    });
  });

  describe('talent profiles in the public API', () => {
    it('lists only the public profiles, most proven wins first: the private winner is in no list', async () => {
      const answer = await api('/api/v1/talent').expect(200);
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(answer.headers['access-control-allow-origin']).toBe('*');
      const rows = answer.body.data as { handle: string; bountiesWon: number }[];
      expect(rows.map((entry) => entry.handle).sort()).toEqual([
        'jonas-brandt',
        'mira-okafor',
        'priya-nair',
        'sofia-reyes',
        'tomas-novak',
      ]);
      expect(rows.map((entry) => entry.bountiesWon)).toEqual(
        [...rows.map((entry) => entry.bountiesWon)].sort((a, b) => b - a),
      );
      expect(answer.body).toMatchObject({ page: 1, pageSize: 20, total: 5, pages: 1 });
      expect(rows.map((entry) => entry.handle)).not.toContain('lin-zhao');
    });

    it('filters the directory by a proven skill, pages it, and refuses what names nothing (400)', async () => {
      const python = await api('/api/v1/talent?skill=python').expect(200);
      const rows = python.body.data as { handle: string; provenSkills: string[] }[];
      expect(rows.map((entry) => entry.handle)).toContain('tomas-novak');
      for (const row of rows)
        expect(row.provenSkills.map((skill) => skill.toLowerCase())).toContain('python');
      expect(python.body.skills).toEqual(expect.arrayContaining(['Python', 'HVAC']));
      expect((await api('/api/v1/talent?page=2').expect(200)).body).toMatchObject({ data: [], page: 2 });
      for (const bad of ['page=0', 'page=two', 'work=internship', `skill=${'x'.repeat(61)}`]) {
        const refused = await api(`/api/v1/talent?${bad}`).expect(400);
        expect(refused.body.message).toMatch(/must be|at most/);
      }
    });

    it('gives a public profile its wins with sponsor and prize, proven skills, submissions, member since', async () => {
      const profile = (await api('/api/v1/talent/tomas-novak').expect(200)).body;
      expect(profile).toMatchObject({
        handle: 'tomas-novak',
        name: 'Tomáš Novák',
        submissions: 3,
        provenSkills: ['Battery', 'Machine Learning', 'Python', 'HVAC', 'IoT', 'Time Series'],
        // The one demo talent who chose to show earnings: 1,500 announced, not paid yet; 3,000 confirmed.
        earnings: { awarded: 4500, paid: 3000 },
      });
      expect(profile.url).toMatch(/\/talent\/tomas-novak$/);
      expect(Date.parse(profile.memberSince)).toBeLessThan(Date.now());
      expect(
        (profile.wins as { title: string; sponsor: { name: string }; prize: number; paid: boolean }[]).map(
          (win) => [win.title, win.sponsor.name, win.prize, win.paid],
        ),
      ).toEqual([
        ['Model battery degradation from charge cycles', 'Kestrel Grid', 1500, false],
        ['Detect HVAC faults in substation buildings', 'Kestrel Grid', 3000, true],
      ]);
    });

    it('hides earnings unless the person opted in', async () => {
      const profile = (await api('/api/v1/talent/sofia-reyes').expect(200)).body;
      expect(profile.earnings).toBeNull();
      expect(profile.wins).toHaveLength(2);
      expect(JSON.stringify(profile)).not.toMatch(/"awarded"|"paid":\s*\d/);
    });

    it('answers a private profile exactly like an unknown handle: 404', async () => {
      const hidden = await api('/api/v1/talent/lin-zhao').expect(404);
      const unknown = await api('/api/v1/talent/nobody-here').expect(404);
      expect(hidden.body).toEqual(unknown.body);
      expect(hidden.body).toEqual({ success: false, message: 'Talent profile not found.' });
      await api(`/api/v1/talent/${encodeURIComponent('Robert"); DROP')}`).expect(404);
      // Nor does the private winner appear in a bounty search of the API.
      const search = await api('/api/v1/bounties?q=lin-zhao&limit=100').expect(200);
      expect(JSON.stringify(search.body)).not.toContain('lin-zhao');
    });

    it('follows the account form: public with a handle, earnings when chosen, private again at once', async () => {
      const cookie = await site.signIn('talent-optin@example.com');
      const save = (fields: Record<string, string>) =>
        request(site.app)
          .post('/account/profile')
          .type('form')
          .set('Host', '127.0.0.1')
          .set('Origin', SAME_ORIGIN)
          .set('Cookie', cookie)
          .send(new URLSearchParams(fields).toString());
      await api('/api/v1/talent/ada-optin').expect(404);
      // No handle, no public page: the form comes back (422, or 503 without a build) and nothing is saved.
      const refused = await save({ name: 'Ada', handle: '', profilePublic: 'on' });
      expect([422, 503]).toContain(refused.status);
      expect((await request(site.app).get('/api/account').set('Cookie', cookie)).body.profile).toMatchObject({
        profilePublic: false,
        showEarnings: false,
      });

      await save({ name: 'Ada', handle: 'ada-optin', profilePublic: 'on' }).expect(303);
      const shown = (await api('/api/v1/talent/ada-optin').expect(200)).body;
      expect(shown).toMatchObject({
        handle: 'ada-optin',
        name: 'Ada',
        wins: [],
        submissions: 0,
        earnings: null,
      });
      await save({ name: 'Ada', handle: 'ada-optin', profilePublic: 'on', showEarnings: 'on' }).expect(303);
      expect((await api('/api/v1/talent/ada-optin').expect(200)).body.earnings).toEqual({
        awarded: 0,
        paid: 0,
      });

      await save({ name: 'Ada', handle: 'ada-optin', showEarnings: 'on' }).expect(303);
      await api('/api/v1/talent/ada-optin').expect(404);
      const list = (await api('/api/v1/talent').expect(200)).body.data as { handle: string }[];
      expect(list.map((entry) => entry.handle)).not.toContain('ada-optin');
    });
  });

  describe('the preview image of a profile', () => {
    it('draws a public profile (1200×630 PNG), never a private one', async () => {
      const image = await api('/og/talent/tomas-novak.png').buffer(true).expect(200);
      expect(image.headers['content-type']).toBe('image/png');
      // PNG: width and height in the IHDR chunk.
      expect([image.body.readUInt32BE(16), image.body.readUInt32BE(20)]).toEqual([1200, 630]);
      await api('/og/talent/lin-zhao.png').expect(404);
      await api('/og/talent/nobody-here.png').expect(404);
    });
  });

  describe('what skills pay', () => {
    it('totals awarded and paid per skill and per area from the announced winners', async () => {
      const pay = (await api('/api/v1/skills/pay').expect(200)).body;
      expect(pay.demo).toBe(true);
      // Python: the pallets (2,000, recorded a day ago: not paid yet), the batteries (3,500 + 1,500, not
      // recorded) and the addresses (2,500, confirmed).
      expect(pay.skills).toContainEqual({
        name: 'Python',
        bounties: 3,
        awarded: 9500,
        paid: 2500,
        medianPrize: 2250,
      });
      expect(pay.areas).toEqual([
        { name: 'Engineering', bounties: 2, awarded: 8000, paid: 3000, medianPrize: 3000 },
        { name: 'Software', bounties: 3, awarded: 7500, paid: 5500, medianPrize: 2000 },
      ]);
    });

    it('suggests no reward from fewer than 5 comparable bounties, and says how many there are', async () => {
      const answer = await api('/api/v1/reward-suggestion?domain=Software&skills=Python,React').expect(200);
      expect(answer.body).toEqual({
        domain: 'Software',
        skills: ['Python', 'React'],
        comparable: 3,
        p25: null,
        p50: null,
        p75: null,
      });
    });

    it('refuses a suggestion without a known area, or with too many skills, with a clear 400', async () => {
      const missing = await api('/api/v1/reward-suggestion').expect(400);
      expect(missing.body.message).toBe('domain must be one of: Software, AI/ML, Engineering.');
      await api('/api/v1/reward-suggestion?domain=Cooking').expect(400);
      const many = Array.from({ length: 9 }, (_, index) => `s${index}`).join(',');
      await api(`/api/v1/reward-suggestion?domain=Software&skills=${many}`).expect(400);
    });
  });
});

describe('parseSuggestionQuery', () => {
  it('reads the area in any case and the skills from commas or repeated parameters, each once', () => {
    expect(
      parseSuggestionQuery(new URLSearchParams('domain=ai/ml&skills=Python, SQL&skills=Python')),
    ).toEqual({ ok: true, domain: 'AI/ML', skills: ['Python', 'SQL'] });
    expect(parseSuggestionQuery(new URLSearchParams(`domain=Software&skills=${'x'.repeat(61)}`))).toEqual({
      ok: false,
      message: 'A skill has at most 60 characters.',
    });
  });
});
