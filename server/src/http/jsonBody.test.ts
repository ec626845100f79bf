import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import express, { type ErrorRequestHandler } from 'express';
import request from 'supertest';
import {
  acceptJson,
  formReturnOf,
  pageAfterPost,
  sendError,
  sendSuccess,
  type FormPageRenderer,
  type Validation,
} from './jsonBody';

interface Greeting {
  name: string;
}

function validateGreeting(body: unknown): Validation<Greeting> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, message: 'The request body must be a JSON object.' };
  }
  const { name } = body as Record<string, unknown>;
  if (typeof name !== 'string' || name.trim() === '') {
    return { ok: false, message: 'Please enter a name.', fieldErrors: { name: 'Please enter a name.' } };
  }
  return { ok: true, value: { name: name.trim() } };
}

/** A route on the helper, behind an error handler that would turn anything unhandled into a 500. */
function appWith(limit: string) {
  const app = express();
  const received: Greeting[] = [];
  app.post(
    '/greetings',
    acceptJson({ limit, validate: validateGreeting }, (greeting, _req, res) => {
      received.push(greeting);
      res.status(201).json({ success: true, message: `Hello, ${greeting.name}.` });
    }),
  );
  const serverError: ErrorRequestHandler = (_error, _req, res, _next) => {
    res.status(500).json({ success: false, message: 'Server error' });
  };
  app.use(serverError);
  return { app, received };
}

const post = (app: express.Express) => request(app).post('/greetings');

/** Sends bytes exactly as given (supertest would serialise a Buffer sent as JSON). */
async function postBytes(app: express.Express, headers: Record<string, string>, body: Buffer) {
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    return await new Promise<{ status: number; body: unknown }>((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port, path: '/greetings', method: 'POST', headers },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as unknown }));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  } finally {
    server.close();
  }
}
const postJson = (app: express.Express, body: string) =>
  post(app).set('Content-Type', 'application/json').send(body);

