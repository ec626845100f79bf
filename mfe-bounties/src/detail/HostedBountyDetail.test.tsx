import { screen } from '@testing-library/react';
import { createQueryClient, type Bounty } from '@side-quest/data';
import { BOUNTY_LIST_KEY, bountyKey } from '@side-quest/data/bounty-queries';
import type { HostedSummary } from '@side-quest/data/lifecycle';
import { makeBounty, makeBountyList } from '@side-quest/data/testing';
import BountyDetailPage from './BountyDetailPage';
import { renderPage } from '../testing/render';
import { preloadHostedTerms } from './lazyHostedTerms';

// The terms' own chunk, in before rendering, as on the server (which renders once everything loaded).
beforeAll(() => preloadHostedTerms());

const DAY = 24 * 60 * 60 * 1000;
const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();

function hosted(overrides: Partial<HostedSummary> = {}): HostedSummary {
  return {
    sponsor: { slug: 'acme', name: 'Acme', verifiedAt: '2026-10-01T00:00:00Z', logoUrl: null, record: null },
    descriptionHtml: '<p>Make the importer <strong>resumable</strong>.</p>',
    criteria: ['Resumes after a crash', 'Keeps the order'],
    prizes: [1000, 500],
    submissionDeadline: at(5),
    judgingDeadline: at(19),
    paymentDueDays: 14,
    eligibleCountries: ['DE'],
    payoutMethods: ['wise'],
    unclaimed: 'returned',
    state: 'open',
    stateReason: null,
    publishedAt: at(-3),
    announcedAt: null,
    endedAt: null,
    winners: [],
    submissions: 0,
    demo: false,
    ...overrides,
  };
}

function renderHosted(summary: HostedSummary) {
  const bounty: Bounty = {
    ...makeBounty({
      id: 'sq-1',
      item_title: 'Make the importer resumable',
      item_url: 'https://side-quest.test/bounty/sq-1',
    }),
    hosted: summary,
  };
  const queryClient = createQueryClient();
  queryClient.setQueryData(bountyKey(bounty.id), bounty);
  queryClient.setQueryData(BOUNTY_LIST_KEY, makeBountyList([bounty]));
  return renderPage(<BountyDetailPage />, { route: '/bounty/sq-1', path: '/bounty/:id', queryClient });
}

describe('a bounty hosted on Side Quest', () => {
  it('offers Submit a solution instead of APPLY_NOW, with its criteria, prizes and terms', () => {
    renderHosted(hosted());
    expect(screen.getByRole('link', { name: 'Submit a solution' })).toHaveAttribute('href', '/submit/sq-1');
    expect(screen.queryByText('APPLY_NOW')).toBeNull();
    expect(screen.getByText('resumable').tagName).toBe('STRONG');
    expect(screen.getByText('Resumes after a crash')).toBeInTheDocument();
    expect(screen.getByText('$1,000')).toBeInTheDocument();
    expect(screen.getByText('Prize money no winner earns is returned to the sponsor.')).toBeInTheDocument();
    expect(screen.getByText('Germany')).toBeInTheDocument();
    expect(screen.getByTestId('hosted-stage')).toHaveTextContent('Open');
    expect(document.querySelector('script[type="application/ld+json"]')).not.toBeNull();
  });

  it('shows Judging overdue in the danger colour and no submit button once the deadline passed', () => {
    renderHosted(hosted({ submissionDeadline: at(-20), judgingDeadline: at(-3.2) }));
    expect(screen.getByTestId('hosted-stage')).toHaveTextContent('Judging');
    expect(screen.getByTestId('overdue')).toHaveTextContent('Judging overdue by 3 days');
    expect(screen.queryByRole('link', { name: 'Submit a solution' })).toBeNull();
  });

  it('names the winners with their payment state, and publishes no job offer once paid', () => {
    renderHosted(
      hosted({
        state: 'announced',
        submissionDeadline: at(-40),
        judgingDeadline: at(-30),
        announcedAt: at(-30),
        winners: [
          {
            slot: 0,
            prize: 1000,
            handle: 'ada',
            recordedAt: at(-25),
            answer: 'received',
            answeredAt: at(-24),
            resolution: null,
            resolvedAt: null,
            submission: null,
          },
        ],
      }),
    );
    expect(screen.getByTestId('hosted-stage')).toHaveTextContent('Paid');
    expect(screen.getByText(/Paid, confirmed by the winner/)).toBeInTheDocument();
    expect(document.querySelector('script[type="application/ld+json"]')).toBeNull();
  });

  it('states the public reason of a cancellation', () => {
    renderHosted(hosted({ state: 'cancelled', stateReason: 'The client stopped the project.' }));
    expect(screen.getByRole('heading', { name: 'CANCELLED' })).toBeInTheDocument();
    expect(screen.getByText('The client stopped the project.')).toBeInTheDocument();
    expect(screen.getByTestId('hosted-stage')).toHaveTextContent('Cancelled');
  });
});
