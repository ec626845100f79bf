// Draws every SVG in the given folders as the WebP the site ships (rasterImages.cjs says why); run it
// after adding or changing a picture:
//   node shared/build/make-raster-images.mjs mfe-stories/src/assets
// (the folder's unit test fails while a WebP is missing, stale or of another size).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { drawFolder } = require('./rasterImages.cjs');

const folders = process.argv.slice(2);
if (folders.length === 0) {
  console.error('usage: make-raster-images.mjs FOLDER...');
  process.exit(2);
}
for (const folder of folders) {
  for (const { name, bytes, svgBytes } of await drawFolder(folder))
    console.log(`${folder}/${name}: ${bytes} bytes (SVG ${svgBytes} bytes)`);
}
