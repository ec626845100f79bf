import { rangeHint, setupFormValues } from './SetupFieldParts';

describe('rangeHint', () => {
  it('says the range, its unit and the default', () => {
    expect(rangeHint({ min: 10, max: 600, default: 120 }, ' seconds')).toBe(
      '10–600 seconds; 120 by default.',
    );
    expect(rangeHint({ min: 1, max: 20, default: 5 }, '')).toBe('1–20; 5 by default.');
  });
});

describe('setupFormValues', () => {
  const defaults = { runtime: '', wallSeconds: '120', licence: '' };

  it('gives a saved setup’s fields as text, only those the form has', () => {
    const saved = { runtime: 'node20', wallSeconds: 300, licence: 'MIT', publicTestCount: 4 };
    expect(setupFormValues(saved, defaults)).toEqual({
      runtime: 'node20',
      wallSeconds: '300',
      licence: 'MIT',
    });
  });

  it('gives the defaults when no setup is saved', () => {
    expect(setupFormValues(null, defaults)).toEqual(defaults);
  });
});
