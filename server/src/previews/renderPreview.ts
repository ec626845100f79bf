import { createHash } from 'node:crypto';
import satori from 'satori';
import { renderAsync } from '@resvg/resvg-js';
import { previewFonts } from './fonts';
import { PREVIEW_HEIGHT, PREVIEW_WIDTH, previewLayout, type PreviewContent } from './layout';

/** Part of every ETag: change it when the drawing changes, so clients do not keep the old picture. */
const LAYOUT_VERSION = '1';

/** The ETag of an image: the content it shows and the layout version, nothing else changes the PNG. */
export function previewEtag(content: PreviewContent): string {
  const hash = createHash('sha256')
    .update(JSON.stringify([LAYOUT_VERSION, content]))
    .digest('base64url')
    .slice(0, 27);
  return `"og-${hash}"`;
}

/**
 * Draws one preview as PNG: satori lays the element tree out and turns its text into paths (so the SVG
 * has no text nodes and needs no fonts), resvg rasterises it on libuv's thread pool instead of the
 * event loop.
 */
export async function renderPreviewPng(content: PreviewContent): Promise<Buffer> {
  const svg = await satori(previewLayout(content), {
    width: PREVIEW_WIDTH,
    height: PREVIEW_HEIGHT,
    fonts: previewFonts(),
  });
  const image = await renderAsync(svg, {
    fitTo: { mode: 'original' },
    // Text is already paths; loading the system's fonts would only cost time.
    font: { loadSystemFonts: false },
  });
  return image.asPng();
}

export class PreviewsBusyError extends Error {}

export interface PreviewImages {
  /** The PNG for this content, from the cache or drawn now; rejects with PreviewsBusyError when full. */
  png(content: PreviewContent): Promise<Buffer>;
}

/**
 * Drawn images, kept by ETag (least recently used dropped first), each drawn once even when requested
 * many times at once. At most `concurrency` are drawn at a time and at most `maxQueued` wait: a burst of
 * requests for many different images then costs bounded CPU and memory, and the rest are told to retry.
 */
export function createPreviewImages(
  options: {
    maxEntries?: number;
    concurrency?: number;
    maxQueued?: number;
    render?: (content: PreviewContent) => Promise<Buffer>;
  } = {},
): PreviewImages {
  const maxEntries = options.maxEntries ?? 256;
  const concurrency = options.concurrency ?? 2;
  const maxQueued = options.maxQueued ?? 32;
  const render = options.render ?? renderPreviewPng;
  const cache = new Map<string, Promise<Buffer>>();
  const waiting: Array<() => void> = [];
  let running = 0;

  async function slot<T>(work: () => Promise<T>): Promise<T> {
    if (running >= concurrency) {
      if (waiting.length >= maxQueued) throw new PreviewsBusyError('Too many preview images in progress');
      await new Promise<void>((resolve) => waiting.push(resolve));
    } else {
      running += 1;
    }
    try {
      return await work();
    } finally {
      // Hand the slot straight to the next waiter, or free it.
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  }

  return {
    async png(content) {
      const etag = previewEtag(content);
      let png = cache.get(etag);
      if (png) {
        // Most recently used last.
        cache.delete(etag);
        cache.set(etag, png);
      } else {
        png = slot(() => render(content));
        cache.set(etag, png);
        // A failed drawing is not kept: the next request tries again.
        png.catch(() => cache.delete(etag));
        if (cache.size > maxEntries) cache.delete(cache.keys().next().value as string);
      }
      return png;
    },
  };
}
