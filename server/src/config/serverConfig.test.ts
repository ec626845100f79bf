import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { AUTH_SECRET_FILE, authSecret } from '../accounts/authSecret';
import {
  ConfigError,
  REPO_ROOT,
  parseTrustProxy,
  readServerConfig,
  releaseOverridesOf,
} from './serverConfig';

describe('readServerConfig: rate limits and proxies', () => {
  it('reads each write route limit and the window, with defaults', () => {
    expect(readServerConfig({}).rateLimits).toEqual({
      windowMs: 60_000,
      leads: 20,
      signups: 10,
      challengeRequests: 10,
      bountySubmissions: 10,
    });
    const config = readServerConfig({
      RATE_LIMIT_WINDOW_SECONDS: '30',
      LEADS_RATE_LIMIT: '5',
      SIGNUPS_RATE_LIMIT: '6',
      CHALLENGE_REQUESTS_RATE_LIMIT: '7',
      BOUNTY_SUBMISSIONS_RATE_LIMIT: '8',
    });
    expect(config.rateLimits).toEqual({
      windowMs: 30_000,
      leads: 5,
      signups: 6,
      challengeRequests: 7,
      bountySubmissions: 8,
    });
    expect(() => readServerConfig({ SIGNUPS_RATE_LIMIT: '0' })).toThrow(ConfigError);
    expect(() => readServerConfig({ RATE_LIMIT_WINDOW_SECONDS: 'soon' })).toThrow(ConfigError);
  });

  it('reads TRUST_PROXY as hops, addresses or names, and refuses "true"', () => {
    expect(parseTrustProxy(undefined)).toEqual(['loopback']);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.0/8, loopback,::1')).toEqual(['10.0.0.0/8', 'loopback', '::1']);
    expect(() => parseTrustProxy('true')).toThrow(ConfigError);
    expect(() => parseTrustProxy('proxy.example')).toThrow(ConfigError);
  });
});

describe('readServerConfig: where the remotes are served from', () => {
  it("serves each remote's app build unless REMOTE_<NAME>_DIR names another folder", () => {
    const defaults = readServerConfig({});
    expect(defaults.distDirs.compass).toBe(path.join(REPO_ROOT, 'mfe-compass', 'dist'));
    const moved = readServerConfig({ REMOTE_COMPASS_DIR: 'releases/compass/0.1.0-abc' });
    expect(moved.distDirs.compass).toBe(path.resolve('releases/compass/0.1.0-abc'));
    expect(moved.distDirs.bounties).toBe(defaults.distDirs.bounties);
  });
});

describe('readServerConfig: releases rendered in processes of their own', () => {
  it('keeps 2 by default, none with 0, and refuses anything but a whole number', () => {
    expect(readServerConfig({}).releaseProcesses).toBe(2);
    expect(readServerConfig({ SSR_RELEASE_PROCESSES: '0' }).releaseProcesses).toBe(0);
    expect(readServerConfig({ SSR_RELEASE_PROCESSES: '4' }).releaseProcesses).toBe(4);
    expect(() => readServerConfig({ SSR_RELEASE_PROCESSES: 'two' })).toThrow(ConfigError);
    expect(() => readServerConfig({ SSR_RELEASE_PROCESSES: '-1' })).toThrow(
      'SSR_RELEASE_PROCESSES must be a whole number ≥ 0, got "-1"',
    );
  });
});

describe('AUTH_SECRET on a shared database (DATABASE_URL)', () => {
  const DATABASE_URL = 'postgres://site@127.0.0.1:1/site';
  const SECRET = 'a-secret-shared-by-every-instance-0123456789';

  it('is required with DATABASE_URL, and optional (generated) without it', () => {
    expect(() => readServerConfig({ DATABASE_URL })).toThrow(ConfigError);
    expect(() => readServerConfig({ DATABASE_URL })).toThrow(/^AUTH_SECRET must be set when DATABASE_URL is/);
    expect(readServerConfig({ DATABASE_URL, AUTH_SECRET: SECRET }).accounts.secret).toBe(SECRET);
    expect(() => readServerConfig({ DATABASE_URL, AUTH_SECRET: 'short' })).toThrow(
      'AUTH_SECRET must be at least 32 characters',
    );
    expect(readServerConfig({}).accounts.secret).toBeNull();
  });

  it('is not needed by a command that signs nothing (staff, promote, rollback): it gets an unused one', () => {
    const first = readServerConfig({ DATABASE_URL }, { signsSessions: false }).accounts.secret;
    const second = readServerConfig({ DATABASE_URL }, { signsSessions: false }).accounts.secret;
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(second).not.toBe(first);
    expect(
      readServerConfig({ DATABASE_URL, AUTH_SECRET: SECRET }, { signsSessions: false }).accounts.secret,
    ).toBe(SECRET);
  });

  it('is never generated for a shared database, even from a config built by hand', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-auth-secret-'));
    expect(() => authSecret(null, dataDir, DATABASE_URL)).toThrow(/AUTH_SECRET must be set/);
    expect(fs.existsSync(path.join(dataDir, AUTH_SECRET_FILE))).toBe(false);
    expect(authSecret(SECRET, dataDir, DATABASE_URL)).toEqual({ secret: SECRET, generated: false });
    const generated = authSecret(null, dataDir);
    expect(generated.generated).toBe(true);
    expect(authSecret(null, dataDir).secret).toBe(generated.secret);
  });

  it('the server refuses to start without it: a message naming AUTH_SECRET on stderr, exit 2, nothing written', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-auth-secret-start-'));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
    };
    delete env.AUTH_SECRET;
    const tsx = pathToFileURL(require.resolve('tsx')).href;
    const started = spawnSync(process.execPath, ['--import', tsx, path.join(__dirname, '..', 'main.ts')], {
      env,
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(started.status).toBe(2);
    expect(started.stderr).toContain('Configuration error: AUTH_SECRET must be set when DATABASE_URL is');
    expect(fs.readdirSync(dataDir)).toEqual([]);
  }, 40_000);
});

describe('LOG_FORMAT', () => {
  it('takes json or pretty, or nothing (the terminal decides), and names itself when wrong', () => {
    expect(() => readServerConfig({ LOG_FORMAT: 'json' })).not.toThrow();
    expect(() => readServerConfig({ LOG_FORMAT: 'pretty' })).not.toThrow();
    expect(() => readServerConfig({ LOG_FORMAT: 'yaml' })).toThrow(
      new ConfigError('LOG_FORMAT must be one of json, pretty'),
    );
  });
});

describe('releaseOverridesOf', () => {
  it("lists the tester's overrides with the sections' labels, except remotes deployed elsewhere", () => {
    const releases = {
      compass: { version: '0.1.0-abc', choice: 'override' },
      stories: { version: '0.2.0-def', choice: 'canary' },
      bounties: { version: '0.3.0-123', choice: 'override' },
    };
    expect(releaseOverridesOf(readServerConfig({}), releases)).toEqual([
      { name: 'bounties', label: 'Bounties', version: '0.3.0-123' },
      { name: 'compass', label: 'Value Compass', version: '0.1.0-abc' },
    ]);
    const elsewhere = readServerConfig({
      REMOTE_COMPASS_URL: 'https://cdn.example/compass/mf-manifest.json',
    });
    expect(releaseOverridesOf(elsewhere, releases)).toEqual([
      { name: 'bounties', label: 'Bounties', version: '0.3.0-123' },
    ]);
  });
});
