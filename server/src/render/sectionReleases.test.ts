import { readServerConfig } from '../config/serverConfig';
import type { ReleaseSnapshot } from '../releases/releaseVersions';
import {
  releaseProcessSetup,
  releasesServedHere,
  remotesOnOtherReleases,
  runningCanaries,
  sectionOnOtherRelease,
  serverManifestUrl,
} from './sectionReleases';

const config = readServerConfig({ DATA_DIR: '/tmp/sq-section-releases-unused' });

describe('sections on other releases', () => {
  it('finds the remotes a page load runs on another release than the server, unless deployed elsewhere', () => {
    const releases = {
      compass: { version: '2.0.0', choice: 'canary' as const },
      stories: { version: '1.0.0', choice: 'live' as const },
      bounties: { version: '3.0.0', choice: 'override' as const },
    };
    const inUse = { compass: '1.0.0', stories: '1.0.0', bounties: null, clients: null };
    expect([...remotesOnOtherReleases(releases, inUse, {})].sort()).toEqual(['bounties', 'compass']);
    expect([
      ...remotesOnOtherReleases(releases, inUse, { compass: 'https://cdn.example/compass/mf-manifest.json' }),
    ]).toEqual(['bounties']);
    // The registry has no release yet: the server and the page both run the unversioned build.
    expect([...remotesOnOtherReleases({}, {}, {})]).toEqual([]);
  });

  it("names the canary or override release of the page's own section only", () => {
    const releases = { compass: { version: '2.0.0', choice: 'canary' as const } };
    const elsewhere = new Set(['compass']);
    expect(sectionOnOtherRelease('/compass?x=1', releases, elsewhere)).toEqual({
      name: 'compass',
      version: '2.0.0',
    });
    expect(sectionOnOtherRelease('/blog', releases, elsewhere)).toBeNull();
    expect(sectionOnOtherRelease('/about', releases, elsewhere)).toBeNull();
    expect(sectionOnOtherRelease('/compass', releases, new Set())).toBeNull();
    expect(
      sectionOnOtherRelease('/compass', { compass: { version: '2.0.0', choice: 'override' } }, elsewhere),
    ).toEqual({ name: 'compass', version: '2.0.0' });
    // Promoted a moment ago: the server's containers switch to it within 5 s.
    expect(
      sectionOnOtherRelease('/compass', { compass: { version: '2.0.0', choice: 'live' } }, elsewhere),
    ).toBeNull();
  });

  it("reads the registry's running canaries, skipping remotes deployed elsewhere", () => {
    const snapshot: ReleaseSnapshot = {
      remotes: {
        compass: {
          name: 'compass',
          live: '1.0.0',
          canary: { version: '2.0.0', percent: 10 },
          previous: [],
          versions: new Set(['1.0.0', '2.0.0']),
        },
        stories: { name: 'stories', live: '4.0.0', canary: null, previous: [], versions: new Set(['4.0.0']) },
        bounties: {
          name: 'bounties',
          live: null,
          canary: { version: '3.0.0', percent: 5 },
          previous: [],
          versions: new Set(['3.0.0']),
        },
      },
    };
    expect(runningCanaries(snapshot, {})).toEqual([
      { name: 'bounties', version: '3.0.0' },
      { name: 'compass', version: '2.0.0' },
    ]);
    expect(runningCanaries(snapshot, { compass: 'https://cdn.example/mf-manifest.json' })).toEqual([
      { name: 'bounties', version: '3.0.0' },
    ]);
  });

  it("lists the releases the server's own containers run", () => {
    expect(releasesServedHere({ compass: '1.0.0', stories: null, bounties: '3.0.0' })).toEqual([
      { name: 'bounties', version: '3.0.0' },
      { name: 'compass', version: '1.0.0' },
    ]);
  });

  it("sets a release's process up with the shell from this server and the release's own server build", () => {
    const budgets = { codeMs: 1000, dataMs: 1000, renderMs: 1500 };
    const setup = releaseProcessSetup(
      config,
      'http://127.0.0.1:4100',
      { name: 'compass', version: '2.0.0' },
      { budgets, warmBudgetMs: 10_000 },
    );
    expect(setup.manifests).toEqual({
      shell: 'http://127.0.0.1:4100/server/mf-manifest.json',
      compass: 'http://127.0.0.1:4100/remotes/compass/2.0.0/server/mf-manifest.json',
    });
    expect(setup.runtimeConfig).toMatchObject({
      apiBase: 'http://127.0.0.1:4100',
      remotes: { compass: 'http://127.0.0.1:4100/remotes/compass/2.0.0/mf-manifest.json' },
    });
    expect(setup.warm).toEqual(['shell/ServerApp', 'compass/CompassPage']);
    expect(setup).toMatchObject({ budgets, warmBudgetMs: 10_000 });
    expect(setup.confineTo).toBeUndefined();
    expect(serverManifestUrl('https://cdn.example/compass/v42/mf-manifest.json')).toBe(
      'https://cdn.example/compass/v42/server/mf-manifest.json',
    );
  });
});
