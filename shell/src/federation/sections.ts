import type { ComponentType } from 'react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { REMOTE_NAMES, sectionId, withTimeout, type RemoteName } from '@side-quest/data';

/** One attempt may take this long, and both attempts together at most the deadline: a section shows
 * its content or its fallback within 10 seconds whatever the network does. */
export const SECTION_ATTEMPT_TIMEOUT_MS = 4000;
export const SECTION_LOAD_DEADLINE_MS = 8000;

/** Registers the remotes the shell composes, by name; their URLs come from runtime config. */
export function registerSectionRemotes(urls: Record<string, string>): void {
  registerRemotes(
    REMOTE_NAMES.filter((name) => urls[name]).map((name) => ({ name, entry: urls[name] as string })),
    { force: true },
  );
}

export type SectionComponent = ComponentType<Record<string, unknown>>;
type SectionModule = { default: SectionComponent };

const loaded = new Map<string, Promise<SectionComponent>>();
/** Sections whose code has arrived, so a render (and hydration) can use them without waiting. */
const ready = new Map<string, SectionComponent>();

/** The section's component if its code has already loaded, else undefined. */
export function loadedSection(remote: RemoteName, module: `./${string}`): SectionComponent | undefined {
  return ready.get(sectionId({ remote, module }));
}

async function attempt(id: string, timeoutMs: number): Promise<SectionComponent> {
  const module = await withTimeout(loadRemote<SectionModule>(id), timeoutMs, id);
  if (!module?.default) throw new Error(`${id} has no default export`);
  return module.default;
}

/**
 * Loads a remote's exposed component. A failed attempt (a chunk lost to a new deploy, a network blip)
 * is retried once; a failure is not cached, so TRY_AGAIN starts over.
 */
export function loadSection(remote: RemoteName, module: `./${string}`): Promise<SectionComponent> {
  const id = sectionId({ remote, module });
  const cached = loaded.get(id);
  if (cached) return cached;
  const started = Date.now();
  const pending = attempt(id, SECTION_ATTEMPT_TIMEOUT_MS).catch(() =>
    attempt(id, Math.max(500, SECTION_LOAD_DEADLINE_MS - (Date.now() - started))),
  );
  pending.then(
    (component) => ready.set(id, component),
    () => loaded.delete(id),
  );
  loaded.set(id, pending);
  return pending;
}

/** Starts loading a section before it is needed (nav hover or focus). Errors surface on render. */
export function preloadSection(remote: RemoteName, module: `./${string}`): void {
  loadSection(remote, module).catch(() => undefined);
}
