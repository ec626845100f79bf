import { createHash } from 'node:crypto';
import { CAPTURE_CLICKS_SCRIPT } from '@side-quest/data/early-clicks';

/** The inert <template> holding a server-rendered page's script and data preloads until it starts. */
export const START_TEMPLATE_ID = 'sq-start';
/** The preload of the shell's entry script inside it; the start script runs that URL. */
export const SHELL_ENTRY_ELEMENT_ID = 'sq-shell-entry';

/** The longest a server-rendered page waits for its window's load before it starts its scripts anyway. */
export const START_WAIT_MS = 3000;
/** The longest the shell's entry waits for the started preloads before it runs anyway. */
export const PRELOAD_WAIT_MS = 3000;

/**
 * Starts a server-rendered page's scripts once the page has loaded and painted. The page is readable
 * without them (links and forms work), so its text and its largest image get the network and the main
 * thread first; then its script preloads leave their inert <template> for the head, all at once (one
 * request hop after the HTML, as before), and the shell's entry runs once every one of them has
 * loaded or failed (PRELOAD_WAIT_MS at the latest).
 *
 * "Painted": the first contentful paint has been reported (Paint Timing) and two more frames have
 * begun, so the frame that drew the loaded page is on its way to the screen. A browser without Paint
 * Timing waits for the frames alone; a hidden tab paints nothing and starts at its load. A load held
 * up by a slow image starts after START_WAIT_MS at the latest.
 *
 * Why the entry waits for the preloads: the browser compiles each preloaded script on background
 * threads as it arrives, and on a phone's few cores those threads take the CPU from the main thread.
 * The entry's own work is small (about 2.5 ms of CPU here), but run while the other scripts compiled
 * it took up to 38 ms of wall time; after them, 5–11 ms. Hydration needs every one of those scripts,
 * so the wait costs no request, and hydration only the few milliseconds of the entry and the shared
 * modules it evaluates, which used to overlap the last downloads.
 *
 * It begins with the capture of clicks before hydration (CAPTURE_CLICKS_SCRIPT in @side-quest/data):
 * a click on a control only JavaScript can carry out is recorded and replayed once the page hydrates.
 *
 * Inline, so that it waits on no request itself; the Content-Security-Policy allows exactly this text
 * by its hash (START_SCRIPT_HASH), no other inline script.
 */
export const START_SCRIPT =
  CAPTURE_CLICKS_SCRIPT +
  '(function(){var started=false,loaded=false,painted=false;' +
  'function start(){if(started)return;started=true;' +
  `var preloads=document.importNode(document.getElementById('${START_TEMPLATE_ID}').content,true),` +
  "links=preloads.querySelectorAll('link'),pending=links.length,entered=false;" +
  'function enter(){if(entered)return;entered=true;' +
  "var entry=document.createElement('script');" +
  `entry.src=document.getElementById('${SHELL_ENTRY_ELEMENT_ID}').href;document.head.appendChild(entry)}` +
  'function settled(){if(--pending===0)setTimeout(enter,0)}' +
  "for(var i=0;i<links.length;i++){links[i].addEventListener('load',settled);links[i].addEventListener('error',settled)}" +
  `document.head.appendChild(preloads);setTimeout(enter,${PRELOAD_WAIT_MS})}` +
  'function ready(){if(!loaded)return;' +
  "if(document.visibilityState==='hidden')return start();" +
  'if(painted)requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(start,0)})})}' +
  `setTimeout(start,${START_WAIT_MS});` +
  "if(typeof PerformanceObserver==='function'&&(PerformanceObserver.supportedEntryTypes||[]).indexOf('paint')>=0)" +
  "new PerformanceObserver(function(list,observer){if(list.getEntriesByName('first-contentful-paint').length){" +
  "observer.disconnect();painted=true;ready()}}).observe({type:'paint',buffered:true});else painted=true;" +
  "if(document.readyState==='complete'){loaded=true;ready()}" +
  "else addEventListener('load',function(){loaded=true;ready()})" +
  '})()';

/** The Content-Security-Policy source that allows exactly `script` inline. */
export function inlineScriptHash(script: string): string {
  return `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
}

/** The CSP source that allows START_SCRIPT and nothing else inline. */
export const START_SCRIPT_HASH = inlineScriptHash(START_SCRIPT);

/** The shell template's entry script (its HTML is minified: the quotes may be gone). */
const SHELL_ENTRY_SCRIPT = /<script defer(?:="")? src="?([^"\s>]+)"?><\/script>/;
/** Script and data preloads: the shell's (minified) and the route's remote's (quoted). */
const SCRIPT_OR_DATA_PRELOAD =
  /<link\b(?=[^>]*\brel="?preload[\s">])(?=[^>]*\bas="?(?:script|fetch)[\s">])[^>]*>/g;

/**
 * A server-rendered document that starts its scripts after it has painted (START_SCRIPT): the
 * template's deferred entry script and every script or data preload move into an inert <template>
 * where the entry script was, followed by the start script. Image preloads stay where they are.
 */
export function startAfterPaint(html: string): string {
  const entry = SHELL_ENTRY_SCRIPT.exec(html);
  if (!entry) throw new Error('The shell template has no deferred entry script');
  const preloads = html.match(SCRIPT_OR_DATA_PRELOAD) ?? [];
  const deferred =
    `<template id="${START_TEMPLATE_ID}">` +
    `<link rel="preload" as="script" href="${entry[1]}" id="${SHELL_ENTRY_ELEMENT_ID}">${preloads.join('')}` +
    `</template><script>${START_SCRIPT}</script>`;
  return html.replace(SCRIPT_OR_DATA_PRELOAD, '').replace(SHELL_ENTRY_SCRIPT, () => deferred);
}
