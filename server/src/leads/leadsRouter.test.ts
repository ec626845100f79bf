import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import request from 'supertest';
import { createApp } from '../app';
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

  it('answers a non-JSON body with 415', async () => {
    const { app } = setup();
    const response = await request(app)
      .post('/api/submit-form')
      .type('form')
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
    expect(response.body).toEqual({
      success: false,
      message: 'Too many submissions from this address. Please wait a minute and try again.',
    });
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('answers other methods with 405', async () => {
    const { app } = setup();
    const response = await request(app).get('/api/submit-form').expect(405);
    expect(response.headers.allow).toBe('POST');
  });
});
