import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import * as tar from 'tar-stream';
import { zipArchive } from '../testing/testZipArchive';
import {
  checkArchiveListing,
  isSourcePath,
  readArchiveSources,
  SOURCE_FILE_MAX_BYTES,
  type ArchiveFormat,
} from './archiveListing';

const fixture = (name: string) => readFileSync(join(__dirname, 'fixtures', name));
const NODE_RESERVED = ['tests', 'results.xml', 'node_modules'];

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'archive-listing-test-'));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});
const listing = (bytes: Buffer, format: ArchiveFormat, rules = {}) =>
  checkArchiveListing(Readable.from([bytes]), format, { reservedPaths: NODE_RESERVED, ...rules }, folder);

/** A tar.gz built in memory with tar-stream's packer: any header a hostile archive could carry. */
async function tarGz(
  entries: (Partial<tar.Header> & { name: string; data?: string | Buffer })[],
): Promise<Buffer> {
  const pack = tar.pack();
  const collected = (async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of pack) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  })();
  for (const { data, ...header } of entries)
    await new Promise<void>((resolve, reject) =>
      pack.entry(header, data ?? '', (error) => (error ? reject(error) : resolve())),
    );
  pack.finalize();
  return gzipSync(await collected);
}

describe('checkArchiveListing: ZIP', () => {
  it('accepts a real archive made by zip -y with a link inside it, and leaves no temporary copy', async () => {
    expect(await listing(fixture('linked.zip'), 'zip')).toEqual({
      problems: [],
      members: 4,
      unpackedBytes: 33,
    });
    expect(await readdir(folder)).toEqual([]);
  });

  it('refuses links out, FIFOs, devices, setuid files and reserved paths, read from the directory', async () => {
    const zip = zipArchive([
      { name: 'src/index.js', data: 'ok' },
      { name: 'escape', data: '../../etc/shadow', unixMode: 0o120777, deflate: false },
      { name: 'pipe', data: '', unixMode: 0o010644 },
      { name: 'tty', data: '', unixMode: 0o020644 },
      { name: 'root-shell', data: '#!/bin/sh', unixMode: 0o104755 },
      { name: 'tests/index.test.js', data: 'forged' },
    ]);
    expect((await listing(zip, 'zip')).problems).toEqual([
      'The archive holds “pipe”, a FIFO; archives may hold only files, folders and links.',
      'The archive holds “tty”, a device file; archives may hold only files, folders and links.',
      'The archive holds “root-shell” with its setuid or setgid bit set; no archive may.',
      'The archive holds “tests/index.test.js”, where the bounty puts its own files (“tests”, “results.xml”, “node_modules”); leave it out.',
      'The archive holds a link, “escape” → “../../etc/shadow”, that points outside the archive.',
    ]);
  });

  it('refuses a zip bomb from its directory, before inflating, and a name out of its folder', async () => {
    const bomb = zipArchive([{ name: 'big.bin', data: Buffer.alloc(1000), declaredSize: 300 * 1024 * 1024 }]);
    expect((await listing(bomb, 'zip')).problems).toEqual([
      'The ZIP file unpacks to more than 200 MB; at most that is accepted.',
    ]);
    const many = zipArchive(Array.from({ length: 6 }, (_, i) => ({ name: `f${i}`, data: '' })));
    expect((await listing(many, 'zip', { maxFiles: 5 })).problems).toEqual([
      'The ZIP file holds 6 entries; at most 5 are accepted.',
    ]);
    const climbing = zipArchive([{ name: '../outside.js', data: 'x' }]);
    expect((await listing(climbing, 'zip')).problems).toEqual([
      expect.stringMatching(/^The ZIP file has a member whose name leaves its folder/),
    ]);
    expect((await listing(Buffer.from('not a zip'), 'zip')).problems).toEqual([
      'The ZIP file is damaged or is not a ZIP file the server can read.',
    ]);
  });
});

