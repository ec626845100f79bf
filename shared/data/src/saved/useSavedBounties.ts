import { useCallback, useSyncExternalStore } from 'react';
import { SAVED_BOUNTIES_STORAGE_KEY, parseSavedIds, toggleSavedId } from './savedIds';

/**
 * The visitor's saved bounties, one store for the whole page: @side-quest/data is a shared singleton,
 * so a remote's Save button and the shell's header count read and change the same store without
 * importing each other. Kept in localStorage (so it survives a reload) and followed across tabs.
 */

// Every Save button on a page reads the snapshot on every render, so storage is read again only when
// it may have changed: after a toggle here, a storage event from another tab, or while nothing listens
// for those events.
// Nothing saved is always the same set, the one hydration starts from, so a page whose visitor saved
// nothing renders nothing again when the browser's storage takes over.
const NOTHING_SAVED: ReadonlySet<string> = new Set();
let cachedText: string | null | undefined;
let cachedIds: ReadonlySet<string> = NOTHING_SAVED;
let cacheIsCurrent = false;
const listeners = new Set<() => void>();

function readStorage(): string | null {
  try {
    return window.localStorage.getItem(SAVED_BOUNTIES_STORAGE_KEY);
  } catch {
    return null; // storage disabled (private mode, a sandbox): nothing saved
  }
}

function snapshot(): ReadonlySet<string> {
  if (cacheIsCurrent) return cachedIds;
  const text = readStorage();
  if (text !== cachedText) {
    cachedText = text;
    const ids = parseSavedIds(text);
    cachedIds = ids.length > 0 ? new Set(ids) : NOTHING_SAVED;
  }
  cacheIsCurrent = listeners.size > 0;
  return cachedIds;
}

function notify() {
  cacheIsCurrent = false;
  listeners.forEach((listener) => listener());
}

function onStorage(event: StorageEvent) {
  if (event.key === SAVED_BOUNTIES_STORAGE_KEY || event.key === null) notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    window.removeEventListener('storage', onStorage);
    cacheIsCurrent = false;
  };
}

/** Saves or unsaves a bounty; false when the browser would not store it. */
export function toggleSavedBounty(id: string): boolean {
  const next = toggleSavedId([...snapshot()], id);
  try {
    window.localStorage.setItem(SAVED_BOUNTIES_STORAGE_KEY, JSON.stringify(next));
  } catch {
    return false;
  }
  notify();
  return true;
}

/** The saved ids (none on the server and during hydration, then the browser's). */
export function useSavedBounties(): {
  savedIds: ReadonlySet<string>;
  toggle: (id: string) => boolean;
} {
  const savedIds = useSyncExternalStore(subscribe, snapshot, () => NOTHING_SAVED);
  const toggle = useCallback((id: string) => toggleSavedBounty(id), []);
  return { savedIds, toggle };
}
