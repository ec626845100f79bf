import { checkedScoring, postScoringChoices } from './postScoring';

describe('the post form’s scoring choices', () => {
  it('offers tests only while a live runner offers a runtime', () => {
    expect(postScoringChoices(['node20']).map((choice) => choice.value)).toEqual(['none', 'key', 'tests']);
    expect(postScoringChoices([]).map((choice) => choice.value)).toEqual(['none', 'key']);
  });

  it('checks the choice sent back while it is offered, none otherwise', () => {
    expect(checkedScoring(null, ['node20'])).toBe('none');
    expect(checkedScoring({ scoring: 'tests' }, ['node20'])).toBe('tests');
    expect(checkedScoring({ scoring: 'key' }, [])).toBe('key');
    // The runners went away since the form was sent: tests are no longer offered.
    expect(checkedScoring({ scoring: 'tests' }, [])).toBe('none');
  });

  it('takes the kind of the setup sent back when the choice is not', () => {
    const setup = { metric: 'mae', publicShare: '40', dailyEntries: '3', finalEntries: '1', licence: 'CC0' };
    expect(checkedScoring({ setup }, [])).toBe('key');
  });
});