describe('checkArchiveListing: tar.gz', () => {
  it('accepts a real git archive (its pax global header, a folder and a link inside)', async () => {
    expect(await listing(fixture('git-archive.tar.gz'), 'tar.gz')).toEqual({
      problems: [],
      members: 4,
      unpackedBytes: 33,
    });
  });

  it('refuses links out, hard links out, devices, FIFOs, setuid files, absolute and climbing names', async () => {
    const archive = await tarGz([
      { name: './', type: 'directory', mode: 0o755 },
      { name: './src/index.js', data: 'ok', mode: 0o644 },
      { name: './lib', type: 'symlink', linkname: 'src' },
      { name: 'escape', type: 'symlink', linkname: '../../etc/shadow' },
      { name: 'hard', type: 'link', linkname: '../../etc/passwd' },
      { name: 'null', type: 'character-device', devmajor: 1, devminor: 3 },
      { name: 'disk', type: 'block-device', devmajor: 8, devminor: 0 },
      { name: 'pipe', type: 'fifo' },
      { name: 'suid', data: 'x', mode: 0o4755 },
      { name: '/etc/cron.d/evil', data: 'x' },
      { name: 'a/../../evil', data: 'x' },
      { name: 'node_modules/left-pad/index.js', data: 'x' },
    ]);
    expect((await listing(archive, 'tar.gz')).problems).toEqual([
      'The archive holds “null”, a device file; archives may hold only files, folders and links.',
      'The archive holds “disk”, a device file; archives may hold only files, folders and links.',
      'The archive holds “pipe”, a FIFO; archives may hold only files, folders and links.',
      'The archive holds “suid” with its setuid or setgid bit set; no archive may.',
      'The archive holds “/etc/cron.d/evil”, a name that leaves its folder (an absolute path or “..”).',
      'The archive holds “a/../../evil”, a name that leaves its folder (an absolute path or “..”).',
      'The archive holds “node_modules/left-pad/index.js”, where the bounty puts its own files (“tests”, “results.xml”, “node_modules”); leave it out.',
      'The archive holds a link, “escape” → “../../etc/shadow”, that points outside the archive.',
      'The archive holds a hard link, “hard” → “../../etc/passwd”, to something outside the archive.',
    ]);
  });

  it('stops at a header declaring more than the unpacked limit, and counts files as they stream', async () => {
    const big = await tarGz([{ name: 'big.bin', data: Buffer.alloc(2 * 1024 * 1024) }]);
    expect(await listing(big, 'tar.gz', { maxUnpackedBytes: 1024 * 1024 })).toMatchObject({
      problems: ['The archive unpacks to more than 1 MB; at most that is accepted.'],
      members: 1,
    });
    const many = await tarGz(Array.from({ length: 10 }, (_, i) => ({ name: `f${i}`, data: '' })));
    expect(await listing(many, 'tar.gz', { maxFiles: 5 })).toMatchObject({
      problems: ['The archive holds more than 5 files and folders; at most that many are accepted.'],
      members: 6,
    });
  });

  it('cuts off a gzip bomb hidden after the tar’s end, without inflating it all', async () => {
    const pack = tar.pack();
    pack.entry({ name: 'a' }, 'x');
    pack.finalize();
    const chunks: Buffer[] = [];
    for await (const chunk of pack) chunks.push(chunk as Buffer);
    const bomb = gzipSync(Buffer.concat([...chunks, Buffer.alloc(64 * 1024 * 1024)])); // 64 MiB of zeros: ~64 KB
    const result = await listing(bomb, 'tar.gz', { maxUnpackedBytes: 1024 * 1024, maxFiles: 10 });
    expect(result.problems).toEqual(['The archive unpacks to more than 1 MB; at most that is accepted.']);
  });

  it('refuses what is not a tar.gz', async () => {
    expect((await listing(Buffer.from('plain text'), 'tar.gz')).problems).toEqual([
      'The archive is damaged or is not a tar.gz file (a tar archive compressed with gzip).',
    ]);
    expect((await listing(gzipSync(Buffer.from('not a tar '.repeat(100))), 'tar.gz')).problems).toEqual([
      'The archive is damaged or is not a tar.gz file (a tar archive compressed with gzip).',
    ]);
  });
});

