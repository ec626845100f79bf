// Hostile entries (issue 56 item 6) run through the real sandbox: each ends with the right status and a clear
// message, this process alive, nothing outside the sandbox changed, no process or cgroup of the run left behind,
// and no other run affected. They need root, bubblewrap and cgroup v1: under CI they always run, and a machine
// that cannot make a sandbox fails them with the probe's reason.

import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, promises as fs, readdirSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../config/serverConfig';
import { parentDirs } from './cgroups';
import { probeSandbox, runInSandbox, type SandboxJob, type SandboxOutcome } from './index';
import { MEMORY_MIN_BYTES, WALL_MIN_MS } from './limits';

const SECRET = `side-quest-secret-${randomBytes(8).toString('hex')}`;
const canTry =
  process.getuid?.() === 0 && existsSync('/usr/bin/bwrap') && existsSync('/sys/fs/cgroup/memory');
const describeSandbox = canTry || process.env.CI ? describe : describe.skip;

let scratch = '';
let archives = '';
let dataDir = '';
let hostSnapshot = '';

/** The smallest limits, to keep the file quick: 256 MiB (a 128 MiB work folder) and 10 s. */
function run(command: string[], extra: Partial<SandboxJob> = {}): Promise<SandboxOutcome> {
  return runInSandbox({
    command,
    layers: [],
    resultsPath: 'results.xml',
    memoryBytes: MEMORY_MIN_BYTES,
    wallMs: WALL_MIN_MS,
    ...extra,
  });
}

const python = (source: string) => ['/usr/bin/python3', '-c', source];
const shell = (script: string) => ['/bin/sh', '-c', script];

/** Every file under the folders an entry must not reach, with a hash of its bytes. */
async function snapshotHost(): Promise<string> {
  const lines: string[] = [];
  for (const file of [path.join(dataDir, 'secret.txt'), path.join(dataDir, 'store.db')]) {
    const bytes = await fs.readFile(file);
    lines.push(`${file} ${createHash('sha256').update(bytes).digest('hex')}`);
  }
  lines.push(`data dir: ${readdirSync(dataDir).sort().join(',')}`);
  lines.push(`scratch: ${readdirSync(scratch).sort().join(',')}`);
  return lines.join('\n');
}

/** The run's cgroups are gone (so are its processes), and the files outside are as they were. */
async function expectNothingLeft(): Promise<void> {
  for (const dir of Object.values(parentDirs())) {
    // Groups are named after the runner's pid; other processes on this machine may hold groups of their own.
    const ours = existsSync(dir) ? readdirSync(dir).filter((name) => name.startsWith(`${process.pid}-`)) : [];
    expect(ours).toEqual([]);
  }
  expect(await snapshotHost()).toBe(hostSnapshot);
}

