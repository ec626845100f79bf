import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pino, type Logger } from 'pino';
import { pinoHttp } from 'pino-http';

export type { Logger };

/** One JSON object per line on stdout (LOG_LEVEL: fatal, error, warn, info, debug, trace or silent). */
export function createLogger(level: string): Logger {
  return pino({ level, base: { service: 'side-quest' } });
}

/** A request id from a load balancer is kept when it looks like one; anything else gets a new id. */
export function requestIdFrom(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value && /^[A-Za-z0-9._:-]{1,128}$/.test(value) ? value : randomUUID();
}

/**
 * Logs each request once it is answered (method, route URL, status, time) with its request id, and gives
 * the request `req.log`, a child logger carrying the same id, so every line written while serving it
 * names the request. The id is sent back as X-Request-Id.
 */
export function requestLogging(logger: Logger) {
  return pinoHttp({
    logger,
    // Lines written while serving carry just reqId; the completion line also has the request and answer.
    quietReqLogger: true,
    genReqId(req: IncomingMessage, res: ServerResponse) {
      const id = requestIdFrom(req.headers['x-request-id']);
      res.setHeader('X-Request-Id', id);
      return id;
    },
    customLogLevel: (_req, res, error) =>
      error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
    // Headers carry cookies and tokens; method, URL, status and time are what operations need.
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({
        id: req.id,
        method: req.method,
        url: req.url,
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  });
}
