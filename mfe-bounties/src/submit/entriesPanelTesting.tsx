import { createQueryClient } from '@side-quest/data';
import {
  ENTRY_FORM_RETURN_KEY,
  entriesKey,
  type EntriesPageData,
  type EntryFormReturn,
} from '@side-quest/data/lifecycle';
import { renderPage } from '../testing/render';
import { EntriesPanel } from './EntriesPanel';

/** The entries panel of bounty sq-1, its data (and a form sent back) in the cache as the server puts them. */
export function renderEntriesPanel(data: EntriesPageData, returned?: EntryFormReturn) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(entriesKey('sq-1'), data);
  if (returned) queryClient.setQueryData(ENTRY_FORM_RETURN_KEY, returned);
  return renderPage(<EntriesPanel bountyId="sq-1" />, { queryClient });
}

/** Answer-key bounty sq-1's entries page: open, two entries (one a wrong file); tests override the rest. */
export const entriesPage = (overrides: Partial<EntriesPageData> = {}): EntriesPageData => ({
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
