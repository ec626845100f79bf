import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { REMOTES, REMOTE_NAMES, remoteDirVariable } from '@side-quest/data/remotes';
import type { RemoteName } from '@side-quest/data/routes';
import type { ReleaseOverride } from '@side-quest/data/config';
import { DEFAULT_READ_RATE_LIMIT } from '../http/readRateLimit';
import { LOG_FORMATS } from '../ops/logging';

/** Where the repository's app folders are, so the server can find each app's production build. */
export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

export { REMOTE_NAMES, type RemoteName };

/** The environment variable that points the site at a remote deployed elsewhere: REMOTE_<NAME>_URL. */
export const remoteUrlVariable = (name: RemoteName) => `REMOTE_${name.toUpperCase()}_URL`;

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** DATABASE_URL (postgres://…): the write stores in PostgreSQL, shared by every instance; null: SQLite. */
  databaseUrl: string | null;
  /**
   * SEED_DEMO: the lifecycle's demo history (sponsors, talents, bounties in every stage) on a fresh
   * database. 1 or 0; by default on for the embedded SQLite start and off with DATABASE_URL.
   */
  seedDemo: boolean;
  bountySource: 'api' | 'firestore';
  /** Remote manifest URLs set by environment; a missing one means the server's own copy. */
  remoteUrls: Partial<Record<RemoteName, string>>;
  /** Folder of each app's production build. */
  distDirs: { shell: string } & Record<RemoteName, string>;
  /** RELEASES_DIR: every kept release, as releases/<name>/<version>/ (npm run release). */
  releasesDir: string;
  firebase: {
    apiKey: string;
    authDomain: string;
    projectId: string;
    storageBucket: string;
    appId: string;
    emulatorHost: string;
  } | null;
  marketingForms: { portalId: string; signupFormId: string; contactFormId: string; scriptHost: string };
  /** The for-clients lead pipeline (server/src/leads). */
  leads: LeadsConfig;
  /** LOG_LEVEL: pino's level for the JSON logs (info; silent under Jest). */
  logLevel: string;
  /** METRICS_TOKEN: /metrics wants it as a bearer token; unset, /metrics answers loopback only. */
  metricsToken: string | null;
  /** Per-address limits of the write routes (server/src/rate-limits). */
  rateLimits: RateLimitsConfig;
  /** Which proxies' X-Forwarded-For is believed for the client address (TRUST_PROXY, Express's setting). */
  trustProxy: TrustProxy;
  /** The site's public origin (PUBLIC_URL) for canonical and preview URLs; the request's when unset. */
  publicUrl: string | null;
  /** Server rendering of pages (SSR, on unless "off"). */
  serverRendering: boolean;
  /** How long a rendered page is served from memory before it is rendered again (HTML_CACHE_MS; 0: never). */
  htmlCacheMs: number;
  /**
   * How often the server sends the saved-search alert digests that are due (ALERTS_EVERY_MINUTES, 15;
   * 0: only `npm run alerts -- send-due` sends them).
   */
  alertsEveryMinutes: number;
  /**
   * How many releases on a canary or a tester's override are kept rendering in processes of their own
   * at once (SSR_RELEASE_PROCESSES, 2; 0: their sections are rendered by the browser).
   */
  releaseProcesses: number;
  /** Requests to the public read API and to the feeds, each, one address may make per minute (API_READ_RATE_LIMIT). */
  readRateLimitPerMinute: number;
  /** Accounts and e-mail (server/src/accounts, server/src/mail). */
  accounts: AccountsConfig;
}

export interface AccountsConfig {
  /**
   * AUTH_SECRET (at least 32 characters): signs sessions; unset, one is generated into DATA_DIR/auth-secret.
   * Required with DATABASE_URL: instances sharing a database must sign with one secret.
   */
  secret: string | null;
  /** SMTP_URL (smtp:// or smtps://): the mail server; unset, each message is written to DATA_DIR/mail/. */
  smtpUrl: string | null;
  /** MAIL_FROM: the sender of the site's e-mail. */
  mailFrom: string;
}

