/**
 * GET /api/bounties with 10,000 bounties in the database: latency (p50/p99) and payload size,
 * compressed and raw. Prints its figures; not a test.
 *
 *   node node_modules/.bin/tsx server/bench/bounties-api.bench.ts [--bounties 10000] [--requests 100]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '../src/app';
import { readServerConfig } from '../src/config/serverConfig';
import { openBountyStore, readDataset, toStoredDocument } from '../src/bounties/bountyStore';
import { benchOption } from './benchOption';

const BOUNTIES = benchOption('bounties', 10000);
const REQUESTS = benchOption('requests', 100);

/** A small seeded PRNG, so every run benchmarks the same data. */
function prng(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * 10,000 bounties shaped like the shipped ones (same fields, missing fields and text lengths), but
 * with text drawn word by word from the dataset's vocabulary: copies of the 122 shipped texts would
 * compress unrealistically well, since the title order puts the copies next to each other.
 */
function seed(dataDir: string): number {
  const store = openBountyStore(dataDir, { seedFile: null });
  const shipped = readDataset().bounties;
  const vocabulary = [
    ...new Set(
      shipped.flatMap((entry) =>
        [entry.item_title, entry.summary_description, entry.full_bounty_description, entry.learnings]
          .join(' ')
          .split(/\s+/),
      ),
    ),
  ].filter(Boolean);
  const random = prng(42);
  const words = (like: unknown) =>
    typeof like === 'string'
      ? like
          .split('\n\n')
          .map((paragraph) =>
            Array.from(
              { length: paragraph.split(/\s+/).length },
              () => vocabulary[Math.floor(random() * vocabulary.length)],
            ).join(' '),
          )
          .join('\n\n')
      : like;
  const now = new Date();
  const documents = Array.from({ length: BOUNTIES }, (_, i) => {
    const entry = shipped[i % shipped.length]!;
    const document = toStoredDocument(entry, now);
    for (const field of ['item_title', 'summary_description', 'full_bounty_description', 'learnings']) {
      if (field in document) document[field] = words(document[field]);
    }
    return { id: `${entry.id}-${i}`, document };
  });
  store.put(documents);
  const listed = store.list().length;
  store.close();
  return listed;
}

interface Sample {
  ms: number;
  bytes: number;
  status: number;
  encoding: string;
}

function text(port: number, url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: url, agent: keepAlive }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve(body));
      })
      .on('error', reject);
  });
}

function get(port: number, headers: Record<string, string>, url = '/api/bounties'): Promise<Sample> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = http.get({ host: '127.0.0.1', port, path: url, headers, agent: keepAlive }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () =>
        resolve({
          ms: Number(process.hrtime.bigint() - started) / 1e6,
          bytes,
          status: res.statusCode ?? 0,
          encoding: String(res.headers['content-encoding'] ?? 'identity'),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function measure(port: number, label: string, headers: Record<string, string>) {
  // The first request after a change of the list builds (and compresses) the cached body.
  const first = await get(port, headers);
  const samples: Sample[] = [];
  for (let i = 0; i < REQUESTS; i++) samples.push(await get(port, headers));
  const times = samples.map((sample) => sample.ms).sort((a, b) => a - b);
  const { bytes, status, encoding } = samples[0]!;
  console.log(
    `${label.padEnd(26)} status ${status}  ${encoding.padEnd(8)}  ${(bytes / 1024).toFixed(1).padStart(9)} KiB` +
      `  p50 ${percentile(times, 50).toFixed(1).padStart(7)} ms  p99 ${percentile(times, 99).toFixed(1).padStart(7)} ms` +
      `  (first ${first.ms.toFixed(0)} ms)`,
  );
  return samples[0]!;
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-bench-bounties-'));
  const seedStart = Date.now();
  const listed = seed(dataDir);
  console.log(
    `Seeded ${BOUNTIES} bounties (${listed} high-value, listed) in ${Date.now() - seedStart} ms; ${REQUESTS} sequential requests each:`,
  );
  const server = createApp(readServerConfig({ DATA_DIR: dataDir })).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    const raw = await measure(port, 'raw (no Accept-Encoding)', {});
    const gzip = await measure(port, 'gzip', { 'Accept-Encoding': 'gzip' });
    const br = await measure(port, 'browser (br, gzip)', { 'Accept-Encoding': 'gzip, deflate, br' });
    const etag = await new Promise<string>((resolve) => {
      http.get({ host: '127.0.0.1', port, path: '/api/bounties', agent: keepAlive }, (res) => {
        res.resume();
        resolve(String(res.headers.etag));
      });
    });
    await measure(port, 'revalidation (304)', { 'If-None-Match': etag, 'Accept-Encoding': 'gzip' });
    const ids = (JSON.parse(await text(port, '/api/bounties')) as { id: string }[]).map(
      (bounty) => bounty.id,
    );
    const detail: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      detail.push((await get(port, {}, `/api/bounties/${ids[(i * 7919) % ids.length]}`)).ms);
    }
    detail.sort((a, b) => a - b);
    console.log(
      `${'detail /api/bounties/:id'.padEnd(26)} p50 ${percentile(detail, 50).toFixed(1)} ms  p99 ${percentile(detail, 99).toFixed(1)} ms`,
    );
    console.log(
      `Payload: ${(raw.bytes / 1048576).toFixed(2)} MiB raw, ${(gzip.bytes / 1048576).toFixed(2)} MiB gzip ` +
        `(${((gzip.bytes / raw.bytes) * 100).toFixed(1)}%), ${(br.bytes / 1048576).toFixed(2)} MiB as a browser gets it (${br.encoding}).`,
    );
  } finally {
    keepAlive.destroy();
    server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
