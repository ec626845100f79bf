import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import request from 'supertest';
import { createApp, openStores } from '../app';
import { anonymousPageReleases, pageReleases } from './releaseRouting';
import { readServerConfig } from '../config/serverConfig';
import { RELEASE_OVERRIDE_COOKIE, type ReleaseSnapshot } from './releaseVersions';
import { staffCookie } from '../testing/testAccounts';

/** A server whose registry has two compass releases on disk (manifests only: SSR is off here). */
async function releasedSite() {
  const releasesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-releases-'));
  for (const version of ['0.1.0-old', '0.1.0-new']) {
    const dir = path.join(releasesDir, 'compass', version);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify({ version }));
    fs.writeFileSync(path.join(dir, 'main.0123456789.js'), `// ${version}`);
  }
  const dist = readServerConfig().distDirs;
  const compassDist = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-compass-dist-'));
  fs.writeFileSync(path.join(compassDist, '349.0123456789.js'), '// unversioned chunk');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-data-'));
  const config = {
    ...readServerConfig({
      DATA_DIR: dataDir,
      RELEASES_DIR: releasesDir,
      SSR: 'off',
    }),
    distDirs: { ...dist, compass: compassDist },
  };
  const stores = openStores(config);
  for (const version of ['0.1.0-old', '0.1.0-new'])
    await stores.releases.addRelease({ name: 'compass', version, commit: 'abc', builtAt: 'now' }, 'test');
  await stores.releases.promote('compass', '0.1.0-old', 'test');
  return { app: createApp(config, stores), stores, dataDir };
}

const manifestOf = (body: { remotes: Record<string, string> }) =>
  new URL(body.remotes.compass as string).pathname;