function readAccountsConfig(env: Env, signsSessions: boolean): AccountsConfig {
  let secret = env.AUTH_SECRET || null;
  if (secret && secret.length < 32) throw new ConfigError('AUTH_SECRET must be at least 32 characters');
  // A command that signs nothing still builds the accounts library, which wants a secret: one of its
  // own, random, used for nothing and never stored.
  if (!secret && !signsSessions) secret = randomBytes(32).toString('base64url');
  // A secret generated per instance would make each instance on a shared database reject the others'
  // sessions (a sign-in on one, a 303 to sign in again on the next): refuse to start instead.
  if (!secret && env.DATABASE_URL)
    throw new ConfigError(
      'AUTH_SECRET must be set when DATABASE_URL is: every instance on one database must sign sessions ' +
        'with the same secret (at least 32 characters), so none is generated',
    );
  const smtpUrl = env.SMTP_URL || null;
  if (smtpUrl) {
    let protocol = '';
    try {
      protocol = new URL(smtpUrl).protocol;
    } catch {
      // reported below
    }
    if (protocol !== 'smtp:' && protocol !== 'smtps:')
      throw new ConfigError('SMTP_URL must be an smtp:// or smtps:// URL');
  }
  return { secret, smtpUrl, mailFrom: env.MAIL_FROM || 'Side Quest <no-reply@side-quest.invalid>' };
}

export interface LeadsConfig {
  /** Forwarding of stored leads to the marketing provider; null unless portal and lead form ids are set. */
  forwarding: {
    submitUrl: string;
    portalId: string;
    formId: string;
    timeoutMs: number;
    retryBaseMs: number;
    retryMaxMs: number;
  } | null;
}

/** Requests one client address may make per window on each write route. */
export interface RateLimitsConfig {
  /** RATE_LIMIT_WINDOW_SECONDS (60). */
  windowMs: number;
  /** LEADS_RATE_LIMIT (20): POST /api/submit-form. */
  leads: number;
  /** SIGNUPS_RATE_LIMIT (10): POST /api/signups. */
  signups: number;
  /** CHALLENGE_REQUESTS_RATE_LIMIT (10): POST /api/challenge-requests. */
  challengeRequests: number;
  /** BOUNTY_SUBMISSIONS_RATE_LIMIT (10): POST /api/bounty-submissions. */
  bountySubmissions: number;
}

/** Express's "trust proxy": false, a number of proxy hops, or addresses/subnets/names such as loopback. */
export type TrustProxy = boolean | number | string[];

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function parsePort(value: string | undefined): number {
  if (value === undefined || value === '') return 3000;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new ConfigError(`PORT must be 0-65535, got "${value}"`);
  return port;
}

function parseUrl(name: string, value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http(s)');
    return url.toString();
  } catch {
    throw new ConfigError(`${name} must be an absolute http(s) URL, got "${value}"`);
  }
}

function parsePositiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1)
    throw new ConfigError(`${name} must be a positive integer, got "${value}"`);
  return number;
}

function readLeadsConfig(env: Env): LeadsConfig {
  const portalId = env.MARKETING_PORTAL_ID || '';
  const formId = env.MARKETING_LEAD_FORM_ID || '';
  return {
    forwarding:
      portalId && formId
        ? {
            submitUrl:
              parseUrl('MARKETING_SUBMIT_URL', env.MARKETING_SUBMIT_URL) ?? 'https://api.hsforms.com',
            portalId,
            formId,
            timeoutMs: parsePositiveInt(
              'MARKETING_SUBMIT_TIMEOUT_MS',
              env.MARKETING_SUBMIT_TIMEOUT_MS,
              10_000,
            ),
            retryBaseMs: parsePositiveInt('LEADS_RETRY_BASE_MS', env.LEADS_RETRY_BASE_MS, 2_000),
            retryMaxMs: parsePositiveInt('LEADS_RETRY_MAX_MS', env.LEADS_RETRY_MAX_MS, 600_000),
          }
        : null,
  };
}

function readRateLimits(env: Env): RateLimitsConfig {
  return {
    windowMs: parsePositiveInt('RATE_LIMIT_WINDOW_SECONDS', env.RATE_LIMIT_WINDOW_SECONDS, 60) * 1000,
    leads: parsePositiveInt('LEADS_RATE_LIMIT', env.LEADS_RATE_LIMIT, 20),
    signups: parsePositiveInt('SIGNUPS_RATE_LIMIT', env.SIGNUPS_RATE_LIMIT, 10),
    challengeRequests: parsePositiveInt(
      'CHALLENGE_REQUESTS_RATE_LIMIT',
      env.CHALLENGE_REQUESTS_RATE_LIMIT,
      10,
    ),
    bountySubmissions: parsePositiveInt(
      'BOUNTY_SUBMISSIONS_RATE_LIMIT',
      env.BOUNTY_SUBMISSIONS_RATE_LIMIT,
      10,
    ),
  };
}

