/* global describe, it, expect, beforeEach, afterEach -- Jest provides them */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const {
  RASTER_SOURCES_FILE,
  declaredSize,
  rasterImageProblems,
  sourceHash,
  webpSize,
} = require('./rasterImages.cjs');

/** A RIFF/WEBP file whose first chunk is `chunk` with `body`. */
const webpFile = (chunk, body) =>
  Buffer.concat([
    Buffer.from('RIFF'),
    Buffer.alloc(4),
    Buffer.from('WEBP'),
    Buffer.from(chunk, 'latin1'),
    Buffer.alloc(4),
    Buffer.from(body),
  ]);
/** A lossy WebP header of `width` x `height` (frame tag, start code, 14-bit sizes). */
const lossy = (width, height) => {
  const sizes = Buffer.alloc(4);
  sizes.writeUInt16LE(width, 0);
  sizes.writeUInt16LE(height, 2);
  return webpFile('VP8 ', [0, 0, 0, 0x9d, 0x01, 0x2a, ...sizes]);
};

describe('webpSize', () => {
  it('reads a lossy frame header', () => {
    expect(webpSize(lossy(1200, 560))).toEqual({ width: 1200, height: 560 });
  });

  it('reads a lossless header', () => {
    const body = Buffer.alloc(5);
    body[0] = 0x2f;
    body.writeUInt32LE((640 - 1) | ((360 - 1) << 14), 1);
    expect(webpSize(webpFile('VP8L', [...body]))).toEqual({ width: 640, height: 360 });
  });

  it('reads an extended header', () => {
    // flags (4 bytes), then width - 1 and height - 1 in 24 bits each.
    expect(webpSize(webpFile('VP8X', [0, 0, 0, 0, 159, 0, 0, 159, 0, 0]))).toEqual({
      width: 160,
      height: 160,
    });
  });

  it('refuses what is not a WebP file', () => {
    expect(() => webpSize(Buffer.from('\x89PNG\r\n\x1a\n0000000000000000', 'latin1'))).toThrow(
      'not a WebP file',
    );
  });
});

describe('declaredSize', () => {
  it("reads the root element's pixel width and height", () => {
    expect(declaredSize('<svg xmlns="x" viewBox="0 0 1200 560" width="1200" height="560">')).toEqual({
      width: 1200,
      height: 560,
    });
  });

  it('refuses a drawing without them', () => {
    expect(() => declaredSize('<svg viewBox="0 0 10 10">')).toThrow('no pixel width and height');
  });
});

describe('rasterImageProblems', () => {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="560"></svg>';
  let folder;
  const write = (name, content) => fs.writeFileSync(path.join(folder, name), content);
  const writeSources = (sources) => write(RASTER_SOURCES_FILE, JSON.stringify(sources));

  beforeEach(() => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-raster-'));
    write('hero.svg', svg);
    write('hero.webp', lossy(1200, 560));
    writeSources({ 'hero.svg': sourceHash(svg) });
  });
  afterEach(() => fs.rmSync(folder, { recursive: true, force: true }));

  it('finds nothing wrong with a WebP drawn from its SVG as it is', () => {
    expect(rasterImageProblems(folder)).toEqual([]);
  });

  it('finds an SVG changed since its WebP was drawn', () => {
    write('hero.svg', svg.replace('></svg>', '><rect/></svg>'));
    expect(rasterImageProblems(folder)).toEqual(['hero.svg changed since its WebP was drawn']);
  });

  it('finds a missing WebP, one of another size and one left without its SVG', () => {
    write('new.svg', svg);
    write('hero.webp', lossy(600, 280));
    write('old.webp', lossy(10, 10));
    expect(rasterImageProblems(folder)).toEqual([
      'hero.webp is 600x280, not 1200x560',
      'new.webp is missing',
      'old.webp has no SVG',
    ]);
  });

  it('finds a record of an SVG that is gone, and a missing record', () => {
    writeSources({ 'hero.svg': sourceHash(svg), 'gone.svg': 'x' });
    expect(rasterImageProblems(folder)).toEqual([`${RASTER_SOURCES_FILE} names gone.svg, which is gone`]);
    fs.rmSync(path.join(folder, RASTER_SOURCES_FILE));
    expect(rasterImageProblems(folder)).toEqual([`${RASTER_SOURCES_FILE} is missing`]);
  });
});
