import { checkLayerPath, normalizeRelativePath, prepareJob, type PreparedJob } from './job';
import type { SandboxJob } from './types';

const JOB: SandboxJob = { command: ['node', '--test'], layers: [], resultsPath: 'results.xml' };

function prepared(job: Partial<SandboxJob>): PreparedJob {
  const result = prepareJob({ ...JOB, ...job });
  if ('problem' in result) throw new Error(result.problem);
  return result.job;
}

function problem(job: Partial<SandboxJob>): string {
  const result = prepareJob({ ...JOB, ...job });
  return 'problem' in result ? result.problem : 'accepted';
}

describe('prepareJob', () => {
  it('normalises relative paths and refuses ones that leave their folder', () => {
    expect(normalizeRelativePath('./out//results.xml')).toBe('out/results.xml');
    expect(normalizeRelativePath('../results.xml')).toBeNull();
    expect(normalizeRelativePath('/etc/shadow')).toBeNull();
    expect(normalizeRelativePath('.')).toBeNull();
    expect(normalizeRelativePath('a\0b')).toBeNull();
  });

  it('places layers only under /work or /opt/side-quest, never over the scratch folder or the harness', () => {
    expect(checkLayerPath('/work/tests')).toBeNull();
    expect(checkLayerPath('/opt/side-quest/preload')).toBeNull();
    expect(checkLayerPath('/work')).toBe('is not under /work or /opt/side-quest');
    expect(checkLayerPath('/usr/lib/node_modules')).toBe('is not under /work or /opt/side-quest');
    expect(checkLayerPath('/work/../etc')).toBe('is not a clean absolute path');
    expect(checkLayerPath('/work/.tmp/x')).toBe('is inside the scratch folder');
    expect(checkLayerPath('/opt/side-quest/harness')).toBe("is the harness's folder");
    expect(checkLayerPath('work/tests')).toBe('is not absolute');
  });

  it('reserves the paths the archive may not fill: the job’s, each layer’s under /work, the scratch folder', () => {
    const job = prepared({
      reservedPaths: ['tests/', 'results.xml'],
      layers: [
        { hostPath: '/data/layers/a', sandboxPath: '/work/node_modules' },
        { hostPath: '/data/layers/b', sandboxPath: '/opt/side-quest/preload' },
      ],
    });
    expect(job.reservedPaths.sort()).toEqual(['.tmp', 'node_modules', 'results.xml', 'tests']);
  });

  it('clamps the limits and keeps the defaults', () => {
    const job = prepared({ memoryBytes: 1, wallMs: 10 ** 9 });
    expect(job.memoryBytes).toBe(256 * 1024 * 1024);
    expect(job.wallMs).toBe(600_000);
    expect(prepared({ archive: { hostPath: '/a.zip', format: 'zip' } }).archive?.maxUnpackedBytes).toBe(
      200_000_000,
    );
  });

  it('refuses what breaks the contract, naming each fault', () => {
    expect(problem({ resultsPath: '../results.xml' })).toBe(
      'the job is invalid: resultsPath must be a clean path relative to /work',
    );
    expect(problem({ env: { PATH: '/tmp', 'NOT-A-NAME': 'x' } })).toBe(
      'the job is invalid: env PATH is set by the sandbox; env name "NOT-A-NAME" is not a variable name',
    );
    expect(problem({ command: ['node', 'a\0b'] })).toBe(
      'the job is invalid: command must be an array of strings without NUL',
    );
    expect(problem({ archive: { hostPath: 'entry.zip', format: 'zip' } })).toBe(
      'the job is invalid: archive.hostPath must be absolute',
    );
    expect(problem({ layers: [{ hostPath: '/l', sandboxPath: '/etc' }] })).toBe(
      'the job is invalid: layer "/etc" is not under /work or /opt/side-quest',
    );
  });

  it('a preparation job unpacks into /out, where nothing is reserved unless asked', () => {
    const job = prepared({ outputDir: '/data/layers/x', command: [], resultsPath: null });
    expect(job.outputDir).toBe('/data/layers/x');
    expect(job.reservedPaths).toEqual([]);
  });
});
