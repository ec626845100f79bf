// Two paths that differ only in case are one file on case-insensitive file systems (the macOS and
// Windows defaults): a checkout there keeps just one of them, and an import that names the other
// still resolves locally but breaks on Linux. Folders count too: `Src/a.ts` and `src/b.ts` would
// merge into one folder there.

/**
 * Groups of spellings that differ only in case, among the given repository-relative paths and every
 * folder above them. Each group is sorted; groups are sorted by their first spelling.
 * @param {Iterable<string>} paths slash-separated, as `git ls-files` prints them
 * @returns {string[][]}
 */
function findCaseCollisions(paths) {
  /** @type {Map<string, Set<string>>} lowercased path -> the spellings seen */
  const spellings = new Map();
  for (const file of paths) {
    const parts = file.split('/');
    for (let end = 1; end <= parts.length; end += 1) {
      const entry = parts.slice(0, end).join('/');
      const key = entry.toLowerCase();
      if (!spellings.has(key)) spellings.set(key, new Set());
      spellings.get(key).add(entry);
    }
  }
  return [...spellings.values()]
    .filter((group) => group.size > 1)
    .map((group) => [...group].sort())
    .filter((group) => !isImpliedByParent(group, spellings))
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

/**
 * `Src/a.ts` vs `src/a.ts` is already reported as `Src` vs `src`; listing every file below a
 * clashing folder again would bury the one rename that fixes it.
 */
function isImpliedByParent(group, spellings) {
  const names = new Set(group.map((entry) => entry.slice(entry.lastIndexOf('/') + 1)));
  if (names.size > 1) return false;
  const parent = group[0].slice(0, Math.max(group[0].lastIndexOf('/'), 0));
  return parent !== '' && spellings.get(parent.toLowerCase()).size > 1;
}

module.exports = { findCaseCollisions };