describe('checkArchiveListing: git bundle', () => {
  const oid = 'f5e30b91c1d9648b2e26c86d6617767978ce4b5e';
  const bundle = (header: string) => Buffer.concat([Buffer.from(header), Buffer.from('PACK\0\0\0\x02')]);

  it('accepts a real bundle and a v3 header with its capabilities', async () => {
    expect((await listing(fixture('git.bundle'), 'git-bundle')).problems).toEqual([]);
    expect(
      (
        await listing(
          bundle(`# v3 git bundle\n@object-format=sha1\n${oid} refs/heads/main\n\n`),
          'git-bundle',
        )
      ).problems,
    ).toEqual([]);
  });

  it('refuses what is not a bundle, an incremental bundle and one without refs', async () => {
    expect((await listing(Buffer.from('PK\x03\x04'), 'git-bundle')).problems).toEqual([
      'The file is not a git bundle (made with “git bundle create”).',
    ]);
    expect(
      (await listing(bundle(`# v2 git bundle\n-${oid} parent\n${oid} HEAD\n\n`), 'git-bundle')).problems,
    ).toEqual([
      'The git bundle needs commits it does not hold (it was made from a range). Make it with “git bundle create entry.bundle HEAD”.',
    ]);
    expect((await listing(bundle('# v2 git bundle\n\n'), 'git-bundle')).problems).toEqual([
      'The git bundle holds no branch or tag. Make it with “git bundle create entry.bundle HEAD”.',
    ]);
  });
});

describe('readArchiveSources', () => {
  const sources = (bytes: Buffer, format: ArchiveFormat) =>
    readArchiveSources(Readable.from([bytes]), format, folder);
  const files = {
    'src/b.js': 'module.exports = 2;\n',
    'src/a.js': 'module.exports = 1;\n',
    'README.md': '# Notes\n',
    'tests/forged.test.js': 'forged',
    'node_modules/left-pad/index.js': 'vendored',
    'lib/node_modules/x.js': 'vendored too',
    '.git/config': '[core]',
    'logo.png': '\x89PNG\r\n\x1a\n\0\0\0\rIHDR',
    'big.js': 'x'.repeat(SOURCE_FILE_MAX_BYTES + 1),
    'empty.js': '',
  };
  const expected = { files: 3, text: '# Notes\n\nmodule.exports = 1;\n\nmodule.exports = 2;\n' };

  it('reads a ZIP’s text files in path order, leaving out tests, vendored packages, .git, binaries and large files', async () => {
    const zip = zipArchive(Object.entries(files).map(([name, data]) => ({ name, data })));
    expect(await sources(zip, 'zip')).toEqual(expected);
    expect(await readdir(folder)).toEqual([]); // the ZIP's temporary copy is gone
  });

  it('reads a tar.gz’s the same way as it streams, passing over links and folders', async () => {
    const archive = await tarGz([
      { name: 'src', type: 'directory' },
      ...Object.entries(files).map(([name, data]) => ({ name, data })),
      { name: 'link.js', type: 'symlink', linkname: 'src/a.js' },
    ]);
    expect(await sources(archive, 'tar.gz')).toEqual(expected);
  });

  it('reads nothing of a git bundle, an archive without text, or a damaged one', async () => {
    expect(await sources(fixture('git.bundle'), 'git-bundle')).toBeNull();
    expect(await sources(zipArchive([{ name: 'logo.png', data: '\0\0' }]), 'zip')).toBeNull();
    expect(await sources(Buffer.from('not gzip'), 'tar.gz')).toBeNull();
  });

  it('counts a file as source unless it is under tests/, node_modules/ or .git/', () => {
    expect(['src/a.js', './main.py', 'pkg/tests/unit.py'].every(isSourcePath)).toBe(true);
    expect(
      ['tests/a.test.js', 'node_modules/x/i.js', 'a/node_modules/b.js', '.git/HEAD'].some(isSourcePath),
    ).toBe(false);
  });
});
