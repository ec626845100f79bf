import path from 'node:path';
import Database from 'better-sqlite3';
import express from 'express';
import request from 'supertest';
import { LEAD_FORM_RETURN_KEY } from '@side-quest/data/forms';
import { createApp, openStores } from '../app';
import { configOnFakeBuilds } from '../site/fakeBuilds';
import type { PersonalPages } from '../site/siteHosting';
import { createLeadsRouter } from './leadsRouter';

const validLead = {
  email: 'cto@example.com',
  challengeType: 'bottleneck',
  challengeDescription: 'Our CI takes 40 minutes per run',
  costImpact: '$250K',
  pageUri: 'https://sidequest.example/for-clients',
  pageName: 'For Clients | Side Quest',
};

/** The whole app, on builds without server code: a page it renders is the shell's HTML (SSR=off). */
function setup(env: Record<string, string> = {}) {
  const config = configOnFakeBuilds({ LEADS_RATE_LIMIT: '1000', ...env });
  const { dataDir } = config;
  const app = createApp(config);
  const storedLeads = () => {
    const db = new Database(path.join(dataDir, 'leads.db'), { readonly: true });
    try {
      return db.prepare('SELECT * FROM leads ORDER BY id').all() as Array<Record<string, string>>;
    } finally {
      db.close();
    }
  };
  return { app, storedLeads };
}

