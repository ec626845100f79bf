/** The saved bounties' ids as the browser keeps them: a JSON array of strings in localStorage. */
export const SAVED_BOUNTIES_STORAGE_KEY = 'side-quest:saved-bounties';

/** At most this many saved ids are kept (the oldest go first): the storage stays small. */
export const MAX_SAVED = 500;

/** The ids in stored text; anything unreadable counts as nothing saved, never an error. */
export function parseSavedIds(text: string | null): string[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) return [];
    const ids = value.filter(
      (id): id is string => typeof id === 'string' && id.length > 0 && id.length <= 200,
    );
    return [...new Set(ids)].slice(-MAX_SAVED);
  } catch {
    return [];
  }
}

/** Saves an unsaved id (at the end) or unsaves a saved one. */
export function toggleSavedId(ids: readonly string[], id: string): string[] {
  if (ids.includes(id)) return ids.filter((saved) => saved !== id);
  return [...ids, id].slice(-MAX_SAVED);
}
