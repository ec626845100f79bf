import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import express from 'express';
import request from 'supertest';
import { staticFiles } from './staticFiles';

const SCRIPT = `export const answer = ${JSON.stringify('x'.repeat(4000))};\n`;

/** A build folder with one script and its compressed copies, as the production build writes them. */
function buildFolder() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-static-'));
  fs.writeFileSync(path.join(dir, 'main.0123456789.js'), SCRIPT);
  fs.writeFileSync(path.join(dir, 'main.0123456789.js.br'), zlib.brotliCompressSync(SCRIPT));
  fs.writeFileSync(path.join(dir, 'main.0123456789.js.gz'), zlib.gzipSync(SCRIPT));
  fs.writeFileSync(path.join(dir, 'plain.js'), SCRIPT);
  return dir;
}

function appFor(dir: string) {
  const app = express();
  app.use(
    staticFiles(dir, {
      setHeaders: (res, file) => res.setHeader('X-Served-As', path.basename(file)),
    }),
  );
  app.use((_req, res) => res.status(404).send('no such file'));
  return app;
}

/** The bytes of a file in the folder: what went over the wire, when it was sent compressed. */
const sizeOf = (dir: string, name: string) => String(fs.statSync(path.join(dir, name)).size);

describe('staticFiles', () => {
  it('sends the brotli copy to a browser that accepts brotli, typed as the script it holds', async () => {
    const dir = buildFolder();
    const response = await request(appFor(dir))
      .get('/main.0123456789.js')
      .set('Accept-Encoding', 'gzip, br')
      .expect(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/Accept-Encoding/);
    // The caller's headers are chosen by the file's own name, not the copy's.
    expect(response.headers['x-served-as']).toBe('main.0123456789.js');
    expect(response.headers['content-length']).toBe(sizeOf(dir, 'main.0123456789.js.br'));
    expect(response.text).toBe(SCRIPT);
  });

  it('sends the gzip copy when brotli is not accepted, and the file itself when neither is', async () => {
    const dir = buildFolder();
    const app = appFor(dir);
    const gzipped = await request(app).get('/main.0123456789.js').set('Accept-Encoding', 'gzip').expect(200);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['content-length']).toBe(sizeOf(dir, 'main.0123456789.js.gz'));
    expect(gzipped.text).toBe(SCRIPT);

    const identity = await request(app)
      .get('/main.0123456789.js')
      .set('Accept-Encoding', 'identity')
      .expect(200);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.text).toBe(SCRIPT);
  });

  it('ignores a copy older than its file: a file rebuilt in place without new copies is sent as it is now', async () => {
    const dir = buildFolder();
    const file = path.join(dir, 'main.0123456789.js');
    fs.writeFileSync(file, 'export const answer = 2;\n');
    const past = new Date(Date.now() - 60_000);
    fs.utimesSync(`${file}.br`, past, past);
    fs.utimesSync(`${file}.gz`, past, past);
    const response = await request(appFor(dir))
      .get('/main.0123456789.js')
      .set('Accept-Encoding', 'br')
      .expect(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.text).toBe('export const answer = 2;\n');
  });

  it('sends a file without copies as the plain file, and never a copy without its file', async () => {
    const dir = buildFolder();
    const app = appFor(dir);
    const plain = await request(app).get('/plain.js').set('Accept-Encoding', 'br').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(SCRIPT);

    fs.rmSync(path.join(dir, 'main.0123456789.js'));
    await request(app).get('/main.0123456789.js').set('Accept-Encoding', 'br').expect(404);
  });

  it('answers 304 to a browser whose copy of the compressed file is current', async () => {
    const app = appFor(buildFolder());
    const first = await request(app).get('/main.0123456789.js').set('Accept-Encoding', 'br').expect(200);
    await request(app)
      .get('/main.0123456789.js')
      .set('Accept-Encoding', 'br')
      .set('If-None-Match', String(first.headers.etag))
      .expect(304);
  });

  it('serves nothing from outside the folder, however the path is spelled', async () => {
    const dir = buildFolder();
    fs.writeFileSync(`${dir}-secret.js`, 'secret');
    fs.writeFileSync(`${dir}-secret.js.br`, zlib.brotliCompressSync('secret'));
    const app = appFor(dir);
    for (const url of [`/..%2F${path.basename(dir)}-secret.js`, '/%2e%2e/%2e%2e/etc/passwd', '/%E0%A4%A'])
      expect((await request(app).get(url).set('Accept-Encoding', 'br')).text).not.toContain('secret');
  });
});
