import sharp from 'sharp';
import { reencodeLogo } from './logo';

const image = (format: 'png' | 'jpeg' | 'webp', size = 600) => {
  const canvas = sharp({ create: { width: size, height: size / 2, channels: 3, background: '#3a7' } });
  return canvas[format]().toBuffer();
};

describe('reencodeLogo', () => {
  it.each(['png', 'jpeg', 'webp'] as const)(
    'takes a %s and keeps a WebP of at most 256 px',
    async (format) => {
      const result = await reencodeLogo(await image(format));
      if (!result.ok) throw new Error(result.message);
      const meta = await sharp(result.webp).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(256);
      expect(meta.height).toBe(128);
    },
  );

  it('refuses an SVG, even named logo.png', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect(await reencodeLogo(svg)).toEqual({
      ok: false,
      message: 'The logo must be a PNG, JPEG or WebP image.',
    });
  });

  it('refuses text dressed as an image, a GIF, and nothing at all', async () => {
    expect(await reencodeLogo(Buffer.from('\x89PNG not really'))).toMatchObject({ ok: false });
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    expect(await reencodeLogo(gif)).toEqual({
      ok: false,
      message: 'The logo must be a PNG, JPEG or WebP image.',
    });
    expect(await reencodeLogo(Buffer.alloc(0))).toEqual({ ok: false, message: 'Choose a logo file.' });
  });

  it('refuses a file over 512 KB', async () => {
    expect(await reencodeLogo(Buffer.alloc(512 * 1024 + 1))).toEqual({
      ok: false,
      message: 'The logo is larger than 512 KB. Choose a smaller file.',
    });
  });
});
