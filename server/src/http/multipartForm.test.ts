import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import express from 'express';
import request from 'supertest';
import { createFolderBlobStore, type BlobStore } from '../blobs';
import { formatBytes, readMultipartUpload, tooLargeMessage, type UploadField } from './multipartForm';

const KEY: UploadField = { maxBytes: 1024, contentType: 'text/csv', label: 'The answer key' };
const DATA: UploadField = { maxBytes: 4096, contentType: 'application/zip', label: 'The data for entrants' };

async function readBlob(blobs: BlobStore, id: string) {
  const chunks: Buffer[] = [];
  for await (const chunk of (await blobs.get(id))?.stream as Readable) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

describe('formatBytes and tooLargeMessage', () => {
  it('says a limit in the largest whole unit, with at most one decimal', () => {
    expect(formatBytes(20 * 1024 * 1024)).toBe('20 MB');
    expect(formatBytes(512 * 1024)).toBe('512 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(900)).toBe('900 bytes');
    expect(formatBytes(50 * 1024 * 1024 + 1)).toBe('50 MB');
  });

  it('names the field and the limit', () => {
    expect(tooLargeMessage({ ...KEY, maxBytes: 20 * 1024 * 1024 })).toBe(
      'The answer key is larger than 20 MB. Choose a smaller file.',
    );
  });
});

describe('readMultipartUpload', () => {
  let root: string;
  let blobs: BlobStore;
  let outcomes: Array<{ error?: { status?: number; message: string } }>;
  let app: express.Express;

  const storedCount = () =>
    fs
      .readdirSync(path.join(root, 'objects'))
      .reduce((sum, shard) => sum + fs.readdirSync(path.join(root, 'objects', shard)).length, 0);

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-upload-'));
    blobs = createFolderBlobStore(root);
    outcomes = [];
    app = express();
    // As an upload route answers: 413 with the message and what was typed, else what was stored.
    app.post('/upload', async (req, res) => {
      try {
        const upload = await readMultipartUpload(req, { blobs, files: { key: KEY, data: DATA } });
        outcomes.push({});
        const fields = Object.fromEntries(upload.fields);
        if (upload.tooLarge) return void res.status(413).json({ ...upload.tooLarge, fields });
        const files = Object.fromEntries(
          [...upload.files].map(([name, file]) => [name, { ...file.blob, filename: file.filename }]),
        );
        res.json({ fields, files });
      } catch (error) {
        const { status, message } = error as { status?: number; message: string };
        outcomes.push({ error: { status, message } });
        if (!res.headersSent) res.status(status ?? 500).json({ message });
      }
    });
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('pipes each declared file into the blob store with the server’s content type, and keeps every field', async () => {
    const response = await request(app)
      .post('/upload')
      .field('title', 'Churn model')
      .attach('key', Buffer.from('id,target\n1,0\n'), { filename: 'key.csv', contentType: 'text/plain' })
      .field('licence', 'CC BY 4.0')
      .expect(200);
    expect(response.body.fields).toEqual({ title: 'Churn model', licence: 'CC BY 4.0' });
    const key = response.body.files.key;
    expect(key).toMatchObject({ size: 14, contentType: 'text/csv', filename: 'key.csv' });
    expect(await readBlob(blobs, key.id)).toBe('id,target\n1,0\n');
  });

  it('answers 413 with a clear message for a file over its limit, keeps what was typed and stores nothing', async () => {
    const response = await request(app)
      .post('/upload')
      .field('title', 'Churn model')
      .attach('key', Buffer.alloc(KEY.maxBytes + 1, 'a'), 'key.csv')
      .field('licence', 'CC BY 4.0')
      .expect(413);
    expect(response.body).toEqual({
      field: 'key',
      message: 'The answer key is larger than 1 KB. Choose a smaller file.',
      fields: { title: 'Churn model', licence: 'CC BY 4.0' },
    });
    expect(storedCount()).toBe(0);
    expect(fs.readdirSync(path.join(root, 'tmp'))).toEqual([]);
  });

  it('accepts a file of exactly its limit', async () => {
    const response = await request(app)
      .post('/upload')
      .attach('key', Buffer.alloc(KEY.maxBytes, 'a'), 'key.csv')
      .expect(200);
    expect(response.body.files.key.size).toBe(KEY.maxBytes);
  });

  it('keeps none of a form’s files when a later one is too large', async () => {
    await request(app)
      .post('/upload')
      .attach('key', Buffer.from('id,target\n'), 'key.csv')
      .attach('data', Buffer.alloc(DATA.maxBytes + 10), 'inputs.zip')
      .expect(413);
    expect(storedCount()).toBe(0);
  });

  it('drops files in undeclared fields and file inputs left empty', async () => {
    const response = await request(app)
      .post('/upload')
      .attach('key', Buffer.alloc(0), '')
      .attach('avatar', Buffer.from('not wanted'), 'me.png')
      .field('title', 'T')
      .expect(200);
    expect(response.body).toEqual({ fields: { title: 'T' }, files: {} });
    expect(storedCount()).toBe(0);
  });

  it('rejects with 400 a body that is not a well-formed form', async () => {
    await request(app)
      .post('/upload')
      .set('Content-Type', 'multipart/form-data; boundary=xyz')
      .send('--xyz\r\nContent-Disposition: form-data; name="key"; filename="k.csv"\r\n\r\nid,tar')
      .expect(400);
    expect(outcomes).toEqual([{ error: { status: 400, message: expect.any(String) } }]);
    expect(storedCount()).toBe(0);
  });

  it('rejects with 413 a form with more text than its limit (in all, or fields), keeping no file', async () => {
    // The default is a setup form's: a few short fields, 8 KB of text in all.
    await request(app)
      .post('/upload')
      .attach('key', Buffer.from('id,target\n'), 'key.csv')
      .field('licence', 'x'.repeat(5000))
      .field('title', 'y'.repeat(5000))
      .expect(413);
    const many = request(app).post('/upload').attach('key', Buffer.from('id,target\n'), 'key.csv');
    for (let i = 0; i < 21; i += 1) void many.field(`f${i}`, 'x');
    await many.expect(413);
    expect(outcomes.map((outcome) => outcome.error?.status)).toEqual([413, 413]);
    expect(storedCount()).toBe(0);
  });

  it('passes a failing store’s error on as a server error, with the fields that arrived, keeping no file', async () => {
    const failing: BlobStore = {
      ...blobs,
      async put(source, options) {
        if (options.contentType === 'application/zip') throw new Error('disk full');
        return blobs.put(source, options);
      },
    };
    let caught: (Error & { status?: number; fields?: URLSearchParams }) | null = null;
    const broken = express();
    broken.post('/upload', (req, res) => {
      readMultipartUpload(req, { blobs: failing, files: { key: KEY, data: DATA } }).then(
        () => res.sendStatus(200),
        (error: Error) => {
          caught = error;
          res.sendStatus(500);
        },
      );
    });
    await request(broken)
      .post('/upload')
      .field('title', 'Churn model')
      .attach('key', Buffer.from('id,target\n'), 'key.csv')
      .attach('data', Buffer.from('PK'), 'inputs.zip')
      .field('licence', 'CC0')
      .expect(500);
    const error = caught as unknown as Error & { status?: number; fields: URLSearchParams };
    expect(error.message).toBe('disk full');
    expect(error.status).toBeUndefined();
    expect(Object.fromEntries(error.fields)).toEqual({
      title: 'Churn model',
      licence: 'CC0',
    });
    expect(storedCount()).toBe(0);
  });

  it('stores nothing when the client goes away mid-upload', async () => {
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    const boundary = 'b0undary';
    const client = http.request({
      port,
      host: '127.0.0.1',
      method: 'POST',
      path: '/upload',
      headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': 100_000 },
    });
    client.on('error', () => undefined);
    client.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="data"; filename="d.zip"\r\n\r\n${'x'.repeat(2000)}`,
    );
    const until = Date.now() + 5_000;
    while (fs.readdirSync(path.join(root, 'tmp')).length === 0 && Date.now() < until)
      await new Promise((resolve) => setTimeout(resolve, 10));
    client.destroy();
    while (outcomes.length === 0 && Date.now() < until + 5_000)
      await new Promise((resolve) => setTimeout(resolve, 10));
    await new Promise((resolve) => server.close(resolve));
    expect(outcomes).toEqual([{ error: { status: 400, message: 'The upload was abandoned' } }]);
    expect(storedCount()).toBe(0);
    expect(fs.readdirSync(path.join(root, 'tmp'))).toEqual([]);
  });
});
