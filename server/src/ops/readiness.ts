import fs from 'node:fs/promises';
import path from 'node:path';
import type { RequestHandler } from 'express';
import { REMOTE_NAMES, type ServerConfig } from '../config/serverConfig';

/** How long one check may take before it counts as failed: a probe must answer quickly. */
export const READY_CHECK_TIMEOUT_MS = 2_000;

export interface CheckResult {
  ok: boolean;
  /** Why it failed. */
  error?: string;
}

export interface ReadinessReport {
  status: 'ready' | 'not ready';
  /** The checks that failed, by name ("database", "remote:compass"). */
  failed: string[];
  checks: Record<string, CheckResult>;
  /** Leads stored but not yet delivered to the marketing provider (null when unknown). */
  outboxBacklog: number | null;
}

/** The answer of /api/ready from the checks' results: ready only when every check passed. */
export function readinessReport(
  checks: Record<string, CheckResult>,
  outboxBacklog: number | null,
): ReadinessReport {
  const failed = Object.keys(checks).filter((name) => !checks[name]?.ok);
  return { status: failed.length === 0 ? 'ready' : 'not ready', failed, checks, outboxBacklog };
}

const reason = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';

async function check(run: () => Promise<void>): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      run(),
      new Promise((_resolve, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no answer within ${READY_CHECK_TIMEOUT_MS} ms`)),
          READY_CHECK_TIMEOUT_MS,
        );
      }),
    ]);
    return { ok: true };
  } catch (error) {
    return { ok: false, error: reason(error) };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A remote's manifest answers: one deployed elsewhere (REMOTE_<NAME>_URL) is fetched; one this server
 * hosts is read from its build folder, which is what /remotes/<name>/mf-manifest.json serves.
 */
async function remoteManifest(config: ServerConfig, name: (typeof REMOTE_NAMES)[number]): Promise<void> {
  const url = config.remoteUrls[name];
  if (url) {
    const response = await fetch(url, {
      signal: AbortSignal.timeout(READY_CHECK_TIMEOUT_MS),
      cache: 'no-store',
    });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    return;
  }
  JSON.parse(await fs.readFile(path.join(config.distDirs[name], 'mf-manifest.json'), 'utf8'));
}

export interface ReadinessOptions {
  config: ServerConfig;
  /** Resolves when the database answers. */
  pingDatabase: () => Promise<void>;
  /** The lead outbox's backlog. */
  outboxBacklog: () => Promise<number>;
  /** E-mail not yet sent; null when unknown. */
  mailBacklog?: () => Promise<number>;
}

/**
 * How the site's e-mail leaves: through SMTP_URL's server, or (not configured) as .eml files in
 * DATA_DIR/mail, which no one receives. Shown, not a failed check: a fresh clone must still serve.
 */
export interface MailReadiness {
  configured: boolean;
  delivery: 'smtp' | 'files in DATA_DIR/mail';
  backlog: number | null;
}

/**
 * GET /api/ready, the readiness probe: 200 only when the database answers and every remote's manifest
 * answers, 503 otherwise; the body names the failed checks and the outbox backlog either way. (/api/health
 * stays the liveness probe: it does not depend on anything outside the process.)
 */
export function readinessHandler({
  config,
  pingDatabase,
  outboxBacklog,
  mailBacklog,
}: ReadinessOptions): RequestHandler {
  return async (_req, res) => {
    const names = ['database', ...REMOTE_NAMES.map((name) => `remote:${name}`)];
    const results = await Promise.all([
      check(pingDatabase),
      ...REMOTE_NAMES.map((name) => check(() => remoteManifest(config, name))),
    ]);
    const backlog = await outboxBacklog().catch(() => null);
    const report = readinessReport(
      Object.fromEntries(names.map((name, i) => [name, results[i] as CheckResult])),
      backlog,
    );
    const configured = config.accounts.smtpUrl !== null;
    const mail: MailReadiness = {
      configured,
      delivery: configured ? 'smtp' : 'files in DATA_DIR/mail',
      backlog: mailBacklog ? await mailBacklog().catch(() => null) : null,
    };
    res.set('Cache-Control', 'no-store');
    res.status(report.status === 'ready' ? 200 : 503).json({ ...report, mail });
  };
}
