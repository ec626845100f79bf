import request from 'supertest';
import { ROUTES } from '@side-quest/data/routes';
import { ACCOUNT_FORMS, MAIL_PREFERENCES_FORM, SIGN_IN_FORM } from '@side-quest/data/account';
import { ALERT_FORMS } from '@side-quest/data/alerts';
import { HIRING_FORMS, INTERVIEW_ANSWER_FORMS } from '@side-quest/data/hiring';
import { API_RULES, PAGE_RULES, ruleFor, type AccessRule } from './accessRules';
import { SITE_AUTH_ENDPOINTS } from './authRouter';
import { SAME_ORIGIN, startTestSite, type TestSite } from '../testing/testAccounts';

let site: TestSite;
let talent: string;
let staff: string;
beforeAll(async () => {
  site = await startTestSite();
  talent = await site.signIn('talent@example.com');
  staff = await site.signIn('staff@example.com');
  await site.stores.accounts.setRole('staff@example.com', 'staff');
});
afterAll(() => site.close());

/**
 * A concrete path for a rule (`/api/v1/*` → `/api/v1`), or the one named here where the prefix alone is
 * no page: a path under a rule that only names objects (a bounty to submit to) is answered past the
 * rule by the object's own check — a 404 for one that does not exist, never a 303, 401 or 403.
 */
const SAMPLE_PATHS: Record<string, string> = {
  '/api/lifecycle/*': '/api/lifecycle/submissions',
  '/api/hiring/*': '/api/hiring/talent',
  '/submit/*': '/submit/sq-missing',
  '/api/lifecycle/bounties/*': '/api/lifecycle/bounties/sq-missing/entries',
  '/staff/scored-bounties/*': '/staff/scored-bounties/sq-missing',
};
const OBJECT_PATHS = new Set(['/submit/*', '/api/lifecycle/bounties/*']);
const pathOf = (rule: AccessRule) => SAMPLE_PATHS[rule.path] ?? rule.path.replace(/\/\*$/, '');
const isApi = (path: string) => path.startsWith('/api/');
const guarded = [...API_RULES, ...PAGE_RULES].filter((rule) => rule.access !== 'public');

describe('who reaches what: one answer per rule', () => {
  it.each(guarded.map((rule) => [rule.path, rule.access, pathOf(rule)] as const))(
    '%s (%s): signed out, as talent, as staff',
    async (pattern, access, path) => {
      const signedOut = await request(site.app).get(path);
      if (isApi(path)) expect(signedOut.status).toBe(401);
      else {
        expect(signedOut.status).toBe(303);
        expect(signedOut.headers.location).toBe(`/sign-in?next=${encodeURIComponent(path)}`);
      }
      const asTalent = await request(site.app).get(path).set('Cookie', talent);
      if (access === 'staff') expect(asTalent.status).toBe(403);
      else if (OBJECT_PATHS.has(pattern) || access === 'staffObject') expect(asTalent.status).toBe(404);
      else expect([401, 403, 404]).not.toContain(asTalent.status);
      const asStaff = await request(site.app).get(path).set('Cookie', staff);
      expect([401, 403]).not.toContain(asStaff.status);
      // A staff path naming an object: no one else learns it is there (a missing one is 404 to staff too).
      if (access === 'staffObject') {
        expect(asTalent.status).toBe(404);
        expect(asStaff.status).toBe(404);
      }
    },
  );

  it('answers 404 for an /api path that no rule names, signed in or not', async () => {
    await request(site.app).get('/api/admin/users').expect(404);
    await request(site.app).get('/api/admin/users').set('Cookie', staff).expect(404);
    expect(ruleFor('/api/admin/users')).toBeNull();
  });

  it("gives every personal page of the route table a rule that is not public (except sign-in's)", () => {
    for (const route of ROUTES.filter((entry) => 'personal' in entry && entry.id !== 'signIn'))
      expect(ruleFor(route.path)?.access).not.toBe('public');
  });
});

