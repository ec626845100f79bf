// What each package costs a page: the scripts a route downloaded, split by the source files their source
// maps name, each package's share of a script's gzip size in proportion to its share of the minified
// bytes. Used by `npm run bench` (one table: the shared singletons and the rest, per route).
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const BASE64_VALUE = new Map([...BASE64].map((character, index) => [character, index]));

/**
 * One source map segment list: per generated line, the segments' [generated column, source index]
 * (source index -1 for a segment that names no source). Only the fields a byte count needs.
 * @param {string} mappings
 * @returns {Array<Array<[number, number]>>}
 */
function decodeMappings(mappings) {
  const lines = [];
  let source = 0;
  for (const line of mappings.split(';')) {
    const segments = [];
    let column = 0;
    for (const segment of line.split(',')) {
      if (!segment) continue;
      const fields = [];
      let value = 0;
      let shift = 0;
      for (const character of segment) {
        const digit = BASE64_VALUE.get(character);
        if (digit === undefined) throw new Error(`not a source map segment: ${segment}`);
        value += (digit & 31) << shift;
        if (digit & 32) {
          shift += 5;
        } else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += fields[0];
      if (fields.length >= 4) {
        source += fields[1];
        // Line and column of the original are not needed; their deltas still run through the fields.
        segments.push([column, source]);
      } else {
        segments.push([column, -1]);
      }
    }
    lines.push(segments);
  }
  return lines;
}

/**
 * The package a source map's source belongs to: the npm package under the last node_modules/, a
 * workspace package (@side-quest/design, @side-quest/data), webpack's own runtime, or the app.
 * @param {string} source e.g. webpack://side-quest-shell/../node_modules/react-dom/cjs/x.js
 * @param {string} app the app whose build holds the script (shell, mfe-bounties…)
 */
function packageOf(source, app) {
  const index = source.lastIndexOf('node_modules/');
  if (index >= 0) {
    const parts = source.slice(index + 'node_modules/'.length).split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  if (source.includes('shared/design/')) return '@side-quest/design';
  if (source.includes('shared/data/')) return '@side-quest/data';
  if (source.includes('shared/build/')) return '@side-quest/build';
  if (
    /webpack\/runtime|webpack\/bootstrap|webpack\/startup|\/container-entry|\/remote-module|consume shared|provide shared|webpack\/sharing/.test(
      source,
    )
  )
    return '(webpack + federation glue)';
  return `${app} (own code)`;
}

/**
 * Minified bytes per package in one script, from its source map (bytes no segment names go to
 * '(unmapped)'). Columns are UTF-16 units: close enough to bytes for minified, mostly ASCII code.
 * @param {string} code
 * @param {{ sources: string[], mappings: string }} map
 * @param {string} app
 * @returns {Map<string, number>}
 */
function bytesByPackage(code, map, app) {
  const totals = new Map();
  const add = (name, bytes) => totals.set(name, (totals.get(name) || 0) + bytes);
  const codeLines = code.split('\n');
  const mapped = decodeMappings(map.mappings);
  codeLines.forEach((text, lineIndex) => {
    const segments = mapped[lineIndex] || [];
    let covered = 0;
    segments.forEach(([column, source], index) => {
      const end = index + 1 < segments.length ? segments[index + 1][0] : text.length;
      const bytes = Math.max(0, end - column);
      covered += bytes;
      add(source >= 0 ? packageOf(map.sources[source], app) : '(unmapped)', bytes);
    });
    // The line's start before the first segment, and its newline.
    add('(unmapped)', Math.max(0, text.length - covered) + 1);
  });
  return totals;
}

/**
 * Gzip bytes per package of one built script: its gzip size shared out by each package's minified bytes.
 * @param {string} file a .js file with a .js.map beside it
 * @param {string} app
 * @returns {Map<string, number>}
 */
function scriptCosts(file, app) {
  const code = fs.readFileSync(file, 'utf8');
  const gzipBytes = zlib.gzipSync(code).length;
  const mapFile = `${file}.map`;
  if (!fs.existsSync(mapFile)) return new Map([[`${app} (no source map)`, gzipBytes]]);
  const bytes = bytesByPackage(code, JSON.parse(fs.readFileSync(mapFile, 'utf8')), app);
  const total = [...bytes.values()].reduce((sum, value) => sum + value, 0) || 1;
  return new Map([...bytes].map(([name, value]) => [name, (gzipBytes * value) / total]));
}

/**
 * The built file a script URL of the composed site names: /name.js in shell/dist, /remotes/<remote>/name.js
 * in that remote's dist.
 * @param {string} url
 * @param {string} root the repository
 * @param {ReadonlyArray<{ name: string, app: string }>} remotes
 * @returns {{ file: string, app: string } | null}
 */
function builtFileOf(url, root, remotes) {
  const { pathname } = new URL(url);
  const remote = pathname.match(/^\/remotes\/([^/]+)\/(.+)$/);
  if (remote) {
    const entry = remotes.find((candidate) => candidate.name === remote[1]);
    if (!entry) return null;
    return { file: path.join(root, entry.app, 'dist', remote[2]), app: entry.app };
  }
  return { file: path.join(root, 'shell', 'dist', pathname.replace(/^\//, '')), app: 'shell' };
}

/**
 * Gzip bytes per package over the scripts a route downloaded (RouteWeight.scripts).
 * @param {ReadonlyArray<{ url: string, gzipBytes?: number }>} scripts
 * @param {string} root
 * @param {ReadonlyArray<{ name: string, app: string }>} remotes
 * @param {(url: string) => { file: string, app: string } | null} [builtFile] the built file a script
 *   URL names, when the page is not the composed site's (the bench's stack reference)
 * @returns {Map<string, number>}
 */
function routeCosts(scripts, root, remotes, builtFile = (url) => builtFileOf(url, root, remotes)) {
  const totals = new Map();
  for (const script of scripts) {
    const built = builtFile(script.url);
    if (!built || !fs.existsSync(built.file)) {
      // Not a file of the build (served from elsewhere): its measured size, unattributed.
      totals.set(
        '(not in a dist folder)',
        (totals.get('(not in a dist folder)') || 0) + (script.gzipBytes || 0),
      );
      continue;
    }
    for (const [name, bytes] of scriptCosts(built.file, built.app))
      totals.set(name, (totals.get(name) || 0) + bytes);
  }
  return totals;
}

module.exports = { decodeMappings, packageOf, bytesByPackage, scriptCosts, builtFileOf, routeCosts };
