import fs from 'node:fs';
import path from 'node:path';
import { RASTER_SOURCES_FILE, declaredSize, sourceHash, webpNameFor, webpSize } from './rasterImages';

const assets = path.join(__dirname, '..', 'src', 'assets');
const svgNames = fs.readdirSync(assets).filter((file) => file.endsWith('.svg'));

describe('the stories’ WebP pictures', () => {
  const drawnFrom: Record<string, string> = JSON.parse(
    fs.readFileSync(path.join(assets, RASTER_SOURCES_FILE), 'utf8'),
  );

  it.each(svgNames)(
    '%s is drawn as a WebP of its declared size from its current text (else run make-raster-images.ts)',
    (name) => {
      const svg = fs.readFileSync(path.join(assets, name), 'utf8');
      expect(drawnFrom[name]).toBe(sourceHash(svg));
      const webp = fs.readFileSync(path.join(assets, webpNameFor(name)));
      expect(webpSize(webp)).toEqual(declaredSize(svg));
    },
  );

  it('keeps no WebP whose SVG is gone', () => {
    expect(Object.keys(drawnFrom).sort()).toEqual([...svgNames].sort());
    const webps = fs.readdirSync(assets).filter((file) => file.endsWith('.webp'));
    expect(webps.sort()).toEqual(svgNames.map(webpNameFor).sort());
  });

  it('imports only the WebP pictures in the stories’ code, never an SVG (each SVG <img> is a document on the main thread)', () => {
    const sourceFiles = (dir: string): string[] =>
      fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) return sourceFiles(full);
        return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
      });
    const svgImports = sourceFiles(path.join(__dirname, '..', 'src')).filter((file) =>
      /from '[^']*\.svg'/.test(fs.readFileSync(file, 'utf8')),
    );
    expect(svgImports.map((file) => path.relative(path.join(__dirname, '..'), file))).toEqual([]);
  });
});

describe('webpSize', () => {
  const riff = (chunk: string, body: number[]) =>
    Buffer.concat([
      Buffer.from('RIFF'),
      Buffer.alloc(4),
      Buffer.from('WEBP'),
      Buffer.from(chunk, 'latin1'),
      Buffer.alloc(4),
      Buffer.from(body),
    ]);

  it('reads a lossy frame header', () => {
    // frame tag (3 bytes), start code 9d 01 2a, width 1200 and height 560 (14 bits, little-endian).
    const file = riff('VP8 ', [0, 0, 0, 0x9d, 0x01, 0x2a, 0xb0, 0x04, 0x30, 0x02]);
    expect(webpSize(file)).toEqual({ width: 1200, height: 560 });
  });

  it('reads a lossless header', () => {
    const bits = (640 - 1) | ((360 - 1) << 14);
    const body = Buffer.alloc(5);
    body[0] = 0x2f;
    body.writeUInt32LE(bits, 1);
    expect(webpSize(riff('VP8L', [...body]))).toEqual({ width: 640, height: 360 });
  });

  it('reads an extended header', () => {
    // flags (4 bytes), then width - 1 and height - 1 in 24 bits each.
    const file = riff('VP8X', [0, 0, 0, 0, 159, 0, 0, 159, 0, 0]);
    expect(webpSize(file)).toEqual({ width: 160, height: 160 });
  });

  it('refuses what is not a WebP file', () => {
    expect(() => webpSize(Buffer.from('\x89PNG\r\n\x1a\n0000000000000000', 'latin1'))).toThrow(
      'not a WebP file',
    );
  });
});

describe('declaredSize', () => {
  it('reads the root element’s pixel width and height', () => {
    expect(declaredSize('<svg xmlns="x" viewBox="0 0 1200 560" width="1200" height="560">')).toEqual({
      width: 1200,
      height: 560,
    });
  });

  it('refuses a drawing without them', () => {
    expect(() => declaredSize('<svg viewBox="0 0 10 10">')).toThrow('no pixel width and height');
  });
});
