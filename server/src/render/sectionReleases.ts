import { ROUTES, findRoute, sectionId } from '@side-quest/data/routes';
import { REMOTE_NAMES, buildRuntimeConfig, type RemoteName, type ServerConfig } from '../config/serverConfig';
import type { ReleaseSnapshot, ResolvedReleases } from '../releases/releaseVersions';
import type { ReleaseProcessSetup } from './releaseProcessProtocol';
import type { ReleaseRef } from './releaseRenderers';
import type { RenderBudgets } from './renderPage';

/** Which release of each remote the server's own containers run (null: the unversioned build). */
export type ReleasesInUse = Partial<Record<RemoteName, string | null>>;

/** A remote's server build sits in `server/` beside its browser build's manifest. */
export function serverManifestUrl(browserManifestUrl: string): string {
  return new URL('server/mf-manifest.json', browserManifestUrl).href;
}

/**
 * The remotes a page load runs on another release than the server's own containers (a canary, a
 * tester's override). A remote deployed elsewhere (REMOTE_<NAME>_URL) has no releases here.
 */
export function remotesOnOtherReleases(
  releases: ResolvedReleases,
  inUse: ReleasesInUse,
  configuredUrls: ServerConfig['remoteUrls'],
): Set<RemoteName> {
  return new Set(
    REMOTE_NAMES.filter(
      (name) => !configuredUrls[name] && (releases[name]?.version ?? null) !== (inUse[name] ?? null),
    ),
  );
}

/**
 * The canary or override release a page's section runs on when it is one of `elsewhere`: that page is
 * rendered in the release's process. Null when the server's containers run it, or when it is the live
 * release the containers have not switched to yet (for up to 5 s after a promotion: not worth a process).
 */
export function sectionOnOtherRelease(
  url: string,
  releases: ResolvedReleases,
  elsewhere: ReadonlySet<string>,
): ReleaseRef | null {
  const section = findRoute(new URL(url, 'http://localhost').pathname)?.route.section;
  if (!section || !elsewhere.has(section.remote)) return null;
  const release = releases[section.remote];
  return release && release.choice !== 'live' ? { name: section.remote, version: release.version } : null;
}

/** The registry's running canaries, except of remotes deployed elsewhere: their processes are kept warm. */
export function runningCanaries(
  snapshot: ReleaseSnapshot,
  configuredUrls: ServerConfig['remoteUrls'],
): ReleaseRef[] {
  return REMOTE_NAMES.flatMap((name) => {
    const canary = snapshot.remotes[name]?.canary;
    return canary && !configuredUrls[name] ? [{ name, version: canary.version }] : [];
  });
}

/** The releases the server's own containers run: no process of their own is needed for these. */
export function releasesServedHere(inUse: ReleasesInUse): ReleaseRef[] {
  return REMOTE_NAMES.flatMap((name) => {
    const version = inUse[name];
    return version ? [{ name, version }] : [];
  });
}

/**
 * How the process of one release is set up: the shell's server build from this server, the release's
 * server build from its folder here, the pages' data read from this server's API over loopback, the
 * shell's and the release's route sections loaded before it says it is ready.
 */
export function releaseProcessSetup(
  config: ServerConfig,
  selfOrigin: string,
  release: ReleaseRef,
  options: { budgets: RenderBudgets; warmBudgetMs: number },
): ReleaseProcessSetup {
  const runtime = buildRuntimeConfig(config, selfOrigin, {
    [release.name]: { version: release.version, choice: 'live' },
  });
  const sections = ROUTES.flatMap((route) =>
    route.section?.remote === release.name ? [sectionId(route.section)] : [],
  );
  return {
    manifests: {
      shell: `${selfOrigin}/server/mf-manifest.json`,
      [release.name]: serverManifestUrl(runtime.remotes[release.name] as string),
    },
    runtimeConfig: { ...runtime, apiBase: selfOrigin },
    warm: ['shell/ServerApp', ...new Set(sections)],
    warmBudgetMs: options.warmBudgetMs,
    budgets: options.budgets,
  };
}
