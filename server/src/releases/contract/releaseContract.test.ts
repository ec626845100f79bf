import { installedSingletonVersions } from './shellShared';
import { checkReleaseContract, sectionsUsedFrom, type ContractProblem } from './releaseContract';
import {
  editManifest,
  removeExpose,
  setRequiredVersion,
  tempDir,
  writeFixtureRelease,
  type FixtureOptions,
} from './testing/fixtureRelease';

// The contract against fixture releases written by the test (no build needed: unit tests run before
// `npm run build`). The same checks against a real build of mfe-compass: server/e2e/releaseContract.e2e.ts.

const reactVersion = installedSingletonVersions().get('react');

// Each smoke test starts a process that compiles the server's TypeScript (several seconds on a busy machine).
jest.setTimeout(60_000);

describe('release contract (fixture releases)', () => {
  const cleanups: Array<() => void> = [];
  afterEach(() => cleanups.splice(0).forEach((remove) => remove()));

  function release(options?: FixtureOptions, edit?: (dir: string) => void): string {
    const { dir, remove } = tempDir('sq-release-');
    cleanups.push(remove);
    writeFixtureRelease(dir, 'compass', options);
    edit?.(dir);
    return dir;
  }

  const check = (releaseDir: string, smokeBudgetMs = 5000): Promise<ContractProblem[]> =>
    checkReleaseContract({ name: 'compass', releaseDir, smokeBudgetMs });

  it('reads what the shell uses from the route table', () => {
    expect(sectionsUsedFrom('compass')).toEqual([{ module: './CompassPage', routePath: '/compass' }]);
    expect(sectionsUsedFrom('bounties').map((section) => section.module)).toEqual(
      expect.arrayContaining(['./BountiesPage', './BountyDetailPage', './FeaturedBounties']),
    );
  });

  it('passes a release that keeps the contract', async () => {
    const logs: string[] = [];
    const runtime = globalThis as { __FEDERATION__?: { __INSTANCES__: unknown[] }; compass?: unknown };
    const instancesBefore = runtime.__FEDERATION__?.__INSTANCES__.length;
    const problems = await checkReleaseContract({
      name: 'compass',
      releaseDir: release(),
      log: (message) => logs.push(message),
    });
    expect(problems).toEqual([]);
    // The fixture page throws unless it finds the seeded bounties in the query cache.
    expect(logs).toEqual(
      expect.arrayContaining([expect.stringMatching(/\.\/CompassPage rendered \d+ characters/)]),
    );
    // The release ran in a process of its own: this process's Module Federation runtime never saw it.
    expect(runtime.__FEDERATION__?.__INSTANCES__.length).toBe(instancesBefore);
    expect(runtime.compass).toBeUndefined();
  });

  it('refuses a release whose server build no longer exposes a module the shell uses', async () => {
    const problems = await check(release(undefined, (dir) => removeExpose(dir, 'server', './CompassPage')));
    expect(problems).toEqual([
      {
        check: 'exposes',
        message: 'compass: the shell uses ./CompassPage, which this release does not expose (server build)',
      },
    ]);
  });

  it('says so once when both builds lack the module', async () => {
    const problems = await check(
      release(undefined, (dir) => {
        removeExpose(dir, 'browser', './CompassPage');
        removeExpose(dir, 'server', './CompassPage');
      }),
    );
    expect(problems).toEqual([
      {
        check: 'exposes',
        message:
          'compass: the shell uses ./CompassPage, which this release does not expose (browser and server builds)',
      },
    ]);
  });

  it('refuses a release whose browser entry is not remoteEntry.js beside its manifest', async () => {
    const problems = await check(
      release(undefined, (dir) =>
        editManifest(dir, 'browser', (json) => {
          json.metaData.remoteEntry.name = 'entry.3f2a.js';
        }),
      ),
    );
    expect(problems).toEqual([
      {
        check: 'exposes',
        message:
          "compass: the shell loads remoteEntry.js beside the manifest; this release's entry is entry.3f2a.js (browser build)",
      },
    ]);
  });

  it.each(['^18.2.0', '^20.0.0'])('refuses a release built against React %s', async (range) => {
    const problems = await check(
      release(undefined, (dir) => setRequiredVersion(dir, 'browser', 'react', range)),
    );
    expect(problems).toEqual([
      {
        check: 'shared',
        message: `compass: this release requires react ${range} (built with ${reactVersion}), but the shell provides react ${reactVersion} as a singleton (browser build)`,
      },
    ]);
  });

  it.each([
    ['react-router-dom', '7.9.0', 'routing must come from @side-quest/design'],
    ['@tanstack/react-query', '5.90.0', 'queries must come from @side-quest/data/query'],
  ])(
    'refuses a release that shares %s, which the shell no longer provides',
    async (library, version, why) => {
      const problems = await check(
        release(undefined, (dir) =>
          editManifest(dir, 'browser', (json) => {
            json.shared.push({ name: library, version, singleton: true, requiredVersion: `^${version}` });
          }),
        ),
      );
      expect(problems).toEqual([
        {
          check: 'shared',
          message: expect.stringContaining(
            `compass: this release shares ${library} (requires ^${version}), which the shell does not provide: ${why}`,
          ),
        },
      ]);
    },
  );

  it('refuses a folder that is not a release', async () => {
    const { dir, remove } = tempDir('sq-release-');
    cleanups.push(remove);
    expect(await check(dir)).toEqual([
      {
        check: 'exposes',
        message:
          "compass: this release's manifest cannot be read: mf-manifest.json is missing (browser build)",
      },
      {
        check: 'exposes',
        message:
          "compass: this release's manifest cannot be read: server/mf-manifest.json is missing (server build)",
      },
    ]);
  });

  it('refuses a release whose page throws while rendering', async () => {
    const problems = await check(release({ pages: { './CompassPage': 'throw' } }));
    expect(problems).toEqual([
      {
        check: 'smoke',
        message: 'compass: ./CompassPage threw while rendering /compass: the fixture page broke',
      },
    ]);
  });

  it('refuses a release whose page renders nothing', async () => {
    const problems = await check(release({ pages: { './CompassPage': 'empty' } }));
    expect(problems).toEqual([
      { check: 'smoke', message: 'compass: ./CompassPage rendered empty HTML at /compass' },
    ]);
  });

  it('refuses a release whose page does not load within the budget', async () => {
    const problems = await check(release({ pages: { './CompassPage': 'hang' } }), 1000);
    expect(problems).toEqual([
      {
        check: 'smoke',
        message: expect.stringMatching(
          /^compass: \.\/CompassPage could not be loaded from the server build: .*longer than 1000 ms/,
        ),
      },
    ]);
  });

  it('stops a page that never yields', async () => {
    const problems = await check(release({ pages: { './CompassPage': 'loop' } }), 1000);
    expect(problems).toEqual([
      {
        check: 'smoke',
        message: 'compass: ./CompassPage did not finish within 1000 ms (the smoke test was stopped)',
      },
    ]);
  });
});
