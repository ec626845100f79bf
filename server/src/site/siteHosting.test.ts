import request from 'supertest';
import { createApp } from '../app';
import { readServerConfig } from '../config/serverConfig';
import { configOnFakeBuilds } from './fakeBuilds';

function app(env: Record<string, string> = {}) {
  // Fake builds have no server code: these tests are about the client-rendered shell (SSR has its own).
  return createApp(configOnFakeBuilds(env));
}

describe('site hosting', () => {
  it('answers known routes with the shell HTML and the runtime config inlined', async () => {
    const response = await request(app()).get('/bounty/abc').expect(200);
    expect(response.text).toContain('<script type="application/json" id="sq-runtime-config">');
    expect(response.text).toContain('/remotes/bounties/mf-manifest.json');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('answers unknown paths with the same HTML and status 404', async () => {
    const response = await request(app()).get('/no/such/page').expect(404);
    expect(response.text).toContain('sq-runtime-config');
  });

  it('answers a missing script or asset with a plain 404, never the HTML', async () => {
    const response = await request(app()).get('/main.deadbeef00.js').expect(404);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.text).not.toContain('sq-runtime-config');
  });

  it('serves /config.json with remote URLs from the environment', async () => {
    const response = await request(app({ REMOTE_COMPASS_URL: 'http://127.0.0.1:9/mf-manifest.json' }))
      .get('/config.json')
      .expect(200);
    expect(response.body.remotes.compass).toBe('http://127.0.0.1:9/mf-manifest.json');
    expect(response.body.remotes.bounties).toMatch(/\/remotes\/bounties\/mf-manifest\.json$/);
    expect(response.body.bountySource).toBe('api');
  });

  it('serves manifests and remote entries uncached with CORS, hashed chunks cached for a year', async () => {
    const server = app();
    const manifest = await request(server).get('/remotes/stories/mf-manifest.json').expect(200);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.headers['access-control-allow-origin']).toBe('*');
    const entry = await request(server).get('/remotes/stories/remoteEntry.js').expect(200);
    expect(entry.headers['cache-control']).toBe('no-cache');
    const chunk = await request(server).get('/main.0123456789.js').expect(200);
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    await request(server).get('/remotes/stories/missing.js').expect(404);
  });

  it('reports health, sends security headers and hides the framework', async () => {
    const response = await request(app()).get('/api/health').expect(200);
    expect(response.body).toEqual({ status: 'ok' });
    expect(response.headers['x-powered-by']).toBeUndefined();
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    await request(app()).get('/api/nothing-here').expect(404);
  });
});

describe('server configuration', () => {
  it('rejects a bad PORT, source or remote URL with a clear message', () => {
    expect(() => readServerConfig({ PORT: 'abc' })).toThrow('PORT must be 0-65535');
    expect(() => readServerConfig({ BOUNTY_SOURCE: 'mongo' })).toThrow(
      'BOUNTY_SOURCE must be "api" or "firestore"',
    );
    expect(() => readServerConfig({ REMOTE_BOUNTIES_URL: 'ftp://x' })).toThrow('REMOTE_BOUNTIES_URL must be');
  });
});
