import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { Writable } from 'node:stream';
import express from 'express';
import { pino } from 'pino';
import request from 'supertest';
import { logFormatFor, requestIdFrom, requestLogging, urlForLog } from './logging';

describe('request logging', () => {
  it('keeps a well-formed incoming request id and makes one up otherwise', () => {
    expect(requestIdFrom('lb-123.abc')).toBe('lb-123.abc');
    expect(requestIdFrom(['a1', 'b2'])).toBe('a1');
    expect(requestIdFrom('has spaces')).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdFrom('x'.repeat(200))).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdFrom(undefined)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("logs an unsubscribe link's URL without its token", () => {
    expect(urlForLog('/unsubscribe/v1.abc.def')).toBe('/unsubscribe/[token]');
    expect(urlForLog('/unsubscribe/v1.abc.def?done=1')).toBe('/unsubscribe/[token]?done=1');
    expect(urlForLog('/bounties?q=x')).toBe('/bounties?q=x');
  });

  it('writes JSON lines that all carry the request id, and answers it as X-Request-Id', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const app = express();
    app.use(requestLogging(pino({ level: 'info' }, sink)));
    app.get('/work', (req, res) => {
      req.log.info('doing the work');
      res.status(201).end();
    });
    const response = await request(app).get('/work').set('X-Request-Id', 'req-42').expect(201);
    expect(response.headers['x-request-id']).toBe('req-42');
    expect(lines.map((line) => line.msg)).toEqual(['doing the work', 'request completed']);
    for (const line of lines) expect(line).toMatchObject({ reqId: 'req-42' });
    expect(lines[1]).toMatchObject({ res: { statusCode: 201 }, req: { method: 'GET', url: '/work' } });
  });

  it('logs a 4xx as warn and a 5xx as an error, and never a header (cookies, tokens)', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const app = express();
    app.use(requestLogging(pino({ level: 'info' }, sink)));
    app.get('/missing', (_req, res) => void res.status(404).end());
    app.get('/broken', (_req, res) => void res.status(500).end());
    await request(app).get('/missing?q=1').set('Cookie', 'side-quest.session_token=secret-token').expect(404);
    await request(app).get('/broken').expect(500);
    expect(lines).toEqual([
      expect.objectContaining({
        level: 40,
        msg: 'request completed',
        req: { id: expect.any(String), method: 'GET', url: '/missing?q=1' },
        res: { statusCode: 404 },
        responseTime: expect.any(Number),
      }),
      expect.objectContaining({
        level: 50,
        msg: 'request errored',
        res: { statusCode: 500 },
        err: expect.objectContaining({ message: 'failed with status code 500' }),
      }),
    ]);
    expect(JSON.stringify(lines)).not.toContain('secret-token');
  });
});

describe('the log format', () => {
  it('is readable on a terminal and JSON lines elsewhere, unless LOG_FORMAT says which', () => {
    expect(logFormatFor(true, undefined)).toBe('pretty');
    expect(logFormatFor(false, undefined)).toBe('json');
    expect(logFormatFor(undefined, '')).toBe('json');
    expect(logFormatFor(true, 'json')).toBe('json');
    expect(logFormatFor(false, 'pretty')).toBe('pretty');
  });

  /** What a process logging one request line prints on stdout (a pipe here, not a terminal). */
  function printed(env: Record<string, string>): string {
    const script = `require('${path.join(__dirname, 'logging.ts')}')
      .createLogger('info').info({ reqId: 'r-1', responseTime: 3 }, 'request completed')`;
    const { LOG_FORMAT: _unset, ...inherited } = process.env;
    return execFileSync(path.join(__dirname, '../../../node_modules/.bin/tsx'), ['-e', script], {
      env: { ...inherited, ...env },
      encoding: 'utf8',
    });
  }

  it('prints one JSON object a line into a pipe, and pino-pretty lines with LOG_FORMAT=pretty', () => {
    const json = JSON.parse(printed({}).trim()) as Record<string, unknown>;
    expect(json).toMatchObject({ level: 30, msg: 'request completed', reqId: 'r-1', service: 'side-quest' });
    const pretty = printed({ LOG_FORMAT: 'pretty', NO_COLOR: '1' });
    expect(() => JSON.parse(pretty)).toThrow();
    expect(pretty).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: request completed\n {4}reqId: "r-1"\n/);
  });
});
