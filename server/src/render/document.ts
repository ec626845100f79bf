import { LOCAL_TIME_ATTRIBUTE } from '@side-quest/data';
import { LOCAL_TIMES_SCRIPT } from '@side-quest/data/local-times-script';
import { packRecords } from '@side-quest/data/packed-records';
import { REMOTE_NAMES, serverAssetBase } from '@side-quest/data/remotes';
import { jsonForScript, renderShellHtml } from '../site/shellHtml';
import type { RenderedPage } from './renderPage';
import { inlineScriptHash, startAfterPaint } from './startAfterPaint';

/** The element the browser reads the server's query cache and rendered sections from. */
export const SSR_STATE_ELEMENT_ID = 'sq-ssr';

/** An empty element right after the page's markup: the first frame waits until it is parsed. */
export const MARKUP_END_ELEMENT_ID = 'sq-markup-end';

/**
 * Holds the page's first frame until its markup is parsed (`rel=expect`, Chromium 124 and later; other
 * browsers ignore it). A busy or slow machine's parser yields mid-page, and the browser painted what it
 * had: a leaderboard with its first rows (its columns widened when the rest came) or the header without
 * its last button (the links beside it moved), layout shifts of 0.002–0.018 at an 8× CPU slowdown.
 */
const FIRST_FRAME_AFTER_MARKUP = `<link rel="expect" href="#${MARKUP_END_ELEMENT_ID}" blocking="render">`;

/**
 * Right after the markup, before the first frame (which waits for MARKUP_END_ELEMENT_ID): the script
 * that writes the page's times (LocalTime, in UTC on the server) at the reader's offset, so they are
 * painted once, in the reader's zone, and nothing moves at hydration. Only on pages that show a time.
 */
const LOCAL_TIMES = `<script>${LOCAL_TIMES_SCRIPT}</script>`;
/** The CSP source that allows LOCAL_TIMES_SCRIPT inline. */
export const LOCAL_TIMES_SCRIPT_HASH = inlineScriptHash(LOCAL_TIMES_SCRIPT);

/** The shell's empty mount point (its HTML is minified: the quotes may be gone). */
const EMPTY_ROOT = /<div id="?root"?><\/div>/;
const NOSCRIPT = /<noscript>[\s\S]*?<\/noscript>/;

