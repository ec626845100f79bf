// Test and benchmark helper (not shipped code): a loopback stand-in for the marketing provider's
// form-submission API (the CRM) that honours an Idempotency-Key the way HTTP APIs do. The first request
// with a key creates a record; a later request with the same key and the same body gets the first answer
// back and creates nothing (a replay); the same key with another body is refused with 422; a request
// without a key is always a new record. Requests that reached the provider and records it holds are
// counted apart, per lead e-mail, so a lead sent twice (at-least-once delivery) and a lead recorded twice
// (a duplicate in the CRM) are told apart.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { IDEMPOTENCY_KEY_HEADER } from './providerSubmission';

/**
 * ok: process the request and answer 200 after delayMs; fail: 503 without processing it; reject: 400;
 * hang: take the request and never answer (nor process it).
 */
export type FakeProviderMode = 'ok' | 'fail' | 'reject' | 'hang';

export interface FakeProviderRequest {
  url: string;
  /** The Idempotency-Key header; null without one. */
  key: string | null;
  email: string | null;
  body: unknown;
  /** recorded: a new record; replayed: a repeated key, answered with the first answer; the rest: no record. */
  outcome: 'recorded' | 'replayed' | 'key reused' | 'failed' | 'rejected' | 'hung' | 'malformed';
}

export interface FakeProviderRecord {
  key: string | null;
  email: string;
  url: string;
  body: unknown;
}

interface Answer {
  status: number;
  text: string;
}

function emailOf(body: unknown): string | null {
  const fields = (body as { fields?: unknown } | null)?.fields;
  if (!Array.isArray(fields)) return null;
  const email = (fields as Array<{ name?: unknown; value?: unknown }>).find(
    (field) => field?.name === 'email',
  )?.value;
  return typeof email === 'string' ? email : null;
}

function count(map: Map<string, number>, key: string) {
  map.set(key, (map.get(key) ?? 0) + 1);
}

export type FakeProvider = Awaited<ReturnType<typeof startFakeProvider>>;

export async function startFakeProvider(options: { mode?: FakeProviderMode; delayMs?: number } = {}) {
  /** Switch freely while it runs. */
  const state = { mode: options.mode ?? ('ok' as FakeProviderMode), delayMs: options.delayMs ?? 0 };
  /** Every request that reached the provider, in arrival order. */
  const requests: FakeProviderRequest[] = [];
  /** What the CRM holds: one record per processed request that was not a replay. */
  const records: FakeProviderRecord[] = [];
  const sentPerEmail = new Map<string, number>();
  const recordedPerEmail = new Map<string, number>();
  const firstAnswers = new Map<string, { raw: string; answer: Answer }>();
  let replays = 0;
  let gate: { opened: Promise<void>; open: () => void } | null = null;

  const header = IDEMPOTENCY_KEY_HEADER.toLowerCase();
  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      const value = req.headers[header];
      const key = typeof value === 'string' ? value : null;
      let body: unknown = null;
      try {
        body = JSON.parse(raw);
      } catch {
        // not JSON: no e-mail below
      }
      const email = emailOf(body);
      const log = (outcome: FakeProviderRequest['outcome']) =>
        requests.push({ url: req.url ?? '', key, email, body, outcome });
      if (email === null) {
        log('malformed');
        return void res.writeHead(400).end('{"message":"no email field"}');
      }
      count(sentPerEmail, email);
      if (state.mode === 'hang') return void log('hung');
      if (state.mode === 'fail') {
        log('failed');
        return void res.writeHead(503).end('{"status":"error"}');
      }
      if (state.mode === 'reject') {
        log('rejected');
        return void res.writeHead(400).end('{"message":"bad field"}');
      }
      const first = key === null ? undefined : firstAnswers.get(key);
      let answer: Answer;
      if (first && first.raw !== raw) {
        log('key reused');
        answer = { status: 422, text: '{"message":"Idempotency-Key reused with another request body"}' };
      } else if (first) {
        log('replayed');
        replays += 1;
        answer = first.answer;
      } else {
        log('recorded');
        records.push({ key, email, url: req.url ?? '', body });
        count(recordedPerEmail, email);
        answer = { status: 200, text: '{"inlineMessage":"Thanks"}' };
        if (key !== null) firstAnswers.set(key, { raw, answer });
      }
      // The record exists from here on; the answer may still be held back (a slow or stalled provider).
      const delayMs = state.delayMs;
      void (gate?.opened ?? Promise.resolve()).then(() =>
        setTimeout(
          () => res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.text),
          delayMs,
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  const moreThanOnce = (map: Map<string, number>) =>
    [...map].filter(([, times]) => times > 1).map(([email]) => email);

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    state,
    requests,
    records,
    /** Requests that reached the provider, per lead e-mail (malformed ones aside). */
    sentPerEmail,
    /** Records the CRM holds, per lead e-mail. */
    recordedPerEmail,
    /** Requests answered with an earlier request's answer because their key was seen: replayed, not duplicated. */
    replays: () => replays,
    /** Leads the provider received more than once (what at-least-once delivery may do). */
    sentTwice: () => moreThanOnce(sentPerEmail),
    /** Leads the CRM holds more than once: duplicates. */
    recordedTwice: () => moreThanOnce(recordedPerEmail),
    /**
     * Holds back every answer (new requests are still processed and recorded) until the returned function
     * is called: the provider has the lead, the sender does not know yet.
     */
    holdAnswers(): () => void {
      if (!gate) {
        let open = () => undefined as void;
        const opened = new Promise<void>((resolve) => (open = resolve));
        gate = { opened, open };
      }
      const held = gate;
      return () => {
        if (gate === held) gate = null;
        held.open();
      };
    },
    stop: () =>
      new Promise<void>((resolve) => {
        gate?.open();
        gate = null;
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
