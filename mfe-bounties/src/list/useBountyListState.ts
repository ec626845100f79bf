import { useCallback, useMemo, useState } from 'react';
import { useLocation, useNavigate, useNavigationType } from '@side-quest/design';
import { DEFAULT_LIST_QUERY, applyListChanges, type ListQuery } from '@side-quest/data/bounty-query';
import { parseListQuery, serializeListQuery } from '@side-quest/data/bounty-query';

export type HistoryMode = 'push' | 'replace';

/**
 * The list's filters, sort and pages, held in the URL's query string. react-router applies URL changes
 * in a transition, so a change is also kept locally until the URL has it: the list answers a click or a
 * keystroke in the same frame, and the URL follows. The search text is kept in local state for the same
 * reason (an input whose value waited for the URL would drop fast keystrokes); it follows the URL whenever
 * the URL changes by anything other than the search box's own replace-navigation (Back/Forward, links).
 */
export function useBountyListState() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const urlQuery = useMemo(() => parseListQuery(new URLSearchParams(location.search)), [location.search]);

  const [searchText, setSearchText] = useState(urlQuery.search);
  const [pending, setPending] = useState<ListQuery | null>(null);
  const [seenLocationKey, setSeenLocationKey] = useState(location.key);
  if (seenLocationKey !== location.key) {
    setSeenLocationKey(location.key);
    setPending(null);
    if (navigationType !== 'REPLACE' && searchText !== urlQuery.search) setSearchText(urlQuery.search);
  }

  const query: ListQuery = useMemo(
    () => ({ ...(pending ?? urlQuery), search: searchText }),
    [pending, urlQuery, searchText],
  );

  /** Applies changes; any change other than paging starts again from the first page. */
  const update = useCallback(
    (changes: Partial<ListQuery>, mode: HistoryMode = 'push') => {
      const next = applyListChanges(query, changes);
      if (changes.search !== undefined) setSearchText(changes.search);
      setPending(next);
      const search = serializeListQuery(next).toString();
      navigate(
        { pathname: location.pathname, search: search ? `?${search}` : '' },
        { replace: mode === 'replace', preventScrollReset: true },
      );
    },
    [query, navigate, location.pathname],
  );

  /** Reset All / Reset Filters: empty search, All Domains, no skills, reward descending. */
  const reset = useCallback(() => update({ ...DEFAULT_LIST_QUERY }), [update]);

  return { query, update, reset };
}
