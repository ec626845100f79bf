import express from 'express';
import request from 'supertest';
import { preferredEncoding } from './contentEncoding';

const app = express().get('/', (req, res) => {
  res.json({ encoding: preferredEncoding(req) });
});
const encodingFor = async (acceptEncoding: string) =>
  (await request(app).get('/').set('Accept-Encoding', acceptEncoding)).body.encoding;

describe('preferredEncoding', () => {
  it('picks brotli whenever the client takes it, else gzip, else none', async () => {
    expect(await encodingFor('gzip, deflate, br')).toBe('br');
    expect(await encodingFor('gzip, deflate')).toBe('gzip');
    expect(await encodingFor('identity')).toBeNull();
  });

  it('honours a client that refuses brotli', async () => {
    expect(await encodingFor('br;q=0, gzip')).toBe('gzip');
  });
});
