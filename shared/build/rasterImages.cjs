// Pictures drawn as SVG (the sources, kept beside them) and shipped as WebP: Chromium makes every SVG
// <img> a document of its own, committed, parsed, laid out and painted in the page's main-thread
// tasks around its first paint, where a WebP is decoded off the main thread (a story page's three:
// main-thread CPU median 295 -> 275 ms a load, interleaved Lighthouse runs on the 2-core project
// machine). Worth it for large pictures in the first screen; a small, simple SVG costs less than its
// WebP's extra bytes (the bounty images: no CPU difference measured, 2 KB of SVG against 14 KB of
// WebP), so those stay SVG.
//
// make-raster-images.mjs draws a folder's WebPs; rasterImageProblems() is what a folder's unit test
// checks, so a WebP never ships missing, stale or of another size than its SVG.
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

/** Where each WebP's SVG stood (its SHA-256) when it was drawn, in the pictures' folder. */
const RASTER_SOURCES_FILE = 'raster-sources.json';

/** Lossy quality: flat drawings keep sharp edges at 85 and are 2-9x smaller than PNG. */
const WEBP_QUALITY = 85;

/** @param {string} svgName */
function webpNameFor(svgName) {
  return svgName.replace(/\.svg$/, '.webp');
}

/** @param {string} svg */
function sourceHash(svg) {
  return crypto.createHash('sha256').update(svg).digest('hex');
}

/**
 * The drawing size an SVG declares: its root's width and height attributes, in pixels.
 * @param {string} svg
 */
function declaredSize(svg) {
  const root = /<svg\b[^>]*>/.exec(svg)?.[0] ?? '';
  const width = Number(/\swidth="(\d+)"/.exec(root)?.[1]);
  const height = Number(/\sheight="(\d+)"/.exec(root)?.[1]);
  if (!width || !height) throw new Error('the SVG declares no pixel width and height');
  return { width, height };
}

/**
 * A WebP file's pixel size, read from its first chunk (RFC 9649): lossy (`VP8 `), lossless (`VP8L`)
 * or extended (`VP8X`). Throws on anything else.
 * @param {Uint8Array} file
 */
function webpSize(file) {
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
  if (chunk === 'VP8X') return { width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1 };
  throw new Error(`unknown WebP chunk ${JSON.stringify(chunk)}`);
}

/**
 * Draws an SVG as WebP at its declared size. Text uses the machine's fonts, as Chromium would draw it
 * there: the shipped pictures were drawn on Debian with DejaVu Sans and Liberation Mono (the fonts
 * Chromium's package brings).
 * @param {string} svg
 * @returns {Promise<Buffer>}
 */
async function drawWebp(svg) {
  // Loaded here, not at the top: only drawing needs the two native packages, the checks do not.
  const { Resvg } = require('@resvg/resvg-js');
  const { Transformer } = require('@napi-rs/image');
  const png = new Resvg(svg, {
    fitTo: { mode: 'width', value: declaredSize(svg).width },
    font: {
      loadSystemFonts: true,
      defaultFontFamily: 'DejaVu Sans',
      sansSerifFamily: 'DejaVu Sans',
      monospaceFamily: 'Liberation Mono',
    },
  })
    .render()
    .asPng();
  // Gradients compress better lossy, flat shapes and text often lossless: keep the smaller.
  const [lossy, lossless] = await Promise.all([
    new Transformer(png).webp(WEBP_QUALITY),
    new Transformer(png).webpLossless(),
  ]);
  return lossy.length <= lossless.length ? lossy : lossless;
}

/** @param {string} folder */
function svgNames(folder) {
  return fs
    .readdirSync(folder)
    .filter((file) => file.endsWith('.svg'))
    .sort();
}

/**
 * Draws every SVG in `folder` as a WebP beside it and records what each was drawn from.
 * @param {string} folder
 * @returns {Promise<{ name: string, bytes: number, svgBytes: number }[]>}
 */
async function drawFolder(folder) {
  const sources = {};
  const drawn = [];
  for (const name of svgNames(folder)) {
    const svg = fs.readFileSync(path.join(folder, name), 'utf8');
    const webp = await drawWebp(svg);
    fs.writeFileSync(path.join(folder, webpNameFor(name)), webp);
    sources[name] = sourceHash(svg);
    drawn.push({ name: webpNameFor(name), bytes: webp.length, svgBytes: Buffer.byteLength(svg) });
  }
  fs.writeFileSync(path.join(folder, RASTER_SOURCES_FILE), JSON.stringify(sources, null, 2) + '\n');
  return drawn;
}

/**
 * What is wrong with a folder's WebPs, one sentence each: none missing, none drawn from an SVG that
 * has changed since, each of its SVG's size, none left over from a removed SVG.
 * @param {string} folder
 * @returns {string[]}
 */
function rasterImageProblems(folder) {
  const manifest = path.join(folder, RASTER_SOURCES_FILE);
  if (!fs.existsSync(manifest)) return [`${RASTER_SOURCES_FILE} is missing`];
  const drawnFrom = JSON.parse(fs.readFileSync(manifest, 'utf8'));
  const problems = [];
  const names = svgNames(folder);
  for (const name of names) {
    const svg = fs.readFileSync(path.join(folder, name), 'utf8');
    const webpFile = path.join(folder, webpNameFor(name));
    if (!fs.existsSync(webpFile)) {
      problems.push(`${webpNameFor(name)} is missing`);
      continue;
    }
    if (drawnFrom[name] !== sourceHash(svg)) problems.push(`${name} changed since its WebP was drawn`);
    const drawnSize = webpSize(fs.readFileSync(webpFile));
    const size = declaredSize(svg);
    if (drawnSize.width !== size.width || drawnSize.height !== size.height)
      problems.push(
        `${webpNameFor(name)} is ${drawnSize.width}x${drawnSize.height}, not ${size.width}x${size.height}`,
      );
  }
  for (const name of Object.keys(drawnFrom))
    if (!names.includes(name)) problems.push(`${RASTER_SOURCES_FILE} names ${name}, which is gone`);
  for (const file of fs.readdirSync(folder))
    if (file.endsWith('.webp') && !names.includes(file.replace(/\.webp$/, '.svg')))
      problems.push(`${file} has no SVG`);
  return problems;
}

module.exports = {
  RASTER_SOURCES_FILE,
  webpNameFor,
  sourceHash,
  declaredSize,
  webpSize,
  drawWebp,
  drawFolder,
  rasterImageProblems,
};
