/**
 * Where the entries page without JavaScript goes back to while an entry waits for its score: the same
 * page at its entries, by a URL that differs from the one shown. A refresh to the page's own URL with a
 * fragment is a same-document jump in browsers (no reload: the score never came in), so the query
 * alternates between two values and every refresh is a real load.
 */
export function waitingRefreshUrl(pathname: string, search: string): string {
  const next = new URLSearchParams(search).get('waiting') === '1' ? '2' : '1';
  return `${pathname}?waiting=${next}#entries`;
}

/** The `<meta http-equiv="refresh">` markup for `waitingRefreshUrl`, every 5 s. */
export function waitingRefreshMeta(pathname: string, search: string): string {
  const url = waitingRefreshUrl(pathname, search).replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  return `<meta http-equiv="refresh" content="5; url=${url}">`;
}
