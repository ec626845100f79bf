import { escapeHtml } from '@side-quest/data/html';

const STYLE = `
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #0b0d12; color: #f2f4f8; }
  main { max-width: 36rem; margin: 0 auto; padding: 3rem 1.25rem; }
  a { color: #7cf29c; }
  h1 { font-family: ui-monospace, monospace; font-size: 1.5rem; letter-spacing: 0.02em; }
  p { color: #c9d0dc; }
  button { min-height: 44px; padding: 0.5rem 1.25rem; font: inherit; font-weight: 700; border-radius: 8px;
    border: 2px solid #7cf29c; background: #7cf29c; color: #06130a; cursor: pointer; }
  button:focus-visible, a:focus-visible { outline: 3px solid #f2f4f8; outline-offset: 2px; }
  .notice { border: 1px solid #7cf29c; border-radius: 8px; padding: 0.75rem 1rem; color: #f2f4f8; }
  .problem { border-color: #ff8a8a; color: #ff8a8a; }
`;

/** A page of the unsubscribe flow: works in any mail client's browser, without JavaScript. */
export function unsubscribePage(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><meta name="referrer" content="no-referrer"><title>${escapeHtml(title)} | Side Quest</title><style>${STYLE}</style></head>
<body><main><p><a href="/">SIDE_QUEST</a></p><h1>${escapeHtml(title)}</h1>
${body}
</main></body></html>`;
}
