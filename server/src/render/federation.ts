import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { createInstance, type ModuleFederation } from '@module-federation/runtime';
import * as react from 'react';
import * as reactDom from 'react-dom';
import * as jsxRuntime from 'react/jsx-runtime';
import * as dataQuery from '@side-quest/data/query';
import * as styledComponents from 'styled-components';
import * as design from '@side-quest/design';
import * as data from '@side-quest/data';
import { withTimeout } from '@side-quest/data';

const requireFromHere = createRequire(__filename);

/**
 * The libraries the server provides to every server container as singletons, exactly as the shell
 * provides them in the browser. A container that bundled its own styled-components or React would
 * render with a second copy (and crash on the theme), so these must come from here.
 */
const SHARED_LIBRARIES: Record<string, () => unknown> = {
  react: () => react,
  'react/jsx-runtime': () => jsxRuntime,
  'react-dom': () => reactDom,
  '@side-quest/data/query': () => dataQuery,
  'styled-components': () => styledComponents,
  '@side-quest/design': () => design,
  '@side-quest/data': () => data,
};

/** The installed version of a shared library (a subpath such as react/jsx-runtime is its package's). */
export function sharedLibraryVersion(name: string): string {
  const packageName = name
    .split('/')
    .slice(0, name.startsWith('@') ? 2 : 1)
    .join('/');
  return (requireFromHere(`${packageName}/package.json`) as { version: string }).version;
}

function sharedConfig() {
  return Object.fromEntries(
    Object.entries(SHARED_LIBRARIES).map(([name, lib]) => {
      const version = sharedLibraryVersion(name);
      return [
        name,
        {
          version,
          lib,
          shareConfig: { singleton: true, requiredVersion: `^${version}` },
        },
      ];
    }),
  );
}

export interface ServerContainers {
  /** Loads `name/Module` from the registered server containers, within the budget. */
  load<T>(id: string, budgetMs: number): Promise<T>;
  /**
   * Points the server at these server manifests (name → URL). A remote whose manifest text changed
   * since it was registered is registered again, so the next load runs its new code. Resolves with
   * the names whose code changed.
   */
  refresh(manifests: Record<string, string>): Promise<string[]>;
  /** A token that changes whenever any container's code changes (for caches keyed by code version). */
  version(): string;
  /** Failed loads per remote since start (the /metrics counter). */
  loadFailures(): Record<string, number>;
  /**
   * How many copies of each shared library this process has in use: the server's own, and any a
   * container brought and the runtime chose instead (a build against another version). Exactly one
   * each, or a section's hooks look for a router or a query cache its page does not have. React
   * Router is counted as '@side-quest/design' and TanStack Query as '@side-quest/data/query', the
   * singletons that carry them.
   */
  sharedCopies(): Record<string, number>;
  stop(): void;
}

const MANIFEST_FETCH_TIMEOUT_MS = 1000;
/** After a failed load, a remote is left to the browser for this long before the server tries again. */
const REMOTE_RETRY_AFTER_MS = 30_000;

/**
 * One Module Federation instance for the whole server. Remotes are registered only from the server's
 * own configuration (their manifest URLs), never from anything a request carries.
 */
export function createServerContainers(log: (message: string) => void): ServerContainers {
  const instance: ModuleFederation = createInstance({
    name: 'side_quest_server',
    remotes: [],
    shared: sharedConfig(),
    shareStrategy: 'loaded-first',
  });
  /** name → { entry URL, hash of the manifest text it was registered with } */
  const registered = new Map<string, { entry: string; hash: string }>();
  /** Remotes whose last load failed: not tried again (no request waits on them) until this time. */
  const failedUntil = new Map<string, number>();
  const failures: Record<string, number> = {};
  let generation = 0;

  function register(name: string, entry: string, hash: string, force: boolean) {
    instance.registerRemotes([{ name, entry }], { force });
    registered.set(name, { entry, hash });
    failedUntil.delete(name);
  }

  async function manifestHash(url: string): Promise<string | null> {
    try {
      const response = await fetch(url, {
        cache: 'no-store',
        signal: AbortSignal.timeout(MANIFEST_FETCH_TIMEOUT_MS),
      });
      if (!response.ok) return null;
      return createHash('sha256')
        .update(await response.text())
        .digest('hex');
    } catch {
      return null;
    }
  }

  return {
    async load<T>(id: string, budgetMs: number): Promise<T> {
      const name = id.split('/')[0] ?? id;
      const until = failedUntil.get(name);
      if (until !== undefined) {
        if (Date.now() < until) throw new Error(`${name} failed recently; the browser loads it`);
        // Start clean: the runtime may hold on to the failed (or still hanging) attempt.
        const known = registered.get(name);
        if (known) register(name, known.entry, known.hash, true);
      }
      try {
        const module = await withTimeout(instance.loadRemote<T>(id), budgetMs, `Loading ${id}`);
        if (!module) throw new Error(`${id} is not exposed`);
        return module;
      } catch (error) {
        failedUntil.set(name, Date.now() + REMOTE_RETRY_AFTER_MS);
        failures[name] = (failures[name] ?? 0) + 1;
        throw error;
      }
    },
    loadFailures: () => ({ ...failures }),
    sharedCopies() {
      const copies: Record<string, number> = {};
      for (const scope of Object.values(instance.shareScopeMap)) {
        for (const [name, versions] of Object.entries(scope)) {
          if (!(name in SHARED_LIBRARIES)) continue;
          // A version whose module was handed out (lib) or loaded: a copy that ran, not one offered.
          const used = Object.values(versions).filter((shared) => shared.lib || shared.loaded).length;
          copies[name] = (copies[name] ?? 0) + used;
        }
      }
      return copies;
    },
    async refresh(manifests) {
      const changed: string[] = [];
      await Promise.all(
        Object.entries(manifests).map(async ([name, entry]) => {
          const hash = await manifestHash(entry);
          const known = registered.get(name);
          // An unreachable manifest keeps the code already loaded; a first registration needs no hash.
          if (known && known.entry === entry && (hash === null || hash === known.hash)) return;
          register(name, entry, hash ?? '', Boolean(known));
          if (known) {
            changed.push(name);
            log(`Server rendering picked up a new build of ${name} (${entry})`);
          }
        }),
      );
      if (changed.length > 0) generation += 1;
      return changed;
    },
    version: () => String(generation),
    stop() {
      registered.clear();
    },
  };
}
