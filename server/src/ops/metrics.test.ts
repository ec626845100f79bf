import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { createApp } from '../app';
import { readServerConfig } from '../config/serverConfig';
import { metricsAllowed, routeLabel } from './metrics';

/** Prometheus text format back into samples: `name{label="value",…} number` per line. */
function parseMetrics(text: string) {
  const samples: Array<{ name: string; labels: Record<string, string>; value: number }> = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g))
      labels[key as string] = value as string;
    samples.push({ name: match[1] as string, labels, value: Number(match[3]) });
  }
  const value = (name: string, labels: Record<string, string> = {}) =>
    samples
      .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
      .reduce((sum, s) => sum + s.value, 0);
  return { samples, value };
}

const appWith = (env: Record<string, string> = {}) =>
  createApp(readServerConfig({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'sq-metrics-')), ...env }));

describe('metrics rules', () => {
  it('labels a request with its route pattern, never the raw URL', () => {
    expect(routeLabel('/api/bounties', '/:id')).toBe('/api/bounties/:id');
    expect(routeLabel('/api/submit-form', '/')).toBe('/api/submit-form');
    expect(routeLabel('', '/')).toBe('/');
    expect(routeLabel('/api', undefined)).toBe('(no route)');
  });

  it('lets loopback read without a token, and only the token holder with one', () => {
    const from = (remoteAddress: string, extra: { forwardedFor?: string; authorization?: string } = {}) => ({
      remoteAddress,
      forwardedFor: extra.forwardedFor,
      authorization: extra.authorization,
    });
    expect(metricsAllowed(from('127.0.0.1'), null)).toBe(true);
    expect(metricsAllowed(from('::ffff:127.0.0.1'), null)).toBe(true);
    expect(metricsAllowed(from('::1'), null)).toBe(true);
    expect(metricsAllowed(from('10.0.0.5'), null)).toBe(false);
    expect(metricsAllowed(from('127.0.0.1', { forwardedFor: '203.0.113.7' }), null)).toBe(false);
    expect(metricsAllowed(from('10.0.0.5', { authorization: 'Bearer s3cret' }), 's3cret')).toBe(true);
    expect(metricsAllowed(from('127.0.0.1'), 's3cret')).toBe(false);
    expect(metricsAllowed(from('127.0.0.1', { authorization: 'Bearer wrong!' }), 's3cret')).toBe(false);
  });
});

describe('GET /metrics', () => {
  it('reports requests per route pattern, 4xx answers, rate-limit refusals and the outbox backlog', async () => {
    const app = appWith({ SIGNUPS_RATE_LIMIT: '1' });
    await request(app).get('/api/bounties/no-such-1').expect(404);
    await request(app).get('/api/bounties/no-such-2').expect(404);
    await request(app).post('/api/signups').send({ email: 'ada@example.com', source: 'login' }).expect(201);
    await request(app).post('/api/signups').send({ email: 'ada@example.com', source: 'login' }).expect(429);

    const response = await request(app).get('/metrics').expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0.0.4/);
    const metrics = parseMetrics(response.text);
    expect(metrics.value('http_requests_total', { route: '/api/bounties/:id', status: '404' })).toBe(2);
    expect(metrics.samples.some((s) => s.labels.route?.includes('no-such'))).toBe(false);
    expect(metrics.value('http_requests_total', { route: '/api/signups', method: 'POST' })).toBe(2);
    expect(metrics.value('http_request_duration_seconds_count', { route: '/api/signups' })).toBe(2);
    expect(metrics.value('http_error_responses_total', { class: '4xx' })).toBe(3);
    expect(metrics.value('rate_limited_requests_total', { route: 'signups' })).toBe(1);
    expect(metrics.samples.find((s) => s.name === 'lead_outbox_backlog')?.value).toBe(0);
    expect(metrics.samples.find((s) => s.name === 'lead_delivery_failures_total')?.value).toBe(0);
  });

  it('refuses a request relayed by a proxy, and wants METRICS_TOKEN when one is set', async () => {
    await request(appWith()).get('/metrics').set('X-Forwarded-For', '203.0.113.7').expect(403);
    const app = appWith({ METRICS_TOKEN: 's3cret' });
    const refused = await request(app).get('/metrics').expect(401);
    expect(refused.headers['www-authenticate']).toBe('Bearer');
    await request(app).get('/metrics').set('Authorization', 'Bearer s3cret').expect(200);
  });
});
