import { timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The route a request matched, as its pattern ("/api/bounties/:id"), so one label value covers every id;
 * requests no route matched (static files, misses) share one value, so a scan cannot grow the labels.
 */
export function routeLabel(baseUrl: string, routePath: unknown): string {
  if (typeof routePath !== 'string') return '(no route)';
  const joined = `${baseUrl}${routePath}`;
  return joined.length > 1 ? joined.replace(/\/$/, '') : joined;
}

/**
 * Names the route pattern of a request answered by a handler outside Express's routing (the early lane
 * for cached pages answers for the site's catch-all route): its metrics are counted under `pattern`.
 */
export function answeredForRoute(res: Response, pattern: string): void {
  res.locals.metricsRoute = pattern;
}

/** Whether a request may read /metrics: with METRICS_TOKEN its bearer token, else only from loopback. */
export function metricsAllowed(
  request: {
    remoteAddress: string | undefined;
    forwardedFor: string | undefined;
    authorization: string | undefined;
  },
  token: string | null,
): boolean {
  if (token) {
    const given = Buffer.from(request.authorization ?? '');
    const expected = Buffer.from(`Bearer ${token}`);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
  // A request relayed by a proxy on this machine comes from loopback too: X-Forwarded-For gives it away.
  const address = (request.remoteAddress ?? '').replace(/^::ffff:/, '');
  return (address === '127.0.0.1' || address === '::1') && request.forwardedFor === undefined;
}

export interface MetricsSources {
  outboxBacklog: () => Promise<number>;
  deliveryFailures: () => number;
  remoteLoadFailures: () => Record<string, number>;
  /** Copies of each shared library the server's renders use (ServerContainers.sharedCopies). */
  sharedLibraryCopies: () => Record<string, number>;
}

/** Adds to a counter what a source's running total grew by since the last scrape. */
function followTotal(
  counter: Counter<string>,
  labels: Record<string, string>,
  total: number,
  seen: Map<string, number>,
) {
  const key = JSON.stringify(labels);
  const grown = total - (seen.get(key) ?? 0);
  if (grown > 0) counter.inc(labels, grown);
  seen.set(key, total);
}

/**
 * The server's Prometheus metrics, in a registry of its own: requests and latency per route pattern,
 * 4xx/5xx answers, rate-limit refusals, the lead outbox's backlog and failed deliveries, failed remote loads.
 */
export function createMetrics(sources: MetricsSources, token: string | null) {
  const registry = new Registry();
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer, by method and route pattern',
    labelNames: ['method', 'route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const errors = new Counter({
    name: 'http_error_responses_total',
    help: 'Answers with a 4xx or 5xx status, by class',
    labelNames: ['class'],
    registers: [registry],
  });
  const rateLimited = new Counter({
    name: 'rate_limited_requests_total',
    help: 'Write requests refused by a rate limit, by route',
    labelNames: ['route'],
    registers: [registry],
  });
  new Gauge({
    name: 'lead_outbox_backlog',
    help: 'Leads stored but not yet delivered to the marketing provider',
    registers: [registry],
    async collect() {
      this.set(await sources.outboxBacklog());
    },
  });
  const seen = new Map<string, number>();
  new Counter({
    name: 'lead_delivery_failures_total',
    help: 'Failed attempts to deliver a lead to the marketing provider (retried or rejected)',
    registers: [registry],
    collect() {
      followTotal(this, {}, sources.deliveryFailures(), seen);
    },
  });
  new Counter({
    name: 'remote_load_failures_total',
    help: 'Failed loads of a remote by the server (rendering, sitemap, previews), by remote',
    labelNames: ['remote'],
    registers: [registry],
    collect() {
      for (const [remote, total] of Object.entries(sources.remoteLoadFailures()))
        followTotal(this, { remote }, total, seen);
    },
  });

  new Gauge({
    name: 'shared_library_copies',
    help: "Copies of each shared library the server's own renders use (1: anything more means two routers or query caches on a page)",
    labelNames: ['library'],
    registers: [registry],
    collect() {
      for (const [library, copies] of Object.entries(sources.sharedLibraryCopies()))
        this.set({ library }, copies);
    },
  });

  const measure: RequestHandler = (req, res, next) => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const route =
        (res.locals.metricsRoute as string | undefined) ??
        routeLabel(req.baseUrl, (req as Request & { route?: { path?: unknown } }).route?.path);
      const status = res.statusCode;
      requests.inc({ method: req.method, route, status: String(status) });
      latency.observe({ method: req.method, route }, Number(process.hrtime.bigint() - started) / 1e9);
      if (status >= 400) errors.inc({ class: status >= 500 ? '5xx' : '4xx' });
    });
    next();
  };

  const endpoint: RequestHandler = async (req, res) => {
    const allowed = metricsAllowed(
      {
        remoteAddress: req.socket.remoteAddress,
        forwardedFor: req.get('x-forwarded-for'),
        authorization: req.get('authorization'),
      },
      token,
    );
    if (!allowed) {
      if (token) res.set('WWW-Authenticate', 'Bearer');
      return void res
        .status(token ? 401 : 403)
        .type('text/plain')
        .send('Not allowed\n');
    }
    res.set('Cache-Control', 'no-store');
    res.type(registry.contentType).send(await registry.metrics());
  };

  return { registry, measure, endpoint, rateLimited: (route: string) => rateLimited.inc({ route }) };
}
