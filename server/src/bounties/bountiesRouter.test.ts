import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import request from 'supertest';
import type { Bounty } from '@side-quest/data/bounties';
import { createApp } from '../app';
import { readServerConfig } from '../config/serverConfig';
import { EXTERNAL_WRITE_DELAY_MS, openBountyStore, readDataset } from './bountyStore';

/** The response bytes exactly as sent (supertest would decode them). */
async function bytesOf(app: Express, url: string, headers: Record<string, string>) {
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    return await new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: url, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });
  } finally {
    server.close();
  }
}

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'sq-bounties-'));
const appFor = (dataDir: string) => createApp(readServerConfig({ DATA_DIR: dataDir }));

describe('GET /api/bounties', () => {
  const dataDir = tempDir();
  const app = appFor(dataDir);

  it('seeds the database on first start and lists the high-value bounties ordered by title', async () => {
    expect(fs.existsSync(path.join(dataDir, 'bounties.db'))).toBe(true);
    const response = await request(app).get('/api/bounties').expect(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const bounties = response.body as Bounty[];
    const shipped = readDataset().bounties;
    const highValue = shipped.filter((entry) => entry.is_high_value_bounty === true);
    expect(bounties).toHaveLength(highValue.length);
    expect(bounties.every((bounty) => bounty.is_high_value_bounty)).toBe(true);
    const titles = bounties.map((bounty) => bounty.item_title);
    // Firestore's order: by UTF-8 bytes (so "Z" before "a").
    expect(titles).toEqual([...titles].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b))));
  });

  it('answers compressed when the client accepts it, and 304 for an unchanged list', async () => {
    const first = await request(app).get('/api/bounties').set('Accept-Encoding', 'gzip').expect(200);
    expect(first.headers['content-encoding']).toBe('gzip');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    await request(app).get('/api/bounties').set('If-None-Match', etag).expect(304);
    // As fetch() sends a conditional request of its own (the server's renderer does): still a 304.
    await request(app)
      .get('/api/bounties')
      .set('If-None-Match', `W/${etag}, "other"`)
      .set('Cache-Control', 'no-cache')
      .set('Pragma', 'no-cache')
      .expect(304);
    await request(app).get('/api/bounties').set('If-None-Match', '"other"').expect(200);
  });

  it.each([
    ['br', 'br', zlib.brotliDecompressSync],
    ['gzip, deflate, br', 'br', zlib.brotliDecompressSync],
    ['gzip', 'gzip', zlib.gunzipSync],
    ['identity', undefined, (buffer: Buffer) => buffer],
  ])('with Accept-Encoding "%s" answers %s, with the same list inside', async (accept, encoding, decode) => {
    const raw = await request(app).get('/api/bounties').set('Accept-Encoding', 'identity');
    const response = await bytesOf(app, '/api/bounties', { 'Accept-Encoding': accept });
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers.vary).toMatch(/Accept-Encoding/);
    expect(JSON.parse(decode(response.body).toString('utf8'))).toEqual(raw.body);
  });

  it('returns one bounty by id, normalised, and a JSON 404 for a missing one', async () => {
    const [first] = (await request(app).get('/api/bounties')).body as Bounty[];
    const one = await request(app).get(`/api/bounties/${first!.id}`).expect(200);
    expect(one.body).toEqual(first);
    const missing = await request(app).get('/api/bounties/no-such-bounty').expect(404);
    expect(missing.body).toEqual({ success: false, message: 'Bounty not found.' });
  });

  it('also returns a bounty that is not high-value by id', async () => {
    const low = readDataset().bounties.find((entry) => entry.is_high_value_bounty === false)!;
    const response = await request(app).get(`/api/bounties/${low.id}`).expect(200);
    expect(response.body).toMatchObject({ id: low.id, is_high_value_bounty: false });
  });

  it.each([
    ['a very long id', 'x'.repeat(6000)],
    ['a unicode id', encodeURIComponent('ünïcødé-😀-バウンティ')],
    ['a path traversal', '..%2F..%2Fetc%2Fpasswd'],
    ['dots', '%2e%2e'],
    ['a NUL byte', 'abc%00def'],
    ['SQL', encodeURIComponent("' OR 1=1 --")],
    ['an encoded slash', 'a%2Fb'],
  ])('answers %s with a JSON 404, never a 500', async (_label, id) => {
    const response = await request(app).get(`/api/bounties/${id}`);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ success: false, message: 'Bounty not found.' });
  });

  it('answers a malformed percent-encoding with a JSON 400', async () => {
    const response = await request(app).get('/api/bounties/%E0%A4%A');
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ success: false });
  });

  it('serves every image the dataset refers to from /media/bounties, and a JSON 404 for others', async () => {
    const images = new Set(
      readDataset()
        .bounties.map((entry) => entry.image_url)
        .filter((url): url is string => typeof url === 'string'),
    );
    expect(images.size).toBeGreaterThan(10);
    for (const url of images) {
      expect(url).toMatch(/^\/media\/bounties\/[a-z-]+\.svg$/);
      const response = await request(app).get(url).expect(200);
      expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    }
    await request(app).get('/media/bounties/none.svg').expect(404);
    const traversal = await request(app).get('/media/bounties/..%2F..%2Fbounties%2FbountyStore.ts');
    expect(traversal.status).toBeGreaterThanOrEqual(400);
    expect(traversal.status).toBeLessThan(500);
  });
});

