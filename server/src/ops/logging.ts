import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import { pino, type Logger } from 'pino';
import pretty from 'pino-pretty';

export type { Logger };

declare module 'node:http' {
  interface IncomingMessage {
    /** The request id (X-Request-Id). */
    id: string;
    /** A logger whose every line names this request (reqId). */
    log: Logger;
  }
}

export const LOG_FORMATS = ['json', 'pretty'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

/**
 * How log lines are written: LOG_FORMAT when it names a format; otherwise readable lines for a person at
 * a terminal, and one JSON object a line everywhere else (pipes, files, CI, tests), which log collectors
 * read. readServerConfig refuses any other LOG_FORMAT.
 */
export function logFormatFor(stdoutIsTTY: boolean | undefined, setting: string | undefined): LogFormat {
  return LOG_FORMATS.find((format) => format === setting) ?? (stdoutIsTTY ? 'pretty' : 'json');
}

/**
 * The logger on stdout (LOG_LEVEL: fatal, error, warn, info, debug, trace or silent), JSON or pino's own
 * pretty printer (logFormatFor). The pretty stream writes synchronously, so lines keep their order with
 * the console's and none is lost when the process exits.
 */
export function createLogger(
  level: string,
  format: LogFormat = logFormatFor(process.stdout.isTTY, process.env.LOG_FORMAT),
): Logger {
  const options = { level, base: { service: 'side-quest' } };
  if (format === 'json') return pino(options);
  return pino(
    options,
    pretty({ sync: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname,service' }),
  );
}

/** A request id from a load balancer is kept when it looks like one; anything else gets a new id. */
export function requestIdFrom(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value && /^[A-Za-z0-9._:-]{1,128}$/.test(value) ? value : randomUUID();
}

/** The completion line's level: error for a 5xx or a failed answer, warn for a 4xx. */
export function completionLevel(statusCode: number, failed: boolean): 'error' | 'warn' | 'info' {
  return failed || statusCode >= 500 ? 'error' : statusCode >= 400 ? 'warn' : 'info';
}

/** What `req.log` is made from, kept on the request; the child logger is made on first use. */
const REQUEST_LOG = Symbol('requestLog');

interface RequestLog {
  logger: Logger;
  id: string;
  child?: Logger;
}

type LoggedRequest = IncomingMessage & { [REQUEST_LOG]?: RequestLog };

/** Request prototypes that have the `log` getter (defined once, not on every request). */
const withLogGetter = new WeakSet<object>();

function defineLogGetter(prototype: object) {
  withLogGetter.add(prototype);
  Object.defineProperty(prototype, 'log', {
    configurable: true,
    get(this: LoggedRequest) {
      const log = this[REQUEST_LOG];
      if (!log) return undefined;
      log.child ??= log.logger.child({ reqId: log.id });
      return log.child;
    },
    set(this: LoggedRequest, value: Logger) {
      Object.defineProperty(this, 'log', { value, writable: true, configurable: true, enumerable: true });
    },
  });
}

/** Paths whose last segment is a capability (an unsubscribe link's signed token): logged without it. */
const CAPABILITY_PATHS = ['/unsubscribe/'];

/** A request's URL as its log line shows it: a capability token in the path becomes `[token]`. */
export function urlForLog(url: string): string {
  const prefix = CAPABILITY_PATHS.find((path) => url.startsWith(path));
  if (!prefix) return url;
  const query = url.indexOf('?');
  return `${prefix}[token]${query === -1 ? '' : url.slice(query)}`;
}

/**
 * Logs each request once it is answered (method, route URL, status, time) with its request id, and gives
 * the request `req.log`, a child logger carrying the same id, so every line written while serving it
 * names the request. The id is sent back as X-Request-Id.
 *
 * The lines are pino-http's (`request completed`, `request errored`, `request aborted`, with reqId, req,
 * res and responseTime), written without its per-request work: the child logger is made only when a
 * handler logs, and headers (cookies, tokens) are never read into the line: method, URL, status and time
 * are what operations need.
 */
export function requestLogging(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const id = requestIdFrom(req.headers['x-request-id']);
    res.setHeader('X-Request-Id', id);
    req.id = id;
    const prototype = Object.getPrototypeOf(req) as object;
    if (!withLogGetter.has(prototype)) defineLogGetter(prototype);
    (req as LoggedRequest)[REQUEST_LOG] = { logger, id };
    const started = Date.now();
    let logged = false;
    // 'close' follows every answer (after 'finish') and every connection lost before one.
    const done = (error?: Error) => {
      if (logged) return;
      logged = true;
      const statusCode = res.statusCode;
      const request = {
        reqId: id,
        req: { id, method: req.method, url: urlForLog(req.originalUrl) },
        res: { statusCode },
      };
      const responseTime = Date.now() - started;
      const level = completionLevel(statusCode, error !== undefined);
      if (error || statusCode >= 500) {
        const err = error ?? new Error(`failed with status code ${statusCode}`);
        logger[level]({ ...request, err, responseTime }, 'request errored');
        return;
      }
      const message = !req.readableAborted && res.writableEnded ? 'request completed' : 'request aborted';
      logger[level]({ ...request, responseTime }, message);
    };
    res.once('close', () => done());
    res.once('error', done);
    next();
  };
}
