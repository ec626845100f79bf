import path from 'node:path';
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
