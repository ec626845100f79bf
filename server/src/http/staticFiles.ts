import fs from 'node:fs';
import path from 'node:path';
import express, { type Request, type RequestHandler, type Response } from 'express';
import { preferredEncoding, type Encoding } from './contentEncoding';

const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/** When a file was last written, or null when there is no such file. */
async function modifiedMs(file: string): Promise<number | null> {
  try {
    const stat = await fs.promises.stat(file);
    return stat.isFile() ? stat.mtimeMs : null;
  } catch {
    return null;
  }
}

/** The compressed copy to send for a request, or null when the plain file (if any) is to be sent. */
async function compressedCopy(
  root: string,
  req: Request,
): Promise<{ file: string; copy: string; encoding: Encoding } | null> {
  const encoding = req.method === 'GET' || req.method === 'HEAD' ? preferredEncoding(req) : null;
  if (!encoding) return null;
  let file: string;
  try {
    file = path.join(root, decodeURIComponent(req.path));
  } catch {
    return null; // not percent-encoded as it should be: express.static answers it
  }
  if (!file.startsWith(root + path.sep) || file.includes(`${path.sep}.`)) return null;
  const copy = file + SUFFIX[encoding];
  const [fileMs, copyMs] = await Promise.all([modifiedMs(file), modifiedMs(copy)]);
  // A copy older than its file is left from an earlier build of it.
  return fileMs !== null && copyMs !== null && copyMs >= fileMs ? { file, copy, encoding } : null;
}

interface StaticOptions {
  setHeaders: (res: Response, filePath: string) => void;
  /** false: a missing file is a 404 here, not the next handler's business (express.static's option). */
  fallthrough?: boolean;
}

/**
 * A build folder's files, as express.static serves them, except that a file built with a compressed
 * copy beside it (`main.1a2b3c4d5e.js.br`, `.gz`; shared/build/webpack.cjs writes them) is sent as
 * that copy when the browser accepts its encoding: compressed once at the highest level when built,
 * not on every request. A copy older than its file (the file rebuilt in place without it) is ignored.
 */
export function staticFiles(dir: string, options: StaticOptions): RequestHandler {
  const root = path.resolve(dir);
  const plain = express.static(root, { index: false, dotfiles: 'ignore', ...options });
  return (req, res, next) => {
    void compressedCopy(root, req).then((found) => {
      if (!found) {
        plain(req, res, next);
        return;
      }
      res.vary('Accept-Encoding');
      // The type of what the copy holds; send (below) keeps a Content-Type already set.
      res.type(path.extname(found.file));
      res.setHeader('Content-Encoding', found.encoding);
      options.setHeaders(res, found.file);
      res.sendFile(found.copy, { dotfiles: 'allow' }, (error?: NodeJS.ErrnoException) => {
        if (!error || error.code === 'ECONNABORTED') return;
        if (res.headersSent) {
          next(error);
          return;
        }
        // Gone between the stat and the read (a deploy replacing the folder): the plain file, if any.
        res.removeHeader('Content-Encoding');
        res.removeHeader('Content-Type');
        plain(req, res, next);
      });
    }, next);
  };
}
