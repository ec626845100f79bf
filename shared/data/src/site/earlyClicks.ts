/**
 * Clicks before hydration (docs/decisions.md, "Input before hydration"). Every control that can be a
 * link or a form is one, so it works before the page's scripts run and without them. The few controls
 * that only JavaScript can carry out (Save, Copy feed link, Share, passkeys) are marked `data-replay`:
 * the server's page records a click on one before hydration (CAPTURE_CLICKS_SCRIPT, inline in its head)
 * and the shell clicks it again once hydrated (replayEarlyClicks), so the click is applied, not lost.
 * Without JavaScript such a control could do nothing, so the site's global style hides it.
 */

/** Marks a control whose click is replayed after hydration; its value names what the control does. */
export const REPLAY_ATTRIBUTE = 'data-replay';
/** Set on a control clicked before hydration until its click is replayed (a visible "received"). */
export const REPLAY_PENDING_ATTRIBUTE = 'data-replay-pending';
/**
 * Set by the shell on the element around a section that hydrates later than the page (a route section's
 * `hydrateNear`): clicks inside it are still recorded after the page has hydrated, and replayed when it does.
 */
export const AWAITING_HYDRATION_ATTRIBUTE = 'data-awaiting-hydration';
/** Where the capture script keeps the clicks it recorded. */
export const EARLY_CLICKS_GLOBAL = '__sqEarlyClicks';

/** One recorded click: the control's key and which control with that key it was, in document order. */
export interface EarlyClick {
  key: string;
  nth: number;
}

/** The capture script's record; `done` once the shell has taken it over (clicks pass through after). */
export type EarlyClickQueue = EarlyClick[] & { done?: boolean };

/**
 * The props that make a control replayable. `key` must say what a click does on this page
 * ("save:<id>", "copy-feed-link"), so the hydrated page finds the same control again.
 */
export function replayable(key: string): { [REPLAY_ATTRIBUTE]: string } {
  return { [REPLAY_ATTRIBUTE]: key };
}

/**
 * Inline in a server-rendered page's head, before anything of the body. A click (mouse, touch, or Enter
 * and Space on a button, which the browser turns into a click) on a `data-replay` control before the
 * shell has taken over is stopped before React's root listener sees it, marked pending and recorded.
 * Every other click goes on as usual: links and forms work as plain HTML. Once the shell has taken over,
 * only clicks inside a section still awaiting its hydration are recorded. ES5, no request.
 */
export const CAPTURE_CLICKS_SCRIPT =
  `(function(){var q=window.${EARLY_CLICKS_GLOBAL}=[];` +
  "document.addEventListener('click',function(e){" +
  `var t=e.target,c=t&&t.closest?t.closest('[${REPLAY_ATTRIBUTE}]'):null;if(!c)return;` +
  "if((q.done||document.documentElement.hasAttribute('data-interactive'))&&" +
  `!c.closest('[${AWAITING_HYDRATION_ATTRIBUTE}]'))return;` +
  'e.preventDefault();e.stopPropagation();' +
  `var k=c.getAttribute('${REPLAY_ATTRIBUTE}'),all=document.querySelectorAll('[${REPLAY_ATTRIBUTE}]'),n=0;` +
  `for(var i=0;i<all.length&&all[i]!==c;i++)if(all[i].getAttribute('${REPLAY_ATTRIBUTE}')===k)n++;` +
  `c.setAttribute('${REPLAY_PENDING_ATTRIBUTE}','');q.push({key:k,nth:n})},true)})();`;

type WindowWithQueue = Window & { [EARLY_CLICKS_GLOBAL]?: EarlyClickQueue };

/**
 * Takes the recorded clicks over from the capture script and clicks each control again, in the order
 * the visitor clicked them, now that React handles them. Run once the hydrated page has committed, and
 * again when a section that hydrates later has (a click inside it still waiting is recorded again).
 * Returns how many clicks reached a control.
 */
export function replayEarlyClicks(doc: Document = document): number {
  const queue = (doc.defaultView as WindowWithQueue | null)?.[EARLY_CLICKS_GLOBAL];
  if (!queue) return 0;
  queue.done = true;
  const clicks = queue.splice(0);
  for (const element of doc.querySelectorAll(`[${REPLAY_PENDING_ATTRIBUTE}]`))
    element.removeAttribute(REPLAY_PENDING_ATTRIBUTE);
  // Every control first: a replayed click may re-render what follows.
  const controls = clicks.map(
    ({ key, nth }) =>
      [...doc.querySelectorAll<HTMLElement>(`[${REPLAY_ATTRIBUTE}]`)].filter(
        (element) => element.getAttribute(REPLAY_ATTRIBUTE) === key,
      )[nth],
  );
  let replayed = 0;
  for (const control of controls) {
    if (!control?.isConnected) continue;
    control.click();
    replayed++;
  }
  return replayed;
}
