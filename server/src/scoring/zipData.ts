import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, open as openFile, rm, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';

/*
 * Entrants' data as ZIP (issue 45 item 2). A ZIP's directory is at its end, so the archive is first
 * copied, streaming, from its source (a blob) to a temporary file, which yauzl reads with random access:
 * no archive and no member is ever whole in memory. Nothing is extracted to disk; members are read as
 * streams and their names are only compared, yet names that climb out of a folder are refused anyway.
 */

export interface ZipLimits {
  /** Entries in the archive's directory, folders included. */
  maxEntries: number;
  /** The members' uncompressed sizes added up: a zip bomb unpacks to far more than this. */
  maxUncompressedBytes: number;
}

const MB = 1024 * 1024;
export const ZIP_LIMITS: ZipLimits = { maxEntries: 1000, maxUncompressedBytes: 200 * MB };

/** The archive cannot be used; the message is a sentence for the person who uploaded it. */
export class ZipProblem extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ZipProblem';
  }
}

export interface ZipMember {
  name: string;
  /** Uncompressed bytes, as the directory says (reading checks it). */
  size: number;
}

export interface ZipArchive {
  /** The data files: folders, `__MACOSX/` (macOS's resource forks) and `.DS_Store` files left out. */
  files: ZipMember[];
  /** A member's bytes, inflated; the stream fails when they differ from the size the directory gives. */
  open(name: string): Promise<Readable>;
  /** Reads every data file to its end (and drops the bytes): the archive is readable, or ZipProblem. */
  readAll(): Promise<void>;
  /** Closes the archive and removes its temporary copy. */
  close(): Promise<void>;
}

/** Whether a member is packing noise rather than data: folders and what macOS adds to archives. */
export function isIgnoredMember(name: string): boolean {
  return (
    name.endsWith('/') || name.startsWith('__MACOSX/') || name === '.DS_Store' || name.endsWith('/.DS_Store')
  );
}

const count = (n: number) => n.toLocaleString('en-US');
const UNREADABLE = 'The ZIP file is damaged or is not a ZIP file the server can read.';

/** yauzl's error as a sentence: its path checks get their own, anything else is a damaged archive. */
function problemOf(error: unknown): ZipProblem {
  if (error instanceof ZipProblem) return error;
  const message = error instanceof Error ? error.message : '';
  if (/absolute path|invalid relative path|invalid characters in fileName/.test(message))
    return new ZipProblem(
      'The ZIP file has a member whose name leaves its folder (an absolute path or “..”). Pack the files again from their folder.',
    );
  return new ZipProblem(UNREADABLE);
}

/** The end of an archive read into memory: its directory, unless a hostile one is larger. */
const DIRECTORY_CACHE_BYTES = 4 * MB;

/**
 * yauzl's reader over a file that serves reads from the archive's last DIRECTORY_CACHE_BYTES in memory:
 * walking a directory is two small reads an entry, and 20,000 entries read from the file cost about
 * 2 s of CPU in system calls; from memory, a tenth of that. Members stream from the file.
 */
class DirectoryCachedReader extends yauzl.RandomAccessReader {
  constructor(
    private readonly path: string,
    private readonly file: FileHandle,
    private readonly tail: Buffer,
    private readonly tailStart: number,
  ) {
    super();
  }

  // A member's bytes, from a descriptor of their own: yauzl destroys the stream, which closes it.
  override _readStreamForRange(start: number, end: number): Readable {
    return createReadStream(this.path, { start, end: end - 1 });
  }

  override read(
    buffer: Buffer,
    offset: number,
    length: number,
    position: number,
    callback: (error: Error | null) => void,
  ): void {
    // yauzl passes the bytes read as a second argument; its typings leave it out.
    const done = callback as (error: Error | null, bytesRead?: number) => void;
    if (position >= this.tailStart && position + length <= this.tailStart + this.tail.length) {
      const copied = this.tail.copy(
        buffer,
        offset,
        position - this.tailStart,
        position - this.tailStart + length,
      );
      setImmediate(() => done(null, copied));
      return;
    }
    this.file.read(buffer, offset, length, position).then(
      ({ bytesRead }) => done(null, bytesRead),
      (error: Error) => done(error),
    );
  }

  override close(callback: (error: Error | null) => void): void {
    this.file.close().then(
      () => callback(null),
      (error: Error) => callback(error),
    );
  }
}

async function openCached(path: string): Promise<yauzl.ZipFile> {
  const file = await openFile(path, 'r');
  try {
    const { size } = await file.stat();
    const tailStart = Math.max(0, size - DIRECTORY_CACHE_BYTES);
    const tail = Buffer.alloc(size - tailStart);
    await file.read(tail, 0, tail.length, tailStart);
    const reader = new DirectoryCachedReader(path, file, tail, tailStart);
    return await new Promise((resolve, reject) =>
      yauzl.fromRandomAccessReader(reader, size, { lazyEntries: true, autoClose: false }, (error, zipfile) =>
        error ? reject(error) : resolve(zipfile),
      ),
    );
  } catch (error) {
    await file.close().catch(() => undefined);
    throw error;
  }
}