/**
 * TRUST_PROXY: "false" (the socket's address is the client's), a number of proxy hops in front of the
 * server, or a comma-separated list of proxy addresses, subnets or Express's names (loopback, linklocal,
 * uniquelocal). "true" is refused: it would believe any X-Forwarded-For a client makes up, and every
 * rate limit could be dodged. Unset: loopback (a proxy on the same machine).
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim();
  if (text === '') return ['loopback'];
  if (text === 'false') return false;
  if (text === 'true')
    throw new ConfigError(
      'TRUST_PROXY=true would let any client choose its address; give the number of proxies or their addresses',
    );
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const named = new Set(['loopback', 'linklocal', 'uniquelocal']);
  for (const entry of entries) {
    if (!named.has(entry) && !/^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(entry))
      throw new ConfigError(
        `TRUST_PROXY entries must be addresses, subnets or ${[...named].join('/')}, got "${entry}"`,
      );
  }
  return entries;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export function parseLogLevel(value: string | undefined): string {
  // Jest's own output is the test report; the server's request lines would drown it.
  if (!value) return process.env.NODE_ENV === 'test' ? 'silent' : 'info';
  if (!LOG_LEVELS.includes(value))
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${value}"`);
  return value;
}

/**
 * LOG_FORMAT: json or pretty; unset, by whether stdout is a terminal. Checked here, so a wrong value stops
 * the start with its name; every logger of the process reads it (createLogger, logFormatFor).
 */
function checkLogFormat(value: string | undefined): void {
  if (value && !LOG_FORMATS.some((format) => format === value))
    throw new ConfigError(`LOG_FORMAT must be one of ${LOG_FORMATS.join(', ')}`);
}

export function parseDatabaseUrl(value: string | undefined): string | null {
  if (!value) return null;
  let protocol = '';
  try {
    protocol = new URL(value).protocol;
  } catch {
    // reported below
  }
  if (protocol !== 'postgres:' && protocol !== 'postgresql:')
    throw new ConfigError('DATABASE_URL must be a postgres:// or postgresql:// URL');
  return value;
}

function parseNonNegativeInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0)
    throw new ConfigError(`${name} must be a whole number ≥ 0, got "${value}"`);
  return number;
}

function parsePublicUrl(value: string | undefined): string | null {
  const url = parseUrl('PUBLIC_URL', value);
  return url ? new URL(url).origin : null;
}

/** Reads the server's configuration from environment variables (the README lists every one). */
function parseSeedDemo(value: string | undefined, hasDatabaseUrl: boolean): boolean {
  if (value === undefined || value === '') return !hasDatabaseUrl;
  if (value === '1') return true;
  if (value === '0') return false;
  throw new ConfigError('SEED_DEMO must be 1 or 0');
}

/**
 * The server's configuration from its environment; a ConfigError names a bad or missing variable.
 * `signsSessions: false` is for the commands that need only the database (staff, promote, rollback):
 * they sign no session or link, so DATABASE_URL without AUTH_SECRET does not stop them.
 */
