import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import type { Bounty } from '@side-quest/data/bounties';
import { createApp, openStores } from '../app';
import { readServerConfig } from '../config/serverConfig';
import type { ApiBounty } from './apiBounty';
import { openApiSchemas, type OpenApiDocument } from './openApiSchemas';

const ORIGIN = 'https://side.example';
const DAY = 24 * 60 * 60 * 1000;

function appWith(env: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-public-api-'));
  const config = readServerConfig({
    DATA_DIR: dataDir,
    PUBLIC_URL: ORIGIN,
    API_READ_RATE_LIMIT: '10000',
    ...env,
  });
  const stores = openStores(config);
  return { app: createApp(config, stores), stores };
}

const { app, stores } = appWith();
stores.bounties.put([
  {
    id: 'closed-rust',
    document: {
      item_title: 'Closed Rust job',
      skill_tags: ['rust'],
      reward_amount: 700,
      deadline: '2020-01-01',
      bounty_area: 'Software',
      created_at: '2019-12-01T00:00:00.000Z',
      is_high_value_bounty: true,
    },
  },
  {
    id: 'no-dates',
    document: {
      item_title: 'Whenever',
      deadline: 'Week 3',
      reward_amount: 'lots',
      is_high_value_bounty: true,
    },
  },
  { id: 'unlisted', document: { item_title: 'Not high value', is_high_value_bounty: false } },
]);
afterAll(() => stores.close());

interface Page {
  data: ApiBounty[];
  nextCursor: string | null;
}

/** The API's own document, compiled as a validator of its answers. */
async function validators() {
  const document = (await request(app).get('/api/openapi.json').expect(200)).body as OpenApiDocument;
  const { check } = openApiSchemas(document);
  return { document, page: check('BountyPage'), bounty: check('Bounty'), error: check('Error') };
}

async function allPages(query: string, limit: number): Promise<ApiBounty[]> {
  const seen: ApiBounty[] = [];
  let cursor: string | null = null;
  // Bounded: more pages than bounties would mean the cursor does not advance.
  for (let pages = 0; pages <= 200; pages += 1) {
    const suffix: string = cursor ? `&cursor=${cursor}` : '';
    const body = (await request(app).get(`/api/v1/bounties?${query}&limit=${limit}${suffix}`).expect(200))
      .body as Page;
    seen.push(...body.data);
    if (!body.nextCursor) return seen;
    cursor = body.nextCursor;
  }
  throw new Error('pagination did not end');
}

const listed = (): Bounty[] => stores.bounties.list();

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document describing both endpoints and every parameter the API reads', async () => {
    const { document } = await validators();
    const doc = document as unknown as {
      openapi: string;
      paths: Record<string, { get: { parameters: { $ref?: string }[]; responses: Record<string, unknown> } }>;
      components: { parameters: Record<string, { name: string }> };
    };
    expect(doc.openapi).toBe('3.1.0');
    const list = doc.paths['/api/v1/bounties']!.get;
    const one = doc.paths['/api/v1/bounties/{id}']!.get;
    expect(Object.keys(list.responses).sort()).toEqual(['200', '304', '400', '429', '503']);
    expect(Object.keys(one.responses).sort()).toEqual(['200', '304', '404', '429', '503']);
    const names = list.parameters.map(
      (parameter) => doc.components.parameters[parameter.$ref!.split('/').pop()!]!.name,
    );
    expect(names.sort()).toEqual(
      [
        'q',
        'domain',
        'skill',
        'status',
        'stage',
        'sponsor',
        'min',
        'max',
        'sort',
        'dir',
        'limit',
        'cursor',
        'If-None-Match',
      ].sort(),
    );
  });
});

