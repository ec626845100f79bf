// The stack reference's one page: ten styled cards from one query, one button and one link, on the
// site's libraries (React Router, TanStack Query, styled-components). Plain createElement, no JSX, as
// the plain reference (../ReferencePage.mjs). The browser build (bootstrap.mjs) and the server's
// (server.mjs) compile this same file with the site's webpack rules, so the styled-components ids the
// server renders are the ones the browser hydrates.
import { createElement as h, useEffect, useState } from 'react';
import { Link, Route, Routes, useSearchParams } from 'react-router-dom';
import { HydrationBoundary, QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import styled from 'styled-components';

/** The one query's key; its data is the ten cards (server: cards.mjs; browser: /api/cards). */
export const CARDS_QUERY_KEY = ['cards'];

/** The query's function in the browser (never called on a hydrated page: its data is never stale). */
export async function fetchCards() {
  const response = await fetch('/api/cards');
  if (!response.ok) throw new Error(`GET /api/cards answered ${response.status}`);
  return response.json();
}

/**
 * A QueryClient with the site's defaults (@side-quest/data's createQueryClient, written out: the
 * reference does not load the data package): never stale, no refetch on mount, focus, reconnect or a
 * timer, no retries; on the server one client per request that keeps its data until it is dropped.
 * @param {boolean} onServer
 */
export function createReferenceQueryClient(onServer) {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        gcTime: onServer ? Infinity : 5 * 60_000,
        refetchOnMount: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        refetchInterval: false,
        retry: false,
        retryOnMount: false,
        networkMode: 'always',
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

const Page = styled.main`
  max-width: 60rem;
  margin: 0 auto;
  padding: 1rem;
`;

const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 1rem;
`;

const PressButton = styled.button`
  min-height: 44px;
  padding: 0 1.25rem;
  font: inherit;
  border-radius: 8px;
  border: 0;
  background: #ffd166;
  color: #0b0d12;
`;

const OrderLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  min-height: 44px;
  color: #8ecae6;
`;

const CardList = styled.ul`
  list-style: none;
  padding: 0;
  display: grid;
  gap: 1rem;
  grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr));
`;

const Card = styled.li`
  border: 1px solid #2a2f3a;
  border-radius: 12px;
  padding: 1rem;
  background: #141821;
`;

const CardTitle = styled.h2`
  margin: 0 0 0.5rem;
  font-size: 1.25rem;
`;

const CardText = styled.p`
  margin: 0;
  line-height: 1.5;
`;

function CardsPage() {
  const { data = [] } = useQuery({ queryKey: CARDS_QUERY_KEY, queryFn: fetchCards });
  const [searchParams] = useSearchParams();
  const [count, setCount] = useState(0);
  const reversed = searchParams.get('order') === 'reverse';
  const cards = reversed ? [...data].reverse() : data;
  return h(
    Page,
    null,
    h('h1', null, 'Stack reference'),
    h(
      Controls,
      null,
      h(
        PressButton,
        { type: 'button', onClick: () => setCount((value) => value + 1) },
        count === 0 ? 'Press me' : `Pressed ${count} times`,
      ),
      // The link navigates inside the app: the same route with the cards in the other order.
      h(OrderLink, { to: reversed ? '/' : '/?order=reverse' }, reversed ? 'Original order' : 'Reverse order'),
    ),
    h(
      CardList,
      null,
      cards.map((card) =>
        h(
          Card,
          { key: card.id, 'data-testid': 'card' },
          h(CardTitle, null, card.title),
          h(CardText, null, card.text),
        ),
      ),
    ),
  );
}

function Pages() {
  // As the site's shell marks it (<html data-interactive>): the interaction bench waits for it.
  useEffect(() => {
    document.documentElement.dataset.interactive = '';
  }, []);
  return h(Routes, null, h(Route, { path: '/', element: h(CardsPage) }));
}

/**
 * The page with the query client and the server's dehydrated queries, inside the router its caller
 * gives it (BrowserRouter in the browser, StaticRouter on the server).
 * @param {{ queryClient: QueryClient, state: unknown }} props
 */
export function StackApp({ queryClient, state }) {
  return h(QueryClientProvider, { client: queryClient }, h(HydrationBoundary, { state }, h(Pages)));
}
