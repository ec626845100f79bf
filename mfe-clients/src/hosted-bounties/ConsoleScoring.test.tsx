import { screen } from '@testing-library/react';
import {
  SCORING_FORM_RETURN_KEY,
  type ScoringFormReturn,
  type TeamScoringData,
} from '@side-quest/data/lifecycle';
import { ScoringPanel } from './ConsoleScoring';
import { renderWithProviders } from '../testing/renderPage';
import { scoringQueries } from './scoringTesting';

const withSetup: TeamScoringData = {
  bountyId: 'sq-1',
  state: 'open',
  editable: false,
  mayEdit: true,
  setup: {
    metric: 'rmse',
    publicShare: 30,
    dailyEntries: 5,
    finalEntries: 2,
    keyRows: 200,
    keyName: 'key.csv',
    keySize: 2000,
    files: { inputs: { name: 'inputs.csv', size: 100 } },
    licence: 'CC BY 4.0',
  },
  entries: [
    {
      id: 'e1',
      submissionId: 's1',
      authorId: 'u1',
      fileName: 'e.csv',
      status: 'scored',
      publicScore: 1.5,
      privateScore: 1.75,
      createdAt: '2026-11-30T10:00:00.000Z',
    },
  ],
  reviews: [],
  finalBoard: null,
  keyPublishedAt: null,
  mayPublishKey: false,
};

function renderPanel(data: TeamScoringData, returned?: ScoringFormReturn) {
  const queries = scoringQueries(data, returned && [SCORING_FORM_RETURN_KEY, returned]);
  return renderWithProviders(<ScoringPanel slug="acme" bountyId="sq-1" />, { queries });
}

describe('ScoringPanel', () => {
  it('shows the team its key, files and both scores of each entry; frozen, no form', () => {
    const { container } = renderPanel(withSetup);
    expect(screen.getByRole('link', { name: 'Download key.csv' }).getAttribute('href')).toBe(
      '/api/lifecycle/bounties/sq-1/files/key',
    );
    expect(screen.getByText('Public 1.5 · private 1.75')).toBeTruthy();
    expect(container.querySelector('form')).toBeNull();
  });

  it('offers the multipart form while editable, sent back with its problems and what was typed', () => {
    const { container } = renderPanel(
      { ...withSetup, setup: null, entries: [], editable: true, state: 'draft' },
      {
        values: { metric: 'mae', publicShare: '45', dailyEntries: '3', finalEntries: '1', licence: 'Typed' },
        message: 'The answer key has problems. Nothing was saved.',
        problems: ['Answer key: Line 7: the id "a" appears twice.'],
      },
    );
    const form = container.querySelector('form[action="/sponsor/acme/bounties/sq-1/scoring"]');
    expect(form?.getAttribute('enctype')).toBe('multipart/form-data');
    expect(screen.getByRole('alert').textContent).toContain('Line 7');
    expect((screen.getByLabelText('Licence of the data') as HTMLInputElement).value).toBe('Typed');
    expect((screen.getByLabelText('Public share of the rows (%)') as HTMLInputElement).value).toBe('45');
    expect((screen.getByLabelText('Metric') as HTMLSelectElement).value).toBe('mae');
  });
});
