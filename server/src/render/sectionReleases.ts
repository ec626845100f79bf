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

/** The release a page's section runs on when it is one of `elsewhere`; null when the server's containers run it. */
export function sectionOnOtherRelease(
  url: string,
  releases: ResolvedReleases,
  elsewhere: ReadonlySet<string>,
): ReleaseRef | null {
  const section = findRoute(new URL(url, 'http://localhost').pathname)?.route.section;
  if (!section || !elsewhere.has(section.remote)) return null;
  const release = releases[section.remote];
  return release ? { name: section.remote, version: release.version } : null;
}

/** What the registry runs, for the release processes: the running canaries, and the live releases. */
export function registryReleases(
  snapshot: ReleaseSnapshot,
  configuredUrls: ServerConfig['remoteUrls'],
): { canaries: ReleaseRef[]; live: ReleaseRef[] } {
  const canaries: ReleaseRef[] = [];
  const live: ReleaseRef[] = [];
  for (const name of REMOTE_NAMES) {
    const state = snapshot.remotes[name];
    if (!state || configuredUrls[name]) continue;
    if (state.canary) canaries.push({ name, version: state.canary.version });
    if (state.live) live.push({ name, version: state.live });
  }
  return { canaries, live };
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
