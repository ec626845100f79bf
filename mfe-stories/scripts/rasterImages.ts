import crypto from 'node:crypto';

/**
 * The stories' pictures are drawn as SVG (mfe-stories/src/assets/*.svg, the sources) and shipped as
 * WebP drawn from them (make-raster-images.ts). Chromium turns every SVG `<img>` into a document of its
 * own, parsed, laid out and painted on the page's main thread (three image documents on a story page,
 * about 40 ms of main-thread CPU per load here); a WebP is decoded off it. Search engines also take
 * only raster images for an article's `image`.
 */

/** Where each WebP's source stood when it was drawn: a test fails when an SVG changed without a redraw. */
export const RASTER_SOURCES_FILE = 'raster-sources.json';

/** The SVG file name a WebP is drawn from, and back. */
export function webpNameFor(svgName: string): string {
  return svgName.replace(/\.svg$/, '.webp');
}

export function sourceHash(svg: string): string {
  return crypto.createHash('sha256').update(svg).digest('hex');
}

/** The drawing size an SVG declares (its width and height attributes, in pixels). */
export function declaredSize(svg: string): { width: number; height: number } {
  const root = /<svg\b[^>]*>/.exec(svg)?.[0] ?? '';
  const width = Number(/\swidth="(\d+)"/.exec(root)?.[1]);
  const height = Number(/\sheight="(\d+)"/.exec(root)?.[1]);
  if (!width || !height) throw new Error('the SVG declares no pixel width and height');
  return { width, height };
}

/**
 * A WebP file's pixel size, read from its first chunk (RFC 9649): lossy (`VP8 `), lossless (`VP8L`)
 * or extended (`VP8X`). Throws on anything else.
 */
export function webpSize(file: Uint8Array): { width: number; height: number } {
  const bytes = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  if (bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 8, 12) !== 'WEBP')
    throw new Error('not a WebP file');
  const chunk = bytes.toString('latin1', 12, 16);
  if (chunk === 'VP8 ') {
    // Frame header after the 3-byte frame tag and the start code: 14-bit width and height.
    return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    // After the 0x2f signature: width - 1 and height - 1, 14 bits each, least significant bit first.
    const bits = bytes.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') {
    return { width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1 };
  }
  throw new Error(`unknown WebP chunk ${JSON.stringify(chunk)}`);
}
