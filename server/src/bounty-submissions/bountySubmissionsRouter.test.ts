import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import express from 'express';
import request from 'supertest';
import { BOUNTY_DRAFT_RETURN_KEY } from '@side-quest/data/forms';
import { createApp, openStores } from '../app';
import { readServerConfig } from '../config/serverConfig';
import { configOnFakeBuilds } from '../site/fakeBuilds';
import type { PersonalPages } from '../site/siteHosting';
import { createBountySubmissionsRouter } from './bountySubmissionsRouter';
import { SUBMISSIONS_DB_FILE } from './submissionStore';

const validDraft = {
  title: 'Speed up the parser',
  company: 'Ferris Inc',
  description: 'Make parsing twice as fast without new dependencies.',
  bountyAmount: 1500,
  deadline: 14,
  domain: 'AI/ML',
};

function setup(onFakeBuilds = false) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-bounty-submissions-'));
  const env = { DATA_DIR: dataDir, LEADS_RATE_LIMIT: '1000' };
  // On fake builds a page the app renders is the shell's HTML (SSR=off), no `npm run build` needed.
  const app = createApp(onFakeBuilds ? configOnFakeBuilds(env) : readServerConfig(env));
  const storedRows = () => {
    const db = new Database(path.join(dataDir, SUBMISSIONS_DB_FILE), { readonly: true });
    try {
      return db.prepare('SELECT * FROM bounty_submissions ORDER BY id').all() as Array<
        Record<string, unknown>
      >;
    } finally {
      db.close();
    }
  };
  return { app, dataDir, storedRows };
}

const post = (app: ReturnType<typeof setup>['app']) => request(app).post('/api/bounty-submissions');

describe('POST /api/bounty-submissions', () => {
  it('stores a valid draft durably as a pending submission and answers 201', async () => {
    const { app, dataDir, storedRows } = setup();
    const response = await post(app).send(validDraft).expect(201);
    expect(response.body).toEqual({
      success: true,
      id: 1,
      status: 'pending',
      message: 'Your bounty was received and is pending review.',
    });
    expect(storedRows()).toEqual([
      {
        id: 1,
        title: 'Speed up the parser',
        company: 'Ferris Inc',
        description: 'Make parsing twice as fast without new dependencies.',
        bounty_amount: 1500,
        deadline_days: 14,
        domain: 'AI/ML',
        status: 'pending',
        created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      },
    ]);
    // A new server on the same data folder still has it.
    const again = createApp(readServerConfig({ DATA_DIR: dataDir }));
    await post(again)
      .send({ ...validDraft, title: 'Second' })
      .expect(201);
    expect(storedRows().map((row) => row.title)).toEqual(['Speed up the parser', 'Second']);
  });

  it('never publishes a submission in the bounty list', async () => {
    const { app } = setup();
    await post(app)
      .send({ ...validDraft, title: 'Unique pending title 123' })
      .expect(201);
    const list = await request(app).get('/api/bounties').expect(200);
    expect(JSON.stringify(list.body)).not.toContain('Unique pending title 123');
  });

  it('accepts numbers sent as text, trims text and allows a reward of 0', async () => {
    const { app, storedRows } = setup();
    await post(app)
      .send({ ...validDraft, title: '  Padded  ', bountyAmount: '0', deadline: '1', domain: 'Software' })
      .expect(201);
    expect(storedRows()[0]).toMatchObject({
      title: 'Padded',
      bounty_amount: 0,
      deadline_days: 1,
      domain: 'Software',
    });
  });

  const invalidDrafts: Array<[Record<string, unknown>, string]> = [
    [{ ...validDraft, title: '' }, 'Title is required.'],
    [{ ...validDraft, title: '   ' }, 'Title is required.'],
    [{ ...validDraft, company: undefined }, 'Company is required.'],
    [{ ...validDraft, description: 42 }, 'Description must be text.'],
    [{ ...validDraft, bountyAmount: -1 }, 'Bounty amount must be at least 0.'],
    [{ ...validDraft, bountyAmount: 'lots' }, 'Bounty amount must be a number.'],
    [{ ...validDraft, bountyAmount: null }, 'Bounty amount is required.'],
    [{ ...validDraft, deadline: 0 }, 'Deadline must be at least 1 day.'],
    [{ ...validDraft, deadline: 2.5 }, 'Deadline must be a whole number of days.'],
    [{ ...validDraft, deadline: 99999 }, 'Deadline must be at most 3650 days.'],
    [{ ...validDraft, domain: 'Marketing' }, 'Domain must be Software, AI/ML or Engineering.'],
    [{ ...validDraft, domain: ['Software'] }, 'Domain must be Software, AI/ML or Engineering.'],
    [{ ...validDraft, title: 'x'.repeat(201) }, 'Title must be at most 200 characters.'],
  ];
  it.each(invalidDrafts.map(([draft, message]) => ({ draft, message })))(
    'answers 400 with "$message"',
    async ({ draft, message }) => {
      const { app, storedRows } = setup();
      const response = await post(app).send(draft).expect(400);
      expect(response.body.success).toBe(false);
      expect(response.body.message).toContain(message);
      expect(storedRows()).toEqual([]);
    },
  );

  it('names every invalid field at once', async () => {
    const { app } = setup();
    const response = await post(app).send({}).expect(400);
    expect(Object.keys(response.body)).toEqual(['success', 'message', 'fieldErrors']);
    expect(Object.keys(response.body.fieldErrors)).toEqual([
      'title',
      'company',
      'description',
      'bountyAmount',
      'deadline',
      'domain',
    ]);
  });

  it('answers 400 for malformed JSON and for JSON that is not an object', async () => {
    const { app } = setup();
    const malformed = await post(app).set('Content-Type', 'application/json').send('{"title": ').expect(400);
    expect(malformed.body).toEqual({ success: false, message: 'The request body is not valid JSON.' });
    for (const body of ['[]', '"text"', 'null', '42']) {
      const response = await post(app).set('Content-Type', 'application/json').send(body).expect(400);
      expect(response.body).toEqual({
        success: false,
        message: expect.stringMatching(/must be a JSON object/),
      });
    }
  });

  it('answers 415 for a body that is neither JSON nor the dialog’s form post', async () => {
    const { app } = setup();
    const response = await post(app).type('text/plain').send('title=x').expect(415);
    expect(response.body).toEqual({
      success: false,
      message: 'The request body must be JSON (Content-Type: application/json).',
    });
    await post(app).expect(415);
  });

  it('answers 413 for a huge body', async () => {
    const { app, storedRows } = setup();
    const response = await post(app)
      .send({ ...validDraft, description: 'x'.repeat(200_000) })
      .expect(413);
    expect(response.body).toEqual({ success: false, message: 'The request body is larger than 64KB.' });
    expect(storedRows()).toEqual([]);
  });

  it('answers 405 for other methods', async () => {
    const { app } = setup();
    const response = await request(app).get('/api/bounty-submissions').expect(405);
    expect(response.headers.allow).toBe('POST');
  });
});