describe('GET /api/v1/bounties', () => {
  it('answers a page that matches its schema, in the list order (reward, highest first), 20 by default', async () => {
    const { page } = await validators();
    const response = await request(app).get('/api/v1/bounties').expect(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    page(response.body);
    const body = response.body as Page;
    expect(body.data).toHaveLength(20);
    const rewards = body.data.map((bounty) => bounty.reward);
    expect(rewards).toEqual([...rewards].sort((a, b) => b - a));
    expect(body.nextCursor).toEqual(expect.any(String));
  });

  it('walks every matching bounty exactly once through the cursors, each page valid', async () => {
    const { page } = await validators();
    const first = (await request(app).get('/api/v1/bounties?sort=title&limit=7').expect(200)).body as Page;
    page(first);
    const walked = await allPages('sort=title', 7);
    const expected = [...listed()].sort((a, b) =>
      a.item_title.trim().toLowerCase() < b.item_title.trim().toLowerCase()
        ? -1
        : a.item_title.trim().toLowerCase() > b.item_title.trim().toLowerCase()
          ? 1
          : 0,
    );
    expect(walked.map((bounty) => bounty.id)).toEqual(expected.map((bounty) => bounty.id));
    expect(walked.map((bounty) => bounty.id)).not.toContain('unlisted');
  });

  it('maps each bounty to the public shape, with its status and closing moment now', async () => {
    const { bounty: check } = await validators();
    const walked = await allPages('', 100);
    expect(walked).toHaveLength(listed().length);
    for (const bounty of walked) check(bounty);
    const closed = walked.find((bounty) => bounty.id === 'closed-rust')!;
    expect(closed).toEqual({
      id: 'closed-rust',
      title: 'Closed Rust job',
      company: '',
      reward: 700,
      deadline: '2020-01-01',
      status: 'closed',
      closesAt: '2020-01-01T23:59:59.999Z',
      skills: ['rust'],
      domain: 'Software',
      url: `${ORIGIN}/bounty/closed-rust`,
      summary: '',
      createdAt: '2019-12-01T00:00:00.000Z',
      stage: null,
      overdue: null,
      announcedAt: null,
      paidAt: null,
    });
    expect(walked.find((bounty) => bounty.id === 'no-dates')).toMatchObject({
      status: 'open',
      closesAt: null,
      createdAt: null,
      deadline: 'Week 3',
      reward: 0,
    });
  });

  it('applies the filters as the list does', async () => {
    const walked = await allPages('skill=RUST&skill=python&status=open&min=3000&max=20000&sort=deadline', 5);
    const expected = listed().filter(
      (bounty) =>
        bounty.skill_tags.some((skill) => ['rust', 'python'].includes(skill.toLowerCase())) &&
        bounty.reward_amount >= 3000 &&
        bounty.reward_amount <= 20000 &&
        // Open: a date whose day has not ended (UTC), or no date at all.
        (!/^\d{4}-\d{2}-\d{2}$/.test(bounty.deadline) || Date.parse(bounty.deadline) + DAY > Date.now()),
    );
    expect(expected.length).toBeGreaterThan(3);
    expect(new Set(walked.map((bounty) => bounty.id))).toEqual(new Set(expected.map((bounty) => bounty.id)));
    // By deadline, soonest first, those without a dated deadline last.
    const closing = walked.map((bounty) => bounty.closesAt);
    const dated = closing.filter((time) => time !== null);
    expect(dated.length).toBeGreaterThan(0);
    expect(closing).toEqual([...[...dated].sort(), ...closing.filter((time) => time === null)]);
    const closed = await allPages('status=closed', 100);
    // The seeded dataset has closed bounties of its own; the test's closed one is among them.
    expect(closed.map((bounty) => bounty.id)).toContain('closed-rust');
    expect(closed.every((bounty) => bounty.status === 'closed')).toBe(true);
    const all = await allPages('', 100);
    expect(closed).toHaveLength(all.filter((bounty) => bounty.status === 'closed').length);
  });

  it('keeps the next page in place when a bounty is added before it between requests', async () => {
    const { app: own, stores: ownStores } = appWith();
    try {
      const first = (await request(own).get('/api/v1/bounties?sort=title&limit=5').expect(200)).body as Page;
      const fullBefore = (await request(own).get('/api/v1/bounties?sort=title&limit=10').expect(200))
        .body as Page;
      ownStores.bounties.put([
        { id: 'aaa', document: { item_title: '0 first of all', is_high_value_bounty: true } },
      ]);
      const second = (
        await request(own).get(`/api/v1/bounties?sort=title&limit=5&cursor=${first.nextCursor}`).expect(200)
      ).body as Page;
      expect(second.data.map((bounty) => bounty.id)).toEqual(
        fullBefore.data.slice(5).map((bounty) => bounty.id),
      );
    } finally {
      await ownStores.close();
    }
  });

  it('answers 304 to a current ETag', async () => {
    const first = await request(app).get('/api/v1/bounties?skill=Python').expect(200);
    await request(app)
      .get('/api/v1/bounties?skill=Python')
      .set('If-None-Match', first.headers.etag as string)
      .expect(304);
    const other = await request(app).get('/api/v1/bounties?skill=Go').expect(200);
    expect(other.headers.etag).not.toBe(first.headers.etag);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=abc', 'limit'],
    ['limit=101', 'limit'],
    ['status=maybe', 'status'],
    ['min=-3', 'min'],
    ['max=1.5', 'max'],
    ['sort=evil', 'sort'],
    ['dir=sideways', 'dir'],
    ['cursor=garbage', 'cursor'],
    ['color=red', 'color'],
    ['q=a&q=b', 'q'],
  ])('answers 400 to %s, naming %s, in the documented error shape', async (query, parameter) => {
    const { error } = await validators();
    const response = await request(app).get(`/api/v1/bounties?${query}`).expect(400);
    error(response.body);
    expect((response.body as { message: string }).message).toContain(parameter);
    expect(response.headers['access-control-allow-origin']).toBe('*');
  });

  it('refuses an edited cursor and one from other filters', async () => {
    const first = (await request(app).get('/api/v1/bounties?limit=3').expect(200)).body as Page;
    const cursor = first.nextCursor!;
    const edited = `${cursor.slice(0, -3)}${cursor.endsWith('AAA') ? 'BBB' : 'AAA'}`;
    await request(app).get(`/api/v1/bounties?limit=3&cursor=${edited}`).expect(400);
    const other = await request(app).get(`/api/v1/bounties?limit=3&sort=title&cursor=${cursor}`).expect(400);
    expect((other.body as { message: string }).message).toMatch(/^cursor /);
  });
});

describe('GET /api/v1/bounties/:id', () => {
  it('answers one listed bounty in the same shape as the list, cached with an ETag', async () => {
    const { bounty: check } = await validators();
    const [first] = ((await request(app).get('/api/v1/bounties?limit=1').expect(200)).body as Page).data;
    const response = await request(app)
      .get(`/api/v1/bounties/${encodeURIComponent(first!.id)}`)
      .expect(200);
    check(response.body);
    expect(response.body).toEqual(first);
    await request(app)
      .get(`/api/v1/bounties/${encodeURIComponent(first!.id)}`)
      .set('If-None-Match', response.headers.etag as string)
      .expect(304);
  });

  it.each([
    ['an unknown id', 'no-such-bounty'],
    ['a bounty the marketplace does not list', 'unlisted'],
    ['an id longer than any document id', 'x'.repeat(2000)],
  ])('answers a JSON 404 for %s', async (_what, id) => {
    const { error } = await validators();
    const response = await request(app).get(`/api/v1/bounties/${id}`).expect(404);
    error(response.body);
    expect(response.body).toEqual({ success: false, message: 'Bounty not found.' });
  });
});

describe('CORS and methods', () => {
  it('answers a preflight for GET from any origin', async () => {
    const response = await request(app)
      .options('/api/v1/bounties')
      .set('Origin', 'https://elsewhere.example')
      .set('Access-Control-Request-Method', 'GET')
      .set('Access-Control-Request-Headers', 'If-None-Match')
      .expect(204);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['access-control-allow-methods']).toContain('GET');
    expect(response.headers['access-control-allow-headers']).toContain('If-None-Match');
  });

  it('refuses writes with 405 and Allow', async () => {
    const response = await request(app).post('/api/v1/bounties').send({}).expect(405);
    expect(response.headers.allow).toBe('GET, HEAD, OPTIONS');
    expect(response.body).toMatchObject({ success: false });
  });
});

describe('read rate limit', () => {
  it('answers 429 with Retry-After and the JSON error past API_READ_RATE_LIMIT a minute, for the API and the feeds apart', async () => {
    const { app: limited, stores: limitedStores } = appWith({ API_READ_RATE_LIMIT: '3' });
    try {
      const { error } = await validators();
      for (let index = 0; index < 3; index += 1)
        await request(limited).get('/api/v1/bounties?limit=1').expect(200);
      const refused = await request(limited).get('/api/v1/bounties?limit=1').expect(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.headers['access-control-allow-origin']).toBe('*');
      error(refused.body);
      expect((refused.body as { message: string }).message).toContain('at most 3 a minute');
      await request(limited).get('/api/v1/bounties/anything').expect(429);
      // Preflights are not counted and are still answered.
      await request(limited).options('/api/v1/bounties').expect(204);
      // The feeds count on their own.
      await request(limited).get('/feeds/bounties.json').expect(200);
      // The rest of the API is not limited by it.
      await request(limited).get('/api/health').expect(200);
    } finally {
      await limitedStores.close();
    }
  });
});
