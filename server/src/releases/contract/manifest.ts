import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** The two builds a release folder holds, each with its own Module Federation manifest. */
export type BuildKind = 'browser' | 'server';

export const BUILDS: readonly BuildKind[] = ['browser', 'server'];

/** Where a build's manifest is inside a release folder (the layout of a remote's `dist/`). */
export function manifestPath(releaseDir: string, build: BuildKind): string {
  return build === 'browser'
    ? path.join(releaseDir, 'mf-manifest.json')
    : path.join(releaseDir, 'server', 'mf-manifest.json');
}

/** One entry of a manifest's `shared` list. */
export interface ManifestShared {
  name: string;
  version?: string;
  requiredVersion?: string | false;
  singleton?: boolean;
}

/** One entry of a manifest's `exposes` list. */
export interface ManifestExpose {
  name?: string;
  /** './CompassPage' */
  path?: string;
}

/** The parts of an `mf-manifest.json` the contract reads. */
export interface ReleaseManifest {
  name?: string;
  /** Where the build's entry is, relative to the manifest: 'remoteEntry.js' (path '') */
  remoteEntry?: { name?: string; path?: string };
  shared: ManifestShared[];
  exposes: ManifestExpose[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The module paths ('./CompassPage') a manifest exposes. */
export function exposedModules(manifest: ReleaseManifest): Set<string> {
  return new Set(
    manifest.exposes.flatMap((expose) =>
      expose.path ? [expose.path] : expose.name ? [`./${expose.name.replace(/^\.\//, '')}`] : [],
    ),
  );
}

/**
 * Reads one build's manifest of a release folder; rejects with a sentence saying what is wrong (missing,
 * not JSON, not a manifest).
 */
export async function readReleaseManifest(releaseDir: string, build: BuildKind): Promise<ReleaseManifest> {
  const file = manifestPath(releaseDir, build);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new Error(`${path.relative(releaseDir, file)} is missing`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`${path.relative(releaseDir, file)} is not JSON (${(error as Error).message})`);
  }
  if (!isRecord(json) || !Array.isArray(json.exposes) || !Array.isArray(json.shared)) {
    throw new Error(`${path.relative(releaseDir, file)} has no exposes and shared lists`);
  }
  const remoteEntry =
    isRecord(json.metaData) && isRecord(json.metaData.remoteEntry) ? json.metaData.remoteEntry : null;
  return {
    name: typeof json.name === 'string' ? json.name : undefined,
    remoteEntry: remoteEntry
      ? {
          name: typeof remoteEntry.name === 'string' ? remoteEntry.name : undefined,
          path: typeof remoteEntry.path === 'string' ? remoteEntry.path : undefined,
        }
      : undefined,
    shared: json.shared.filter(isRecord).map((entry) => ({
      name: String(entry.name ?? ''),
      version: typeof entry.version === 'string' ? entry.version : undefined,
      requiredVersion:
        typeof entry.requiredVersion === 'string' || entry.requiredVersion === false
          ? entry.requiredVersion
          : undefined,
      singleton: typeof entry.singleton === 'boolean' ? entry.singleton : undefined,
    })),
    exposes: json.exposes.filter(isRecord).map((entry) => ({
      name: typeof entry.name === 'string' ? entry.name : undefined,
      path: typeof entry.path === 'string' ? entry.path : undefined,
    })),
  };
}
