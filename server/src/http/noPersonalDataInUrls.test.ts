// Every form of today's routes that works without JavaScript, posted as the browser posts it with an
// e-mail address and other typed values, accepted and refused: no Location header and no URL the
// request log holds may carry any of them (issue 34: what someone typed must not land in browser
// history, server logs or analytics).
import { Writable } from 'node:stream';
import pino from 'pino';
import request from 'supertest';
import { createApp, openStores, type AppStores } from '../app';
import { SAME_ORIGIN, codeFromMailFiles, sessionCookieOf } from '../testing/testAccounts';
import { configOnFakeBuilds } from '../site/fakeBuilds';

const EMAIL = 'jane.doe@example.com';
/** An address the site's rule refuses (no dot after the @). */
const BAD_EMAIL = 'jane.doe@example';
const DESCRIPTION = 'Our senior hiring loop loses every strong candidate';
const COMPANY = 'Doe Widgets Private';
const PROFILE_NAME = 'Jane Private Doe';
const HANDLE = 'jdoe-private';
const ORGANISATION_NAME = 'Doe Consulting Private';
const WEBSITE = 'https://doe-consulting.example';
const INVITEE = 'invitee.private@example.com';
const SLUG = 'doe-team';

/** What was typed into some form below; none may appear in a URL, raw or encoded either way. */
const TYPED = [
  EMAIL,
  BAD_EMAIL,
  DESCRIPTION,
  'Too short',
  COMPANY,
  PROFILE_NAME,
  HANDLE,
  'Not A Handle!',
  ORGANISATION_NAME,
  'doe-consulting.example',
  INVITEE,
];
const encodings = (value: string) => [
  ...new Set([value, encodeURIComponent(value), new URLSearchParams({ v: value }).toString().slice(2)]),
];

/** The typed values (in any encoding) that `url` carries. */
const typedIn = (url: string) =>
  TYPED.flatMap((value) =>
    encodings(value).filter((encoded) => url.toLowerCase().includes(encoded.toLowerCase())),
  );

interface Post {
  form: string;
  path: string;
  fields?: Record<string, string>;
  multipart?: Record<string, string>;
  cookie?: string;
  status: number;
  /** The Location of a 303 (only a path and a code or outcome), or undefined for a page answered in place. */
  location?: string | RegExp;
}

