import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import request from 'supertest';
import { createApp, openStores } from '../app';
import { readServerConfig } from '../config/serverConfig';

const validLead = {
  email: 'cto@example.com',
  challengeType: 'bottleneck',
  challengeDescription: 'Our CI takes 40 minutes per run',
  costImpact: '$250K',
  pageUri: 'https://sidequest.example/for-clients',
  pageName: 'For Clients | Side Quest',
};

function setup(env: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-leads-'));
  const app = createApp(readServerConfig({ DATA_DIR: dataDir, LEADS_RATE_LIMIT: '1000', ...env }));
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

  it.each([
    ['a bad email', { email: 'not-an-email' }],
    ['no challenge text', { 'challengeDescription.bottleneck': '   ' }],
    ['a page that is not http(s)', { pageUri: 'javascript:alert(1)' }],
  ])(
    'answers %s with 303 back to the form, keeping what was typed, and stores nothing',
    async (_name, fields) => {
      const { app, storedLeads } = setup();
      const response = await postForm(app, formFields(fields)).expect(303);
      const location = new URL(response.headers.location as string, 'http://site.invalid');
      expect(location.pathname).toBe('/for-clients');
      expect(location.searchParams.get('lead')).toBe('invalid');
      const posted = new URLSearchParams(formFields(fields));
      for (const name of [
        'email',
        'challengeType',
        'challengeDescription.bottleneck',
        'costPosition.hiring',
      ]) {
        expect(location.searchParams.get(name)).toBe(posted.get(name));
      }
      // Only what the visitor typed goes back, not the page's own fields.
      expect(location.searchParams.has('pageName')).toBe(false);
      expect(storedLeads()).toHaveLength(0);
    },
  );

  it('replaces an earlier outcome and values on the page it returns to', async () => {
    const { app } = setup();
    const response = await postForm(
      app,
      formFields({
        email: 'still-bad',
        pageUri: 'https://sidequest.example/for-clients?lead=invalid&email=bad&x=1',
      }),
    ).expect(303);
    expect(response.headers.location).toBe(
      '/for-clients?x=1&lead=invalid&challengeDescription.hiring=&costPosition.hiring=15&challengeDescription.bottleneck=Our+CI+takes+40+minutes+per+run&costPosition.bottleneck=50&challengeType=hiring&email=still-bad',
    );
  });

  it('never answers with a page on another site', async () => {
    const { app } = setup();
    for (const pageUri of ['https://evil.example//evil.example/x', 'javascript:alert(1)', '//evil.example']) {
      const response = await postForm(app, formFields({ pageUri, email: 'bad' })).expect(303);
      expect(response.headers.location).toMatch(/^\/(?!\/)/);
    }
  });

  it('counts form posts against the rate limit and answers the refusal with 303, keeping the values', async () => {
    const { app } = setup({ LEADS_RATE_LIMIT: '2' });
    await postForm(app, formFields()).expect(303);
    await request(app).post('/api/submit-form').send(validLead).expect(200);
    const response = await postForm(app, formFields()).expect(303);
    const location = new URL(response.headers.location as string, 'http://site.invalid');
    expect(location.searchParams.get('lead')).toBe('failed');
    expect(location.searchParams.get('email')).toBe('cto@example.com');
    await request(app).post('/api/submit-form').send(validLead).expect(429);
  });

  it('answers a form post over 16 KB with 303 to the form page, never a 5xx', async () => {
    const { app, storedLeads } = setup();
    const response = await postForm(app, formFields({ email: 'x'.repeat(17 * 1024) })).expect(303);
    expect(response.headers.location).toBe('/for-clients?lead=failed');
    expect(storedLeads()).toHaveLength(0);
  });

  it('answers 303 failed when the lead cannot be stored', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-leads-broken-'));
    const stores = openStores(readServerConfig({ DATA_DIR: dataDir }));
    const broken = createApp(readServerConfig({ DATA_DIR: dataDir, LEADS_RATE_LIMIT: '1000' }), {
      ...stores,
      leads: { save: () => Promise.reject(new Error('disk full')) } as unknown as typeof stores.leads,
    });
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const response = await postForm(broken, formFields()).expect(303);
      expect(new URL(response.headers.location as string, 'http://x').searchParams.get('lead')).toBe(
        'failed',
      );
    } finally {
      error.mockRestore();
      await stores.close();
    }
  });
});
