import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { BuildKind } from './manifest';
import { sharedLibraryVersion } from '../../render/federation';

/**
 * The singletons the shell provides to every remote: in the browser through its build
 * (shared/build/webpack.cjs `sharedSingletons`), on the server through the server's own Module
 * Federation instance (server/src/render/federation.ts `SHARED_LIBRARIES`). The same names in both.
 */
export const SHELL_SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  '@side-quest/data/query',
  'styled-components',
  '@side-quest/design',
  '@side-quest/data',
] as const;

/**
 * Libraries the shell no longer provides, with where what they did comes from now: a release that shares
 * one runs its hooks outside the shell's providers (routing outside the shell's router, queries outside
 * the page's cache).
 */
export const RETIRED_LIBRARIES: ReadonlyMap<string, string> = new Map([
  ['react-router-dom', "routing must come from @side-quest/design, inside the shell's router"],
  ['@tanstack/react-query', "queries must come from @side-quest/data/query, the page's one cache"],
]);

/** What a release's shared list is checked for. */
export const CHECKED_LIBRARIES: readonly string[] = [...SHELL_SINGLETONS, ...RETIRED_LIBRARIES.keys()];

/** Installed version of each shared library, as the server and the shell's build read them. */
export function installedSingletonVersions(): Map<string, string> {
  return new Map(SHELL_SINGLETONS.map((name) => [name, sharedLibraryVersion(name)]));
}

/**
 * The shell's shared list from its browser build's manifest, or null when it has none (the shell is a
 * host: its build writes no mf-manifest.json today, and its versions are the installed packages').
 */
async function shellManifestVersions(shellDistDir: string): Promise<Map<string, string> | null> {
  let text: string;
  try {
    text = await readFile(path.join(shellDistDir, 'mf-manifest.json'), 'utf8');
  } catch {
    return null;
  }
  let manifest: { shared?: Array<{ name?: unknown; version?: unknown }> };
  try {
    manifest = JSON.parse(text) as typeof manifest;
  } catch {
    return null;
  }
  if (!Array.isArray(manifest.shared)) return null;
  const versions = new Map<string, string>();
  for (const entry of manifest.shared) {
    if (typeof entry.name === 'string' && typeof entry.version === 'string')
      versions.set(entry.name, entry.version);
  }
  // An older shell build may not list the JSX runtime: it goes with React.
  const react = versions.get('react');
  if (react && !versions.has('react/jsx-runtime')) versions.set('react/jsx-runtime', react);
  return versions;
}

/**
 * The version of each singleton the shell provides to a build of a remote: in the browser, the shell's
 * build (its manifest's shared list when it has one, else the installed packages it was built from);
 * on the server, the packages the server itself runs (federation.ts provides those).
 */
export async function shellProvidedVersions(
  build: BuildKind,
  shellDistDir: string,
): Promise<Map<string, string>> {
  if (build === 'browser') {
    const fromManifest = await shellManifestVersions(shellDistDir);
    if (fromManifest) return fromManifest;
  }
  return installedSingletonVersions();
}
