import { rewardSuggestionText } from './rewardSuggestionText';

const suggestion = { domain: 'Software', skills: ['Python'] };

describe('rewardSuggestionText', () => {
  it('gives the quartiles and how many bounties they come from', () => {
    expect(rewardSuggestionText({ ...suggestion, comparable: 7, p25: 1500, p50: 2250, p75: 12000 })).toEqual({
      figures: [
        { label: '25th percentile', value: '$1,500' },
        { label: 'Median', value: '$2,250' },
        { label: '75th percentile', value: '$12,000' },
      ],
      note: 'What 7 comparable bounties (same area, a shared skill) awarded in all.',
    });
  });

  it('says "not enough data" below 5 comparable bounties, with their count', () => {
    expect(rewardSuggestionText({ ...suggestion, comparable: 1, p25: null, p50: null, p75: null })).toEqual({
      figures: null,
      note: 'Not enough data: 1 comparable bounty so far, and a suggestion needs at least 5.',
    });
  });
});
