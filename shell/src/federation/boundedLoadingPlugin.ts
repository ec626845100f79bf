import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * Bounds every remote entry's load: without it a hanging remote entry only fails after 20 s
 * (shared/build/README.md, "Module Federation"). The browser loads no manifest (sections.ts).
 */
export const SCRIPT_TIMEOUT_MS = 3500;

export default function boundedLoadingPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'side-quest-bounded-loading',
    createScript() {
      return { timeout: SCRIPT_TIMEOUT_MS };
    },
  };
}