function entriesOf(zipfile: yauzl.ZipFile): Promise<yauzl.Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: yauzl.Entry[] = [];
    zipfile.on('entry', (entry: yauzl.Entry) => {
      entries.push(entry);
      zipfile.readEntry();
    });
    zipfile.once('end', () => resolve(entries));
    zipfile.once('error', reject);
    zipfile.readEntry();
  });
}

/** A ZIP's directory, checked: its entries, folders included, and the open archive to read them from. */
export interface ZipDirectory {
  zipfile: yauzl.ZipFile;
  entries: yauzl.Entry[];
  /** Closes the archive and removes its temporary copy. */
  close(): Promise<void>;
}

/**
 * Copies an archive from `source` (read to its end) into a temporary file and checks its directory
 * before a byte is inflated: at most `limits.maxEntries` entries and `limits.maxUncompressedBytes`
 * unpacked, no encrypted member, only stored or deflated members, no name leaving its folder (yauzl's
 * own check). Rejects with ZipProblem otherwise. Shared by openZip and test-scored bounties' archives.
 */
export async function openZipDirectory(
  source: Readable,
  limits: ZipLimits = ZIP_LIMITS,
  folder: string = tmpdir(),
): Promise<ZipDirectory> {
  const dir = await mkdtemp(join(folder, 'side-quest-zip-'));
  const removeDir = () => rm(dir, { recursive: true, force: true });
  let zipfile: yauzl.ZipFile | null = null;
  try {
    const path = join(dir, 'archive.zip');
    await pipeline(source, createWriteStream(path));
    // The directory is walked one entry at a time (lazyEntries); members open later (autoClose off).
    zipfile = await openCached(path).catch((error) => {
      throw problemOf(error);
    });
    const opened = zipfile;
    if (opened.entryCount > limits.maxEntries)
      throw new ZipProblem(
        `The ZIP file holds ${count(opened.entryCount)} entries; at most ${count(limits.maxEntries)} are accepted.`,
      );
    const entries = await entriesOf(opened).catch((error) => {
      throw problemOf(error);
    });
    let unpacked = 0;
    for (const entry of entries) {
      unpacked += entry.uncompressedSize;
      if (entry.isEncrypted())
        throw new ZipProblem('The ZIP file has an encrypted member. Pack the files without a password.');
      if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8)
        throw new ZipProblem(
          'The ZIP file uses a compression method the server cannot read. Pack it with the usual “deflate”.',
        );
    }
    if (unpacked > limits.maxUncompressedBytes)
      throw new ZipProblem(
        `The ZIP file unpacks to more than ${count(limits.maxUncompressedBytes / MB)} MB; at most that is accepted.`,
      );
    return {
      zipfile: opened,
      entries,
      async close() {
        opened.close();
        await removeDir();
      },
    };
  } catch (error) {
    source.destroy();
    zipfile?.close();
    await removeDir();
    throw problemOf(error);
  }
}

/**
 * Opens an archive from `source` and checks its directory (openZipDirectory). Rejects with ZipProblem
 * when the archive breaks a rule.
 */
export async function openZip(
  source: Readable,
  limits: ZipLimits = ZIP_LIMITS,
  folder: string = tmpdir(),
): Promise<ZipArchive> {
  const { zipfile: opened, entries, close } = await openZipDirectory(source, limits, folder);
  const data = entries.filter((entry) => !isIgnoredMember(entry.fileName));

  const open = async (name: string): Promise<Readable> => {
    const entry = data.find((candidate) => candidate.fileName === name);
    if (!entry) throw new ZipProblem(UNREADABLE);
    return opened.openReadStreamPromise(entry).catch((error) => {
      throw problemOf(error);
    });
  };
  return {
    files: data.map((entry) => ({ name: entry.fileName, size: entry.uncompressedSize })),
    open,
    async readAll() {
      for (const entry of data) {
        const stream = await open(entry.fileName);
        try {
          for await (const chunk of stream) void chunk;
        } catch (error) {
          stream.destroy();
          throw problemOf(error);
        }
      }
    },
    close,
  };
}

/**
 * The one CSV an archive of inputs or a sample entry must hold (data files only), or the sentence that
 * says why there is none: the ids of such a file are checked exactly as an uploaded CSV's are.
 */
export function onlyCsvOf(files: readonly ZipMember[]): { name: string } | { problem: string } {
  const [only] = files;
  if (files.length === 1 && only && /\.csv$/i.test(only.name)) return { name: only.name };
  if (files.length === 0)
    return { problem: 'The ZIP file holds no file. It must hold exactly one CSV file and nothing else.' };
  const names = files
    .slice(0, 5)
    .map((file) => JSON.stringify(file.name.slice(0, 80)))
    .join(', ');
  const more = files.length > 5 ? ', …' : '';
  return {
    problem: `The ZIP file must hold exactly one CSV file and nothing else; it holds ${count(files.length)} ${files.length === 1 ? 'file' : 'files'}: ${names}${more}.`,
  };
}
