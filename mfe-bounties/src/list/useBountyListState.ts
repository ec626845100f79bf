import { useCallback, useMemo, useState } from 'react';
import { useLocation, useNavigate, useNavigationType } from '@side-quest/design';
import { DEFAULT_LIST_QUERY, type ListQuery } from './bountyQuery';
import { parseListQuery, serializeListQuery } from './listUrlState';

export type HistoryMode = 'push' | 'replace';

/**
 * The list's filters, sort and pages, held in the URL's query string. The search text is also kept in
 * local state: react-router applies URL changes in a transition, and an input whose value waited for
 * the URL would drop or reorder fast keystrokes. The local text follows the URL whenever the URL changes
 * by anything other than the search box's own replace-navigation (Back/Forward, links, Reset).
 */
export function useBountyListState() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const urlQuery = useMemo(() => parseListQuery(new URLSearchParams(location.search)), [location.search]);

  const [searchText, setSearchText] = useState(urlQuery.search);
  const [seenLocationKey, setSeenLocationKey] = useState(location.key);
  if (seenLocationKey !== location.key) {
    setSeenLocationKey(location.key);
    if (navigationType !== 'REPLACE' && searchText !== urlQuery.search) setSearchText(urlQuery.search);
  }

  const query: ListQuery = useMemo(() => ({ ...urlQuery, search: searchText }), [urlQuery, searchText]);

  /** Applies changes; any change other than paging starts again from the first page. */
  const update = useCallback(
    (changes: Partial<ListQuery>, mode: HistoryMode = 'push') => {
      const next: ListQuery = { ...query, pages: 1, ...changes };
      if (changes.search !== undefined) setSearchText(changes.search);
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