describe('form posts without JavaScript', () => {
  let stores: AppStores;
  let dataDir: string;
  let app: ReturnType<typeof createApp>;
  const lines: string[] = [];
  const answered: Array<{ form: string; status: number; location: string | undefined }> = [];

  beforeAll(() => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const config = configOnFakeBuilds({ LEADS_RATE_LIMIT: '100', SIGNUPS_RATE_LIMIT: '100' });
    dataDir = config.dataDir;
    stores = openStores(config);
    app = createApp(config, stores, pino({ level: 'info' }, sink));
  });
  afterAll(() => stores.close());

  /** Posts a form as the browser does, then follows a 303 as the browser would (so its URL is logged). */
  async function post({ form, path, fields, multipart, cookie, status, location }: Post) {
    let req = request(app).post(path).set('Host', '127.0.0.1').set('Origin', SAME_ORIGIN);
    if (cookie) req = req.set('Cookie', cookie);
    if (multipart) for (const [name, value] of Object.entries(multipart)) req = req.field(name, value);
    else req = req.type('form').send(new URLSearchParams(fields).toString());
    const response = await req;
    answered.push({ form, status: response.status, location: response.headers.location });
    expect(`${form}: ${response.status}`).toBe(`${form}: ${status}`);
    if (location === undefined) expect(response.headers.location).toBeUndefined();
    else expect(response.headers.location).toMatch(location);
    if (response.headers.location) {
      let follow = request(app).get(response.headers.location).set('Host', '127.0.0.1');
      if (cookie) follow = follow.set('Cookie', cookie);
      await follow;
    }
    return response;
  }

  const lead = (overrides: Record<string, string>) => ({
    'challengeDescription.hiring': DESCRIPTION,
    'costPosition.hiring': '40',
    'challengeDescription.bottleneck': '',
    'costPosition.bottleneck': '50',
    challengeType: 'hiring',
    email: EMAIL,
    pageUri: '/for-clients',
    pageName: 'For Clients | Side Quest',
    ...overrides,
  });

  it('answers every post, accepted or refused, without anything typed in a Location or a logged URL', async () => {
    // The for-clients lead form.
    await post({
      form: 'lead',
      path: '/api/submit-form',
      fields: lead({}),
      status: 303,
      location: /^\/for-clients\?lead=ok$/,
    });
    await post({
      form: 'lead, bad e-mail',
      path: '/api/submit-form',
      fields: lead({ email: BAD_EMAIL }),
      status: 422,
    });
    await post({
      form: 'lead, no challenge',
      path: '/api/submit-form',
      fields: lead({ 'challengeDescription.hiring': '' }),
      status: 422,
    });

    // The dialogs' native forms: Log In (join) and POST_CHALLENGE (contact).
    await post({
      form: 'sign-up',
      path: '/api/signups',
      fields: { email: EMAIL, source: 'login', pageUri: '/bounties?dialog=join' },
      status: 303,
      location: /^\/bounties\?dialog=join&result=ok$/,
    });
    await post({
      form: 'sign-up, bad e-mail',
      path: '/api/signups',
      fields: { email: BAD_EMAIL, source: 'login', pageUri: '/bounties?dialog=join' },
      status: 422,
    });
    const challenge = {
      email: EMAIL,
      company: COMPANY,
      challengeDescription: DESCRIPTION,
      pageUri: '/?dialog=contact',
    };
    await post({
      form: 'challenge request',
      path: '/api/challenge-requests',
      fields: challenge,
      status: 303,
      location: /^\/\?dialog=contact&result=ok$/,
    });
    await post({
      form: 'challenge request, too short',
      path: '/api/challenge-requests',
      fields: { ...challenge, challengeDescription: 'Too short' },
      status: 422,
    });

    // The CREATE_NEW_BOUNTY dialog's native form: sent (the dialog closes), then refused.
    const draft = {
      title: 'Hire for the parser',
      company: COMPANY,
      description: DESCRIPTION,
      bountyAmount: '1500',
      deadline: '14',
      domain: 'Software',
      pageUri: '/bounties?q=parser&dialog=create-bounty',
    };
    await post({
      form: 'bounty draft',
      path: '/api/bounty-submissions',
      fields: draft,
      status: 303,
      location: /^\/bounties\?q=parser&draft=ok$/,
    });
    await post({
      form: 'bounty draft, no reward',
      path: '/api/bounty-submissions',
      fields: { ...draft, bountyAmount: '' },
      status: 422,
    });

    // Sign-in: ask for a code, enter a wrong one, then the right one.
    await post({
      form: 'sign-in, bad e-mail',
      path: '/sign-in',
      fields: { email: BAD_EMAIL, next: '/account' },
      status: 303,
      location: /^\/sign-in\?error=invalid-email&next=%2Faccount$/,
    });
    const asked = await post({
      form: 'sign-in',
      path: '/sign-in',
      fields: { email: EMAIL, next: '/account' },
      status: 303,
      location: /^\/sign-in\?step=code&next=%2Faccount$/,
    });
    const pending = (asked.headers['set-cookie'] as unknown as string[])[0]?.split(';')[0] as string;
    const code = await codeFromMailFiles(dataDir, EMAIL, stores);
    await post({
      form: 'sign-in code, wrong',
      path: '/sign-in/code',
      fields: { code: code === '000000' ? '111111' : '000000', next: '/account' },
      cookie: pending,
      status: 303,
      location: /^\/sign-in\?step=code&error=wrong-code&next=%2Faccount$/,
    });
    const signedIn = await post({
      form: 'sign-in code',
      path: '/sign-in/code',
      fields: { code, next: '/account' },
      cookie: pending,
      status: 303,
      location: /^\/account$/,
    });
    const session = sessionCookieOf(signedIn.headers['set-cookie']);

    // The account page's forms.
    await post({
      form: 'profile, bad handle',
      path: '/account/profile',
      fields: { name: PROFILE_NAME, handle: 'Not A Handle!' },
      cookie: session,
      status: 422,
    });
    await post({
      form: 'profile',
      path: '/account/profile',
      fields: { name: PROFILE_NAME, handle: HANDLE },
      cookie: session,
      status: 303,
      location: /^\/account\?done=profile$/,
    });
    await post({
      form: 'delete account, unconfirmed',
      path: '/account/delete',
      fields: { confirm: EMAIL },
      cookie: session,
      status: 422,
    });

    // Sponsor organisations: create (multipart, with a logo field), invite, delete.
    const organisation = { name: ORGANISATION_NAME, slug: SLUG, website: WEBSITE };
    await post({
      form: 'organisation, bad website',
      path: '/sponsor',
      multipart: { ...organisation, website: 'not a website' },
      cookie: session,
      status: 422,
    });
    await post({
      form: 'organisation',
      path: '/sponsor',
      multipart: organisation,
      cookie: session,
      status: 303,
      // The organisation's address is its public page's path, chosen to be shown.
      location: new RegExp(`^/sponsor/${SLUG}\\?done=created$`),
    });
    await post({
      form: 'invitation, bad e-mail',
      path: `/sponsor/${SLUG}/invitations`,
      fields: { email: BAD_EMAIL, role: 'member' },
      cookie: session,
      status: 422,
    });
    await post({
      form: 'invitation',
      path: `/sponsor/${SLUG}/invitations`,
      fields: { email: INVITEE, role: 'member' },
      cookie: session,
      status: 303,
      location: new RegExp(`^/sponsor/${SLUG}\\?done=invited$`),
    });
    await post({
      form: 'delete organisation, unconfirmed',
      path: `/sponsor/${SLUG}/delete`,
      fields: { confirm: EMAIL },
      cookie: session,
      status: 303,
      location: new RegExp(`^/sponsor/${SLUG}\\?problem=delete-unconfirmed$`),
    });
    await post({ form: 'sign-out', path: '/sign-out', cookie: session, status: 303, location: /^\/$/ });

    // No Location carries anything typed.
    expect(
      answered.flatMap(({ form, location }) => typedIn(location ?? '').map((found) => `${form}: ${found}`)),
    ).toEqual([]);

    // Nor does any URL in the request log: every post and every page a 303 led to.
    const urls = lines
      .flatMap((line) => line.split('\n'))
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { req?: { url?: string } }).req?.url)
      .filter((url): url is string => typeof url === 'string');
    expect(urls).toEqual(expect.arrayContaining(['/api/submit-form', '/for-clients?lead=ok', '/sponsor']));
    expect(urls.length).toBeGreaterThanOrEqual(answered.length);
    expect(urls.flatMap((url) => typedIn(url).map((found) => `${url}: ${found}`))).toEqual([]);
    // The address appears nowhere in the log at all.
    const log = lines.join('');
    for (const encoded of encodings(EMAIL)) expect(log).not.toContain(encoded);
  });
});