/** The draft as the dialog's native form posts it: its fields as typed, and the page it is open on. */
const formFields = (overrides: Record<string, string> = {}) =>
  new URLSearchParams({
    title: 'Speed up the parser',
    company: 'Ferris Inc',
    description: 'Make parsing twice as fast without new dependencies.',
    bountyAmount: '1500',
    deadline: '14',
    domain: 'AI/ML',
    pageUri: '/bounties?q=rust&dialog=create-bounty',
    ...overrides,
  }).toString();

describe('the CREATE_NEW_BOUNTY form posted without JavaScript', () => {
  it('stores the draft, then answers 303 to the page without the dialog, draft=ok', async () => {
    const { app, storedRows } = setup(true);
    const response = await post(app).type('form').send(formFields()).expect(303);
    expect(response.headers.location).toBe('/bounties?q=rust&draft=ok');
    expect(storedRows()).toEqual([
      expect.objectContaining({ title: 'Speed up the parser', bounty_amount: 1500, deadline_days: 14 }),
    ]);
  });

  it('answers a refused draft with 422 and the page, privately, never a redirect, storing nothing', async () => {
    const { app, storedRows } = setup(true);
    const response = await post(app)
      .type('form')
      .send(formFields({ bountyAmount: '-5' }))
      .expect(422);
    expect(response.headers.location).toBeUndefined();
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(storedRows()).toEqual([]);
  });

  it('renders the page with the dialog open and what was typed under the dialog’s key', async () => {
    const stores = openStores(configOnFakeBuilds());
    const pages: PersonalPages = {
      async render(_req, res, page) {
        res.status(page.status).json(page);
      },
    };
    const pass: express.RequestHandler = (_req, _res, next) => next();
    const app = express().use(
      '/api/bounty-submissions',
      createBountySubmissionsRouter(stores.bountySubmissions, pass, () => pages),
    );
    try {
      const response = await request(app)
        .post('/api/bounty-submissions')
        .type('form')
        // An earlier answer's outcome in the page's URL makes way.
        .send(formFields({ title: '', pageUri: '/bounties?q=rust&dialog=create-bounty&draft=ok' }))
        .expect(422);
      expect(response.body).toEqual({
        url: '/bounties?q=rust&dialog=create-bounty',
        status: 422,
        queries: [
          [
            [...BOUNTY_DRAFT_RETURN_KEY],
            {
              outcome: 'invalid',
              values: {
                title: '',
                company: 'Ferris Inc',
                description: 'Make parsing twice as fast without new dependencies.',
                bountyAmount: '1500',
                deadline: '14',
                domain: 'AI/ML',
              },
            },
          ],
        ],
      });
    } finally {
      await stores.close();
    }
  });
});
