import { screen } from '@testing-library/react';
import { expectFieldMessage } from '@side-quest/design/field-errors/testing';
import { entriesKey, SUBMIT_FORM_RETURN_KEY, submitPageKey } from '@side-quest/data/lifecycle';
import type { SubmitFormReturn, SubmitPageData } from '@side-quest/data/lifecycle';
import { createQueryClient } from '@side-quest/data';
import { renderPage } from '../testing/render';
import SubmitSolutionPage from './SubmitSolutionPage';

const PAGE: SubmitPageData = {
  bounty: {
    id: 'sq-1',
    title: 'Resume the nightly import',
    sponsorName: 'Acme Lab',
    criteria: ['Resumes after a crash', 'Keeps the order of rows'],
    submissionDeadline: '2026-12-24T12:00:00.000Z',
    open: true,
  },
  eligibility: null,
  existing: null,
};

/** The page as the server renders a refused post (422): what was typed and each field's message. */
function renderRefused(returned: SubmitFormReturn) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(submitPageKey('sq-1'), PAGE);
  queryClient.setQueryData(entriesKey('sq-1'), null);
  queryClient.setQueryData(SUBMIT_FORM_RETURN_KEY, returned);
  return renderPage(<SubmitSolutionPage />, { route: '/submit/sq-1', path: '/submit/:id', queryClient });
}

describe('SubmitSolutionPage, sent back invalid', () => {
  it('shows each field’s message under it, announced and read with the field', () => {
    renderRefused({
      values: {
        repository: 'git.example/ada',
        document: '',
        video: '',
        writeUp: 'Too short',
        answers: ['', ''],
      },
      errors: {
        repository: 'Repository must be a web address starting with https://.',
        writeUp: 'Write at least 20 characters about your solution.',
        answers: 'Answer every acceptance criterion: say how your solution meets it.',
      },
    });
    expect(screen.getByLabelText('Repository link')).toHaveValue('git.example/ada');
    expectFieldMessage(
      screen.getByLabelText('Repository link'),
      'Repository must be a web address starting with https://.',
    );
    expectFieldMessage(
      screen.getByLabelText('Write-up (markdown)'),
      'Write at least 20 characters about your solution.',
    );
    for (const criterion of PAGE.bounty.criteria)
      expectFieldMessage(
        screen.getByLabelText(criterion),
        'Answer every acceptance criterion: say how your solution meets it.',
      );
    expect(screen.getByLabelText('Document link')).not.toHaveAttribute('aria-invalid');
    expect(screen.getAllByRole('alert')).toHaveLength(3);
  });

  it('reads a missing link’s message with each link field', () => {
    renderRefused({
      values: {
        repository: '',
        document: '',
        video: '',
        writeUp: 'A checkpoint per batch of rows.',
        answers: ['Yes', 'Yes'],
      },
      errors: { links: 'Add at least one link to your work: a repository, a document or a video.' },
    });
    for (const label of ['Repository link', 'Document link', 'Video link'])
      expectFieldMessage(
        screen.getByLabelText(label),
        'Add at least one link to your work: a repository, a document or a video.',
      );
    expect(screen.getByLabelText('Write-up (markdown)')).not.toHaveAttribute('aria-invalid');
  });
});