/** Where every remote's server build points its asset URLs: `/__side_quest_assets__/<name>/`. */
const ASSET_PREFIX = serverAssetBase('').slice(0, -1);
/** Characters that end the host of an absolute URL before a placeholder (as the old pattern's [^/"'\s]). */
const HOST_END = /[/"'\s]/;

/**
 * A remote's server build names its images under a placeholder; the browser build's copies live next
 * to its manifest, which only the runtime config knows. Replacing it everywhere (markup, styles, the
 * dehydrated state) makes the server's HTML name exactly the URLs the browser computes; also when a
 * page made the path absolute against its own origin (structured data, previews), the origin goes too.
 * One pass over the page that jumps from placeholder to placeholder (a page has a few; the page is tens
 * of KB), not one regular expression per remote tried at every character.
 */
export function resolveAssetUrls(text: string, remotes: Record<string, string>): string {
  let at = text.indexOf(ASSET_PREFIX);
  if (at < 0) return text;
  const bases = new Map<string, string>();
  for (const name of REMOTE_NAMES) {
    const manifest = remotes[name];
    if (manifest) bases.set(serverAssetBase(name), new URL('.', manifest).href);
  }
  let result = '';
  let copied = 0;
  for (; at >= 0; at = text.indexOf(ASSET_PREFIX, at + 1)) {
    const end = text.indexOf('/', at + ASSET_PREFIX.length) + 1;
    const base = end > 0 ? bases.get(text.slice(at, end)) : undefined;
    if (!base) continue;
    // An origin right before it (`http://host` or `https://host`) is part of what is replaced.
    let start = at;
    while (start > copied && !HOST_END.test(text.charAt(start - 1))) start -= 1;
    const origin = start < at ? /https?:\/\/$/.exec(text.slice(Math.max(copied, start - 8), start)) : null;
    start = origin ? start - origin[0].length : at;
    result += text.slice(copied, start) + base;
    copied = end;
    at = end - 1;
  }
  return copied === 0 ? text : result + text.slice(copied);
}

/** A page's largest paint, preloaded at high priority (the landing's poster, a story's hero image). */
const FIRST_IMAGE_PRELOAD = /<link rel="preload"[^>]*as="image"[^>]*fetchPriority="high"[^>]*\/>/g;
/** The template's first script or stylesheet reference. */
const FIRST_RESOURCE = /<(?:script|link)\b/;

/**
 * The template with `tags` ahead of its first script and link: the largest paint's image is the first
 * request the page makes after its HTML (the scripts wait for the paint, startAfterPaint).
 */
function firstFetched(template: string, tags: string): string {
  if (!tags) return template;
  const at = FIRST_RESOURCE.exec(template)?.index ?? template.indexOf('</head>');
  return `${template.slice(0, at)}${tags}${template.slice(at)}`;
}

/**
 * The shell's HTML with a server-rendered page in it: the page's head and styles, the hydration state
 * (its lists of records packed, escaped like the runtime config: no value can close the script element)
 * and the rendered markup in #root. The "needs JavaScript" notice goes: the page reads without it, and
 * its scripts start once it has painted (startAfterPaint).
 *
 * The page's markup goes in last: the notice's removal and the start-after-paint rewrite concern the
 * shell's template and the head React hoisted, and each rewrite of the whole page copied it again (a
 * page of 80 KB with one character outside Latin-1 is a 160 KB string, which V8 allocates on its own:
 * about 0.8 ms a copy on the project machine, against 3 ms of the whole page's build).
 */
export function renderDocument(
  template: string,
  page: RenderedPage,
  runtimeConfig: { remotes: Record<string, string> },
  headExtra: string,
): string {
  const state = `<script type="application/json" id="${SSR_STATE_ELEMENT_ID}">${jsonForScript(packRecords(page.state))}</script>`;
  if (!EMPTY_ROOT.test(template)) throw new Error('The shell template has no empty #root');
  const firstImages = page.head.match(FIRST_IMAGE_PRELOAD) ?? [];
  const head = page.head.replace(FIRST_IMAGE_PRELOAD, '');
  // The styles and the state (up to about 100 KB) go in last, like the markup: the rewrites of the
  // document (its scripts' start, asset URLs) then scan and copy only the template and the head.
  const shell = startAfterPaint(
    resolveAssetUrls(
      renderShellHtml(
        firstFetched(template, firstImages.join('')),
        runtimeConfig,
        `${FIRST_FRAME_AFTER_MARKUP}${head}${headExtra}${STYLES_AND_STATE_MARK}`,
      ).replace(NOSCRIPT, ''),
      runtimeConfig.remotes,
    ),
  );
  const mark = shell.indexOf(STYLES_AND_STATE_MARK);
  const root = EMPTY_ROOT.exec(shell);
  if (!root || mark < 0 || mark > root.index) throw new Error('The shell template has no empty #root');
  const stylesAndState = resolveAssetUrls(`${page.styles}${state}`, runtimeConfig.remotes);
  const body = resolveAssetUrls(page.body, runtimeConfig.remotes);
  return (
    `${shell.slice(0, mark)}${stylesAndState}${shell.slice(mark + STYLES_AND_STATE_MARK.length, root.index)}` +
    `<div id="root">${body}</div>${body.includes(LOCAL_TIME_ATTRIBUTE) ? LOCAL_TIMES : ''}` +
    `<template id="${MARKUP_END_ELEMENT_ID}"></template>` +
    shell.slice(root.index + root[0].length)
  );
}

/** Where the page's styles and state go once the rest of the document is assembled. */
const STYLES_AND_STATE_MARK = '<!--sq-styles-and-state-->';