describe('better-auth on the web', () => {
  it('answers only the endpoints the site uses; every other one is 404', async () => {
    const allowed = new Set(SITE_AUTH_ENDPOINTS.map(([method, path]) => `${method} ${path}`));
    const paths = Object.values(site.stores.accounts.auth.api)
      .map((endpoint) => (endpoint as { path?: string }).path)
      .filter((path): path is string => typeof path === 'string');
    expect(paths.length).toBeGreaterThan(40);
    const reachable: string[] = [];
    for (const path of paths) {
      for (const method of ['GET', 'POST'] as const) {
        const call =
          method === 'GET'
            ? request(site.app).get(`/api/auth${path}`)
            : request(site.app).post(`/api/auth${path}`);
        const answer = await call
          .set('Cookie', staff)
          .set('Origin', SAME_ORIGIN)
          .set('Host', '127.0.0.1')
          .send({});
        if (answer.status !== 404) reachable.push(`${method} ${path}`);
        else expect(allowed.has(`${method} ${path}`)).toBe(false);
      }
    }
    expect(reachable.sort()).toEqual([...allowed].sort());
    // Role changes, impersonation, user listing, profile and organisation updates: none of them.
    for (const path of [
      '/admin/set-role',
      '/admin/impersonate-user',
      '/admin/list-users',
      '/update-user',
      '/organization/update',
    ])
      await request(site.app)
        .post(`/api/auth${path}`)
        .set('Cookie', staff)
        .set('Origin', SAME_ORIGIN)
        .set('Host', '127.0.0.1')
        .send({})
        .expect(404);
  });
});

describe('cross-origin writes', () => {
  const writes: Array<[string, string]> = [
    ['/api/submit-form', 'json'],
    ['/api/signups', 'json'],
    ['/api/challenge-requests', 'json'],
    ['/api/bounty-submissions', 'json'],
    ...SITE_AUTH_ENDPOINTS.filter(([method]) => method === 'POST').map(
      ([, path]) => [`/api/auth${path}`, 'json'] as [string, string],
    ),
    [SIGN_IN_FORM.requestCode, 'form'],
    [SIGN_IN_FORM.enterCode, 'form'],
    [SIGN_IN_FORM.signOut, 'form'],
    ...Object.values(ACCOUNT_FORMS).map((path) => [path, 'form'] as [string, string]),
    ...Object.values(HIRING_FORMS).map((path) => [path, 'form'] as [string, string]),
    ...Object.values(INTERVIEW_ANSWER_FORMS).map((path) => [path, 'form'] as [string, string]),
    ['/sponsor/some-team/interview-requests', 'form'],
    ['/sponsor/some-team/interview-requests/hire', 'form'],
    ['/staff/interview-requests/suspend', 'form'],
    [MAIL_PREFERENCES_FORM, 'form'],
    ...Object.values(ALERT_FORMS).map((path) => [path, 'form'] as [string, string]),
  ];

  it.each(writes)(
    'refuses a POST to %s from another origin, even with a valid session',
    async (path, kind) => {
      const answer = await request(site.app)
        .post(path)
        .type(kind)
        .set('Cookie', talent)
        .set('Origin', 'https://evil.example')
        .send(kind === 'json' ? {} : 'email=a%40example.com');
      expect(answer.status).toBe(403);
      // The session survived: nothing was signed out or changed.
      await request(site.app).get('/api/viewer').set('Cookie', talent).expect(200);
    },
  );

  it('lets one-click unsubscribe through from any origin: its signed token is the only authority', async () => {
    // A mail provider posts it from its own servers. A token that is not the server's changes nothing.
    const answer = await request(site.app)
      .post('/unsubscribe/someone.team-notices.9999999999.not-a-signature')
      .set('Cookie', talent)
      .set('Origin', 'https://evil.example')
      .send('List-Unsubscribe=One-Click');
    expect(answer.status).toBe(403);
    expect(answer.text).toContain('This unsubscribe link is not valid');
    await request(site.app).get('/api/viewer').set('Cookie', talent).expect(200);
  });

  it('refuses a write with a session cookie and neither Origin nor Sec-Fetch-Site', async () => {
    await request(site.app).post(SIGN_IN_FORM.signOut).set('Cookie', talent).expect(403);
  });
});
