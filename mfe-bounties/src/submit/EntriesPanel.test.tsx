import { cleanup, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@side-quest/data/query';
import { ThemeProvider } from 'styled-components';
import { theme } from '@side-quest/design';
import { MemoryRouter } from '@side-quest/design/memory-router';
import { createQueryClient } from '@side-quest/data';
import {
  ENTRY_FORM_RETURN_KEY,
  entriesKey,
  type EntriesPageData,
  type EntryFormReturn,
} from '@side-quest/data/lifecycle';
import { EntriesPanel } from './EntriesPanel';

const data = (overrides: Partial<EntriesPageData> = {}): EntriesPageData => ({
  bountyId: 'sq-1',
  title: 'Late parcels',
  setup: {
    metric: 'roc_auc',
    metricName: 'roc_auc',
    direction: 'higher',
    publicShare: 30,
    dailyEntries: 5,
    finalEntries: 2,
    keyRows: 200,
    files: { inputs: { name: 'inputs.csv', size: 4096 }, sample: { name: 'sample.csv', size: 2048 } },
    licence: 'CC BY 4.0',
  },
  submissionDeadline: '2026-12-01T00:00:00.000Z',
  open: true,
  hasSubmission: true,
  usedToday: 2,
  nextEntryAt: null,
  waiting: false,
  keyPublished: false,
  entries: [
    {
      id: 'e1',
      fileName: 'first.csv',
      status: 'invalid',
      publicScore: null,
      problems: ['Line 3: the id "p1" appears twice.'],
      final: false,
      createdAt: '2026-11-30T10:00:00.000Z',
      scoredAt: '2026-11-30T10:00:01.000Z',
    },
    {
      id: 'e2',
      fileName: 'second.csv',
      status: 'scored',
      publicScore: 0.8123456,
      problems: [],
      final: true,
      createdAt: '2026-11-30T11:00:00.000Z',
      scoredAt: '2026-11-30T11:00:01.000Z',
    },
  ],
  ...overrides,
});

function renderPanel(page: EntriesPageData, returned?: EntryFormReturn) {
  const client = createQueryClient();
  client.setQueryData(entriesKey('sq-1'), page);
  if (returned) client.setQueryData(ENTRY_FORM_RETURN_KEY, returned);
  return render(
    <QueryClientProvider client={client}>
      <ThemeProvider theme={theme}>
        <MemoryRouter>
          <EntriesPanel bountyId="sq-1" />
        </MemoryRouter>
      </ThemeProvider>
    </QueryClientProvider>,
  );
}

describe('EntriesPanel', () => {
  it('lists the files to download, the entry form, each public score and the problems of a wrong file', () => {
    const { container } = renderPanel(data());
    expect(screen.getByRole('link', { name: 'Download inputs.csv' }).getAttribute('href')).toBe(
      '/api/lifecycle/bounties/sq-1/files/inputs',
    );
    const form = container.querySelector('form[action="/submit/sq-1/entries"]');
    expect(form?.getAttribute('enctype')).toBe('multipart/form-data');
    expect(screen.getByText('0.81235')).toBeTruthy();
    expect(screen.getByText('Line 3: the id "p1" appears twice.')).toBeTruthy();
    expect((screen.getByRole('checkbox') as HTMLInputElement).checked).toBe(true);
    expect(container.textContent).not.toMatch(/private score/i);
  });

  it('says when the next entry is allowed once today’s are used, and shows a refused upload’s problems', () => {
    const { container } = renderPanel(data({ usedToday: 5, nextEntryAt: '2026-12-01T00:00:00.000Z' }), {
      message: 'The entry must be a CSV file.',
      problems: [],
    });
    expect(container.querySelector('form[action="/submit/sq-1/entries"]')).toBeNull();
    expect(screen.getByText(/You have sent today’s 5 entries/)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('The entry must be a CSV file.');
  });

  it('refreshes the page without JavaScript while an entry waits', () => {
    const { container } = renderPanel(data({ waiting: true }));
    // To a URL other than the one shown: a refresh to the same URL with #entries would not reload.
    expect(container.querySelector('noscript')?.innerHTML).toContain('content="5; url=/?waiting=1#entries"');
  });

  it('links to the answer key once the team publishes it, and not before', () => {
    renderPanel(data());
    expect(screen.queryByRole('link', { name: 'Download the answer key' })).toBeNull();
    cleanup();
    renderPanel(data({ open: false, keyPublished: true }));
    expect(screen.getByRole('link', { name: 'Download the answer key' }).getAttribute('href')).toBe(
      '/api/lifecycle/bounties/sq-1/files/key',
    );
  });

  it('shows nothing for a bounty that is not scored', () => {
    const client = createQueryClient();
    client.setQueryData(entriesKey('sq-1'), null);
    const { container } = render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <EntriesPanel bountyId="sq-1" />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(container.innerHTML).toBe('');
  });
});
