import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import * as tar from 'tar-stream';
import type yauzl from 'yauzl';
import { openZipDirectory, ZipProblem } from '../scoring';
import {
  ARCHIVE_RULES,
  ArchiveChecker,
  type ArchiveMember,
  type ArchiveRules,
  type MemberKind,
} from './archiveRules';
import { TESTS_FOLDER } from './runtimes';

/*
 * The host's look at an uploaded archive (issue 56 items 3-4), to refuse a bad one at upload with a
 * clear message. Nothing is unpacked here: a ZIP's directory is read before a byte is inflated (with the
 * answer-key reader's openZipDirectory, yauzl), save each symlink's few bytes of target; a tar.gz is
 * read as it streams, its headers counted and checked, each file's bytes passed over (a declared size
 * past the limit stops it at the header). A git bundle's header is read; its tree is checked inside the
 * sandbox once cloned. The sandbox enforces the same rules again while it unpacks.
 */

export type ArchiveFormat = 'zip' | 'tar.gz' | 'git-bundle';

export interface ArchiveListing {
  /** At most 20 sentences; empty when the archive may be used. */
  problems: string[];
  /** Entries counted (files, folders, links); 0 for a bundle. */
  members: number;
  /** The files' sizes added up; 0 for a bundle. */
  unpackedBytes: number;
}

/** A symlink's target is a path: a "target" past this is not one. */
const MAX_LINK_TARGET_BYTES = 4096;
/** The bundle header holds one line per ref; a repository's worth fits well within this. */
const MAX_BUNDLE_HEADER_BYTES = 1024 * 1024;

const S_IFMT = 0o170000;
function kindOfMode(mode: number): MemberKind {
  switch (mode & S_IFMT) {
    case 0o100000:
      return 'file';
    case 0o040000:
      return 'directory';
    case 0o120000:
      return 'symlink';
    case 0o020000:
    case 0o060000:
      return 'device';
    case 0o010000:
      return 'fifo';
    case 0o140000:
      return 'socket';
    default:
      return 'other';
  }
}

/** A stream's bytes, or null past `maxBytes` (it is destroyed then): a ZIP member's, a tar entry's. */
async function readAll(
  stream: AsyncIterable<unknown> & { destroy(): unknown },
  maxBytes: number,
): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      stream.destroy();
      return null;
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** A ZIP entry as a member: Unix modes where the archiver wrote them (made by Unix), else file or folder. */
function zipMember(entry: yauzl.Entry): ArchiveMember {
  const fromUnix = entry.versionMadeBy >>> 8 === 3;
  const unixMode = fromUnix ? entry.externalFileAttributes >>> 16 : 0;
  const isFolder = entry.fileName.endsWith('/');
  const kind: MemberKind =
    unixMode === 0 || (unixMode & S_IFMT) === 0 ? (isFolder ? 'directory' : 'file') : kindOfMode(unixMode);
  return {
    path: entry.fileName,
    kind: isFolder && kind === 'file' ? 'directory' : kind,
    mode: unixMode & 0o7777,
    size: entry.uncompressedSize,
  };
}

/** The ZIP directory reader's limits under the archive rules. */
const zipLimits = (rules: ArchiveRules) => ({
  maxEntries: rules.maxFiles,
  maxUncompressedBytes: rules.maxUnpackedBytes,
});

async function listZip(
  source: Readable,
  checker: ArchiveChecker,
  rules: ArchiveRules,
  folder?: string,
): Promise<void> {
  let directory;
  try {
    directory = await openZipDirectory(source, zipLimits(rules), folder);
  } catch (error) {
    if (error instanceof ZipProblem) return checker.fail(error.message);
    throw error;
  }
  try {
    for (const entry of directory.entries) {
      const member = zipMember(entry);
      if (member.kind === 'symlink') {
        // A ZIP keeps a link's target as the member's bytes: a few, read once the directory passed.
        const target =
          entry.uncompressedSize <= MAX_LINK_TARGET_BYTES
            ? await directory.zipfile
                .openReadStreamPromise(entry)
                .then((stream) => readAll(stream, MAX_LINK_TARGET_BYTES))
                .catch(() => null)
            : null;
        if (target === null)
          return checker.fail(
            `The ZIP file holds a link, “${entry.fileName.slice(0, 120)}”, whose target cannot be read.`,
          );
        member.linkTarget = target.toString('utf8');
      }
      if (!checker.add(member)) return;
    }
  } finally {
    await directory.close();
  }
}

