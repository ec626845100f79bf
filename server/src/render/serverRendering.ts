import { REMOTE_NAMES } from '@side-quest/data/remotes';
import { ROUTES, sectionId } from '@side-quest/data/routes';
import { setRuntimeConfig, type RuntimeConfig } from '@side-quest/data/config';
import { buildRuntimeConfig, releaseOverridesOf, type ServerConfig } from '../config/serverConfig';
import { resolveReleases, type ReleaseSnapshot, type ResolvedReleases } from '../releases/releaseVersions';
import { createFailureLog } from './failureLog';
import { createServerContainers } from './federation';
import { createReleaseRenderers, type ReleaseRef } from './releaseRenderers';
import {
  DEFAULT_BUDGETS,
  createPageRenderer,
  type PersonalRender,
  type RenderBudgets,
  type RenderedPage,
} from './renderPage';
import {
  releaseProcessSetup,
  releasesServedHere,
  remotesOnOtherReleases,
  runningCanaries,
  sectionOnOtherRelease,
  serverManifestUrl,
  type ReleasesInUse,
} from './sectionReleases';

/** How often the server looks for new server builds of the remotes (a redeploy shows within this). */
const DEFAULT_WATCH_MS = 5000;
/**
 * How long warming up may wait for a container's code. A first load compiles a whole server build: on
 * a busy 2-core machine it took about a second, so the first page requests after a start, each given 1 s,
 * were sometimes left to the browser (and the remote skipped for 30 s).
 */
const WARM_UP_BUDGET_MS = 10_000;
/** A release kept in a process of its own that no page asked for in this long is retired (not a running canary). */
const RELEASE_IDLE_MS = 10 * 60_000;
/** A release process compiles the server's TypeScript and loads two server builds before it is ready. */
const RELEASE_STARTUP_MS = 60_000;
/** After a release's process failed, hung or crashed, its sections are left to the browser this long. */
const RELEASE_RETRY_AFTER_MS = 30_000;
/** How long a tester's `?release=` waits for that release's process before it is sent on to the page. */
const RELEASE_PREPARE_MS = 10_000;

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
   * Follows the release registry: the server's own containers run each remote's live release. A page
   * load whose section is on another release (a canary, a tester's override) is rendered in that
   * release's own process (releaseRenderers.ts), so no page is ever rendered with code other than the
   * code the browser hydrates it with; when that process cannot answer in time, the section is left to
   * the browser.
   */
  followReleases(snapshot: () => Promise<ReleaseSnapshot>): void;
  /**
   * Gets a release ready to render a tester's pages (`?release=`): its process is started, and this
   * resolves once it is ready (10 s at most), so the tester's first page is already rendered with it.
   */
  prepareRelease(release: ReleaseRef, selfOrigin: string): Promise<void>;
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
  /** Copies of each shared library the renders of this process use (the /metrics gauge). */
  sharedCopies(): Record<string, number>;
  /**
   * Loads the shell's and every route section's server code once (each within 10 s), so the first
   * requests do not pay for it; resolves when each has loaded or failed.
   */
  warmUp(selfOrigin: string): Promise<void>;
  /** Stops watching and ends the release processes. */
  stop(): Promise<void>;
}

