import {
  ArchiveChecker,
  ARCHIVE_RULES,
  memberPathParts,
  resolveInside,
  type ArchiveMember,
} from './archiveRules';

const file = (path: string, size = 10, mode = 0o644): ArchiveMember => ({ path, kind: 'file', mode, size });
const link = (path: string, linkTarget: string): ArchiveMember => ({
  path,
  kind: 'symlink',
  mode: 0o777,
  size: 0,
  linkTarget,
});
const check = (members: ArchiveMember[], rules = {}) => {
  const checker = new ArchiveChecker({ ...ARCHIVE_RULES, ...rules });
  for (const member of members) if (!checker.add(member)) break;
  return checker.finish();
};

describe('memberPathParts', () => {
  it('drops “.” and empty parts, refuses absolute names and “..”', () => {
    expect(memberPathParts('./src//index.js')).toEqual(['src', 'index.js']);
    expect(memberPathParts('./')).toEqual([]);
    expect(memberPathParts('/etc/passwd')).toBeNull();
    expect(memberPathParts('src/../../x')).toBeNull();
    expect(memberPathParts('C:/Windows')).toBeNull();
  });
});

describe('resolveInside', () => {
  const links = new Map([
    ['a/up', '..'],
    ['a/trick', 'up/..'],
    ['loop1', 'loop2'],
    ['loop2', 'loop1'],
    ['abs', '/etc'],
  ]);
  it('follows links as the kernel would once unpacked', () => {
    expect(resolveInside(['a', 'up', 'x'], links)).toBe('inside'); // a/up is the root
    expect(resolveInside(['a', 'trick'], links)).toBe('outside'); // up/.. from a/ is the root's parent
    expect(resolveInside(['a', '..', '..'], links)).toBe('outside');
    expect(resolveInside(['loop1'], links)).toBe('loop');
    expect(resolveInside(['abs', 'shadow'], links)).toBe('outside');
  });
});

describe('ArchiveChecker', () => {
  it('accepts files, folders and links that stay inside', () => {
    expect(
      check([
        { path: 'src/', kind: 'directory', mode: 0o755, size: 0 },
        file('src/index.js'),
        link('lib', 'src'),
        link('src/self', '../src/index.js'),
        { path: 'copy.js', kind: 'hardlink', mode: 0o644, size: 0, linkTarget: 'src/index.js' },
      ]),
    ).toEqual([]);
  });

  it('refuses links out, through another link, absolute, or in a loop', () => {
    expect(
      check([
        link('out', '../../etc/shadow'),
        link('a/up', '..'),
        link('a/trick', 'up/../x'),
        link('abs', '/etc/shadow'),
        link('l1', 'l2'),
        link('l2', 'l1'),
        { path: 'hard', kind: 'hardlink', mode: 0o644, size: 0, linkTarget: '../outside' },
      ]),
    ).toEqual([
      'The archive holds a link, “out” → “../../etc/shadow”, that points outside the archive.',
      'The archive holds a link, “a/trick” → “up/../x”, that points outside the archive.',
      'The archive holds a link, “abs” → “/etc/shadow”, that points outside the archive.',
      'The archive holds a link, “l1” → “l2”, in a loop of links.',
      'The archive holds a link, “l2” → “l1”, in a loop of links.',
      'The archive holds a hard link, “hard” → “../outside”, to something outside the archive.',
    ]);
  });

  it('refuses devices, FIFOs, sockets, setuid and setgid files, names out of the folder and repeats', () => {
    expect(
      check([
        { path: 'dev', kind: 'device', mode: 0o644, size: 0 },
        { path: 'pipe', kind: 'fifo', mode: 0o644, size: 0 },
        { path: 'sock', kind: 'socket', mode: 0o644, size: 0 },
        file('run', 10, 0o4755),
        file('grp', 10, 0o2755),
        file('/etc/cron.d/x'),
        file('a/../../x'),
        file('twice'),
        file('./twice'),
      ]),
    ).toEqual([
      'The archive holds “dev”, a device file; archives may hold only files, folders and links.',
      'The archive holds “pipe”, a FIFO; archives may hold only files, folders and links.',
      'The archive holds “sock”, a socket; archives may hold only files, folders and links.',
      'The archive holds “run” with its setuid or setgid bit set; no archive may.',
      'The archive holds “grp” with its setuid or setgid bit set; no archive may.',
      'The archive holds “/etc/cron.d/x”, a name that leaves its folder (an absolute path or “..”).',
      'The archive holds “a/../../x”, a name that leaves its folder (an absolute path or “..”).',
      'The archive holds “twice” twice.',
    ]);
  });

  it('refuses what sits at a reserved path, one sentence per reserved path', () => {
    const reservedPaths = ['tests', 'results.xml', 'node_modules'];
    expect(
      check(
        [
          file('tests/a.test.js'),
          file('results.xml'),
          file('node_modules/x/index.js'),
          file('node_modules/x/package.json'),
          file('testsuite.js'),
        ],
        { reservedPaths },
      ),
    ).toEqual([
      'The archive holds “tests/a.test.js”, where the bounty puts its own files (“tests”, “results.xml”, “node_modules”); leave it out.',
      'The archive holds “results.xml”, where the bounty puts its own files (“tests”, “results.xml”, “node_modules”); leave it out.',
      'The archive holds 2 entries under “node_modules/” (“node_modules/x/index.js” first), where the bounty puts its own files (“tests”, “results.xml”, “node_modules”); leave them out.',
    ]);
  });

  it('stops at the file count and the unpacked size, and at 20 problems', () => {
    expect(check([file('a'), file('b'), file('c')], { maxFiles: 2 })).toEqual([
      'The archive holds more than 2 files and folders; at most that many are accepted.',
    ]);
    expect(check([file('a', 600_000), file('b', 600_000)], { maxUnpackedBytes: 1024 * 1024 })).toEqual([
      'The archive unpacks to more than 1 MB; at most that is accepted.',
    ]);
    const devices = Array.from({ length: 30 }, (_, i): ArchiveMember => ({
      path: `d${i}`,
      kind: 'device',
      mode: 0,
      size: 0,
    }));
    expect(check(devices)).toHaveLength(20);
  });
});
