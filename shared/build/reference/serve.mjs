// What the bench's two reference sites share: their files held compressed in memory and answered the
// way the site answers its own (brotli, then gzip, at the highest levels, as its build writes them),
// and each site run in a process of its own while the bench runs Lighthouse.
import { createRequire } from 'node:module';
import zlib from 'node:zlib';

const require = createRequire(import.meta.url);

/** A body compressed the way the request accepts (brotli, then gzip), with its Content-Encoding. */
export function encoded(variants, acceptEncoding = '') {
  if (/\bbr\b/.test(acceptEncoding)) return { body: variants.br, encoding: 'br' };
  if (/\bgzip\b/.test(acceptEncoding)) return { body: variants.gzip, encoding: 'gzip' };
  return { body: variants.identity, encoding: undefined };
}

/**
 * The body as it is and compressed both ways. `quality` 'max' for files compressed once (the build's
 * copies), 'fast' for a page rendered per request (the site compresses those as they go out).
 * @param {Buffer} buffer
 * @param {'max' | 'fast'} [quality]
 */
export function compressedVariants(buffer, quality = 'max') {
  const max = quality === 'max';
  return {
    identity: buffer,
    br: zlib.brotliCompressSync(buffer, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: max ? zlib.constants.BROTLI_MAX_QUALITY : 4 },
    }),
    gzip: zlib.gzipSync(buffer, { level: max ? zlib.constants.Z_BEST_COMPRESSION : 6 }),
  };
}

/** Answers a GET or HEAD with one of a file's variants. */
export function sendVariants(request, response, { type, variants }) {
  const { body, encoding } = encoded(variants, request.headers['accept-encoding']);
  response.writeHead(200, {
    'Content-Type': type,
    'Content-Length': body.length,
    'Cache-Control': 'no-cache',
    Vary: 'Accept-Encoding',
    ...(encoding ? { 'Content-Encoding': encoding } : {}),
  });
  response.end(request.method === 'HEAD' ? undefined : body);
}

export function sendNotFound(response) {
  response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
}

/**
 * Runs `moduleFile --serve` under tsx in a process of its own (serveProcess.cjs): the bench runs
 * Lighthouse with spawnSync, which blocks its own event loop, so a server inside the bench could not
 * answer while Lighthouse loads the page.
 */
export const { startServeProcess } = require('./serveProcess.cjs');
