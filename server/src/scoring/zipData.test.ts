import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { isIgnoredMember, onlyCsvOf, openZip, ZipProblem, type ZipArchive } from './zipData';
import { zipArchive } from '../testing/testZipArchive';

const text = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

describe('openZip', () => {
  let folder: string;
  const opened: ZipArchive[] = [];
  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'zip-data-test-'));
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((archive) => archive.close()));
    await rm(folder, { recursive: true, force: true });
  });
  const open = async (bytes: Buffer, limits?: { maxEntries: number; maxUncompressedBytes: number }) => {
    const archive = await openZip(Readable.from([bytes]), limits, folder);
    opened.push(archive);
    return archive;
  };
  const problem = (bytes: Buffer, limits?: { maxEntries: number; maxUncompressedBytes: number }) =>
    openZip(Readable.from([bytes]), limits, folder).then(
      () => 'opened',
      (error: unknown) =>
        error instanceof ZipProblem ? error.message : `not a ZipProblem: ${String(error)}`,
    );

  it('lists the data files (folders and macOS noise left out) and reads a member, deflated or stored', async () => {
    const archive = await open(
      zipArchive([
        { name: 'data/', data: '', deflate: false },
        { name: 'data/inputs.csv', data: 'id,x\na,1\nb,2\n' },
        { name: '__MACOSX/data/._inputs.csv', data: 'junk' },
        { name: 'data/.DS_Store', data: 'junk', deflate: false },
        { name: 'notes.txt', data: 'stored', deflate: false },
      ]),
    );
    expect(archive.files).toEqual([
      { name: 'data/inputs.csv', size: 13 },
      { name: 'notes.txt', size: 6 },
    ]);
    expect(await text(await archive.open('data/inputs.csv'))).toBe('id,x\na,1\nb,2\n');
    expect(await text(await archive.open('notes.txt'))).toBe('stored');
    await expect(archive.readAll()).resolves.toBeUndefined();
  });

  it('removes its temporary copy when closed, and when the archive is refused', async () => {
    const archive = await openZip(
      Readable.from([zipArchive([{ name: 'a.csv', data: 'id\n1\n' }])]),
      undefined,
      folder,
    );
    expect(await readdir(folder)).toHaveLength(1);
    await archive.close();
    expect(await readdir(folder)).toEqual([]);
    await problem(Buffer.from('id,prediction\n1,0.5\n'));
    expect(await readdir(folder)).toEqual([]);
  });

  it('refuses what is not a ZIP, or a truncated one, with a sentence', async () => {
    const damaged = 'The ZIP file is damaged or is not a ZIP file the server can read.';
    expect(await problem(Buffer.from('id,prediction\n1,0.5\n'))).toBe(damaged);
    const whole = zipArchive([{ name: 'a.csv', data: 'id\n1\n'.repeat(100) }]);
    expect(await problem(whole.subarray(0, whole.length - 10))).toBe(damaged);
    expect(await problem(Buffer.alloc(0))).toBe(damaged);
  });

  it('guards against zip bombs: the unpacked total and the number of entries', async () => {
    // 3 MB of zeros deflate to a few KB: the directory's sizes are what is checked, before unpacking.
    const bomb = zipArchive([
      { name: 'a.csv', data: Buffer.alloc(2 * 1024 * 1024) },
      { name: 'b.csv', data: Buffer.alloc(1024 * 1024 + 1) },
    ]);
    expect(bomb.length).toBeLessThan(20_000);
    expect(await problem(bomb, { maxEntries: 10, maxUncompressedBytes: 3 * 1024 * 1024 })).toBe(
      'The ZIP file unpacks to more than 3 MB; at most that is accepted.',
    );
    const many = zipArchive(Array.from({ length: 11 }, (_, i) => ({ name: `f${i}.csv`, data: 'id\n' })));
    expect(await problem(many, { maxEntries: 10, maxUncompressedBytes: 1024 })).toBe(
      'The ZIP file holds 11 entries; at most 10 are accepted.',
    );
  });

  it('catches a member that unpacks to more than its directory declares (a lying bomb)', async () => {
    const liar = zipArchive([{ name: 'a.csv', data: Buffer.alloc(1024 * 1024), declaredSize: 100 }]);
    const archive = await open(liar, { maxEntries: 10, maxUncompressedBytes: 1000 });
    expect(archive.files).toEqual([{ name: 'a.csv', size: 100 }]);
    await expect(archive.readAll()).rejects.toThrow(
      'The ZIP file is damaged or is not a ZIP file the server can read.',
    );
  });

  it.each(['../outside.csv', '/etc/passwd', 'data/../../x.csv', '..\\windows.csv', 'C:/x.csv'])(
    'refuses a member named %j, which leaves its folder',
    async (name) => {
      expect(await problem(zipArchive([{ name, data: 'id\n1\n' }]))).toMatch(
        /^The ZIP file has a member whose name leaves its folder/,
      );
    },
  );

  it('refuses encrypted members', async () => {
    expect(await problem(zipArchive([{ name: 'a.csv', data: 'id\n1\n', encrypted: true }]))).toBe(
      'The ZIP file has an encrypted member. Pack the files without a password.',
    );
  });
});

describe('onlyCsvOf', () => {
  it('names the one CSV, in a folder or not, in any case of extension', () => {
    expect(onlyCsvOf([{ name: 'data/inputs.CSV', size: 3 }])).toEqual({ name: 'data/inputs.CSV' });
  });
  it('says why otherwise: none, another kind, or more than one file', () => {
    expect(onlyCsvOf([])).toEqual({
      problem: 'The ZIP file holds no file. It must hold exactly one CSV file and nothing else.',
    });
    expect(onlyCsvOf([{ name: 'inputs.xlsx', size: 3 }])).toEqual({
      problem:
        'The ZIP file must hold exactly one CSV file and nothing else; it holds 1 file: "inputs.xlsx".',
    });
    const seven = Array.from({ length: 7 }, (_, i) => ({ name: `p${i}.csv`, size: 1 }));
    expect(onlyCsvOf(seven)).toEqual({
      problem:
        'The ZIP file must hold exactly one CSV file and nothing else; it holds 7 files: "p0.csv", "p1.csv", "p2.csv", "p3.csv", "p4.csv", ….',
    });
  });
});

describe('isIgnoredMember', () => {
  it('leaves out folders and what macOS adds, nothing else', () => {
    expect(['a/', '__MACOSX/._a.csv', '.DS_Store', 'a/.DS_Store'].every(isIgnoredMember)).toBe(true);
    expect(['a.csv', 'MACOSX.csv', 'a/DS_Store.csv'].some(isIgnoredMember)).toBe(false);
  });
});
