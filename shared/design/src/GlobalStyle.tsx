import { REPLAY_ATTRIBUTE, REPLAY_PENDING_ATTRIBUTE } from '@side-quest/data';
import { theme, type Theme } from './theme';

/** The site's element-level rules, from the theme. */
export function globalCss({ color, font }: Theme): string {
  return `
*, *::before, *::after { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body {
  margin: 0;
  background: ${color.background};
  color: ${color.text};
  font-family: ${font.body};
  line-height: 1.55;
  overflow-wrap: anywhere;
}
a { color: ${color.accent}; }
img, video { max-width: 100%; height: auto; display: block; }
h1, h2, h3, h4 { line-height: 1.2; margin: 0 0 0.5em; }
h1, h2 { font-family: ${font.mono}; letter-spacing: 0.02em; }
:focus-visible { outline: 3px solid ${color.focus}; outline-offset: 2px; }
[tabindex='-1']:focus:not(:focus-visible) { outline: none; }
button, input, select, textarea { font: inherit; color: inherit; }
@media (prefers-reduced-motion: reduce) {
  *, *::before, *::after { animation-duration: 0.01ms !important; animation-iteration-count: 1 !important; transition-duration: 0.01ms !important; scroll-behavior: auto !important; }
}
/* A control only JavaScript can carry out (docs/decisions.md, "Input before hydration"): clicked
   before hydration it shows the click was received until it is replayed; without JavaScript it could
   do nothing, so it is not shown. */
[${REPLAY_PENDING_ATTRIBUTE}] { cursor: progress; outline: 2px dashed ${color.accent}; outline-offset: 2px; }
@media (scripting: none) {
  [${REPLAY_ATTRIBUTE}] { display: none !important; }
}
.visually-hidden {
  position: absolute !important; width: 1px; height: 1px; padding: 0; margin: -1px;
  overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0;
}
`;
}

const GLOBAL_CSS = globalCss(theme);

/**
 * The global rules as a plain <style> element rendered with the page, not styled-components'
 * createGlobalStyle: that one compiles its CSS again in the browser and replaces the server's rules
 * when it mounts, which made the browser restyle the whole hydrated page (docs/decisions.md, "Global
 * styles"). Rendered once, by AppProviders.
 */
export function GlobalStyle() {
  return <style data-side-quest-global="">{GLOBAL_CSS}</style>;
}