export function createServerRendering(
  config: ServerConfig,
  options: { watchMs?: number; budgets?: RenderBudgets; log?: (message: string) => void } = {},
): ServerRendering {
  const log = options.log ?? ((message: string) => console.log(message));
  const budgets = options.budgets ?? DEFAULT_BUDGETS;
  const containers = createServerContainers(log);
  const listeners: Array<() => void> = [];
  const renderer = createPageRenderer(containers, {
    budgets,
    onFailure: createFailureLog((message) => console.error(message)),
  });

  let started: Promise<void> | undefined;
  let watcher: NodeJS.Timeout | undefined;
  let releaseSnapshot: (() => Promise<ReleaseSnapshot>) | null = null;
  /** The release of each remote the server containers run (null: the unversioned build). */
  let versionsInUse: ReleasesInUse = {};
  /** Where this server answers on loopback (known from the first render or warm-up). */
  let origin = '';

  let liveReleases: ResolvedReleases = {};
  const releaseRenderers = createReleaseRenderers({
    max: config.releaseProcesses,
    idleMs: RELEASE_IDLE_MS,
    startupMs: RELEASE_STARTUP_MS,
    // A page waits for a starting release process as long as it waits for a container's code.
    waitForStartMs: budgets.codeMs,
    retryAfterMs: RELEASE_RETRY_AFTER_MS,
    setupFor: (release) =>
      releaseProcessSetup(config, origin, release, { budgets, warmBudgetMs: WARM_UP_BUDGET_MS }),
    log,
  });
  /** A page rendered in a release's process gets the budget of a page rendered here, in all. */
  const pageBudgetMs = budgets.codeMs + budgets.dataMs + budgets.renderMs;

  /**
   * Reads the live releases from the registry's snapshot (at most 5 s old). Only requests read it, never
   * the watcher's timer: a server that answers nothing has nothing to render, and its registry may
   * already be closed.
   */
  async function readLiveReleases() {
    if (!releaseSnapshot) return;
    const snapshot = await releaseSnapshot();
    liveReleases = resolveReleases(snapshot, { visitorSlot: null, overrides: {} });
    if (config.serverRendering)
      releaseRenderers.follow({
        canaries: runningCanaries(snapshot, config.remoteUrls),
        // What the containers run, not the registry's live: they switch up to 5 s later.
        servedHere: releasesServedHere(versionsInUse),
      });
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
    origin ||= selfOrigin;
    started ??= (async () => {
      // The pages' data layer, on the server, reads the API of this very server over loopback.
      const runtimeConfig: RuntimeConfig = { ...buildRuntimeConfig(config, selfOrigin), apiBase: selfOrigin };
      setRuntimeConfig(runtimeConfig);
      await readLiveReleases();
      await containers.refresh(manifests(selfOrigin));
      watcher = setInterval(() => {
        void containers.refresh(manifests(selfOrigin)).then((changed) => {
          // The release processes run the shell's server build they started with.
          if (changed.includes('shell')) releaseRenderers.retireAll("the shell's server code changed");
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
      const elsewhere = remotesOnOtherReleases(releases, versionsInUse, config.remoteUrls);
      const page = { publicUrl, releaseOverrides: releaseOverridesOf(config, releases), ...personal };
      const release = sectionOnOtherRelease(url, releases, elsewhere);
      if (release) {
        const rendered = await releaseRenderers.render(release, url, page, pageBudgetMs);
        if (rendered) return rendered;
      }
      // Rendered here; a section on another release is then left to the browser, like a failed one.
      return renderer.render(url, { ...page, browserOnly: elsewhere });
    },
    followReleases(snapshot) {
      releaseSnapshot = snapshot;
    },
    async prepareRelease(release, selfOrigin) {
      try {
        await start(selfOrigin);
        await readLiveReleases();
        const releases = { [release.name]: { version: release.version, choice: 'override' as const } };
        if (remotesOnOtherReleases(releases, versionsInUse, config.remoteUrls).has(release.name))
          await releaseRenderers.prepare(release, RELEASE_PREPARE_MS);
      } catch (error) {
        // Only a head start: the tester's pages work without it.
        console.error(`Server rendering: ${release.name}@${release.version} could not be prepared`, error);
      }
    },
    async loadSection<T>(id: string, selfOrigin: string, budgetMs: number) {
      // Started like a render: the module's data calls need the runtime config set above.
      await start(selfOrigin);
      return containers.load<T>(id, budgetMs);
    },
    codeVersion: () => `${containers.version()}.${releaseRenderers.version()}`,
    loadFailures: () => containers.loadFailures(),
    sharedCopies: () => containers.sharedCopies(),
    async warmUp(selfOrigin) {
      await start(selfOrigin);
      const ids = new Set(['shell/ServerApp']);
      for (const route of ROUTES) if (route.section) ids.add(sectionId(route.section));
      await Promise.allSettled([...ids].map((id) => containers.load(id, WARM_UP_BUDGET_MS)));
    },
    onCodeChange: (listener) => void listeners.push(listener),
    async stop() {
      if (watcher) clearInterval(watcher);
      containers.stop();
      await releaseRenderers.stop();
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