describe('acceptJson', () => {
  it('hands a valid body to the handler, whose answer is sent as it is', async () => {
    const { app, received } = appWith('1kb');
    const response = await post(app).send({ name: ' Ada ' }).expect(201);
    expect(response.body).toEqual({ success: true, message: 'Hello, Ada.' });
    expect(received).toEqual([{ name: 'Ada' }]);
  });

  it.each([
    ['a form', (app: express.Express) => post(app).type('form').send('name=Ada')],
    ['plain text', (app: express.Express) => post(app).type('text').send('{"name":"Ada"}')],
    [
      'multipart',
      (app: express.Express) =>
        post(app).set('Content-Type', 'multipart/form-data; boundary=x').send('--x\r\n\r\n--x--'),
    ],
    ['no body at all', (app: express.Express) => post(app)],
  ])('answers %s with 415', async (_kind, send) => {
    const { app, received } = appWith('1kb');
    const response = await send(app).expect(415);
    expect(response.body).toEqual({
      success: false,
      message: 'The request body must be JSON (Content-Type: application/json).',
    });
    expect(received).toEqual([]);
  });

  it('answers an unknown charset or content encoding with 415', async () => {
    const { app } = appWith('1kb');
    const charset = await post(app)
      .set('Content-Type', 'application/json; charset=klingon')
      .send('{"name":"Ada"}')
      .expect(415);
    expect(charset.body).toEqual({ success: false, message: 'The request body must be UTF-8 JSON.' });
    const encoding = await postJson(app, '{"name":"Ada"}').set('Content-Encoding', 'bogus').expect(415);
    expect(encoding.body).toEqual({ success: false, message: 'The request body must be UTF-8 JSON.' });
  });

  it('answers a body over the limit with 413, naming the limit', async () => {
    const { app, received } = appWith('1kb');
    const response = await post(app)
      .send({ name: 'x'.repeat(2048) })
      .expect(413);
    expect(response.body).toEqual({ success: false, message: 'The request body is larger than 1KB.' });
    expect(received).toEqual([]);
  });

  it('counts the limit after decompression, so a small gzip bomb is a 413', async () => {
    const { app } = appWith('1kb');
    const bomb = zlib.gzipSync(Buffer.from(`{"name":"${' '.repeat(1024 * 1024)}"}`));
    expect(bomb.length).toBeLessThan(2048);
    const gzip = { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' };
    expect(await postBytes(app, gzip, bomb)).toEqual({
      status: 413,
      body: { success: false, message: 'The request body is larger than 1KB.' },
    });
    // The same encoding within the limit is read as usual.
    const small = zlib.gzipSync(Buffer.from('{"name":"Ada"}'));
    expect((await postBytes(app, gzip, small)).status).toBe(201);
  });

  it('answers a body that claims gzip but is not with 400', async () => {
    const { app } = appWith('1kb');
    const gzip = { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' };
    expect(await postBytes(app, gzip, Buffer.from('{"name":"Ada"}'))).toEqual({
      status: 400,
      body: { success: false, message: 'The request body could not be read.' },
    });
  });

  it.each(['{"name": "Ada",', "{'name': 'Ada'}", '{"name": NaN}', '{"name":"Ada"}xyz', '\u0000'])(
    'answers the invalid JSON %j with 400',
    async (body) => {
      const { app } = appWith('1kb');
      const response = await postJson(app, body).expect(400);
      expect(response.body).toEqual({ success: false, message: 'The request body is not valid JSON.' });
      expect(response.text).not.toMatch(/SyntaxError|at .*\.js/);
    },
  );

  it('answers a validation failure with 400, the message and fieldErrors', async () => {
    const { app, received } = appWith('1kb');
    const response = await post(app).send({ name: '  ' }).expect(400);
    expect(response.body).toEqual({
      success: false,
      message: 'Please enter a name.',
      fieldErrors: { name: 'Please enter a name.' },
    });
    expect(received).toEqual([]);
  });

  it('treats an empty JSON body as an empty object for the validator to refuse', async () => {
    const { app } = appWith('1kb');
    const response = await postJson(app, '').expect(400);
    expect(response.body.fieldErrors).toEqual({ name: 'Please enter a name.' });
  });

  it.each(['null', '[]', '[{"name":"Ada"}]', '"Ada"', '42', 'true'])(
    'hands the non-object %s to the validator, which answers 400 (never 500)',
    async (body) => {
      const { app, received } = appWith('1kb');
      const response = await postJson(app, body).expect(400);
      expect(response.body).toEqual({ success: false, message: 'The request body must be a JSON object.' });
      expect(received).toEqual([]);
    },
  );

  it('answers deeply nested arrays and objects with 400, never 500', async () => {
    const { app } = appWith('64kb');
    const arrays = '['.repeat(20_000) + ']'.repeat(20_000);
    await postJson(app, arrays).expect(400);
    const objects = `${'{"name":'.repeat(5_000)}"Ada"${'}'.repeat(5_000)}`;
    const response = await postJson(app, objects).expect(400);
    expect(response.body.fieldErrors).toEqual({ name: 'Please enter a name.' });
  });

  it('does not let __proto__ in a body reach any prototype', async () => {
    const { app, received } = appWith('1kb');
    await postJson(app, '{"__proto__": {"polluted": true}, "name": "Ada"}').expect(201);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(received).toEqual([{ name: 'Ada' }]);
  });
});

describe('acceptJson with form posts', () => {
  const RETURN_KEY = ['form-return', 'greeting'] as const;

  /**
   * A route that also takes the browser's own form post, behind a guard that refuses the name "Eve".
   * Its page renderer answers with what it was asked to render, as JSON, so a test can read it.
   */
  function formApp(renderPage?: FormPageRenderer) {
    const app = express();
    const received: Greeting[] = [];
    const guarded: string[] = [];
    const guard: express.RequestHandler = (req, res, next) => {
      guarded.push(
        req.is('application/json') ? 'json' : typeof req.body === 'object' ? 'form, read' : 'other',
      );
      if ((req.body as { name?: string } | undefined)?.name === 'Eve')
        return sendError(res, 429, 'Slow down.');
      next();
    };
    const rendered: FormPageRenderer = async (_req, res, page) => {
      res.status(page.status).json({ rendered: page });
    };
    app.post(
      '/greetings',
      acceptJson(
        {
          limit: '1kb',
          validate: validateGreeting,
          guards: [guard],
          form: {
            resultParam: 'greeting',
            typedFields: ['name'],
            returnKey: RETURN_KEY,
            fallbackPage: '/hello',
            renderPage: renderPage ?? rendered,
          },
        },
        (greeting, _req, res) => {
          received.push(greeting);
          sendSuccess(res, 201, { success: true, message: `Hello, ${greeting.name}.` });
        },
      ),
    );
    const serverError: ErrorRequestHandler = (_error, _req, res, _next) => {
      res.status(500).json({ success: false, message: 'Server error' });
    };
    app.use(serverError);
    return { app, received, guarded };
  }
  const postForm = (app: express.Express, body: string) => post(app).type('form').send(body);
  /** The page the renderer was asked for: its URL, status and the returned post in its cache. */
  const renderedPage = (url: string, status: number, outcome: string, values: Record<string, string>) => ({
    rendered: { url, status, queries: [[[...RETURN_KEY], { outcome, values }]] },
  });

  it('validates the fields like a JSON body and answers 303 to the posting page', async () => {
    const { app, received } = formApp();
    const response = await postForm(app, 'name=+Ada+&pageUri=%2Fabout%3Fdialog%3Djoin').expect(303);
    expect(response.headers.location).toBe('/about?dialog=join&greeting=ok');
    expect(received).toEqual([{ name: 'Ada' }]);
  });

  it('answers a validation failure with 422 and the page holding what was typed, never a redirect', async () => {
    const { app, received } = formApp();
    const response = await postForm(app, 'name=+&name=second&pageUri=%2Fabout%3Fdialog%3Djoin').expect(422);
    expect(response.headers.location).toBeUndefined();
    expect(response.body).toEqual(renderedPage('/about?dialog=join', 422, 'invalid', { name: ' ' }));
    expect(received).toEqual([]);
  });

  it('renders the page without the outcome and values an earlier answer left in its URL', async () => {
    const { app } = formApp();
    const response = await postForm(
      app,
      new URLSearchParams({ name: '', pageUri: '/about?greeting=invalid&name=old&x=1' }).toString(),
    ).expect(422);
    expect(response.body.rendered.url).toBe('/about?x=1');
    const accepted = await postForm(
      app,
      new URLSearchParams({ name: 'Ada', pageUri: '/about?greeting=failed&name=old&x=1' }).toString(),
    ).expect(303);
    expect(accepted.headers.location).toBe('/about?x=1&greeting=ok');
  });

  it('keeps the JSON answers as they are', async () => {
    const { app } = formApp();
    await post(app).send({ name: 'Ada' }).expect(201, { success: true, message: 'Hello, Ada.' });
    const invalid = await post(app).send({ name: '' }).expect(400);
    expect(invalid.body.fieldErrors).toEqual({ name: 'Please enter a name.' });
  });

  it('runs guards first for JSON and after reading the fields for a form post', async () => {
    const { app, guarded } = formApp();
    await post(app).send({ name: 'Eve' }).expect(201);
    await post(app).type('text').send('hi').expect(415);
    // A refusal other than validation keeps its own status, and the page still holds what was typed.
    const refused = await postForm(app, 'name=Eve&pageUri=%2Fabout').expect(429);
    expect(refused.body).toEqual(renderedPage('/about', 429, 'failed', { name: 'Eve' }));
    expect(guarded).toEqual(['json', 'other', 'form, read']);
  });

  it('still answers other content types with 415', async () => {
    const { app } = formApp();
    await post(app)
      .set('Content-Type', 'multipart/form-data; boundary=x')
      .send('--x\r\n\r\n--x--')
      .expect(415);
  });

  it('answers an unreadable or oversized form post with the fallback page and its own 4xx, never 5xx', async () => {
    const { app } = formApp();
    const large = await postForm(app, `name=${'x'.repeat(2048)}`).expect(413);
    expect(large.body).toEqual(renderedPage('/hello', 413, 'failed', {}));
    const charset = await post(app)
      .set('Content-Type', 'application/x-www-form-urlencoded; charset=klingon')
      .send('name=Ada')
      .expect(415);
    expect(charset.body).toEqual(renderedPage('/hello', 415, 'failed', {}));
    const gzip = { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Encoding': 'gzip' };
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const status = await new Promise<number | undefined>((resolve, reject) => {
        http
          .request({ host: '127.0.0.1', port, path: '/greetings', method: 'POST', headers: gzip }, (res) => {
            res.resume();
            resolve(res.statusCode);
          })
          .on('error', reject)
          .end('name=Ada');
      });
      expect(status).toBe(400);
    } finally {
      server.close();
    }
  });

  it('answers with the refusal itself, privately, when the page cannot be rendered', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const { app } = formApp(() => Promise.reject(new Error('no build')));
      const response = await postForm(app, 'name=+&pageUri=%2Fabout').expect(422);
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(response.text).toBe('Please enter a name.');
      expect(error).toHaveBeenCalledTimes(1);
    } finally {
      error.mockRestore();
    }
  });

  it('only ever renders or answers with a path on this site', async () => {
    const { app } = formApp();
    for (const page of ['https://evil.example//evil.example/x', 'javascript:alert(1)', '//evil.example/x']) {
      const refused = await postForm(app, new URLSearchParams({ name: '', pageUri: page }).toString());
      expect(refused.body.rendered.url).toMatch(/^\/(?!\/)/);
      const accepted = await postForm(
        app,
        new URLSearchParams({ name: 'Ada', pageUri: page }).toString(),
      ).expect(303);
      expect(accepted.headers.location).toMatch(/^\/(?!\/)/);
    }
  });

  it('refuses a form post the browser marks as sent from another site', async () => {
    const { app, received } = formApp();
    const response = await postForm(app, 'name=Ada').set('Sec-Fetch-Site', 'cross-site').expect(403);
    expect(response.body).toEqual({
      success: false,
      message: "Forms are accepted from this site's own pages only.",
    });
    await postForm(app, 'name=Ada').set('Sec-Fetch-Site', 'same-origin').expect(303);
    expect(received).toEqual([{ name: 'Ada' }]);
  });

  it('treats a field named __proto__ as a field', async () => {
    const { app, received } = formApp();
    await postForm(app, '__proto__=x&name=Ada').expect(303);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    expect(received).toEqual([{ name: 'Ada' }]);
  });
});

