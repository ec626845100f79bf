import path from 'node:path';
import express from 'express';
import request from 'supertest';
import Database from 'better-sqlite3';
import { CONTACT_FORM_RETURN_KEY } from '@side-quest/data/forms';
import { createApp, openStores } from '../app';
import { configOnFakeBuilds } from '../site/fakeBuilds';
import type { PersonalPages } from '../site/siteHosting';
import { CONTACTS_DB_FILE } from './contactStore';
import { createContactsRouter } from './contactsRouter';

/** The whole app, on builds without server code: a page it renders is the shell's HTML (SSR=off). */
function site() {
  const config = configOnFakeBuilds();
  const { dataDir } = config;
  const app = createApp(config);
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

  it('answers malformed JSON with 400, a body neither JSON nor a form post with 415 and a huge body with 413', async () => {
    const { app } = site();
    const malformed = await request(app)
      .post('/api/signups')
      .set('Content-Type', 'application/json')
      .send('{"email":')
      .expect(400);
    expect(malformed.body).toEqual({ success: false, message: 'The request body is not valid JSON.' });
    const notJson = await request(app).post('/api/signups').type('text').send('email=a@b.co').expect(415);
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

describe('the dialogs’ forms posted without JavaScript', () => {
  const postForm = (app: ReturnType<typeof site>['app'], path: string, fields: Record<string, string>) =>
    request(app).post(path).type('form').send(new URLSearchParams(fields).toString());

  it('stores a sign-up, then answers 303 back to the page with the dialog open and result=ok', async () => {
    const { app, rows } = site();
    const response = await postForm(app, '/api/signups', {
      email: 'ada@example.com',
      source: 'login',
      pageUri: '/bounties?q=rust&dialog=join',
    }).expect(303);
    expect(response.headers.location).toBe('/bounties?q=rust&dialog=join&result=ok');
    expect(rows('signups')).toEqual([
      expect.objectContaining({
        email: 'ada@example.com',
        source: 'login',
        page_uri: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/bounties\?q=rust&dialog=join$/),
      }),
    ]);
  });

  it('answers an invalid challenge request with 422 and the page, privately, never a redirect, storing nothing', async () => {
    const { app, rows } = site();
    const response = await postForm(app, '/api/challenge-requests', {
      email: 'cto@acme.io',
      company: 'Acme & Co',
      challengeDescription: 'Too short',
      pageUri: '/?dialog=contact',
    }).expect(422);
    expect(response.headers.location).toBeUndefined();
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(rows('challenge_requests')).toEqual([]);
  });

  it('stores a valid challenge request before answering 303 with result=ok', async () => {
    const { app, rows } = site();
    const response = await postForm(app, '/api/challenge-requests', {
      email: 'cto@acme.io',
      company: 'Acme',
      challengeDescription: 'Cut our CI pipeline from 40 minutes to under 10.',
      pageUri: '/?dialog=contact',
    }).expect(303);
    expect(response.headers.location).toBe('/?dialog=contact&result=ok');
    expect(rows('challenge_requests')).toEqual([
      expect.objectContaining({
        company: 'Acme',
        challenge_description: 'Cut our CI pipeline from 40 minutes to under 10.',
      }),
    ]);
  });

  it('answers a bad sign-up source with 422 and the page (no typed field at fault), never 5xx', async () => {
    const { app } = site();
    const response = await postForm(app, '/api/signups', {
      email: 'ada@example.com',
      source: 'admin',
      pageUri: '/?dialog=join',
    }).expect(422);
    expect(response.headers.location).toBeUndefined();
  });
});

describe('the page a refused dialog form post is answered with', () => {
  /** The router alone, its page renderer answering with what it was asked to render, as JSON. */
  function routerApp() {
    const stores = openStores(configOnFakeBuilds());
    const pages: PersonalPages = {
      async render(_req, res, page) {
        res.status(page.status).json(page);
      },
    };
    const pass: express.RequestHandler = (_req, _res, next) => next();
    const app = express();
    app.use(
      '/api',
      createContactsRouter(stores.contacts, { signups: pass, challengeRequests: pass }, () => pages),
    );
    return { app, close: () => stores.close() };
  }

  it.each([
    [
      '/api/challenge-requests',
      { email: 'cto@acme.io', company: 'Acme & Co', challengeDescription: 'Too short' },
      '/?dialog=contact',
    ],
    ['/api/signups', { email: 'ada@example', source: 'login' }, '/bounties?q=rust&dialog=join'],
  ])(
    '%s: the dialog’s page with what was typed in its cache, under the dialogs’ key',
    async (route, fields, page) => {
      const { app, close } = routerApp();
      try {
        const response = await request(app)
          .post(route)
          .type('form')
          // An earlier answer's outcome and values in the page's URL make way.
          .send(
            new URLSearchParams({
              ...fields,
              pageUri: `${page}&result=invalid&email=old%40acme.io`,
            }).toString(),
          )
          .expect(422);
        const { source: _source, ...typed } = fields as Record<string, string>;
        expect(response.body).toEqual({
          url: page,
          status: 422,
          queries: [[[...CONTACT_FORM_RETURN_KEY], { outcome: 'invalid', values: typed }]],
        });
      } finally {
        await close();
      }
    },
  );
});
