import { REMOTE_NAMES } from '@side-quest/data/remotes';
import { ROUTES, sectionId } from '@side-quest/data/routes';
import { setRuntimeConfig, type RuntimeConfig } from '@side-quest/data/config';
import {
  buildRuntimeConfig,
  releaseOverridesOf,
  type RemoteName,
  type ServerConfig,
} from '../config/serverConfig';
import { resolveReleases, type ReleaseSnapshot, type ResolvedReleases } from '../releases/releaseVersions';
import { createServerContainers } from './federation';
import { createPageRenderer, type PersonalRender, type RenderBudgets, type RenderedPage } from './renderPage';

/** How often the server looks for new server builds of the remotes (a redeploy shows within this). */
const DEFAULT_WATCH_MS = 5000;
/** A failing remote is reported at most this often, not on every request. */
const FAILURE_LOG_INTERVAL_MS = 60_000;
/**
 * How long warming up may wait for a container's code. A first load compiles a whole server build: on
 * a busy 2-core machine it took about a second, so the first page requests after a start, each given 1 s,
 * were sometimes left to the browser (and the remote skipped for 30 s).
 */
const WARM_UP_BUDGET_MS = 10_000;

export interface ServerRendering {
  /**
   * Renders a URL, or resolves null when the page should be rendered by the browser alone.
   * `selfOrigin` is where this server answers on loopback: its containers and API are read from there.
   */
  render(
    url: string,
    selfOrigin: string,
    publicUrl: string,
    releases?: ResolvedReleases,
    /** What concerns the person on this request (the header's state, their data): this render's only. */
    personal?: PersonalRender,
  ): Promise<RenderedPage | null>;
  /**
   * Follows the release registry: the server renders with each remote's live release. A page load on
   * another release (a canary, a tester's override) has that remote's section rendered by the browser,
   * so no page is ever rendered with code other than the code the browser hydrates it with.
   */
  followReleases(snapshot: () => Promise<ReleaseSnapshot>): void;
  /**
   * Loads a route section's module (`remote/Module`) from its server container within `budgetMs`, for
   * contracts other than rendering (the sitemap's `sitemapEntries`); rejects when it cannot be loaded.
   */
  loadSection<T>(id: string, selfOrigin: string, budgetMs: number): Promise<T>;
  /** Changes whenever a container's code changes (cache keys). */
  codeVersion(): string;
  /** Called after a container's code changed. */
  onCodeChange(listener: () => void): void;
  /** Failed remote loads per remote since start (the /metrics counter). */
  loadFailures(): Record<string, number>;
  /**
   * Loads the shell's and every route section's server code once (each within 10 s), so the first
   * requests do not pay for it; resolves when each has loaded or failed.
   */
  warmUp(selfOrigin: string): Promise<void>;
  stop(): void;
}

/** A remote's server build sits in `server/` beside its browser build's manifest. */
function serverManifestUrl(browserManifestUrl: string): string {
  return new URL('server/mf-manifest.json', browserManifestUrl).href;
}