const TAR_KINDS: Readonly<Record<string, MemberKind>> = {
  file: 'file',
  'contiguous-file': 'file',
  directory: 'directory',
  symlink: 'symlink',
  link: 'hardlink',
  'character-device': 'device',
  'block-device': 'device',
  fifo: 'fifo',
};
/** Headers that describe the next entry or the archive, not an entry of their own. */
const TAR_METADATA = new Set(['pax-header', 'pax-global-header', 'gnu-long-path', 'gnu-long-link-path']);

/** The tar stream's own bytes at most: each file, its header and padding, with room for long-name headers. */
const tarStreamLimit = (rules: ArchiveRules) =>
  rules.maxUnpackedBytes + (rules.maxFiles + 1) * 3 * 512 + 1024 * 1024;

/** Stops the stream once more bytes than `max` have passed: a gzip bomb is cut off, not inflated. */
function byteLimit(max: number, onPassed: () => void): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > max) {
        onPassed();
        return callback(new Error('byte limit'));
      }
      callback(null, chunk);
    },
  });
}

async function listTarGz(source: Readable, checker: ArchiveChecker, rules: ArchiveRules): Promise<void> {
  const extract = tar.extract();
  let stop = false;
  let overLimit = false;
  extract.on('entry', (header, stream, next) => {
    // A file's bytes are passed over; a stream's error surfaces through the pipeline below.
    stream.on('error', () => undefined);
    stream.resume();
    // Typed as the kinds tar-stream writes; reading, it passes on whatever the typeflag says (or null).
    const type = (header.type as string | null | undefined) ?? null;
    if (type === null || !TAR_METADATA.has(type)) {
      const kind = (type !== null && TAR_KINDS[type]) || 'other';
      stop = !checker.add({
        path: header.name,
        kind,
        mode: (header.mode ?? 0) & 0o7777,
        size: header.size ?? 0,
        linkTarget: header.linkname ?? undefined,
      });
    }
    if (stop) return void extract.destroy(new Error('stopped'));
    stream.on('end', () => next());
  });
  const tarBytes = tarStreamLimit(rules);
  try {
    await pipeline(
      source,
      createGunzip(),
      byteLimit(tarBytes, () => (overLimit = true)),
      extract,
    );
  } catch {
    if (overLimit)
      checker.fail(
        `The archive unpacks to more than ${(rules.maxUnpackedBytes / (1024 * 1024)).toLocaleString('en-US')} MB; at most that is accepted.`,
      );
    else if (!stop)
      checker.fail('The archive is damaged or is not a tar.gz file (a tar archive compressed with gzip).');
  }
}

/** A bundle's header (`git bundle create`): its version line, no prerequisites, at least one ref. */
async function checkBundle(source: Readable, checker: ArchiveChecker): Promise<void> {
  let header = '';
  let headerDone = false;
  try {
    for await (const chunk of source) {
      if (headerDone) continue; // the pack after the header is the sandbox's to read
      header += (chunk as Buffer).toString('latin1');
      if (header.includes('\n\n')) headerDone = true;
      else if (header.length > MAX_BUNDLE_HEADER_BYTES) break;
    }
  } finally {
    source.destroy();
  }
  const end = header.indexOf('\n\n');
  const lines = (end >= 0 ? header.slice(0, end) : header).split('\n');
  if (lines[0] !== '# v2 git bundle' && lines[0] !== '# v3 git bundle')
    return checker.fail('The file is not a git bundle (made with “git bundle create”).');
  if (end < 0) return checker.fail('The git bundle is damaged: its header does not end.');
  const body = lines.slice(1).filter((line) => !line.startsWith('@')); // v3 capabilities
  if (body.some((line) => line.startsWith('-')))
    return checker.fail(
      'The git bundle needs commits it does not hold (it was made from a range). Make it with “git bundle create entry.bundle HEAD”.',
    );
  if (!body.some((line) => /^[0-9a-f]{40}([0-9a-f]{24})? \S+/.test(line)))
    return checker.fail(
      'The git bundle holds no branch or tag. Make it with “git bundle create entry.bundle HEAD”.',
    );
}

/**
 * Checks an uploaded archive's listing against the rules (ARCHIVE_RULES, with the runtime's reserved
 * paths). Reads `source` to its end or until a limit is passed. `folder` holds a ZIP's temporary copy.
 */
export async function checkArchiveListing(
  source: Readable,
  format: ArchiveFormat,
  rules: Partial<ArchiveRules> = {},
  folder?: string,
): Promise<ArchiveListing> {
  const all: ArchiveRules = { ...ARCHIVE_RULES, ...rules };
  const checker = new ArchiveChecker(all);
  if (format === 'zip') await listZip(source, checker, all, folder);
  else if (format === 'tar.gz') await listTarGz(source, checker, all);
  else await checkBundle(source, checker);
  return { problems: checker.finish(), members: checker.memberCount, unpackedBytes: checker.unpackedBytes };
}

