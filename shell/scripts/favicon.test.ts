import fs from 'node:fs';
import path from 'node:path';
import { FAVICON_SIZE, renderFavicon } from './favicon';

const src = path.join(__dirname, '..', 'src');

describe('favicon.png', () => {
  const png = fs.readFileSync(path.join(src, 'favicon.png'));

  it('is the rendering of favicon.svg (run shell/scripts/make-favicon.ts after changing the SVG)', () => {
    expect(renderFavicon(fs.readFileSync(path.join(src, 'favicon.svg'), 'utf8')).equals(png)).toBe(true);
  });

  it('is a square PNG of FAVICON_SIZE pixels', () => {
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    // The IHDR chunk: width and height, big-endian, at bytes 16 and 20.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([FAVICON_SIZE, FAVICON_SIZE]);
  });
});
