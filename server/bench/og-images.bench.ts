/**
 * Link-preview images (server/src/previews): drawing time (p50/p95) and PNG size for 20 bounties and the
 * site image, then every story through the running server (its image comes from the stories remote's
 * server build, so this part needs a production build). Prints its figures; not a test.
 *
 *   node node_modules/.bin/tsx server/bench/og-images.bench.ts [--bounties 20] [--rounds 3]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createApp, openStores } from '../src/app';
import { readServerConfig } from '../src/config/serverConfig';
import { renderPreviewPng } from '../src/previews/renderPreview';
import { SITE_PREVIEW, bountyPreview } from '../src/previews/previewContent';
import { benchOption } from './benchOption';

const BOUNTIES = benchOption('bounties', 20);
const ROUNDS = benchOption('rounds', 3);
const BUDGET_MS = 150;
const MAX_BYTES = 100 * 1024;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

function report(label: string, times: number[], sizes: number[]) {
  const p50 = percentile(times, 50);
  const p95 = percentile(times, 95);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(
    `${label.padEnd(34)} n=${String(times.length).padStart(3)}  p50 ${p50.toFixed(1).padStart(6)} ms  p95 ${p95
      .toFixed(1)
      .padStart(6)} ms  size p50 ${kb(percentile(sizes, 50))}, max ${kb(Math.max(...sizes))}` +
      (p95 > BUDGET_MS || Math.max(...sizes) > MAX_BYTES ? '  OVER BUDGET' : ''),
  );
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-og-bench-'));
  const config = readServerConfig({ DATA_DIR: dataDir, NODE_ENV: 'production' });
  const stores = openStores(config);
  try {
    console.log(`Link-preview images, 1200×630 PNG (budget: p95 < ${BUDGET_MS} ms, < 100 KB)\n`);

    // The first drawing loads the fonts and compiles satori's layout engine; it is reported apart.
    let start = performance.now();
    await renderPreviewPng(SITE_PREVIEW);
    console.log(`first drawing after start (fonts, wasm): ${(performance.now() - start).toFixed(0)} ms`);

    const bounties = stores.bounties.list().slice(0, BOUNTIES);
    const times: number[] = [];
    const sizes: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const bounty of bounties) {
        start = performance.now();
        const png = await renderPreviewPng(bountyPreview(bounty));
        times.push(performance.now() - start);
        sizes.push(png.length);
      }
    }
    report(`${bounties.length} bounties × ${ROUNDS} (drawing)`, times, sizes);

    const siteTimes: number[] = [];
    const siteSizes: number[] = [];
    for (let round = 0; round < 10; round += 1) {
      start = performance.now();
      const png = await renderPreviewPng(SITE_PREVIEW);
      siteTimes.push(performance.now() - start);
      siteSizes.push(png.length);
    }
    report('site image × 10 (drawing)', siteTimes, siteSizes);

    await benchStories(config, stores);
  } finally {
    await stores.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Stories through the server: their slugs from the server-rendered /blog/all, each image requested once
 * with an empty cache (a new server), after one request that loads the stories remote's code.
 */
async function benchStories(
  config: ReturnType<typeof readServerConfig>,
  stores: ReturnType<typeof openStores>,
) {
  const server = createApp(config, stores).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const html = await fetch(`${origin}/blog/all`).then((response) => response.text());
    const slugs = [
      ...new Set([...html.matchAll(/href="\/blog\/([^"/]+)"/g)].map((match) => match[1]!)),
    ].filter((slug) => slug !== 'all');
    if (slugs.length === 0) {
      console.log('stories: none found in /blog/all (is there a production build? npm run build)');
      return;
    }
    const warm = await fetch(`${origin}/og/story/not-a-story.png`);
    if (warm.status !== 404) {
      console.log(
        `stories: the stories remote answered ${warm.status} (${await warm.text()}); its server build ` +
          'needs previewCard: run `npm run build` and this again',
      );
      return;
    }
    const times: number[] = [];
    const sizes: number[] = [];
    for (const slug of slugs) {
      const start = performance.now();
      const response = await fetch(`${origin}/og/story/${slug}.png`);
      const png = Buffer.from(await response.arrayBuffer());
      times.push(performance.now() - start);
      if (response.status !== 200) throw new Error(`/og/story/${slug}.png answered ${response.status}`);
      sizes.push(png.length);
    }
    report(`${slugs.length} stories (HTTP request, cold cache)`, times, sizes);
  } finally {
    server.close();
    server.closeAllConnections();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