describeSandbox('hostile entries in the real sandbox', () => {
  beforeAll(async () => {
    const probe = await probeSandbox();
    if (!probe.ok) throw new Error(`this machine cannot make a sandbox: ${probe.reason}`);
    scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'sandbox-hostile-'));
    archives = path.join(scratch, 'archives');
    dataDir = path.join(scratch, 'data');
    await fs.mkdir(archives);
    await fs.mkdir(dataDir);
    await fs.writeFile(path.join(dataDir, 'secret.txt'), SECRET);
    await fs.writeFile(path.join(dataDir, 'store.db'), 'rows');
    execFileSync('/usr/bin/python3', ['-I', path.join(__dirname, 'fixtures', 'make_archives.py'), archives]);
    hostSnapshot = await snapshotHost();
    process.env.SIDE_QUEST_SANDBOX_TEST_SECRET = SECRET;
  }, 60_000);

  afterAll(async () => {
    delete process.env.SIDE_QUEST_SANDBOX_TEST_SECRET;
    if (scratch) await fs.rm(scratch, { recursive: true, force: true });
  });

  afterEach(expectNothingLeft);

  it('runs a plain entry: its output, exit code and results come back', async () => {
    const outcome = await run(
      shell('echo hello; echo oops >&2; printf "<testsuites/>" > results.xml; exit 3'),
    );
    expect(outcome.status).toBe('completed');
    expect(outcome.exitCode).toBe(3);
    expect(outcome.log).toContain('hello');
    expect(outcome.log).toContain('oops');
    expect(outcome.results?.toString()).toBe('<testsuites/>');
  }, 30_000);

  it('runs node 20 under the smallest memory limit', async () => {
    const outcome = await run([
      '/usr/bin/node',
      '-e',
      'require("fs").writeFileSync("results.xml", process.version)',
    ]);
    expect(outcome.status).toBe('completed');
    expect(outcome.results?.toString()).toMatch(/^v20\./);
  }, 30_000);

  it.each([
    [
      'node --test',
      'add.test.js',
      "const test = require('node:test');\nconst assert = require('node:assert');\ntest('adds', () => assert.equal(1 + 1, 2));\ntest('fails', () => assert.equal(1 + 1, 3));\n",
      ['node', '--test', '--test-reporter=junit', '--test-reporter-destination=results.xml', 'tests/'],
    ],
    [
      'pytest',
      'test_add.py',
      "def test_adds(tmp_path):\n    (tmp_path / 'x').write_text('y')\n\ndef test_fails():\n    assert 1 + 1 == 3\n",
      [
        'python3',
        '-P',
        '-m',
        'pytest',
        '-c',
        '/dev/null',
        '--rootdir=/work',
        '-o',
        'pythonpath=/work',
        '--confcutdir=/work/tests',
        '-p',
        'no:cacheprovider',
        '--junitxml=results.xml',
        'tests/',
      ],
    ],
  ])(
    'runs %s over a read-only tests layer and brings back its JUnit',
    async (_, file, source, command) => {
      const tests = path.join(scratch, 'runtime-tests');
      await fs.mkdir(tests);
      await fs.writeFile(path.join(tests, file), source);
      try {
        const outcome = await run(command, { layers: [{ hostPath: tests, sandboxPath: '/work/tests' }] });
        expect(outcome.status).toBe('completed');
        expect(outcome.exitCode).toBe(1);
        const junit = outcome.results?.toString() ?? '';
        expect(junit).toMatch(/<testcase [^>]*name="test_adds|<testcase name="adds"/);
        expect(junit).toContain('failure');
      } finally {
        await fs.rm(tests, { recursive: true });
      }
    },
    30_000,
  );

  it('says when no results file was written', async () => {
    const outcome = await run(shell('true'));
    expect(outcome.status).toBe('completed');
    expect(outcome.results).toBeNull();
    expect(outcome.resultsProblem).toBe('no results file was written');
  }, 30_000);

  it('stops a fork bomb at 256 processes', async () => {
    const outcome = await run(
      python(`
import os, time
count = 0
try:
    while True:
        if os.fork() == 0:
            time.sleep(60)
            os._exit(0)
        count += 1
except OSError as error:
    print('forks refused after', count, error.strerror)
`),
    );
    expect(outcome.status).toBe('completed');
    const forks = Number(/forks refused after (\d+) Resource temporarily unavailable/.exec(outcome.log)?.[1]);
    expect(forks).toBeLessThan(256);
  }, 30_000);

  it('kills a memory bomb at the memory limit', async () => {
    const outcome = await run(python('blocks = []\nwhile True: blocks.append(bytearray(16 << 20))'));
    expect(outcome.status).toBe('out-of-memory');
    expect(outcome.maxMemoryBytes).toBeLessThanOrEqual(MEMORY_MIN_BYTES);
  }, 30_000);

  it('stops a disk filler at half the memory limit (ENOSPC)', async () => {
    const outcome = await run(shell('dd if=/dev/zero of=/work/fill bs=1M count=1024; echo "dd exit $?"'));
    expect(outcome.status).toBe('completed');
    expect(outcome.log).toContain('No space left on device');
    expect(outcome.log).toMatch(/134217728 bytes .* copied/);
    expect(outcome.log).toContain('dd exit 1');
  }, 30_000);

  it('stops endless output past 16 MiB and keeps the last 1 MiB', async () => {
    const outcome = await run(python('import sys\nwhile True: sys.stdout.write("spam " * 10000)'));
    expect(outcome.status).toBe('output-overflow');
    expect(outcome.logTruncated).toBe(true);
    expect(Buffer.byteLength(outcome.log)).toBeLessThanOrEqual(1024 * 1024);
    expect(outcome.log).toContain('spam spam');
  }, 30_000);

  it('kills an entry that sleeps forever at the wall-clock limit, with all its processes', async () => {
    const outcome = await run(shell('sleep 1000 & sleep 1000'));
    expect(outcome.status).toBe('timed-out');
    expect(outcome.signal).toBe('SIGKILL');
  }, 40_000);

  it("cannot reach a server on the host's 127.0.0.1 nor an outside address", async () => {
    let connections = 0;
    const server = net.createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    try {
      const outcome = await run(
        python(`
import socket
for host, port in (('127.0.0.1', ${port}), ('1.1.1.1', 443), ('8.8.8.8', 53)):
    try:
        socket.create_connection((host, port), timeout=3).close()
        print(host, 'CONNECTED')
    except OSError as error:
        print(host, 'refused:', error.strerror or error)
`),
      );
      expect(outcome.status).toBe('completed');
      expect(outcome.log).not.toContain('CONNECTED');
      expect(outcome.log).toContain('127.0.0.1 refused: Connection refused');
      expect(outcome.log).toContain('1.1.1.1 refused: Network is unreachable');
      expect(connections).toBe(0);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }, 30_000);

  it("reads none of the host's secrets: /etc/shadow, /root, the repository, DATA_DIR, other processes, the environment", async () => {
    const targets = ['/etc/shadow', '/root', REPO_ROOT, path.join(REPO_ROOT, 'package.json'), dataDir];
    const outcome = await run(
      python(`
import json, os
found = {}
for target in ${JSON.stringify([...targets, path.join(dataDir, 'secret.txt')])}:
    try:
        found[target] = os.listdir(target) if os.path.isdir(target) else open(target).read()[:100]
    except OSError as error:
        found[target] = error.strerror
processes = {}
for pid in os.listdir('/proc'):
    if pid.isdigit():
        try:
            processes[pid] = open('/proc/%s/cmdline' % pid, 'rb').read().replace(b'\\0', b' ').decode()[:300]
        except OSError as error:
            processes[pid] = error.strerror
        for private in ('environ', 'fd'):
            try:
                found['/proc/%s/%s' % (pid, private)] = (
                    os.listdir('/proc/%s/fd' % pid) if private == 'fd'
                    else open('/proc/%s/environ' % pid, 'rb').read().decode('utf-8', 'replace'))
            except OSError as error:
                found['/proc/%s/%s' % (pid, private)] = error.strerror
own_descriptors = sorted(os.listdir('/proc/self/fd'))
open('results.xml', 'w').write(json.dumps({'found': found, 'processes': processes, 'env': dict(os.environ), 'descriptors': own_descriptors}))
`),
    );
    expect(outcome.status).toBe('completed');
    const text = outcome.results?.toString() ?? '';
    expect(text).not.toContain(SECRET);
    const report = JSON.parse(text) as {
      found: Record<string, unknown>;
      processes: Record<string, string>;
      env: Record<string, string>;
      descriptors: string[];
    };
    for (const target of targets) expect(report.found[target]).toBe('No such file or directory');
    // Inside its own pid namespace: bwrap's init (1), the harness (2) and the entry; none of the host's processes.
    expect(Object.values(report.processes).join('\n')).not.toMatch(/jest|tsx|node_modules/);
    expect(report.found['/proc/2/environ']).toBe('Permission denied');
    expect(report.found['/proc/2/fd']).toBe('Permission denied');
    expect(
      Object.keys(report.env)
        .filter((name) => name !== 'PWD')
        .sort(),
    ).toEqual(['HOME', 'LANG', 'PATH', 'TMPDIR']);
  }, 30_000);

  it('cannot make a user namespace (unshare -U -r) nor use io_uring and the other refused system calls', async () => {
    const outcome = await run(
      shell(`unshare -U -r id; echo "unshare exit $?"
/usr/bin/python3 -c '
import ctypes, errno
libc = ctypes.CDLL(None, use_errno=True)
# x86_64 numbers: io_uring_setup, io_uring_enter, io_uring_register, keyctl, add_key, bpf, perf_event_open,
# userfaultfd, ptrace
for name, number in (("io_uring_setup", 425), ("io_uring_enter", 426), ("io_uring_register", 427),
                     ("keyctl", 250), ("add_key", 248), ("bpf", 321), ("perf_event_open", 298),
                     ("userfaultfd", 323), ("ptrace", 101)):
    result = libc.syscall(number, 0, 0, 0, 0, 0)
    print(name, result, errno.errorcode.get(ctypes.get_errno()))
'`),
    );
    expect(outcome.status).toBe('completed');
    expect(outcome.log).toMatch(/unshare exit [1-9]/);
    expect(outcome.log).not.toMatch(/uid=0\(root\)/);
    for (const call of [
      'io_uring_setup',
      'io_uring_enter',
      'keyctl',
      'bpf',
      'perf_event_open',
      'userfaultfd',
      'ptrace',
    ]) {
      expect(outcome.log).toMatch(new RegExp(`^${call} -1 (EPERM|ENOSYS)$`, 'm'));
    }
  }, 30_000);

  describe('archives are unpacked inside the sandbox, by the rules', () => {
    const unpack = (file: string, format: 'zip' | 'tar.gz' | 'git-bundle') =>
      run(shell('cat add.js; cat src/add.js'), {
        archive: { hostPath: path.join(archives, file), format },
        reservedPaths: ['tests', 'results.xml'],
        resultsPath: null,
      });

    it.each([
      ['good.zip', 'zip'],
      ['good.tar.gz', 'tar.gz'],
      ['good.bundle', 'git-bundle'],
    ] as const)(
      'unpacks %s, a link inside it included',
      async (file, format) => {
        const outcome = await unpack(file, format);
        expect(outcome.status).toBe('completed');
        expect(outcome.log).toBe('module.exports = (a, b) => a + b;\n'.repeat(2));
      },
      30_000,
    );

    it.each([
      ['symlink-out.zip', 'zip', "'shadow' is a link to '../../etc/shadow', outside the archive."],
      ['symlink-out.bundle', 'git-bundle', "'shadow' is a link to '../../etc/shadow', outside the archive."],
      ['link-chain-out.tar.gz', 'tar.gz', "'y' is a link to 'x/s/../..', outside the archive."],
      ['dotdot.tar.gz', 'tar.gz', "'../escaped.txt' leaves its folder (..)."],
      ['absolute.zip', 'zip', "'/tmp/escaped.txt' is an absolute path."],
      ['fifo.tar.gz', 'tar.gz', "'pipe' is a FIFO."],
      ['device.tar.gz', 'tar.gz', "'sda' is a device file."],
      ['setuid.tar.gz', 'tar.gz', "'rootshell' is a setuid or setgid file."],
      ['reserved.zip', 'zip', "'tests/add.test.js' is a reserved path (tests belongs to the test harness)."],
      ['zip-bomb-honest.zip', 'zip', 'The archive unpacks to more than 200 MB.'],
      [
        'zip-bomb-lying.zip',
        'zip',
        "The archive is damaged or uses an unsupported feature (Bad CRC-32 for file 'zeros.bin').",
      ],
      ['many-files.zip', 'zip', 'The archive holds more than 20000 files.'],
      ['git-bomb.bundle', 'git-bundle', 'The archive holds more than 20000 files.'],
    ] as const)(
      'refuses %s and runs nothing',
      async (file, format, problem) => {
        const outcome = await unpack(file, format);
        expect(outcome.status).toBe('archive-refused');
        expect(outcome.archiveProblems).toEqual([problem]);
        expect(outcome.log).toBe('');
      },
      30_000,
    );
  });

  describe('results leave only as a regular file of at most 10 MB', () => {
    it.each([
      {
        what: 'a symlink to /etc/shadow',
        script: 'ln -s /etc/shadow results.xml',
        problem: 'results.xml is a symlink',
      },
      { what: 'a FIFO', script: 'mkfifo results.xml', problem: 'results.xml is a FIFO' },
      {
        what: 'a 5 GB sparse file',
        script: 'truncate -s 5G results.xml',
        problem: 'results.xml is larger than 10 MB',
      },
      {
        what: 'a link to a folder on its path',
        script: 'mkdir real; echo x > real/r.xml; ln -s real out',
        problem: 'out is not a folder (a link or a file stands in its place)',
        resultsPath: 'out/r.xml',
      },
    ])(
      'refuses results replaced by $what',
      async ({ script, problem, resultsPath = 'results.xml' }) => {
        const outcome = await run(shell(script), { resultsPath });
        expect(outcome.status).toBe('harness-altered');
        expect(outcome.results).toBeNull();
        expect(outcome.resultsProblem).toBe(problem);
      },
      30_000,
    );

    it('reads the results the command left, not what a process left running writes afterwards', async () => {
      const outcome = await run(
        shell(`echo GOOD > results.xml
setsid sh -c 'while kill -0 $PPID 2>/dev/null; do sleep 0.05; done; sleep 2; while true; do echo FORGED > /work/results.xml; done' &
exit 0`),
      );
      expect(outcome.status).toBe('completed');
      expect(outcome.results?.toString()).toBe('GOOD\n');
    }, 30_000);

    it('cannot write on the results channel through /proc', async () => {
      const outcome = await run(
        python(`
import os
open('results.xml', 'w').write('REAL')
for pid in ('1', '2'):
    try:
        for fd in os.listdir('/proc/%s/fd' % pid):
            try:
                with open('/proc/%s/fd/%s' % (pid, fd), 'wb') as channel:
                    channel.write(b'SQSBF\\0\\0\\0\\0')
                print('wrote to', pid, fd)
            except OSError as error:
                print(pid, fd, error.strerror)
    except OSError as error:
        print(pid, error.strerror)
`),
      );
      expect(outcome.status).toBe('completed');
      expect(outcome.results?.toString()).toBe('REAL');
      expect(outcome.log).toContain('2 Permission denied');
    }, 30_000);
  });

  it('lays read-only layers over the work folder: an entry can neither rewrite a test nor shadow a package', async () => {
    const tests = path.join(scratch, 'layer-tests');
    const modules = path.join(scratch, 'layer-modules');
    await fs.mkdir(tests);
    await fs.mkdir(path.join(modules, 'left-pad'), { recursive: true });
    await fs.writeFile(path.join(tests, 'add.test.js'), 'sponsor test');
    await fs.writeFile(path.join(modules, 'left-pad', 'index.js'), 'sponsor package');
    try {
      const outcome = await run(
        shell(`echo forged > tests/add.test.js; echo "test write exit $?"
rm -rf node_modules/left-pad; echo "package remove exit $?"
mv tests tests-old; echo "move exit $?"
cat tests/add.test.js node_modules/left-pad/index.js`),
        {
          layers: [
            { hostPath: tests, sandboxPath: '/work/tests' },
            { hostPath: modules, sandboxPath: '/work/node_modules' },
          ],
        },
      );
      expect(outcome.status).toBe('completed');
      expect(outcome.log).toMatch(/test write exit [1-9]/);
      expect(outcome.log).toMatch(/package remove exit [1-9]/);
      expect(outcome.log).toMatch(/move exit [1-9]/);
      expect(outcome.log).toContain('sponsor testsponsor package');
      expect(await fs.readFile(path.join(tests, 'add.test.js'), 'utf8')).toBe('sponsor test');
    } finally {
      await fs.rm(tests, { recursive: true });
      await fs.rm(modules, { recursive: true });
    }
  }, 30_000);

  describe('preparation jobs unpack into a host folder', () => {
    let outputDir = '';
    beforeEach(async () => {
      outputDir = path.join(scratch, 'layer-out');
      await fs.mkdir(outputDir);
    });
    afterEach(() => fs.rm(outputDir, { recursive: true }));

    it("unpacks a sponsor's archive into the output folder, running nothing", async () => {
      const outcome = await runInSandbox({
        archive: { hostPath: path.join(archives, 'good.tar.gz'), format: 'tar.gz' },
        outputDir,
        layers: [],
        command: [],
        resultsPath: null,
      });
      expect(outcome.status).toBe('completed');
      expect(await fs.readFile(path.join(outputDir, 'src', 'add.js'), 'utf8')).toContain('module.exports');
      expect(await fs.readlink(path.join(outputDir, 'add.js'))).toBe('src/add.js');
    }, 30_000);

    it('refuses what a preparation command leaves in the folder against the archive rules', async () => {
      const outcome = await run(shell('ln -s /etc/shadow /out/shadow; mkfifo /out/pipe'), {
        outputDir,
        resultsPath: null,
      });
      expect(outcome.status).toBe('archive-refused');
      expect(outcome.archiveProblems).toEqual([
        "'pipe' is a FIFO.",
        "'shadow' is a link to '/etc/shadow', outside the folder.",
      ]);
    }, 30_000);
  });

  it("kills a run its caller stops (a lost lease) whole, and names it the site's failure", async () => {
    const controller = new AbortController();
    const running = runInSandbox(
      {
        command: shell('sleep 1000 & sleep 1000'),
        layers: [],
        resultsPath: null,
        memoryBytes: MEMORY_MIN_BYTES,
      },
      { signal: controller.signal },
    );
    setTimeout(() => controller.abort(), 500);
    const outcome = await running;
    expect(outcome.status).toBe('sandbox-failed');
    expect(outcome.failure).toBe('the run was stopped by its caller');
  }, 30_000);

  it('kills a run stopped while its sandbox was being made (no abort event reaches it then)', async () => {
    // A signal that reads as not aborted at the first check and aborted ever after, as when a lease is lost
    // between that check and the listener: only a second look after listening can see it.
    let looks = 0;
    const stoppedWhileStarting = {
      get aborted() {
        looks += 1;
        return looks > 1;
      },
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    } as unknown as AbortSignal;
    const startedAt = Date.now();
    const outcome = await runInSandbox(
      {
        command: shell('sleep 1000'),
        layers: [],
        resultsPath: null,
        memoryBytes: MEMORY_MIN_BYTES,
        wallMs: 20_000,
      },
      { signal: stoppedWhileStarting },
    );
    expect(outcome.status).toBe('sandbox-failed');
    expect(outcome.failure).toBe('the run was stopped by its caller');
    expect(Date.now() - startedAt).toBeLessThan(20_000);
  }, 40_000);

  it('runs nothing, and says why, where no sandbox can be made (here: a runner that is not root)', async () => {
    const marker = path.join(scratch, 'ran-unsandboxed');
    const script = `
      const { probeSandbox, runInSandbox } = require(${JSON.stringify(path.join(__dirname, 'index.ts'))});
      (async () => {
        const probe = await probeSandbox();
        const outcome = await runInSandbox({ command: ['/usr/bin/touch', ${JSON.stringify(marker)}], layers: [], resultsPath: null });
        console.log(JSON.stringify({ probe, status: outcome.status, failure: outcome.failure }));
      })();`;
    await fs.chmod(scratch, 0o777);
    try {
      const output = execFileSync(
        '/usr/bin/setpriv',
        [
          '--reuid=65534',
          '--regid=65534',
          '--clear-groups',
          path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx'),
          '-e',
          script,
        ],
        { env: { PATH: '/usr/bin:/bin', HOME: scratch }, cwd: scratch },
      ).toString();
      const reason =
        'the runner is not root: it must be root to make cgroups and start bwrap as the sandbox uid';
      expect(JSON.parse(output)).toEqual({
        probe: { ok: false, reason, runtimes: [] },
        status: 'sandbox-failed',
        failure: reason,
      });
      expect(existsSync(marker)).toBe(false);
    } finally {
      await fs.chmod(scratch, 0o700);
    }
  }, 60_000);

  it('runs two sandboxes at once without either seeing or disturbing the other', async () => {
    const [bomb, neighbour] = await Promise.all([
      run(
        shell(
          'echo A > /work/marker-a; /usr/bin/python3 -c "b = []\nwhile True: b.append(bytearray(16 << 20))"',
        ),
      ),
      run(shell('sleep 1; ls /work; test -e /work/marker-a && echo "SAW A"; echo B > results.xml')),
    ]);
    expect(bomb.status).toBe('out-of-memory');
    expect(neighbour.status).toBe('completed');
    expect(neighbour.log).not.toContain('SAW A');
    expect(neighbour.results?.toString()).toBe('B\n');
  }, 40_000);
});
