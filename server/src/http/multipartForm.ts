import type { Readable } from 'node:stream';
import busboy from 'busboy';
import type { Request } from 'express';
import { BlobTooLargeError, type BlobInfo, type BlobStore } from '../blobs';

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

/** What a file field of an upload form may hold. */
export interface UploadField {
  /** The most bytes the file may have (the blob store's limit). */
  maxBytes: number;
  /** The media type the blob is stored with; the server's, never the browser's claim. */
  contentType: string;
  /** How the person knows the field, for the message when the file is too large ("The answer key"). */
  label: string;
}

export interface StreamedFile {
  blob: BlobInfo;
  /** The name the browser gave (for display; never a path on this server). */
  filename: string;
}

export interface MultipartUpload {
  /** Every text field, those after a refused file included, so nothing typed is lost. */
  fields: URLSearchParams;
  /** Stored files by field name; empty when a file was too large (none of the form's files is kept then). */
  files: Map<string, StreamedFile>;
  /** The file that was over its limit, with the message to show (answer 413); null when none was. */
  tooLarge: { field: string; message: string } | null;
}

/** "20 MB", "512 KB", "900 bytes": a limit as the person reads it (1 KB = 1024 bytes). */
export function formatBytes(bytes: number): string {
  const units: Array<[string, number]> = [
    ['GB', 1024 ** 3],
    ['MB', 1024 ** 2],
    ['KB', 1024],
  ];
  for (const [unit, size] of units) {
    if (bytes >= size) return `${Number((bytes / size).toFixed(1))} ${unit}`;
  }
  return `${bytes} bytes`;
}

/** The sentence shown beside a file field whose file is over its limit. */
export function tooLargeMessage(field: UploadField): string {
  return `${field.label} is larger than ${formatBytes(field.maxBytes)}. Choose a smaller file.`;
}

/**
 * Reads an upload form (multipart/form-data) and pipes each declared file field straight into the blob
 * store, so a 50 MB file never sits in memory. Text fields as readMultipartForm reads them. A file over
 * its field's limit stops being stored, the rest of it is read and dropped, and every file this form
 * stored is deleted again; the text fields are still all returned, for the page to show them back.
 * Files in undeclared fields and empty file inputs (nothing chosen) are read and dropped. Rejects, with
 * the fields that arrived as the error's `fields`, with status 400 for a body that is not a well-formed
 * form or a request the client abandoned, and with the store's error (a 500) when storing fails.
 */
export function readMultipartUpload(
  req: Request,
  {
    blobs,
    files: declared,
    text = { fields: 20, bytes: 8 * 1024 },
  }: {
    blobs: BlobStore;
    files: Record<string, UploadField>;
    /**
     * How many text fields, and how many bytes of text in all, the form may send (a form with a long
     * description and many choices sends more than a setup form): past either, a 413.
     */
    text?: { fields: number; bytes: number };
  },
): Promise<MultipartUpload> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: {
          // One byte past the largest limit reaches the store, which refuses it; busboy drops the rest.
          fileSize: Math.max(0, ...Object.values(declared).map((field) => field.maxBytes)) + 1,
          files: Object.keys(declared).length,
          fieldSize: text.bytes,
          fields: text.fields,
        },
      });
    } catch (error) {
      reject(Object.assign(error as Error, { status: 400 }));
      return;
    }
    const fields = new URLSearchParams();
    const stored = new Map<string, StreamedFile>();
    const puts: Array<Promise<unknown>> = [];
    let tooLarge: MultipartUpload['tooLarge'] = null;
    let failed: Error | null = null;
    let current: Readable | null = null;

    const fail = (error: Error) => {
      failed ??= error;
    };

    let textBytes = 0;
    const textTooLarge = () =>
      fail(Object.assign(new Error('The form holds more text than it may'), { status: 413 }));
    parser.on('field', (name, value, info) => {
      textBytes += Buffer.byteLength(value);
      if (info.valueTruncated || textBytes > text.bytes) return textTooLarge();
      fields.append(name, value);
    });
    parser.on('fieldsLimit', textTooLarge);
    parser.on('file', (name, stream, { filename }) => {
      const field = Object.hasOwn(declared, name) ? declared[name] : undefined;
      if (!field || !filename || tooLarge || failed) {
        stream.resume();
        return;
      }
      current = stream;
      // A broken or abandoned body fails the put through its stream; that rejection is what reports it.
      stream.on('error', () => undefined);
      puts.push(
        blobs.put(stream, { maxBytes: field.maxBytes, contentType: field.contentType }).then(
          (blob) => void stored.set(name, { blob, filename }),
          (error: unknown) => {
            if (error instanceof BlobTooLargeError)
              tooLarge ??= { field: name, message: tooLargeMessage(field) };
            // The body broke off (the client's fault, 400), or the store failed (the server's).
            else fail(stream.errored ? Object.assign(error as Error, { status: 400 }) : (error as Error));
            // The rest of the file is read and dropped, so the fields after it still arrive.
            stream.resume();
          },
        ),
      );
    });
    parser.on('error', (error: Error) => fail(Object.assign(error, { status: 400 })));
    parser.on('close', () => {
      void (async () => {
        await Promise.all(puts);
        if (failed || tooLarge) {
          // All or nothing: a form whose files are not all kept keeps none.
          await Promise.all([...stored.values()].map(({ blob }) => blobs.delete(blob.id)));
          stored.clear();
        }
        // The fields that arrived go with the error, so a page can still show them back.
        if (failed) throw Object.assign(failed, { fields });
        return { fields, files: stored, tooLarge };
      })().then(resolve, reject);
    });
    // A client that goes away mid-upload: the file being stored is dropped, the form fails.
    req.on('close', () => {
      if (req.complete) return;
      const abandoned = Object.assign(new Error('The upload was abandoned'), { status: 400 });
      fail(abandoned);
      // The file being stored would wait forever for its end: it fails, and the put removes it.
      current?.destroy(abandoned);
      parser.destroy();
    });
    req.pipe(parser);
  });
}
