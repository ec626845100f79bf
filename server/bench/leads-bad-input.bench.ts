// Bad-input run: well over 1,000 malformed, oversized, wrong-typed and hostile requests to
// POST /api/submit-form. Prints the answers by status; any 5xx, a dropped connection or an unhealthy
// server afterwards fails the run.
//   node node_modules/.bin/tsx server/bench/leads-bad-input.bench.ts [rounds]
import http from 'node:http';
import zlib from 'node:zlib';
import { startLeadsServer, storedLeadEmails, validLead } from './leads-harness';

const rounds = Number(process.argv[2] ?? 40);

interface BadRequest {
  kind: string;
  headers: Record<string, string>;
  body: Buffer | string;
  /** Send the body in chunks without a content-length. */
  chunked?: boolean;
}

const json = { 'content-type': 'application/json' };
const good = validLead('bad-input@example.com');

function deepNesting(depth: number) {
  return '['.repeat(depth) + ']'.repeat(depth);
}

/** One round of hostile requests; varied by the round number so no two rounds are identical. */
function badRequests(round: number): BadRequest[] {
  const cases: BadRequest[] = [
    { kind: 'malformed: truncated JSON', headers: json, body: `{"email": "a${round}@b.co", ` },
    { kind: 'malformed: trailing garbage', headers: json, body: `${JSON.stringify(good)}xyz` },
    { kind: 'malformed: single quotes', headers: json, body: "{'email': 'a@b.co'}" },
    { kind: 'malformed: empty body', headers: json, body: '' },
    { kind: 'malformed: NaN literal', headers: json, body: '{"email": NaN}' },
    {
      kind: 'malformed: invalid UTF-8',
      headers: json,
      body: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
    },
    {
      kind: 'malformed: lone surrogate escapes',
      headers: json,
      body: JSON.stringify({ ...good, pageName: '\\ud800' }).replace('\\\\ud800', '\\ud800'),
    },
    { kind: 'wrong type: array', headers: json, body: JSON.stringify([good]) },
    { kind: 'wrong type: string', headers: json, body: '"hello"' },
    { kind: 'wrong type: number', headers: json, body: String(round) },
    { kind: 'wrong type: null', headers: json, body: 'null' },
    { kind: 'wrong type: email number', headers: json, body: JSON.stringify({ ...good, email: round }) },
    {
      kind: 'wrong type: description object',
      headers: json,
      body: JSON.stringify({ ...good, challengeDescription: { $gt: '' } }),
    },
    {
      kind: 'wrong type: type array',
      headers: json,
      body: JSON.stringify({ ...good, challengeType: ['hiring'] }),
    },
    {
      kind: 'wrong value: challengeType',
      headers: json,
      body: JSON.stringify({ ...good, challengeType: 'HIRING' }),
    },
    {
      kind: 'wrong value: javascript: pageUri',
      headers: json,
      body: JSON.stringify({ ...good, pageUri: 'javascript:alert(1)' }),
    },
    {
      kind: 'wrong value: email with newline',
      headers: json,
      body: JSON.stringify({ ...good, email: 'a@b.co\nBcc: x@y.z' }),
    },
    {
      kind: 'wrong value: NUL in pageName',
      headers: json,
      body: JSON.stringify({ ...good, pageName: 'x\u0000y' }),
    },
    { kind: 'missing fields', headers: json, body: JSON.stringify({ email: good.email }) },
    {
      kind: 'hostile: __proto__',
      headers: json,
      body: `{"__proto__": {"success": true, "polluted": ${round}}, "email": 1}`,
    },
    {
      kind: 'hostile: constructor.prototype',
      headers: json,
      body: '{"constructor": {"prototype": {"isAdmin": true}}}',
    },
    {
      kind: 'hostile: SQL in fields',
      headers: json,
      body: JSON.stringify({ ...good, email: "x'); DROP TABLE leads;--@b.co" }),
    },
    { kind: 'hostile: deep nesting', headers: json, body: deepNesting(5_000) },
    {
      kind: 'hostile: 1,000 keys',
      headers: json,
      body: JSON.stringify(Object.fromEntries(Array.from({ length: 1_000 }, (_, i) => [`k${i}`, i]))),
    },
    {
      kind: 'oversized: 17 KB description',
      headers: json,
      body: JSON.stringify({ ...good, challengeDescription: 'x'.repeat(17 * 1024) }),
    },
    { kind: 'oversized: 1 MB', headers: json, body: 'x'.repeat(1024 * 1024) },
    {
      kind: 'oversized: chunked 64 KB',
      headers: json,
      body: JSON.stringify({ ...good, challengeDescription: 'y'.repeat(64 * 1024) }),
      chunked: true,
    },
    {
      kind: 'oversized: gzip bomb',
      headers: { ...json, 'content-encoding': 'gzip' },
      body: zlib.gzipSync(Buffer.alloc(4 * 1024 * 1024, 0x20)),
    },
    {
      kind: 'oversized: 5001-char description',
      headers: json,
      body: JSON.stringify({ ...good, challengeDescription: 'z'.repeat(5_001) }),
    },
    {
      kind: 'bad encoding: brotli claimed',
      headers: { ...json, 'content-encoding': 'br' },
      body: JSON.stringify(good),
    },
    {
      kind: 'bad encoding: unknown',
      headers: { ...json, 'content-encoding': 'bogus' },
      body: JSON.stringify(good),
    },
    {
      kind: 'bad charset',
      headers: { 'content-type': 'application/json; charset=klingon' },
      body: JSON.stringify(good),
    },
    {
      kind: 'form post: fields missing (303)',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=a@b.co',
    },
    {
      kind: 'wrong content-type: text',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify(good),
    },
    {
      kind: 'wrong content-type: multipart',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      body: '--x\r\n\r\n--x--',
    },
    { kind: 'wrong content-type: none', headers: {}, body: JSON.stringify(good) },
    {
      kind: 'lying content-length',
      headers: { ...json, 'content-length': '10' },
      body: JSON.stringify(good),
    },
  ];
  return cases;
}

