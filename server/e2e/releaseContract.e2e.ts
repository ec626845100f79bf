import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { REMOTES } from '@side-quest/data/remotes';
import { REPO_ROOT } from '../src/config/serverConfig';
import { manifestPath } from '../src/releases/contract/manifest';
import { installedSingletonVersions } from '../src/releases/contract/shellShared';
import { checkReleaseContract } from '../src/releases/contract/releaseContract';
import {
  copyRelease,
  exposeChunk,
  removeExpose,
  rewriteBuildFile,
  setRequiredVersion,
  tempDir,
} from '../src/releases/contract/testing/fixtureRelease';

// The contract against the real production build of mfe-compass (mfe-compass/dist): a release is a copy
// of it. It needs that build: `npm run build` (or `npm run build -w mfe-compass`) first. Without it these
// tests fail, rather than pass without having checked anything; server/src/releases/contract/releaseContract.test.ts checks the same
// contract against fixture releases, without a build.

const COMPASS_DIST = path.join(REPO_ROOT, REMOTES.find((remote) => remote.name === 'compass')!.app, 'dist');

// Each check starts a process that compiles the server's TypeScript and loads the real container.
jest.setTimeout(90_000);

describe('release contract (the mfe-compass build)', () => {
  const cleanups: Array<() => void> = [];
  afterEach(() => cleanups.splice(0).forEach((remove) => remove()));

  beforeAll(() => {
    if (
      !existsSync(manifestPath(COMPASS_DIST, 'browser')) ||
      !existsSync(manifestPath(COMPASS_DIST, 'server'))
    ) {
      throw new Error(
        `These tests check a copy of mfe-compass's production build, and ${COMPASS_DIST} holds none (mf-manifest.json and server/mf-manifest.json): run \`npm run build\` first.`,
      );
    }
  });

  function release(edit?: (dir: string) => void): string {
    const { dir, remove } = tempDir('sq-release-');
    cleanups.push(remove);
    copyRelease(COMPASS_DIST, dir);
    edit?.(dir);
    return dir;
  }

  const check = (releaseDir: string) => checkReleaseContract({ name: 'compass', releaseDir });

  it('passes a copy of the build', async () => {
    const logs: string[] = [];
    const problems = await checkReleaseContract({
      name: 'compass',
      releaseDir: release(),
      log: (message) => logs.push(message),
    });
    expect(problems).toEqual([]);
    expect(logs).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/\.\/CompassPage rendered \d+ characters of HTML at \/compass/),
      ]),
    );
  });

  it('refuses the build with ./CompassPage left out of the server manifest', async () => {
    expect(await check(release((dir) => removeExpose(dir, 'server', './CompassPage')))).toEqual([
      {
        check: 'exposes',
        message: 'compass: the shell uses ./CompassPage, which this release does not expose (server build)',
      },
    ]);
  });

  it("refuses the build with React's requiredVersion at ^18.2.0", async () => {
    const react = installedSingletonVersions().get('react');
    const problems = await check(
      release((dir) => {
        setRequiredVersion(dir, 'browser', 'react', '^18.2.0');
        setRequiredVersion(dir, 'server', 'react', '^18.2.0');
      }),
    );
    expect(problems).toEqual([
      {
        check: 'shared',
        message: `compass: this release requires react ^18.2.0 (built with ${react}), but the shell provides react ${react} as a singleton (browser and server builds)`,
      },
    ]);
  });

  it('refuses the build when its page throws while rendering', async () => {
    const problems = await check(
      release((dir) => {
        // The page module's default export, in the unminified server chunk, becomes a component that throws.
        const file = exposeChunk(dir, 'server', './CompassPage');
        const binding = /"default": \(\) => \(\/\* binding \*\/ \w+\)/g;
        const source = readFileSync(file, 'utf8');
        const matches = source.match(binding) ?? [];
        if (matches.length !== 1) {
          throw new Error(
            `Expected one default export binding in ${file}, found ${matches.length}: the build's output changed`,
          );
        }
        rewriteBuildFile(
          file,
          source.replace(
            binding,
            '"default": () => (function BrokenCompassPage() { throw new Error("CompassPage is broken in this release"); })',
          ),
        );
      }),
    );
    expect(problems).toEqual([
      {
        check: 'smoke',
        message:
          'compass: ./CompassPage threw while rendering /compass: CompassPage is broken in this release',
      },
    ]);
  });

  it('refuses the build when a chunk of the page is missing', async () => {
    const problems = await check(release((dir) => rmSync(exposeChunk(dir, 'server', './CompassPage'))));
    expect(problems).toEqual([
      {
        check: 'smoke',
        message: expect.stringMatching(
          /^compass: \.\/CompassPage could not be loaded from the server build: /,
        ),
      },
    ]);
  });
});
