/**
 * The mobile menu in the URL: `?menu=open`. Without JavaScript the menu button submits a GET form to
 * the same page that adds it, and the page (the server's HTML too) renders the menu open; its links are
 * plain links and its close button a `method="dialog"` form. It carries nothing a visitor typed, so
 * such pages are cached like any other.
 */
export const MENU_PARAM = 'menu';
export const MENU_OPEN = 'open';

/** Whether a page's query string opens the mobile menu. */
export function menuOpenInSearch(search: string): boolean {
  return new URLSearchParams(search).get(MENU_PARAM) === MENU_OPEN;
}
