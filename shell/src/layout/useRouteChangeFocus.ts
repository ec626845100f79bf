import { useEffect, useRef } from 'react';
import { useLocation } from '@side-quest/design';

/** How long to wait for a lazily loaded section to render its heading before focusing <main>. */
const HEADING_WAIT_MS = 5000;

/**
 * On every route change (not the first load): scroll to the top and move keyboard focus to the new
 * page's main heading, waiting for a remote section to render it; <main> takes focus if none appears.
 * Only the pathname counts, so filter changes in the query string do not steal focus. The first render
 * leaves the scroll position alone: it is the hydration of a page the reader may already have scrolled
 * (or opened at a #fragment, or come back to with the browser restoring its position).
 */
export function useRouteChangeFocus() {
  const { pathname } = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const firstRender = useRef(true);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    window.scrollTo(0, 0);
    const main = mainRef.current;
    if (!main) return;
    const focusHeading = (): boolean => {
      const heading = main.querySelector<HTMLElement>('h1');
      if (!heading) return false;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
      return true;
    };
    if (focusHeading()) return;
    const observer = new MutationObserver(() => {
      if (focusHeading()) stop();
    });
    const timer = setTimeout(() => {
      stop();
      main.focus({ preventScroll: true });
    }, HEADING_WAIT_MS);
    function stop() {
      observer.disconnect();
      clearTimeout(timer);
    }
    observer.observe(main, { childList: true, subtree: true });
    return stop;
  }, [pathname]);

  return mainRef;
}