export function readServerConfig(
  env: Env = process.env,
  { signsSessions = true }: { signsSessions?: boolean } = {},
): ServerConfig {
  const source = env.BOUNTY_SOURCE || 'api';
  if (source !== 'api' && source !== 'firestore') {
    throw new ConfigError(`BOUNTY_SOURCE must be "api" or "firestore", got "${source}"`);
  }
  const remoteUrls: Partial<Record<RemoteName, string>> = {};
  for (const name of REMOTE_NAMES) {
    const url = parseUrl(remoteUrlVariable(name), env[remoteUrlVariable(name)]);
    if (url) remoteUrls[name] = url;
  }
  const projectId = env.FIREBASE_PROJECT_ID || '';
  if (source === 'firestore' && !projectId) {
    throw new ConfigError('BOUNTY_SOURCE=firestore needs FIREBASE_PROJECT_ID');
  }
  checkLogFormat(env.LOG_FORMAT);
  return {
    port: parsePort(env.PORT),
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || path.join(REPO_ROOT, '.data')),
    databaseUrl: parseDatabaseUrl(env.DATABASE_URL),
    seedDemo: parseSeedDemo(env.SEED_DEMO, Boolean(env.DATABASE_URL)),
    bountySource: source,
    remoteUrls,
    distDirs: {
      shell: path.join(REPO_ROOT, 'shell', 'dist'),
      ...(Object.fromEntries(
        REMOTES.map((remote) => [
          remote.name,
          path.resolve(env[remoteDirVariable(remote.name)] || path.join(REPO_ROOT, remote.app, 'dist')),
        ]),
      ) as Record<RemoteName, string>),
    },
    releasesDir: path.resolve(env.RELEASES_DIR || path.join(REPO_ROOT, 'releases')),
    firebase: projectId
      ? {
          apiKey: env.FIREBASE_API_KEY || '',
          authDomain: env.FIREBASE_AUTH_DOMAIN || '',
          projectId,
          storageBucket: env.FIREBASE_STORAGE_BUCKET || '',
          appId: env.FIREBASE_APP_ID || '',
          emulatorHost: env.FIRESTORE_EMULATOR_HOST || '',
        }
      : null,
    marketingForms: {
      portalId: env.MARKETING_PORTAL_ID || '',
      signupFormId: env.MARKETING_SIGNUP_FORM_ID || '',
      contactFormId: env.MARKETING_CONTACT_FORM_ID || '',
      scriptHost: env.MARKETING_SCRIPT_HOST || 'js-eu1.hsforms.net',
    },
    leads: readLeadsConfig(env),
    logLevel: parseLogLevel(env.LOG_LEVEL),
    metricsToken: env.METRICS_TOKEN || null,
    rateLimits: readRateLimits(env),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    publicUrl: parsePublicUrl(env.PUBLIC_URL),
    serverRendering: env.SSR !== 'off',
    htmlCacheMs: parseNonNegativeInt('HTML_CACHE_MS', env.HTML_CACHE_MS, 5000),
    alertsEveryMinutes: parseNonNegativeInt('ALERTS_EVERY_MINUTES', env.ALERTS_EVERY_MINUTES, 15),
    releaseProcesses: parseNonNegativeInt('SSR_RELEASE_PROCESSES', env.SSR_RELEASE_PROCESSES, 2),
    readRateLimitPerMinute: parsePositiveInt(
      'API_READ_RATE_LIMIT',
      env.API_READ_RATE_LIMIT,
      DEFAULT_READ_RATE_LIMIT,
    ),
    accounts: readAccountsConfig(env, signsSessions),
  };
}

type PageReleaseChoices = Partial<Record<RemoteName, { version: string; choice: string }>>;

/** The sections a page load runs on a tester's chosen release (REMOTE_<NAME>_URL wins over those). */
export function releaseOverridesOf(config: ServerConfig, releases: PageReleaseChoices): ReleaseOverride[] {
  return REMOTES.filter(
    (remote) => releases[remote.name]?.choice === 'override' && !config.remoteUrls[remote.name],
  ).map((remote) => ({
    name: remote.name,
    label: remote.label,
    version: (releases[remote.name] as { version: string }).version,
  }));
}

/** The browser's runtime configuration (served as /config.json and inlined into the shell's HTML). */
export function buildRuntimeConfig(config: ServerConfig, origin: string, releases: PageReleaseChoices = {}) {
  const remotes: Record<string, string> = {};
  for (const name of REMOTE_NAMES) {
    const release = releases[name];
    // REMOTE_<NAME>_URL wins over the registry: that remote is deployed elsewhere.
    remotes[name] =
      config.remoteUrls[name] ??
      (release
        ? `${origin}/remotes/${name}/${release.version}/mf-manifest.json`
        : `${origin}/remotes/${name}/mf-manifest.json`);
  }
  const releaseOverrides = releaseOverridesOf(config, releases);
  return {
    remotes,
    ...(releaseOverrides.length > 0 ? { releaseOverrides } : {}),
    bountySource: config.bountySource,
    firebase: config.firebase,
    marketingForms: config.marketingForms,
    publicUrl: config.publicUrl ?? origin,
  };
}