describe('formReturnOf', () => {
  it('keeps each typed field’s first value, as own properties only', () => {
    const returned = formReturnOf('invalid', [
      ['email', 'a@b.co'],
      ['__proto__', 'x'],
      ['email', 'second'],
    ]);
    expect(returned.outcome).toBe('invalid');
    expect(Object.keys(returned.values)).toEqual(['email', '__proto__']);
    expect(returned.values.email).toBe('a@b.co');
    expect(Object.getPrototypeOf(returned.values)).toBe(Object.prototype);
  });
});

describe('pageAfterPost', () => {
  const options = { resultParam: 'lead', typedFields: ['email', 'challengeType'] };

  it('drops an earlier outcome and typed values, keeps the page’s own query, adds ok when given', () => {
    const page = '/for-clients?lead=invalid&email=jane.doe%40example.com&x=1&challengeType=hiring';
    expect(pageAfterPost(page, options, null)).toBe('/for-clients?x=1');
    expect(pageAfterPost(page, options, 'ok')).toBe('/for-clients?x=1&lead=ok');
    expect(pageAfterPost('/for-clients', options, 'ok')).toBe('/for-clients?lead=ok');
  });
});

describe('sendError', () => {
  function answer(fieldErrors?: Record<string, string>) {
    const app = express();
    app.get('/', (_req, res) => sendError(res, 400, 'Nope.', fieldErrors));
    return request(app).get('/').expect(400);
  }

  it('sends fieldErrors only when there is one', async () => {
    expect((await answer()).body).toEqual({ success: false, message: 'Nope.' });
    expect((await answer({})).body).toEqual({ success: false, message: 'Nope.' });
    expect((await answer({ email: 'Bad.' })).body).toEqual({
      success: false,
      message: 'Nope.',
      fieldErrors: { email: 'Bad.' },
    });
  });
});
