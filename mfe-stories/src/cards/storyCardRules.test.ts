import {
  cardImageUrl,
  formatProvenSkills,
  formatPublishedDate,
  provedCompetenceLine,
} from './storyCardRules';

describe('cardImageUrl', () => {
  it('prefers the thumbnail', () => {
    expect(cardImageUrl({ thumbnailUrl: '/t.svg', authorImageUrl: '/a.svg' })).toBe('/t.svg');
  });
  it('falls back to the author image when there is no thumbnail', () => {
    expect(cardImageUrl({ thumbnailUrl: '', authorImageUrl: '/a.svg' })).toBe('/a.svg');
    expect(cardImageUrl({ thumbnailUrl: '  ', authorImageUrl: '/a.svg' })).toBe('/a.svg');
    expect(cardImageUrl({ authorImageUrl: '/a.svg' })).toBe('/a.svg');
  });
  it('is undefined when neither exists', () => {
    expect(cardImageUrl({})).toBeUndefined();
  });
});

describe('provedCompetenceLine', () => {
  it("reads 'Proved competence in {skills}' with tidy commas", () => {
    expect(provedCompetenceLine('Rust,  Testing ,,SQL')).toBe('Proved competence in Rust, Testing, SQL');
    expect(formatProvenSkills('Python')).toBe('Python');
  });
});

describe('formatPublishedDate', () => {
  it('writes the ISO date out in words, independent of the time zone', () => {
    expect(formatPublishedDate('2025-03-14')).toBe('March 14, 2025');
  });
  it('is empty for an unreadable date', () => {
    expect(formatPublishedDate('soon')).toBe('');
  });
});
