import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { createApp } from '../app';
import { readServerConfig } from '../config/serverConfig';
import { configOnFakeBuilds } from '../site/fakeBuilds';

const lead = {
  email: 'cto@example.com',
  challengeType: 'hiring',
  challengeDescription: 'Can our next ML hire really deploy models?',
  costImpact: '$1.5M',
  pageUri: 'http://127.0.0.1/for-clients',
  pageName: 'For Clients | Side Quest',
};
const draft = {
  title: 'Speed up the parser',
  company: 'Ferris Inc',
  description: 'Make parsing twice as fast without new dependencies.',
  bountyAmount: 1500,
  deadline: 14,
  domain: 'AI/ML',
};
const WRITE_ROUTES = [
  { path: '/api/submit-form', variable: 'LEADS_RATE_LIMIT', body: lead, ok: 200 },
  {
    path: '/api/signups',
    variable: 'SIGNUPS_RATE_LIMIT',
    body: { email: 'ada@example.com', source: 'login' },
    ok: 201,
  },
  {
    path: '/api/challenge-requests',
    variable: 'CHALLENGE_REQUESTS_RATE_LIMIT',
    body: {
      email: 'ada@example.com',
      company: 'Ferris',
      challengeDescription: 'Our builds take an hour each.',
    },
    ok: 201,
  },
  { path: '/api/bounty-submissions', variable: 'BOUNTY_SUBMISSIONS_RATE_LIMIT', body: draft, ok: 201 },
] as const;

function appWith(env: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-rate-limits-'));
  return createApp(readServerConfig({ DATA_DIR: dataDir, ...env }));
}

describe('rate limits on every write route', () => {
  it.each(WRITE_ROUTES)('$path: 429 with Retry-After and a JSON message past $variable', async (route) => {
    const app = appWith({ [route.variable]: '2' });
    for (let i = 0; i < 2; i++) await request(app).post(route.path).send(route.body).expect(route.ok);
    const refused = await request(app).post(route.path).send(route.body).expect(429);
    const seconds = Number(refused.headers['retry-after']);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(refused.body).toEqual({
      success: false,
      message: `Too many attempts — try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
    });
    // Each route has its own budget: the other writes still pass.
    for (const other of WRITE_ROUTES.filter((candidate) => candidate !== route))
      await request(app).post(other.path).send(other.body).expect(other.ok);
  });

  it('counts per client address: behind a trusted proxy, X-Forwarded-For names the client', async () => {
    const app = appWith({ SIGNUPS_RATE_LIMIT: '1' });
    const from = (address: string) =>
      request(app)
        .post('/api/signups')
        .set('X-Forwarded-For', address)
        .send({ email: 'ada@example.com', source: 'login' });
    await from('203.0.113.7').expect(201);
    await from('203.0.113.7').expect(429);
    await from('198.51.100.9').expect(201);
  });

  it('ignores X-Forwarded-For with TRUST_PROXY=false, so a client cannot pick a fresh address', async () => {
    const app = appWith({ SIGNUPS_RATE_LIMIT: '1', TRUST_PROXY: 'false' });
    const from = (address: string) =>
      request(app)
        .post('/api/signups')
        .set('X-Forwarded-For', address)
        .send({ email: 'ada@example.com', source: 'login' });
    await from('203.0.113.7').expect(201);
    await from('198.51.100.9').expect(429);
  });

  it('answers a refused form post with 429 and its page, privately, never a redirect', async () => {
    const app = createApp(configOnFakeBuilds({ CHALLENGE_REQUESTS_RATE_LIMIT: '1' }));
    const post = () =>
      request(app).post('/api/challenge-requests').type('form').send({
        email: 'ada@example.com',
        company: 'Ferris',
        challengeDescription: 'Our builds take an hour each.',
        pageUri: '/about?dialog=contact',
      });
    await post().expect(303);
    const refused = await post().expect(429);
    expect(refused.headers.location).toBeUndefined();
    expect(refused.headers['content-type']).toMatch(/^text\/html/);
    expect(refused.headers['cache-control']).toBe('private, no-store');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });
});