describe('releases on the running server', () => {
  it('serves each kept release under its version: manifests revalidated, hashed chunks immutable', async () => {
    const { app, stores } = await releasedSite();
    const manifest = await request(app).get('/remotes/compass/0.1.0-new/mf-manifest.json').expect(200);
    expect(manifest.body).toEqual({ version: '0.1.0-new' });
    expect(manifest.headers['cache-control']).toBe('no-cache');
    const chunk = await request(app).get('/remotes/compass/0.1.0-old/main.0123456789.js').expect(200);
    expect(chunk.headers['cache-control']).toContain('immutable');
    await request(app).get('/remotes/compass/9.9.9-gone/mf-manifest.json').expect(404);
    // The unversioned build's chunks start with a digit too: they are not releases.
    const unversioned = await request(app).get('/remotes/compass/349.0123456789.js').expect(200);
    expect(unversioned.text).toBe('// unversioned chunk');
    await stores.close();
  });

  it('points new page loads at the live release, and lists who runs what', async () => {
    const { app, stores, dataDir } = await releasedSite();
    const config = await request(app).get('/config.json').expect(200);
    expect(manifestOf(config.body)).toBe('/remotes/compass/0.1.0-old/mf-manifest.json');
    expect(config.body.releaseOverrides).toBeUndefined();
    // Staff only: signed out it is 401 (the API) and a sign-in (the page).
    await request(app).get('/api/releases').expect(401);
    await request(app).get('/releases').expect(303).expect('Location', '/sign-in?next=%2Freleases');
    const staff = await staffCookie(app, stores, dataDir, 'ops@example.com');
    const report = await request(app).get('/api/releases').set('Cookie', staff).expect(200);
    expect(report.body.remotes.find((remote: { name: string }) => remote.name === 'compass')).toMatchObject({
      live: '0.1.0-old',
      releases: [expect.objectContaining({ commit: 'abc' }), expect.objectContaining({ commit: 'abc' })],
    });
    const page = await request(app).get('/releases').set('Cookie', staff).expect(200);
    expect(page.text).toContain('<meta name="robots" content="noindex">');
    expect(page.text).toContain('0.1.0-old');
    await stores.close();
  });

  it("applies a tester's override to their browser only, and refuses an unknown release with 400", async () => {
    const { app, stores } = await releasedSite();
    const unknown = await request(app).get('/compass?release=compass@6.6.6-nope').expect(400);
    expect(unknown.text).toContain('Unknown release');
    await request(app).get('/compass?release=https://evil.test/remoteEntry.js').expect(400);

    const chosen = await request(app).get('/compass?release=compass@0.1.0-new&x=1').expect(303);
    expect(chosen.headers.location).toBe('/compass?x=1');
    const cookie = String(chosen.headers['set-cookie']).split(';')[0] as string;
    expect(cookie).toBe(`${RELEASE_OVERRIDE_COOKIE}=${encodeURIComponent('compass@0.1.0-new')}`);

    const tester = await request(app).get('/config.json').set('Cookie', cookie).expect(200);
    expect(manifestOf(tester.body)).toBe('/remotes/compass/0.1.0-new/mf-manifest.json');
    expect(tester.body.releaseOverrides).toEqual([
      { name: 'compass', label: 'Value Compass', version: '0.1.0-new' },
    ]);
    const someoneElse = await request(app).get('/config.json').expect(200);
    expect(manifestOf(someoneElse.body)).toBe('/remotes/compass/0.1.0-old/mf-manifest.json');

    const reset = await request(app).get('/?release=reset').set('Cookie', cookie).expect(303);
    expect(String(reset.headers['set-cookie'])).toMatch(new RegExp(`^${RELEASE_OVERRIDE_COOKIE}=;`));
    await stores.close();
  });

  it("gets a tester's release ready before sending them on, and only a release the registry has", async () => {
    const snapshot: ReleaseSnapshot = {
      remotes: {
        compass: {
          name: 'compass',
          live: '1.0.0',
          canary: null,
          previous: [],
          versions: new Set(['1.0.0', '2.0.0']),
        },
      },
    };
    const prepared: string[] = [];
    const app = express();
    app.get('/{*splat}', async (req, res) => {
      const page = await pageReleases(req, res, snapshot, async (release) => {
        // The redirect waits for this: nothing is sent before it is done.
        await new Promise((resolve) => setTimeout(resolve, 20));
        prepared.push(`${release.name}@${release.version}${res.headersSent ? ' (too late)' : ''}`);
      });
      if (page) res.json(page.releases);
    });
    await request(app).get('/compass?release=compass@2.0.0').expect(303).expect('Location', '/compass');
    await request(app).get('/compass?release=compass@9.9.9').expect(400);
    await request(app).get('/compass?release=reset').expect(303);
    await request(app).get('/compass').expect(200);
    expect(prepared).toEqual(['compass@2.0.0']);
  });

  it('resolves a page load without release cookies once per registry snapshot: a promotion is seen by the next snapshot at once', async () => {
    const compass = (live: string, canary: { version: string; percent: number } | null = null) => ({
      remotes: {
        compass: {
          name: 'compass' as const,
          live,
          canary,
          previous: [],
          versions: new Set(['1.0.0', '2.0.0']),
        },
      },
    });
    const before: ReleaseSnapshot = compass('1.0.0');
    const first = anonymousPageReleases(before);
    expect(first).toEqual({
      releases: { compass: { version: '1.0.0', choice: 'live' } },
      key: 'compass@1.0.0:live',
    });
    expect(anonymousPageReleases(before)).toBe(first);
    // The registry read after a promotion is a new snapshot: its first page load has the new release.
    expect(anonymousPageReleases(compass('2.0.0'))?.key).toBe('compass@2.0.0:live');
    // While a canary runs, a new visitor gets a slot of their own first: no shared answer.
    const canary = compass('1.0.0', { version: '2.0.0', percent: 50 });
    expect(anonymousPageReleases(canary)).toBeNull();

    const app = express();
    let snapshot = before;
    app.get('/{*splat}', async (req, res) => {
      const page = await pageReleases(req, res, snapshot);
      if (page) res.json(page);
    });
    expect((await request(app).get('/compass').expect(200)).body.key).toBe('compass@1.0.0:live');
    snapshot = compass('2.0.0');
    expect((await request(app).get('/compass').expect(200)).body.key).toBe('compass@2.0.0:live');
    snapshot = canary;
    const visitor = await request(app).get('/compass').expect(200);
    expect(String(visitor.headers['set-cookie'])).toMatch(/^sq_visitor=\d+;/);
  });
});
