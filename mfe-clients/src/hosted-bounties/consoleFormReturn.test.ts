import type { ConsoleFormReturn } from '@side-quest/data/lifecycle';
import { returnedValues } from './consoleFormReturn';

const review: ConsoleFormReturn = {
  form: 'review',
  target: 'sub-1',
  error: 'Scores are whole numbers from 0 to 10.',
  values: { label: 'shortlist', scores: ['7', '11'], notes: 'Fast' },
};

describe('returnedValues', () => {
  it('gives what was typed, as a list, to the form that came back only', () => {
    expect(returnedValues(review, 'review', 'sub-1', 'scores')).toEqual(['7', '11']);
    expect(returnedValues(review, 'review', 'sub-1', 'notes')).toEqual(['Fast']);
    expect(returnedValues(review, 'review', 'sub-1', 'missing')).toBeUndefined();
  });

  it('gives nothing to another form, another submission, or when no form came back', () => {
    expect(returnedValues(review, 'reject', 'sub-1', 'notes')).toBeUndefined();
    expect(returnedValues(review, 'review', 'sub-2', 'notes')).toBeUndefined();
    expect(returnedValues(null, 'review', 'sub-1', 'notes')).toBeUndefined();
  });
});
