import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createFolderBlobStore } from '../blobs';
import { createSandboxHandler } from '../runner/sandboxHandler';
import { runInSandbox } from '../sandbox';
import { PYTHON_PACKAGES_DIR, newCanaryName, readJUnit } from '../test-scoring';
import { runningRunOf, tarGzOf } from '../testing/testRunners';
import { testRunSpec } from './testScoredBounties';
import type { TestSetupFile } from './testScoredStore';

/*
 * A run's sandbox spec per runtime (issue 56 item 3), and the dependencies layer where each runtime looks
 * for it: node's over /work/node_modules, Python's installed packages outside /work on PYTHONPATH. The
 * Python case runs in the real sandbox (root, bubblewrap and cgroup v1, as .ci/run provides; never skipped).
 */

const file = (blobId: string): TestSetupFile => ({
  blobId,
  name: `${blobId}.tar.gz`,
  size: 1,
  format: 'tar.gz',
});
const setupOf = (runtime: 'node20' | 'python3-pytest', withDependencies: boolean) => ({
  runtime,
  wallSeconds: 30,
  memoryMiB: 512,
  files: {
    publicTests: file('public'),
    hiddenTests: file('hidden'),
    reference: file('reference'),
    ...(withDependencies ? { dependencies: file('deps') } : {}),
  },
});
const entry = { blobId: 'entry', format: 'tar.gz' as const };

describe('a test-scored run’s spec', () => {
  it('binds node’s dependencies over /work/node_modules, beside the canary’s preload', () => {
    const spec = testRunSpec(setupOf('node20', true), entry, 'public', newCanaryName());
    expect(spec.layers?.map((layer) => [layer.archive.blobId, layer.sandboxPath])).toEqual([
      ['public', '/work/tests'],
      ['deps', '/work/node_modules'],
    ]);
    expect(Object.keys(spec.env ?? {})).toEqual(['NODE_OPTIONS']);
    expect(spec.reservedPaths).toContain('node_modules');
  });

  it('binds Python’s installed packages outside /work and names them on PYTHONPATH; none without the archive', () => {
    const spec = testRunSpec(setupOf('python3-pytest', true), entry, 'hidden', null);
    expect(spec.layers?.map((layer) => [layer.archive.blobId, layer.sandboxPath])).toEqual([
      ['hidden', '/work/tests'],
      ['deps', PYTHON_PACKAGES_DIR],
    ]);
    expect(spec.env).toEqual({ PYTHONPATH: PYTHON_PACKAGES_DIR });
    const without = testRunSpec(setupOf('python3-pytest', false), entry, 'hidden', null);
    expect(without.layers).toHaveLength(1);
    expect(without.env).toBeUndefined();
  });

  it('runs a pytest entry whose tests import a package from the dependencies archive, in the real sandbox', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-run-spec-'));
    fs.chmodSync(root, 0o755); // the sandbox's user reaches the layers bound from under it
    try {
      const blobs = createFolderBlobStore(path.join(root, 'blobs'));
      const put = async (bytes: Buffer) =>
        (await blobs.put(Readable.from([bytes]), { contentType: 'application/gzip', maxBytes: 1_000_000 }))
          .id;
      // What `pip install --target` leaves: a package folder and its metadata.
      const deps = await put(
        tarGzOf({
          'slugkit/__init__.py': 'def slug(text):\n    return "-".join(text.lower().split())\n',
          'slugkit-1.0.dist-info/METADATA': 'Name: slugkit\nVersion: 1.0\n',
        }),
      );
      const tests = await put(
        tarGzOf({
          'test_title.py': [
            'from slugkit import slug',
            'from title import title_slug',
            '',
            'def test_slug_of_title():',
            '    assert title_slug("Hello  World") == slug("Hello World")',
          ].join('\n'),
        }),
      );
      const solution = await put(
        tarGzOf({ 'title.py': 'from slugkit import slug\n\ndef title_slug(text):\n    return slug(text)\n' }),
      );
      const setup = {
        ...setupOf('python3-pytest', true),
        files: {
          publicTests: { ...file(tests), blobId: tests },
          hiddenTests: { ...file(tests), blobId: tests },
          reference: { ...file(solution), blobId: solution },
          dependencies: { ...file(deps), blobId: deps },
        },
      };
      const handler = createSandboxHandler({ blobs, workDir: path.join(root, 'runner'), runInSandbox });
      const run = runningRunOf(
        testRunSpec(setup, { blobId: solution, format: 'tar.gz' }, 'public', null),
        'run-1',
        'python3-pytest',
      );
      const { outcome, logTail } = await handler(run, new AbortController().signal);
      const results = (outcome as { results: string | null }).results;
      expect(results).not.toBeNull();
      const report = readJUnit(Buffer.from(results ?? '', 'base64'));
      if (!report.ok) throw new Error(`${report.problem}\n${logTail}`);
      expect(report.tests.map((test) => [test.name, test.outcome])).toEqual([
        ['test_slug_of_title', 'passed'],
      ]);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  }, 60_000);
});