describe('a change made to the database while the server runs', () => {
  it(`is in the list answer within ${EXTERNAL_WRITE_DELAY_MS} ms, with a new ETag`, async () => {
    const dataDir = tempDir();
    const app = appFor(dataDir);
    const before = await request(app).get('/api/bounties').set('Accept-Encoding', 'gzip').expect(200);
    // Another connection, as an operator's script would be.
    const other = openBountyStore(dataDir);
    other.put([{ id: 'late', document: { item_title: '0 added later', is_high_value_bounty: true } }]);
    other.close();
    const listed = Date.now();
    let after = await request(app).get('/api/bounties').set('Accept-Encoding', 'gzip').expect(200);
    while (
      after.headers.etag === before.headers.etag &&
      Date.now() - listed < EXTERNAL_WRITE_DELAY_MS + 1000
    ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      after = await request(app).get('/api/bounties').set('Accept-Encoding', 'gzip').expect(200);
    }
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect((after.body as Bounty[])[0]!.id).toBe('late');
    expect(after.body).toHaveLength((before.body as Bounty[]).length + 1);
  });
});

describe('bad rows in the database', () => {
  it('are listed normalised and never break the list or the detail', async () => {
    const dataDir = tempDir();
    const store = openBountyStore(dataDir, { seedFile: null });
    store.put([
      {
        id: 'bad',
        document: {
          item_title: null,
          reward_amount: 'lots',
          skill_tags: { a: 'React' },
          created_at: 'sometime last spring',
          deadline: 20261231,
          is_high_value_bounty: true,
        },
      },
      {
        id: 'text-reward',
        document: {
          item_title: 'Reward as text',
          reward_amount: '$1,250',
          skill_tags: 'Python, , SQL',
          created_at: 1767225600000,
          is_high_value_bounty: true,
        },
      },
      { id: 'flag-as-text', document: { item_title: 'AAA', is_high_value_bounty: 'true' } },
    ]);
    store.close();
    const app = appFor(dataDir);
    const list = (await request(app).get('/api/bounties').expect(200)).body as Bounty[];
    // Like Firestore: a missing title orders first, and only the boolean true is high-value.
    expect(list.map((bounty) => bounty.id)).toEqual(['bad', 'text-reward']);
    expect(list[0]).toMatchObject({
      item_title: '',
      reward_amount: 0,
      skill_tags: [],
      created_at: null,
      deadline: '',
    });
    expect(list[1]).toMatchObject({
      reward_amount: 1250,
      skill_tags: ['Python', 'SQL'],
      created_at: '2026-01-01T00:00:00.000Z',
    });
    const detail = await request(app).get('/api/bounties/bad').expect(200);
    expect(detail.body).toEqual(list[0]);
  });

  it('a row whose JSON is corrupt still lists as an empty bounty', async () => {
    const dataDir = tempDir();
    openBountyStore(dataDir, { seedFile: null }).close();
    // Written by hand, outside the store, as an operator might.
    const Database = (await import('better-sqlite3')).default;
    const db = new Database(path.join(dataDir, 'bounties.db'));
    db.prepare('INSERT INTO bounty_items VALUES (?, ?, 1, ?)').run('corrupt', 'Corrupt', '{not json');
    db.close();
    const list = (await request(appFor(dataDir)).get('/api/bounties').expect(200)).body as Bounty[];
    expect(list).toEqual([expect.objectContaining({ id: 'corrupt', item_title: '', reward_amount: 0 })]);
  });
});