export function createServerRendering(
  config: ServerConfig,
  options: { watchMs?: number; budgets?: RenderBudgets; log?: (message: string) => void } = {},
): ServerRendering {
  const log = options.log ?? ((message: string) => console.log(message));
  const containers = createServerContainers(log);
  const lastFailureLog = new Map<string, number>();
  const listeners: Array<() => void> = [];
  const renderer = createPageRenderer(containers, {
    budgets: options.budgets,
    onFailure(remote, error) {
      const now = Date.now();
      if (now - (lastFailureLog.get(remote) ?? 0) < FAILURE_LOG_INTERVAL_MS) return;
      lastFailureLog.set(remote, now);
      const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
      console.error(`Server rendering: ${remote} is left to the browser (${reason})`);
    },
  });

  let started: Promise<void> | undefined;
  let watcher: NodeJS.Timeout | undefined;
  let releaseSnapshot: (() => Promise<ReleaseSnapshot>) | null = null;
  /** The release of each remote the server containers run (null: the unversioned build). */
  let versionsInUse: Partial<Record<RemoteName, string | null>> = {};

  let liveReleases: ResolvedReleases = {};

  /**
   * Reads the live releases from the registry's snapshot (at most 5 s old). Only requests read it, never
   * the watcher's timer: a server that answers nothing has nothing to render, and its registry may
   * already be closed.
   */
  async function readLiveReleases() {
    if (releaseSnapshot)
      liveReleases = resolveReleases(await releaseSnapshot(), { visitorSlot: null, overrides: {} });
  }

  function manifests(selfOrigin: string): Record<string, string> {
    const live = liveReleases;
    versionsInUse = Object.fromEntries(REMOTE_NAMES.map((name) => [name, live[name]?.version ?? null]));
    const runtime = buildRuntimeConfig(config, selfOrigin, live);
    return {
      shell: `${selfOrigin}/server/mf-manifest.json`,
      ...Object.fromEntries(
        REMOTE_NAMES.map((name) => [name, serverManifestUrl(runtime.remotes[name] as string)]),
      ),
    };
  }

  function start(selfOrigin: string): Promise<void> {
    started ??= (async () => {
      // The pages' data layer, on the server, reads the API of this very server over loopback.
      const runtimeConfig: RuntimeConfig = { ...buildRuntimeConfig(config, selfOrigin), apiBase: selfOrigin };
      setRuntimeConfig(runtimeConfig);
      await readLiveReleases();
      await containers.refresh(manifests(selfOrigin));
      watcher = setInterval(() => {
        void containers.refresh(manifests(selfOrigin)).then((changed) => {
          if (changed.length > 0) listeners.forEach((listener) => listener());
        });
      }, options.watchMs ?? DEFAULT_WATCH_MS);
      watcher.unref();
    })();
    return started;
  }

  return {
    async render(url, selfOrigin, publicUrl, releases = {}, personal) {
      await start(selfOrigin);
      await readLiveReleases();
      const browserOnly = new Set(
        REMOTE_NAMES.filter(
          (name) =>
            !config.remoteUrls[name] && (releases[name]?.version ?? null) !== (versionsInUse[name] ?? null),
        ),
      );
      return renderer.render(url, {
        publicUrl,
        browserOnly,
        releaseOverrides: releaseOverridesOf(config, releases),
        ...personal,
      });
    },
    followReleases(snapshot) {
      releaseSnapshot = snapshot;
    },
    async loadSection<T>(id: string, selfOrigin: string, budgetMs: number) {
      // Started like a render: the module's data calls need the runtime config set above.
      await start(selfOrigin);
      return containers.load<T>(id, budgetMs);
    },
    codeVersion: () => containers.version(),
    loadFailures: () => containers.loadFailures(),
    async warmUp(selfOrigin) {
      await start(selfOrigin);
      const ids = new Set(['shell/ServerApp']);
      for (const route of ROUTES) if (route.section) ids.add(sectionId(route.section));
      await Promise.allSettled([...ids].map((id) => containers.load(id, WARM_UP_BUDGET_MS)));
    },
    onCodeChange: (listener) => void listeners.push(listener),
    stop() {
      if (watcher) clearInterval(watcher);
      containers.stop();
    },
  };
}

const sharedRenderings = new WeakMap<ServerConfig, ServerRendering>();

/**
 * The one ServerRendering of an app's config: pages, the sitemap and the link-preview images load
 * remote code through the same containers, so each remote's server build is loaded (and watched) once.
 */
export function serverRenderingFor(config: ServerConfig): ServerRendering {
  let rendering = sharedRenderings.get(config);
  if (!rendering) {
    rendering = createServerRendering(config);
    sharedRenderings.set(config, rendering);
  }
  return rendering;
}
