import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ServerConfig } from '../config/serverConfig';
import { createRoutePreloads } from './routePreloads';

describe('routePreloadTags', () => {
  let dir: string;
  let preloadTags: ReturnType<typeof createRoutePreloads>;
  const remoteUrls = { bounties: 'http://127.0.0.1:9/remotes/bounties/mf-manifest.json' };

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-preloads-'));
    fs.writeFileSync(
      path.join(dir, 'mf-manifest.json'),
      JSON.stringify({
        metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
        exposes: [
          { path: './BountiesPage', assets: { js: { sync: ['list.1.js'] } } },
          { path: './FeaturedBounties', assets: { js: { sync: ['featured.1.js'] } } },
        ],
      }),
    );
    preloadTags = createRoutePreloads({
      remoteUrls: {},
      distDirs: { bounties: dir },
    } as unknown as ServerConfig);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("starts a route section's remote entry and chunks with the HTML, not its manifest", async () => {
    const tags = await preloadTags('/bounties', remoteUrls);
    expect(tags).not.toContain('mf-manifest.json');
    expect(tags).toContain(
      '<link rel="preload" as="script" href="http://127.0.0.1:9/remotes/bounties/remoteEntry.js">',
    );
    expect(tags).toContain('href="http://127.0.0.1:9/remotes/bounties/list.1.js"');
  });

  it('leaves out a section that hydrates when it nears the viewport (the landing’s featured bounties)', async () => {
    expect(await preloadTags('/', remoteUrls)).toBe('');
  });
});
