import busboy from 'busboy';
import type { Request } from 'express';

export interface MultipartForm {
  fields: URLSearchParams;
  /** The one file field's bytes, by field name (empty when no file was chosen). */
  files: Map<string, Buffer>;
  /** A file was larger than the limit (its bytes were dropped). */
  tooLarge: boolean;
}

/**
 * Reads a multipart/form-data post (a form with a file input, posted by the browser itself): text fields
 * up to 8 KB in all, each file up to `fileLimit` bytes (anything beyond is dropped and reported), at most
 * `maxFiles` files. Rejects when the body is not multipart.
 */
export function readMultipartForm(
  req: Request,
  { fileLimit, maxFiles = 1 }: { fileLimit: number; maxFiles?: number },
): Promise<MultipartForm> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: { fileSize: fileLimit, files: maxFiles, fieldSize: 8 * 1024, fields: 20 },
      });
    } catch (error) {
      reject(Object.assign(error as Error, { status: 400 }));
      return;
    }
    const fields = new URLSearchParams();
    const files = new Map<string, Buffer>();
    let tooLarge = false;
    parser.on('field', (name, value) => fields.append(name, value));
    parser.on('file', (name, stream) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => {
        tooLarge = true;
      });
      stream.on('end', () => {
        if (!tooLarge) files.set(name, Buffer.concat(chunks));
      });
    });
    parser.on('error', (error: Error) => reject(Object.assign(error, { status: 400 })));
    parser.on('close', () => resolve({ fields, files, tooLarge }));
    req.pipe(parser);
  });
}