describe('POST /api/submit-form', () => {
  it('stores a valid lead and answers success', async () => {
    const { app, storedLeads } = setup();
    const response = await request(app).post('/api/submit-form').send(validLead).expect(200);
    expect(response.body).toEqual({ success: true, message: expect.any(String) });
    const rows = storedLeads();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      email: 'cto@example.com',
      challenge_type: 'bottleneck',
      challenge_description: 'Our CI takes 40 minutes per run',
      cost_impact: '$250K',
      page_uri: 'https://sidequest.example/for-clients',
      page_name: 'For Clients | Side Quest',
    });
  });

  it('keeps every lead of a burst of concurrent submissions', async () => {
    const { app, storedLeads } = setup();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        request(app)
          .post('/api/submit-form')
          .send({ ...validLead, email: `lead${i}@example.com` }),
      ),
    );
    expect(answers.every((answer) => answer.status === 200 && answer.body.success === true)).toBe(true);
    expect(new Set(storedLeads().map((row) => row.email)).size).toBe(40);
  });

  it.each([
    [{ ...validLead, email: 'not-an-email' }, 'email', 'email must be a valid email address.'],
    [{ ...validLead, email: 42 }, 'email', 'email is required and must be a string.'],
    [
      { ...validLead, challengeType: 'other' },
      'challengeType',
      'challengeType must be "hiring" or "bottleneck".',
    ],
    [
      { ...validLead, challengeDescription: '   ' },
      'challengeDescription',
      'challengeDescription must not be empty.',
    ],
    [
      { ...validLead, challengeDescription: 'x'.repeat(5001) },
      'challengeDescription',
      'challengeDescription must be at most 5000 characters.',
    ],
    [{ ...validLead, costImpact: '$'.repeat(33) }, 'costImpact', 'costImpact must be at most 32 characters.'],
    [
      { ...validLead, pageUri: 'javascript:alert(1)' },
      'pageUri',
      'pageUri must be an absolute http(s) URL of at most 2048 characters.',
    ],
    [{ ...validLead, pageName: 'p'.repeat(301) }, 'pageName', 'pageName must be at most 300 characters.'],
    [{ ...validLead, pageName: 'a\u0000b' }, 'pageName', 'pageName contains control characters.'],
  ])('rejects %j with 400, a clear message and the field', async (body, field, message) => {
    const { app, storedLeads } = setup();
    const response = await request(app).post('/api/submit-form').send(body).expect(400);
    expect(response.body).toEqual({ success: false, message, fieldErrors: { [field]: message } });
    expect(storedLeads()).toHaveLength(0);
  });

  it.each(['[]', JSON.stringify([validLead]), 'null', '"text"', '42'])(
    'rejects the body %s, which is not an object, with 400',
    async (body) => {
      const { app, storedLeads } = setup();
      const response = await request(app)
        .post('/api/submit-form')
        .set('Content-Type', 'application/json')
        .send(body)
        .expect(400);
      expect(response.body).toEqual({ success: false, message: 'The request body must be a JSON object.' });
      expect(storedLeads()).toHaveLength(0);
    },
  );

  it('answers malformed JSON with 400, never a stack trace', async () => {
    const { app } = setup();
    const response = await request(app)
      .post('/api/submit-form')
      .set('Content-Type', 'application/json')
      .send('{"email": "a@b.c",')
      .expect(400);
    expect(response.body).toEqual({ success: false, message: 'The request body is not valid JSON.' });
    expect(response.text).not.toMatch(/at .*\.js|SyntaxError/);
  });

  it('answers a body that is neither JSON nor a form post with 415', async () => {
    const { app } = setup();
    const response = await request(app)
      .post('/api/submit-form')
      .type('text')
      .send('email=a@b.co')
      .expect(415);
    expect(response.body).toEqual({
      success: false,
      message: 'The request body must be JSON (Content-Type: application/json).',
    });
  });

  it('answers a body over 16 KB with 413', async () => {
    const { app, storedLeads } = setup();
    const response = await request(app)
      .post('/api/submit-form')
      .send({ ...validLead, challengeDescription: 'x'.repeat(17 * 1024) })
      .expect(413);
    expect(response.body).toEqual({ success: false, message: 'The request body is larger than 16KB.' });
    expect(storedLeads()).toHaveLength(0);
  });

  it('answers 429 once one address exceeds LEADS_RATE_LIMIT per minute', async () => {
    const { app } = setup({ LEADS_RATE_LIMIT: '3' });
    for (let i = 0; i < 3; i++) await request(app).post('/api/submit-form').send(validLead).expect(200);
    const response = await request(app).post('/api/submit-form').send(validLead).expect(429);
    const seconds = Number(response.headers['retry-after']);
    expect(seconds).toBeGreaterThan(0);
    expect(response.body).toEqual({
      success: false,
      message: `Too many attempts — try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
    });
  });

  it('answers other methods with 405', async () => {
    const { app } = setup();
    const response = await request(app).get('/api/submit-form').expect(405);
    expect(response.headers.allow).toBe('POST');
  });
});

describe('POST /api/submit-form as the page posts it without JavaScript', () => {
  /** The fields the for-clients form posts (@side-quest/data/forms, LEAD_FORM_FIELDS). */
  const formFields = (overrides: Record<string, string> = {}) =>
    new URLSearchParams({
      'challengeDescription.hiring': '',
      'costPosition.hiring': '15',
      'challengeDescription.bottleneck': 'Our CI takes 40 minutes per run',
      'costPosition.bottleneck': '50',
      challengeType: 'hiring',
      email: 'cto@example.com',
      pageUri: '/for-clients',
      pageName: 'For Clients | Side Quest',
      ...overrides,
    }).toString();

  const postForm = (app: ReturnType<typeof setup>['app'], body: string) =>
    request(app).post('/api/submit-form').type('form').send(body);

  it('stores the lead before answering 303 to the thank-you state', async () => {
    const { app, storedLeads } = setup();
    const response = await postForm(app, formFields()).expect(303);
    expect(response.headers.location).toBe('/for-clients?lead=ok');
    // Typing in the bottleneck input selected its type; its slider position is formatted as the JSON
    // form formats it, and the page path becomes the page's URL.
    expect(storedLeads()).toEqual([
      expect.objectContaining({
        email: 'cto@example.com',
        challenge_type: 'bottleneck',
        challenge_description: 'Our CI takes 40 minutes per run',
        cost_impact: '$707K',
        page_name: 'For Clients | Side Quest',
        page_uri: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/for-clients$/),
      }),
    ]);
  });

  it('takes a post with the lead’s own field names as it is', async () => {
    const { app, storedLeads } = setup();
    const response = await postForm(app, new URLSearchParams(validLead).toString()).expect(303);
    expect(response.headers.location).toBe('/for-clients?lead=ok');
    expect(storedLeads()).toEqual([
      expect.objectContaining({ challenge_type: 'bottleneck', cost_impact: '$250K' }),
    ]);
  });

  /** A refused post's answer: the page, for this person only, and no URL carrying anything typed. */
  const expectPageAnswer = (response: request.Response, status: number) => {
    expect(response.status).toBe(status);
    expect(response.headers.location).toBeUndefined();
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('private, no-store');
  };

  it.each([
    ['a bad email', { email: 'not-an-email' }],
    ['no challenge text', { 'challengeDescription.bottleneck': '   ' }],
    ['a page that is not http(s)', { pageUri: 'javascript:alert(1)' }],
  ])('answers %s with 422 and the page, never a redirect, and stores nothing', async (_name, fields) => {
    const { app, storedLeads } = setup();
    expectPageAnswer(await postForm(app, formFields(fields)), 422);
    expect(storedLeads()).toHaveLength(0);
  });

  it('counts form posts against the rate limit and answers the refusal with 429 and the page', async () => {
    const { app } = setup({ LEADS_RATE_LIMIT: '2' });
    await postForm(app, formFields()).expect(303);
    await request(app).post('/api/submit-form').send(validLead).expect(200);
    const response = await postForm(app, formFields());
    expectPageAnswer(response, 429);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    await request(app).post('/api/submit-form').send(validLead).expect(429);
  });

  it('answers a form post over 16 KB with 413 and the page, never a 5xx', async () => {
    const { app, storedLeads } = setup();
    expectPageAnswer(await postForm(app, formFields({ email: 'x'.repeat(17 * 1024) })), 413);
    expect(storedLeads()).toHaveLength(0);
  });

  it('answers 503 with the page when the lead cannot be stored', async () => {
    const config = configOnFakeBuilds({ LEADS_RATE_LIMIT: '1000' });
    const stores = openStores(config);
    const broken = createApp(config, {
      ...stores,
      leads: { save: () => Promise.reject(new Error('disk full')) } as unknown as typeof stores.leads,
    });
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expectPageAnswer(await postForm(broken, formFields()), 503);
    } finally {
      error.mockRestore();
      await stores.close();
    }
  });
});

describe('the page a refused lead form post is answered with', () => {
  /** The router alone, its page renderer answering with what it was asked to render, as JSON. */
  function routerApp() {
    const stores = openStores(configOnFakeBuilds());
    const pages: PersonalPages = {
      async render(_req, res, page) {
        res.status(page.status).json(page);
      },
    };
    const app = express();
    app.use(
      '/api/submit-form',
      createLeadsRouter(stores.leads, {
        rateLimit: (_req, _res, next) => next(),
        forwarder: null,
        pages: () => pages,
      }),
    );
    return { app, close: () => stores.close() };
  }

  const post = (app: express.Express, fields: Record<string, string>) =>
    request(app).post('/api/submit-form').type('form').send(new URLSearchParams(fields).toString());

  it('is /for-clients with what was typed in its cache, under the lead form’s key', async () => {
    const { app, close } = routerApp();
    try {
      const response = await post(app, {
        'challengeDescription.hiring': '',
        'costPosition.hiring': '15',
        'challengeDescription.bottleneck': 'Slow builds',
        'costPosition.bottleneck': '100',
        challengeType: 'hiring',
        email: 'jane.doe@example',
        pageUri: '/for-clients?lead=invalid&email=old%40example.com',
        pageName: 'For Clients | Side Quest',
      }).expect(422);
      expect(response.body).toEqual({
        url: '/for-clients',
        status: 422,
        queries: [
          [
            [...LEAD_FORM_RETURN_KEY],
            {
              outcome: 'invalid',
              // Only what the visitor typed or chose, not the page's own fields.
              values: {
                'challengeDescription.hiring': '',
                'costPosition.hiring': '15',
                'challengeDescription.bottleneck': 'Slow builds',
                'costPosition.bottleneck': '100',
                challengeType: 'hiring',
                email: 'jane.doe@example',
              },
            },
          ],
        ],
      });
    } finally {
      await close();
    }
  });

  it('is only ever a page of this site', async () => {
    const { app, close } = routerApp();
    try {
      for (const pageUri of [
        'https://evil.example//evil.example/x',
        'javascript:alert(1)',
        '//evil.example',
      ]) {
        const response = await post(app, { pageUri, email: 'bad' }).expect(422);
        expect(response.body.url).toMatch(/^\/(?!\/)/);
      }
    } finally {
      await close();
    }
  });
});