function send(baseUrl: string, request: BadRequest): Promise<number> {
  return new Promise((resolve, reject) => {
    const body = typeof request.body === 'string' ? Buffer.from(request.body) : request.body;
    const headers: Record<string, string> = { ...request.headers };
    if (!request.chunked && !headers['content-length']) headers['content-length'] = String(body.length);
    const req = http.request(`${baseUrl}/api/submit-form`, { method: 'POST', headers }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    req.on('error', reject);
    if (request.chunked) {
      for (let offset = 0; offset < body.length; offset += 4096)
        req.write(body.subarray(offset, offset + 4096));
      req.end();
    } else if (headers['content-length'] !== String(body.length)) {
      req.end(body.subarray(0, Number(headers['content-length'])));
    } else {
      req.end(body);
    }
  });
}

async function main() {
  const server = await startLeadsServer();
  const byKind = new Map<string, Map<number, number>>();
  const byStatus = new Map<number, number>();
  let total = 0;
  let dropped = 0;
  try {
    for (let round = 0; round < rounds; round++) {
      const requests = badRequests(round);
      const statuses = await Promise.all(
        requests.map((request) => send(server.baseUrl, request).catch(() => -1)),
      );
      statuses.forEach((status, index) => {
        total += 1;
        if (status === -1) dropped += 1;
        const kind = requests[index]!.kind;
        const counts = byKind.get(kind) ?? new Map<number, number>();
        counts.set(status, (counts.get(status) ?? 0) + 1);
        byKind.set(kind, counts);
        byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
      });
    }
    const health = await fetch(`${server.baseUrl}/api/health`).then((response) => response.status);
    const goodAnswer = await fetch(`${server.baseUrl}/api/submit-form`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify(validLead('after@example.com')),
    }).then((response) => response.status);
    await server.stop();
    const stored = storedLeadEmails(server.dataDir);
    const fiveXx = [...byStatus].filter(([status]) => status >= 500).reduce((sum, [, n]) => sum + n, 0);

    console.log(`leads bad input: ${total} hostile requests (${rounds} rounds of ${byKind.size} kinds)`);
    for (const [kind, counts] of byKind) {
      console.log(`  ${kind.padEnd(36)} ${[...counts].map(([status, n]) => `${status}×${n}`).join(' ')}`);
    }
    console.log(
      `  answers by status   ${[...byStatus]
        .sort()
        .map(([status, n]) => `${status}: ${n}`)
        .join(', ')}`,
    );
    console.log(`  5xx answers         ${fiveXx}`);
    console.log(`  dropped connections ${dropped}`);
    console.log(`  health afterwards   ${health}; a valid lead afterwards: ${goodAnswer}`);
    console.log(`  leads stored        ${stored.length} (only the valid one expected)`);
    if (fiveXx > 0 || health !== 200 || goodAnswer !== 200 || total < 1000 || stored.length !== 1) {
      process.exitCode = 1;
    }
  } finally {
    await server.stop();
  }
}

void main();
