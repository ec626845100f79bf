import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * Bounds every remote load. Without it a manifest server that accepts and never answers leaves
 * loadRemote pending forever, and a hanging remote entry only fails after 20 s (shared/build/README.md,
 * "Module Federation").
 */
export const MANIFEST_TIMEOUT_MS = 3500;
export const SCRIPT_TIMEOUT_MS = 3500;

export default function boundedLoadingPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'side-quest-bounded-loading',
    fetch(url, init) {
      // No cache override: the server marks manifests no-cache, and the HTML's preload of the manifest
      // can then answer this request.
      return fetch(url, { ...init, signal: AbortSignal.timeout(MANIFEST_TIMEOUT_MS) });
    },
    createScript() {
      return { timeout: SCRIPT_TIMEOUT_MS };
    },
  };
}
