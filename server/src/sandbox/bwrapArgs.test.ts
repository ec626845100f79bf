import {
  bwrapOptions,
  encodeArgs,
  FD,
  harnessCommand,
  harnessSpec,
  STAGE_DIR,
  stagedBinds,
} from './bwrapArgs';
import { prepareJob, type PreparedJob } from './job';
import type { SandboxJob } from './types';

function prepared(job: Partial<SandboxJob> = {}): PreparedJob {
  const result = prepareJob({ command: ['node', '--test'], layers: [], resultsPath: 'results.xml', ...job });
  if ('problem' in result) throw new Error(result.problem);
  return result.job;
}

/** The value following `flag` each time it appears. */
function valuesOf(args: string[], flag: string, width = 1): string[][] {
  const found: string[][] = [];
  args.forEach((arg, index) => {
    if (arg === flag) found.push(args.slice(index + 1, index + 1 + width));
  });
  return found;
}

describe('bwrapOptions', () => {
  it('makes every namespace, refuses nested user namespaces, drops capabilities and dies with its parent', () => {
    const args = bwrapOptions(prepared());
    // As issue 56 item 2 words them: every namespace, none nested; a session of its own; no environment.
    const namespaces = ['--unshare-all', '--unshare-user', '--disable-userns', '--assert-userns-disabled'];
    const lifetime = ['--die-with-parent', '--new-session', '--clearenv'];
    expect(args).toEqual(expect.arrayContaining([...namespaces, ...lifetime]));
    expect(valuesOf(args, '--cap-drop')).toEqual([['ALL']]);
    expect(valuesOf(args, '--seccomp')).toEqual([[String(FD.seccomp)]]);
    expect(args).not.toContain('--share-net');
  });

  it('binds only /usr from the host, read-only, and nothing of the host writable but a preparation job’s /out', () => {
    const args = bwrapOptions(
      prepared({ layers: [{ hostPath: '/data/l/tests', sandboxPath: '/work/tests' }] }),
    );
    expect(valuesOf(args, '--ro-bind', 2)).toEqual([
      ['/usr', '/usr'],
      [`${STAGE_DIR}/harness`, '/opt/side-quest/harness'],
      [`${STAGE_DIR}/layer-0`, '/work/tests'],
    ]);
    expect(valuesOf(args, '--bind', 2)).toEqual([]);
    const preparation = bwrapOptions(prepared({ outputDir: '/data/l/new', command: [], resultsPath: null }));
    expect(valuesOf(preparation, '--bind', 2)).toEqual([[`${STAGE_DIR}/out`, '/out']]);
  });

  it('caps the tmpfs work folder at half the memory, and lays the layers over it after it is made', () => {
    const args = bwrapOptions(
      prepared({ memoryBytes: 512 * 1024 * 1024, layers: [{ hostPath: '/l', sandboxPath: '/work/tests' }] }),
    );
    const size = args.indexOf('--size');
    expect(args.slice(size, size + 4)).toEqual(['--size', String(256 * 1024 * 1024), '--tmpfs', '/work']);
    expect(args.indexOf(`${STAGE_DIR}/layer-0`)).toBeGreaterThan(size);
  });

  it('passes only the fixed variables and the job’s own, never the server’s environment', () => {
    process.env.SANDBOX_ARGS_TEST_SECRET = 'secret';
    try {
      const args = bwrapOptions(
        prepared({ env: { NODE_OPTIONS: '--require /opt/side-quest/preload/canary.js' } }),
      );
      expect(Object.fromEntries(valuesOf(args, '--setenv', 2))).toEqual({
        PATH: '/usr/bin:/bin',
        HOME: '/work',
        TMPDIR: '/work/.tmp',
        LANG: 'C.UTF-8',
        NODE_OPTIONS: '--require /opt/side-quest/preload/canary.js',
      });
      expect(args.join(' ')).not.toContain('secret');
    } finally {
      delete process.env.SANDBOX_ARGS_TEST_SECRET;
    }
  });

  it('names no host path: the launcher stages host folders, the archive comes as a descriptor', () => {
    const job = prepared({
      archive: { hostPath: '/var/lib/side-quest/blobs/entry.zip', format: 'zip' },
      layers: [{ hostPath: '/var/lib/side-quest/layers/tests', sandboxPath: '/work/tests' }],
    });
    expect([...bwrapOptions(job), ...harnessCommand(job)].join(' ')).not.toContain('/var/lib/side-quest');
    expect(stagedBinds(job, '/repo/harness')).toEqual([
      ['harness', '/repo/harness'],
      ['layer-0', '/var/lib/side-quest/layers/tests'],
    ]);
    expect(harnessSpec(job)).toMatchObject({
      archiveFd: FD.archive,
      archiveFormat: 'zip',
      unpackInto: '/work',
    });
  });

  it('encodes bwrap --args as NUL-terminated arguments', () => {
    expect(encodeArgs(['--tmpfs', '/work']).toString()).toBe('--tmpfs\0/work\0');
  });
});
