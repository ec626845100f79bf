import type { RemoteName } from '../config/serverConfig';
import type { ReleaseStore } from './releaseStore';
import type { ReleaseSnapshot } from './releaseVersions';

/** Promote, canary and rollback reach every new page load within this time, with no restart. */
export const RELEASE_SNAPSHOT_MAX_AGE_MS = 5_000;

/**
 * The registry as page loads read it: read at most once per max age (one read in flight at a time);
 * a registry that cannot be read keeps the last snapshot, so a database hiccup never breaks pages.
 */
export function createReleaseSnapshots(
  store: ReleaseStore,
  maxAgeMs = RELEASE_SNAPSHOT_MAX_AGE_MS,
): { current(): Promise<ReleaseSnapshot> } {
  let snapshot: ReleaseSnapshot = { remotes: {} };
  let readAt = Number.NEGATIVE_INFINITY;
  let reading: Promise<ReleaseSnapshot> | null = null;

  async function read(): Promise<ReleaseSnapshot> {
    const [states, releases] = await Promise.all([store.states(), store.releases()]);
    const versions = new Map<RemoteName, Set<string>>();
    for (const release of releases) {
      const set = versions.get(release.name) ?? new Set<string>();
      set.add(release.version);
      versions.set(release.name, set);
    }
    return {
      remotes: Object.fromEntries(
        states.map((state) => [state.name, { ...state, versions: versions.get(state.name) ?? new Set() }]),
      ),
    };
  }

  return {
    current() {
      if (Date.now() - readAt < maxAgeMs) return Promise.resolve(snapshot);
      reading ??= read()
        .then((next) => {
          snapshot = next;
          return next;
        })
        .catch((error: unknown) => {
          console.error('The release registry could not be read; keeping the last versions', error);
          return snapshot;
        })
        .finally(() => {
          readAt = Date.now();
          reading = null;
        });
      return reading;
    },
  };
}
