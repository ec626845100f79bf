// Draws every mfe-stories/src/assets/*.svg as the WebP the stories ship (rasterImages.ts says why);
// run it after adding or changing an SVG:
//   node node_modules/.bin/tsx mfe-stories/scripts/make-raster-images.ts
// (rasterImages.test.ts fails while a WebP is missing or older than its SVG).
// Text in the drawings uses the machine's fonts, as Chromium would draw it there: made on Debian with
// Liberation Mono and DejaVu Sans (the fonts Chromium's package brings).
import fs from 'node:fs';
import path from 'node:path';
import { Transformer } from '@napi-rs/image';
import { Resvg } from '@resvg/resvg-js';
import { RASTER_SOURCES_FILE, declaredSize, sourceHash, webpNameFor } from './rasterImages';

/** Lossy quality: flat drawings keep sharp edges at 85 and are 2-9x smaller than PNG. */
const WEBP_QUALITY = 85;

async function drawWebp(svg: string): Promise<Buffer> {
  const { width } = declaredSize(svg);
  const png = new Resvg(svg, {
    fitTo: { mode: 'width', value: width },
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

async function main() {
  const assets = path.join(import.meta.dirname, '..', 'src', 'assets');
  const sources: Record<string, string> = {};
  for (const name of fs
    .readdirSync(assets)
    .filter((file) => file.endsWith('.svg'))
    .sort()) {
    const svg = fs.readFileSync(path.join(assets, name), 'utf8');
    const webp = await drawWebp(svg);
    fs.writeFileSync(path.join(assets, webpNameFor(name)), webp);
    sources[name] = sourceHash(svg);
    console.log(`${webpNameFor(name)}: ${webp.length} bytes (SVG ${Buffer.byteLength(svg)} bytes)`);
  }
  fs.writeFileSync(path.join(assets, RASTER_SOURCES_FILE), JSON.stringify(sources, null, 2) + '\n');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
