import fs from 'node:fs';
import path from 'node:path';
import { remoteEntryUrl } from '@side-quest/data';
import { findRoute } from '@side-quest/data/routes';
import type { ServerConfig, RemoteName } from '../config/serverConfig';

/** The parts of a remote's mf-manifest.json the server reads. */
interface RemoteManifest {
  exposes?: { path?: string; assets?: { js?: { sync?: string[] } } }[];
}

const MANIFEST_TTL_MS = 30_000;
const MANIFEST_FETCH_TIMEOUT_MS = 1500;

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * Preload hints for the remote that renders a route: its remote entry and the exposed module's own
 * chunks (read from its manifest, which the browser itself never fetches) start downloading with the HTML instead of one after another once the shell
 * runs. A manifest that cannot be read just means no hints: the shell still loads the section. None
 * for a section below the fold (`hydrateNear`), whose code the page does not wait for.
 */
export function createRoutePreloads(config: ServerConfig) {
  const cache = new Map<string, { at: number; manifest: RemoteManifest | null }>();

  async function readManifest(remote: RemoteName, manifestUrl: string): Promise<RemoteManifest | null> {
    const cached = cache.get(manifestUrl);
    if (cached && Date.now() - cached.at < MANIFEST_TTL_MS) return cached.manifest;
    let manifest: RemoteManifest | null = null;
    try {
      if (config.remoteUrls[remote]) {
        const response = await fetch(manifestUrl, { signal: AbortSignal.timeout(MANIFEST_FETCH_TIMEOUT_MS) });
        manifest = response.ok ? ((await response.json()) as RemoteManifest) : null;
      } else {
        const file = path.join(config.distDirs[remote], 'mf-manifest.json');
        manifest = JSON.parse(await fs.promises.readFile(file, 'utf8')) as RemoteManifest;
      }
    } catch {
      manifest = null;
    }
    cache.set(manifestUrl, { at: Date.now(), manifest });
    return manifest;
  }

  return async function routePreloadTags(
    pathname: string,
    remoteUrls: Record<string, string>,
  ): Promise<string> {
    const section = findRoute(pathname)?.route.section;
    // A section that hydrates when it nears the viewport downloads then, not with the page.
    if (!section || section.hydrateNear) return '';
    const { remote } = section;
    const manifestUrl = remoteUrls[remote];
    if (!manifestUrl) return '';
    const manifest = await readManifest(remote, manifestUrl);
    if (!manifest) return '';
    const base = new URL('.', manifestUrl);
    // The entry the browser registers (remoteEntryUrl), whatever else the manifest says.
    const scripts = [remoteEntryUrl(manifestUrl)];
    const expose = manifest.exposes?.find((candidate) => candidate.path === section.module);
    for (const file of expose?.assets?.js?.sync ?? []) scripts.push(new URL(file, base).toString());
    return scripts.map((url) => `<link rel="preload" as="script" href="${escapeAttribute(url)}">`).join('');
  };
}
