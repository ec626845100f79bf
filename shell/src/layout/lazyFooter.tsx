import { use, useEffect } from 'react';
import { onDemand } from '@side-quest/design';
import { AWAITING_HYDRATION_ATTRIBUTE, replayEarlyClicks } from '@side-quest/data';
import { whenNearViewport } from '../startup/nearViewport';

/** The server-rendered footer's element, which its held hydration watches. */
export const FOOTER_ID = 'site-footer';

/**
 * The footer (its links, the Contact opener) in a chunk of its own: below the fold on most pages, so a
 * server-rendered page hydrates it when it nears the viewport or is touched (holdFooterHydration), as
 * the landing's featured bounties. Until then its HTML works as it is: plain links, and Contact's GET
 * form opens the dialog through the server.
 */
const footerCode = onDemand(() => import(/* webpackChunkName: "footer" */ './Footer'));

let hydrationGate: Promise<unknown> | undefined;

/** Called before the page hydrates: the server's footer waits for the viewport to near it. */
export function holdFooterHydration(): void {
  const element = document.getElementById(FOOTER_ID);
  if (!element || typeof IntersectionObserver === 'undefined') return;
  element.setAttribute(AWAITING_HYDRATION_ATTRIBUTE, '');
  // A failed download still opens the gate: the footer then tries again as it renders.
  hydrationGate = whenNearViewport(element).then(() => footerCode.preload().catch(() => undefined));
}

export function LazyFooter() {
  if (hydrationGate) use(hydrationGate);
  const { Footer } = footerCode.useModule();
  useEffect(() => {
    if (!hydrationGate) return;
    // Hydrated: the footer no longer records clicks, and the ones it recorded are replayed.
    hydrationGate = undefined;
    document.getElementById(FOOTER_ID)?.removeAttribute(AWAITING_HYDRATION_ATTRIBUTE);
    replayEarlyClicks(document);
  }, []);
  return <Footer id={FOOTER_ID} />;
}
