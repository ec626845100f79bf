import sharp from 'sharp';
import { ORGANISATION_LIMITS } from '@side-quest/data/account';

/** The logo as the site keeps and serves it: at most this wide and high, as WebP. */
export const LOGO_SIZE = 256;

export type LogoCheck = { ok: true; webp: Buffer } | { ok: false; message: string };

const ACCEPTED = new Set(['png', 'jpeg', 'webp']);

/**
 * An uploaded logo, checked by what its bytes are (never by its name or declared type): PNG, JPEG or
 * WebP only (an SVG can carry script), at most 512 KB, then decoded and drawn again as a WebP of at most
 * 256 × 256, so nothing of the upload but its pixels is kept (no metadata, no trailing payload).
 */
export async function reencodeLogo(upload: Buffer): Promise<LogoCheck> {
  if (upload.length === 0) return { ok: false, message: 'Choose a logo file.' };
  if (upload.length > ORGANISATION_LIMITS.logoMaxBytes)
    return { ok: false, message: 'The logo is larger than 512 KB. Choose a smaller file.' };
  let format: string | undefined;
  try {
    // Limits decoding to a sane canvas so a tiny file cannot expand into gigabytes of pixels.
    format = (await sharp(upload, { limitInputPixels: 4096 * 4096 }).metadata()).format;
  } catch {
    format = undefined;
  }
  if (!format || !ACCEPTED.has(format))
    return { ok: false, message: 'The logo must be a PNG, JPEG or WebP image.' };
  try {
    const webp = await sharp(upload, { limitInputPixels: 4096 * 4096 })
      .rotate()
      .resize(LOGO_SIZE, LOGO_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer();
    return { ok: true, webp };
  } catch {
    return { ok: false, message: 'The logo could not be read. Choose another image.' };
  }
}