/** A source file is read up to this size (a larger one is data, or generated). */
export const SOURCE_FILE_MAX_BYTES = 256 * 1024;
/** At most this much source text is read from one archive. */
export const SOURCE_TEXT_MAX_BYTES = 2 * 1024 * 1024;

/**
 * Whether a member is part of an entry's own source for copy flags: not under the sponsor's tests/ (an
 * entry may not hold it anyway), node_modules/ or a .git/ folder at any depth.
 */
export function isSourcePath(path: string): boolean {
  const parts = path.split('/').filter((part) => part !== '' && part !== '.');
  if (parts[0] === TESTS_FOLDER) return false;
  return !parts.some((part) => part === 'node_modules' || part === '.git');
}

/** The bytes as text where they are UTF-8 with no NUL byte; null for anything binary. */
function textOf(bytes: Buffer): string | null {
  if (bytes.includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** An archive's source text: its source files' texts in path order, and how many there were. */
export interface ArchiveSources {
  files: number;
  text: string;
}

/**
 * The source text of an entry's archive, read as data for copy flags (issue 56 item 5): its regular
 * text files outside tests/, node_modules/ and .git/, each of at most SOURCE_FILE_MAX_BYTES, at most
 * SOURCE_TEXT_MAX_BYTES in all. Call it on an archive whose listing passed checkArchiveListing: a ZIP's
 * members are inflated one at a time into memory (never written anywhere) and cut off past their size; a
 * tar.gz's files are read as it streams, within the same byte limit as its listing. Nothing is unpacked
 * or run. A git bundle's files are packed objects that only git reads, and the host runs no git on an
 * entry: null, as for an archive with no source text or one that cannot be read.
 */
export async function readArchiveSources(
  source: Readable,
  format: ArchiveFormat,
  folder?: string,
): Promise<ArchiveSources | null> {
  const texts = new Map<string, string>();
  let budget = SOURCE_TEXT_MAX_BYTES;
  const wanted = (path: string, kind: MemberKind, size: number) =>
    kind === 'file' && size > 0 && size <= SOURCE_FILE_MAX_BYTES && size <= budget && isSourcePath(path);
  const keep = (path: string, bytes: Buffer | null) => {
    const text = bytes && textOf(bytes);
    if (!text) return;
    texts.set(path, text);
    budget -= bytes.length;
  };
  try {
    if (format === 'zip') await readZipSources(source, wanted, keep, folder);
    else if (format === 'tar.gz') await readTarGzSources(source, wanted, keep);
    else return null;
  } catch {
    return null;
  } finally {
    source.destroy();
  }
  if (texts.size === 0) return null;
  const paths = [...texts.keys()].sort();
  return { files: paths.length, text: paths.map((path) => texts.get(path)).join('\n') };
}

type WantedMember = (path: string, kind: MemberKind, size: number) => boolean;
type KeepText = (path: string, bytes: Buffer | null) => void;

async function readZipSources(source: Readable, wanted: WantedMember, keep: KeepText, folder?: string) {
  const directory = await openZipDirectory(source, zipLimits(ARCHIVE_RULES), folder);
  try {
    for (const entry of directory.entries) {
      const member = zipMember(entry);
      if (!wanted(member.path, member.kind, member.size)) continue;
      const stream = await directory.zipfile.openReadStreamPromise(entry);
      keep(member.path, await readAll(stream, SOURCE_FILE_MAX_BYTES));
    }
  } finally {
    await directory.close();
  }
}

async function readTarGzSources(source: Readable, wanted: WantedMember, keep: KeepText) {
  const extract = tar.extract();
  extract.on('entry', (header, stream, next) => {
    stream.on('error', () => undefined);
    const type = (header.type as string | null | undefined) ?? null;
    const kind = (type !== null && TAR_KINDS[type]) || 'other';
    if (!wanted(header.name, kind, header.size ?? 0)) {
      stream.on('end', () => next());
      stream.resume();
      return;
    }
    readAll(stream, SOURCE_FILE_MAX_BYTES).then(
      (bytes) => {
        keep(header.name, bytes);
        next();
      },
      (error: Error) => next(error),
    );
  });
  await pipeline(
    source,
    createGunzip(),
    byteLimit(tarStreamLimit(ARCHIVE_RULES), () => undefined),
    extract,
  );
}
