import { eligibilityProblem, validateSubmission, webLink } from './submissionForm';

const fields = {
  repository: 'https://git.example/me/importer',
  document: '',
  video: '',
  writeUp: 'A checkpoint table records the last row; a restart reads it.',
  answers: ['Kill -9 test resumes', 'Rows keep their order (test)'],
};

describe('validateSubmission', () => {
  it('accepts links, a write-up and one answer per criterion', () => {
    expect(validateSubmission(fields, 2)).toEqual({
      ok: true,
      value: {
        links: { repository: 'https://git.example/me/importer' },
        writeUp: fields.writeUp,
        answers: fields.answers,
      },
    });
  });

  it('refuses a missing answer, a script link and a submission without links', () => {
    expect(validateSubmission({ ...fields, answers: ['only one'] }, 2)).toEqual({
      ok: false,
      errors: { answers: 'Answer every acceptance criterion: say how your solution meets it.' },
    });
    expect(validateSubmission({ ...fields, video: 'javascript:alert(1)' }, 2)).toEqual({
      ok: false,
      errors: { video: 'Video must be a web address starting with https://.' },
    });
    expect(validateSubmission({ ...fields, repository: '' }, 2)).toEqual({
      ok: false,
      errors: { links: 'Add at least one link to your work: a repository, a document or a video.' },
    });
    expect(validateSubmission({ ...fields, answers: ['a', 'b', 'c'] }, 2).ok).toBe(false);
  });

  it('only links http and https', () => {
    expect(webLink('data:text/html,hi')).toBeNull();
    expect(webLink('http://example.org/a b')).toBe('http://example.org/a%20b');
  });
});

describe('eligibilityProblem', () => {
  const terms = { eligibleCountries: ['DE', 'FR'], payoutMethods: ['wise' as const] };
  it('lets an eligible person through', () => {
    expect(
      eligibilityProblem(terms, { country: 'DE', payoutMethod: 'wise', recentMember: false }),
    ).toBeNull();
    expect(
      eligibilityProblem(
        { ...terms, eligibleCountries: [] },
        { country: null, payoutMethod: 'wise', recentMember: false },
      ),
    ).toBeNull();
  });

  it('says why before any work starts', () => {
    expect(eligibilityProblem(terms, { country: 'US', payoutMethod: 'wise', recentMember: false })).toBe(
      'This bounty is open to people in Germany, France only.',
    );
    expect(eligibilityProblem(terms, { country: 'DE', payoutMethod: 'paypal', recentMember: false })).toBe(
      'The sponsor pays by Wise; your profile says PayPal.',
    );
    expect(eligibilityProblem(terms, { country: 'DE', payoutMethod: null, recentMember: false })).toMatch(
      /profile first/,
    );
    expect(eligibilityProblem(terms, { country: 'DE', payoutMethod: 'wise', recentMember: true })).toMatch(
      /last 90 days/,
    );
  });
});
