import { Resvg } from '@resvg/resvg-js';

/** The icon's pixel size: 16 CSS px on a screen of up to 2 device pixels per CSS pixel. */
export const FAVICON_SIZE = 32;

/**
 * favicon.svg (the source) as the PNG the pages link to. Chromium parses an SVG icon on the page's
 * main thread (an isolated SVG document: a 10-18 ms task right after the first paint on this machine);
 * a PNG is decoded off it.
 */
export function renderFavicon(svg: string): Buffer {
  return new Resvg(svg, { fitTo: { mode: 'width', value: FAVICON_SIZE } }).render().asPng();
}
