import request from 'supertest';
import { createApp } from '../app';
import { configOnFakeBuilds } from './fakeBuilds';
import { LOCAL_TIMES_SCRIPT_HASH } from '../render/document';
import { START_SCRIPT_HASH } from '../render/startAfterPaint';

function app(env: Record<string, string> = {}) {
  // Fake builds have no server code: these tests are about the client-rendered shell (SSR has its own).
  return createApp(configOnFakeBuilds(env));
}

/** The CSP header as a map of directive → sources. */
function csp(header: string | undefined): Record<string, string[]> {
  expect(header).toBeDefined();
  return Object.fromEntries(
    (header ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name as string, sources]),
  );
}

describe('security headers', () => {
  it('send a strict Content-Security-Policy with the HTML and no x-powered-by', async () => {
    const response = await request(app()).get('/for-clients').expect(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['x-powered-by']).toBeUndefined();
    const policy = csp(response.headers['content-security-policy']);
    expect(policy['default-src']).toEqual(["'self'"]);
    // The server-rendered pages' start script and their times' script are the inline scripts, allowed
    // by their hashes alone.
    expect(policy['script-src']).toEqual(["'self'", START_SCRIPT_HASH, LOCAL_TIMES_SCRIPT_HASH]);
    expect(policy['script-src-attr']).toEqual(["'none'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(policy['frame-src']).toEqual(["'none'"]);
    expect(policy['connect-src']).toEqual(["'self'"]);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('send the same headers with API answers, including errors', async () => {
    const response = await request(app()).post('/api/submit-form').type('text').send('nope').expect(415);
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it('allow the marketing provider only once an embedded form is configured', async () => {
    const response = await request(
      app({
        MARKETING_PORTAL_ID: '123',
        MARKETING_CONTACT_FORM_ID: 'abc',
        MARKETING_SCRIPT_HOST: 'js-eu1.hsforms.net',
      }),
    )
      .get('/')
      .expect(200);
    const policy = csp(response.headers['content-security-policy']);
    expect(policy['script-src']).toEqual(expect.arrayContaining(["'self'", 'https://js-eu1.hsforms.net']));
    expect(policy['frame-src']).toContain('https://*.hsforms.net');
    expect(policy['form-action']).toContain('https://*.hsforms.com');
    expect(policy['script-src']).not.toContain("'unsafe-inline'");
    expect(policy['script-src']).not.toContain("'unsafe-eval'");
  });

  it('allow a remote moved to another host, and nothing beyond it', async () => {
    const response = await request(
      app({ REMOTE_CLIENTS_URL: 'https://cdn.example/clients/v2/mf-manifest.json' }),
    )
      .get('/')
      .expect(200);
    const policy = csp(response.headers['content-security-policy']);
    expect(policy['script-src']).toEqual([
      "'self'",
      START_SCRIPT_HASH,
      LOCAL_TIMES_SCRIPT_HASH,
      'https://cdn.example',
    ]);
    expect(policy['connect-src']).toEqual(["'self'", 'https://cdn.example']);
  });
});
