// The stack reference's server render, built by the bench for Node with the same webpack rules as the
// browser build (so the styled-components ids agree): per request a QueryClient, the one query
// prefetched and dehydrated, StaticRouter, styled-components' ServerStyleSheet, react-dom/server.
import { createElement as h } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { dehydrate } from '@tanstack/react-query';
import { ServerStyleSheet } from 'styled-components';
import { CARDS } from './cards.mjs';
import { CARDS_QUERY_KEY, StackApp, createReferenceQueryClient } from './StackApp.mjs';

export { CARDS };

/**
 * @param {string} url the request's path and query
 * @returns {Promise<{ html: string, styles: string, state: unknown }>}
 */
export async function render(url) {
  const queryClient = createReferenceQueryClient(true);
  await queryClient.prefetchQuery({ queryKey: CARDS_QUERY_KEY, queryFn: async () => CARDS });
  const state = dehydrate(queryClient);
  const sheet = new ServerStyleSheet();
  try {
    const html = renderToString(
      sheet.collectStyles(h(StaticRouter, { location: url }, h(StackApp, { queryClient, state }))),
    );
    return { html, styles: sheet.getStyleTags(), state };
  } finally {
    sheet.seal();
    queryClient.clear();
  }
}
