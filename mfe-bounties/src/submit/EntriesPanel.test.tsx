import { cleanup, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@side-quest/data/query';
import { MemoryRouter } from '@side-quest/design/memory-router';
import { createQueryClient } from '@side-quest/data';
import { entriesKey } from '@side-quest/data/lifecycle';
import { EntriesPanel } from './EntriesPanel';
import { entriesPage, renderEntriesPanel } from './entriesPanelTesting';

const data = entriesPage;

describe('EntriesPanel', () => {
  it('lists the files to download, the entry form, each public score and the problems of a wrong file', () => {
    const { container } = renderEntriesPanel(data());
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
    const { container } = renderEntriesPanel(
      data({ usedToday: 5, nextEntryAt: '2026-12-01T00:00:00.000Z' }),
      {
        message: 'The entry must be a CSV file.',
        problems: [],
      },
    );
    expect(container.querySelector('form[action="/submit/sq-1/entries"]')).toBeNull();
    expect(screen.getByText(/You have sent today’s 5 entries/)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('The entry must be a CSV file.');
  });

  it('refreshes the page without JavaScript while an entry waits', () => {
    const { container } = renderEntriesPanel(data({ waiting: true }));
    // To a URL other than the one shown: a refresh to the same URL with #entries would not reload.
    expect(container.querySelector('noscript')?.innerHTML).toContain('content="5; url=/?waiting=1#entries"');
  });

  it('links to the answer key once the team publishes it, and not before', () => {
    renderEntriesPanel(data());
    expect(screen.queryByRole('link', { name: 'Download the answer key' })).toBeNull();
    cleanup();
    renderEntriesPanel(data({ open: false, keyPublished: true }));
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
