import type { Request } from 'express';

/** The encodings the server sends bodies in, besides none. */
export type Encoding = 'br' | 'gzip';

/** The compression a response should use: brotli whenever the client takes it (smaller), else gzip. */
export function preferredEncoding(req: Request): Encoding | null {
  return req.acceptsEncodings('br') ? 'br' : req.acceptsEncodings('gzip') ? 'gzip' : null;
}
