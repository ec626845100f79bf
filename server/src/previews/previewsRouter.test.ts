import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import request from 'supertest';
import { bountyPreviewImage, cardPreviewVersion, type PreviewCard } from '@side-quest/design';
import { createApp, openStores } from '../app';
import { readServerConfig } from '../config/serverConfig';
import { createPreviewsRouter, type SectionLoader } from './previewsRouter';
import { createPreviewImages, PreviewsBusyError } from './renderPreview';
import type { PreviewContent } from './layout';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const MAX_BYTES = 100 * 1024;

/** Width and height from the IHDR chunk, which a valid PNG has right after its signature. */
function pngSize(png: Buffer) {
  expect(png.subarray(0, 8)).toEqual(PNG_SIGNATURE);
  expect(png.toString('latin1', 12, 16)).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

const binary = (res: request.Response, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'sq-previews-'));

describe('GET /og/* in the app', () => {
  const config = readServerConfig({ DATA_DIR: tempDir(), SSR: 'off' });
  const stores = openStores(config);
  const app = createApp(config, stores);
  const bounty = stores.bounties.list()[0]!;
  const imagePath = bountyPreviewImage(bounty);

  afterAll(() => stores.close());

  it("answers a bounty's image: a 1200×630 PNG under 100 KB with an ETag", async () => {
    const response = await request(app).get(imagePath).buffer(true).parse(binary).expect(200);
    expect(response.headers['content-type']).toBe('image/png');
    const png = response.body as Buffer;
    expect(pngSize(png)).toEqual({ width: 1200, height: 630 });
    expect(png.length).toBeLessThan(MAX_BYTES);
    expect(response.headers.etag).toMatch(/^"og-[\w-]+"$/);
    // The page links this very URL: its content version matches, so it may be kept longer.
    expect(response.headers['cache-control']).toBe('public, max-age=604800');
  });

  it('answers 304 to a matching If-None-Match, and a URL with an old version is cached only briefly', async () => {
    const first = await request(app).get(imagePath).expect(200);
    const etag = first.headers.etag as string;
    const fresh = await request(app).get(imagePath).set('If-None-Match', etag).expect(304);
    expect(fresh.headers.etag).toBe(etag);
    expect(fresh.text ?? '').toBe('');
    const old = await request(app)
      .get(imagePath.replace(/\?v=.*$/, '?v=00000000'))
      .set('If-None-Match', etag)
      .expect(304);
    expect(old.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers the site image for every other page', async () => {
    const response = await request(app).get('/og/site.png').buffer(true).parse(binary).expect(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(pngSize(response.body as Buffer)).toEqual({ width: 1200, height: 630 });
    expect((response.body as Buffer).length).toBeLessThan(MAX_BYTES);
  });

  it.each([
    '/og/bounty/no-such-bounty.png',
    `/og/bounty/${encodeURIComponent(bounty.id)}`,
    `/og/bounty/${'x'.repeat(2000)}.png`,
    '/og/elsewhere.png',
    '/og/',
  ])('answers %s with a plain-text 404, never the site', async (url) => {
    const response = await request(app).get(url).expect(404);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
  });
});

describe('story images through the stories remote', () => {
  const config = readServerConfig({ DATA_DIR: tempDir() });
  const stores = openStores(config);
  afterAll(() => stores.close());

  const card: PreviewCard = { title: 'A story', subtitle: 'Mara Okafor', tags: ['Python', 'vLLM'] };

  function appWith(sections: SectionLoader | null) {
    const app = express();
    app.use(
      '/og',
      createPreviewsRouter({
        config,
        bounties: stores.bounties,
        sections,
        selfOrigin: () => 'http://127.0.0.1:1',
        log: () => undefined,
      }),
    );
    return app;
  }

  const remote = (module: unknown): SectionLoader => ({
    loadSection: <T>() => Promise.resolve(module as T),
  });

  it("draws a story from the remote's previewCard, and 404s an unknown slug", async () => {
    const requested: string[] = [];
    const app = appWith(
      remote({
        previewCard: (slug: string) => {
          requested.push(slug);
          return Promise.resolve(slug === 'known story' ? card : null);
        },
      }),
    );
    const response = await request(app)
      .get(`/og/story/known%20story.png?v=${cardPreviewVersion(card)}`)
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect(pngSize(response.body as Buffer)).toEqual({ width: 1200, height: 630 });
    expect(response.headers['cache-control']).toBe('public, max-age=604800');
    const missing = await request(app).get('/og/story/unknown.png').expect(404);
    expect(missing.headers['content-type']).toMatch(/^text\/plain/);
    expect(requested).toEqual(['known story', 'unknown']);
  });

  it('answers 503 with Retry-After when the remote cannot be loaded or has no previewCard', async () => {
    const failing: SectionLoader = { loadSection: () => Promise.reject(new Error('manifest unreachable')) };
    for (const app of [appWith(failing), appWith(remote({})), appWith(null)]) {
      const response = await request(app).get('/og/story/any.png').expect(503);
      expect(response.headers['retry-after']).toBe('30');
      expect(response.headers['content-type']).toMatch(/^text\/plain/);
    }
  });
});

describe('createPreviewImages', () => {
  const content = (title: string): PreviewContent => ({
    eyebrow: '',
    title,
    badge: '',
    subtitle: '',
    tagsLabel: '',
    tags: [],
  });

  it('draws each image once, however many ask at the same time', async () => {
    let drawn = 0;
    const images = createPreviewImages({
      render: async () => {
        drawn += 1;
        return Buffer.from('png');
      },
    });
    await Promise.all([1, 2, 3].map(() => images.png(content('same'))));
    expect(drawn).toBe(1);
  });

  it('turns requests away when too many different images wait', async () => {
    let release = () => undefined as void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const images = createPreviewImages({
      concurrency: 1,
      maxQueued: 1,
      render: async () => {
        await gate;
        return Buffer.from('png');
      },
    });
    const first = images.png(content('a'));
    const second = images.png(content('b'));
    await expect(images.png(content('c'))).rejects.toBeInstanceOf(PreviewsBusyError);
    release();
    await expect(Promise.all([first, second])).resolves.toHaveLength(2);
    // A refused image is not remembered as failed: it is drawn once there is room.
    await expect(images.png(content('c'))).resolves.toEqual(Buffer.from('png'));
  });
});
