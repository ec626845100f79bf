import type { ComponentType } from 'react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import {
  AWAITING_HYDRATION_ATTRIBUTE,
  REMOTE_NAMES,
  remoteEntryUrl,
  replayEarlyClicks,
  sectionId,
  withTimeout,
  type RemoteName,
} from '@side-quest/data';
import { whenNearViewport } from '../startup/nearViewport';

/** One attempt may take this long, and both attempts together at most the deadline: a section shows
 * its content or its fallback within 10 seconds whatever the network does. */
export const SECTION_ATTEMPT_TIMEOUT_MS = 4000;
export const SECTION_LOAD_DEADLINE_MS = 8000;

/**
 * Registers the remotes the shell composes, by name. Runtime config names each remote's manifest; the
 * browser loads the entry beside it (remoteEntryUrl), so it fetches no manifest and its federation
 * runtime carries no manifest code.
 */
export function registerSectionRemotes(manifestUrls: Record<string, string>): void {
  registerRemotes(
    REMOTE_NAMES.filter((name) => manifestUrls[name]).map((name) => ({
      name,
      entry: remoteEntryUrl(manifestUrls[name] as string),
    })),
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

/** Sections the server rendered whose hydration waits for their element, by federation id. */
const hydrationGates = new Map<string, { element: Element; opened: Promise<void> }>();

/**
 * Holds a server-rendered section's hydration until the element `nearId` (around it) nears the viewport
 * or is touched, then loads its code. Until then the server's HTML of it stays as it is (React leaves a
 * suspended boundary dehydrated), and clicks on its replayable controls are recorded
 * (AWAITING_HYDRATION_ATTRIBUTE); the section replays them once hydrated (releaseSectionHydration).
 * Called before the page hydrates.
 */
export function holdSectionHydration(remote: RemoteName, module: `./${string}`, nearId: string): void {
  const id = sectionId({ remote, module });
  const element = document.getElementById(nearId);
  if (!element || typeof IntersectionObserver === 'undefined') return;
  element.setAttribute(AWAITING_HYDRATION_ATTRIBUTE, '');
  // A load that fails still opens the gate: the section then shows its fallback with TRY_AGAIN.
  const gate = whenNearViewport(element).then(() =>
    loadSection(remote, module).then(
      () => undefined,
      () => undefined,
    ),
  );
  hydrationGates.set(id, { element, opened: gate });
}

/**
 * The promise a held section's first render waits on, or undefined once it may render. The gate is
 * the server's element's: once that element has left the page (the reader went elsewhere before it
 * hydrated), a later render of the section (coming back) loads it as any client render does.
 */
export function sectionHydrationGate(remote: RemoteName, module: `./${string}`): Promise<void> | undefined {
  const id = sectionId({ remote, module });
  const held = hydrationGates.get(id);
  if (!held || ready.has(id)) return undefined;
  if (held.element.isConnected) return held.opened;
  hydrationGates.delete(id);
  return undefined;
}

/**
 * After a held section has hydrated: its element no longer records clicks, and the clicks it recorded
 * are replayed on the hydrated controls.
 */
export function releaseSectionHydration(remote: RemoteName, module: `./${string}`, nearId: string): void {
  const id = sectionId({ remote, module });
  if (!hydrationGates.delete(id)) return;
  document.getElementById(nearId)?.removeAttribute(AWAITING_HYDRATION_ATTRIBUTE);
  replayEarlyClicks(document);
}
