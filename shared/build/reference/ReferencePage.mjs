// The bench's reference page: what server-rendered React 19 costs a page that hydrates ten cards and
// one button, and nothing else. Plain createElement, so the bench renders it in Node as it is and
// webpack bundles the same file for the browser (client.mjs).
import { createElement as h, useState } from 'react';

export const CARD_COUNT = 10;

const CARDS = Array.from({ length: CARD_COUNT }, (_, index) => ({
  id: `card-${index + 1}`,
  title: `Challenge ${index + 1}`,
  text: 'A paid, real-world task with a deadline, a prize and a sponsor who reads every answer.',
}));

export function ReferencePage() {
  const [count, setCount] = useState(0);
  return h(
    'main',
    null,
    h('h1', null, 'Reference page'),
    h(
      'ul',
      { className: 'cards' },
      CARDS.map((card) =>
        h('li', { key: card.id, className: 'card' }, h('h2', null, card.title), h('p', null, card.text)),
      ),
    ),
    h(
      'button',
      { type: 'button', onClick: () => setCount((value) => value + 1) },
      count === 0 ? 'Press me' : `Pressed ${count} times`,
    ),
  );
}
