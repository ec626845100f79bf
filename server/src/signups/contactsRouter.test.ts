import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import Database from 'better-sqlite3';
import { createApp } from '../app';
import { readServerConfig } from '../config/serverConfig';
import { CONTACTS_DB_FILE } from './contactStore';

function site() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-contacts-'));
  const app = createApp(readServerConfig({ DATA_DIR: dataDir }));
  const rows = (table: string) => {
    const db = new Database(path.join(dataDir, CONTACTS_DB_FILE), { readonly: true });
    try {
      return db.prepare(`SELECT * FROM ${table}`).all() as Record<string, unknown>[];
    } finally {
      db.close();
    }
  };
  return { app, rows };
}

describe('POST /api/signups', () => {
  it('stores the sign-up on disk before answering 201', async () => {
    const { app, rows } = site();
    const response = await request(app)
      .post('/api/signups')
      .send({ email: 'ada@example.com', source: 'login', pageUri: 'http://x/about' })
      .expect(201);
    expect(response.body).toEqual({ success: true, message: expect.stringContaining('on the list') });
    expect(rows('signups')).toEqual([
      expect.objectContaining({ email: 'ada@example.com', source: 'login', page_uri: 'http://x/about' }),
    ]);
  });

  it('answers bad input with 400, a clear message and the field, and stores nothing', async () => {
    const { app, rows } = site();
    const response = await request(app).post('/api/signups').send({ email: 'not-an-email' }).expect(400);
    expect(response.body).toEqual({
      success: false,
      message: 'Please enter a valid email address.',
      fieldErrors: { email: 'Please enter a valid email address.' },
    });
    expect(rows('signups')).toEqual([]);
  });

  it('answers malformed JSON with 400, a non-JSON body with 415 and a huge body with 413', async () => {
    const { app } = site();
    const malformed = await request(app)
      .post('/api/signups')
      .set('Content-Type', 'application/json')
      .send('{"email":')
      .expect(400);
    expect(malformed.body).toEqual({ success: false, message: 'The request body is not valid JSON.' });
    const notJson = await request(app).post('/api/signups').type('form').send('email=a@b.co').expect(415);
    expect(notJson.body).toEqual({
      success: false,
      message: 'The request body must be JSON (Content-Type: application/json).',
    });
    const huge = await request(app)
      .post('/api/signups')
      .send({ email: 'a@b.co', pageUri: 'x'.repeat(64 * 1024) })
      .expect(413);
    expect(huge.body).toEqual({ success: false, message: 'The request body is larger than 32KB.' });
  });

  it('answers a body that is not an object with 400 and no fieldErrors', async () => {
    const { app } = site();
    for (const body of ['null', '[]', '"ada@example.com"']) {
      const response = await request(app)
        .post('/api/signups')
        .set('Content-Type', 'application/json')
        .send(body)
        .expect(400);
      expect(response.body).toEqual({ success: false, message: 'The request body must be a JSON object.' });
    }
  });
});

describe('POST /api/challenge-requests', () => {
  it('stores a challenge request and answers 201', async () => {
    const { app, rows } = site();
    await request(app)
      .post('/api/challenge-requests')
      .send({
        email: 'cto@acme.io',
        company: 'Acme',
        challengeDescription: 'Cut our CI pipeline from 40 minutes to under 10.',
      })
      .expect(201);
    expect(rows('challenge_requests')).toEqual([
      expect.objectContaining({
        email: 'cto@acme.io',
        company: 'Acme',
        challenge_description: 'Cut our CI pipeline from 40 minutes to under 10.',
      }),
    ]);
  });

  it('answers a missing field with 400 naming it', async () => {
    const { app } = site();
    const response = await request(app)
      .post('/api/challenge-requests')
      .send({
        email: 'cto@acme.io',
        challengeDescription: 'Cut our CI pipeline from 40 minutes to under 10.',
      })
      .expect(400);
    expect(response.body.fieldErrors).toEqual({ company: 'Please enter your company name.' });
  });
});
