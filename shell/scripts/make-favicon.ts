// Writes shell/src/favicon.png from shell/src/favicon.svg; run it after changing the SVG:
//   node node_modules/.bin/tsx shell/scripts/make-favicon.ts
// (favicon.test.ts fails while the two differ).
import fs from 'node:fs';
import path from 'node:path';
import { renderFavicon } from './favicon';

const src = path.join(import.meta.dirname, '..', 'src');
fs.writeFileSync(
  path.join(src, 'favicon.png'),
  renderFavicon(fs.readFileSync(path.join(src, 'favicon.svg'), 'utf8')),
);
