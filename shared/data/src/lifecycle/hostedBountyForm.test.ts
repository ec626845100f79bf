import {
  EMPTY_HOSTED_BOUNTY,
  parseUtcInstant,
  validateHostedBounty,
  type HostedBountyFields,
} from './hostedBountyForm';

const NOW = Date.parse('2026-11-26T10:00:00Z');
const SKILLS = new Set(['TypeScript', 'React']);
const valid: HostedBountyFields = {
  ...EMPTY_HOSTED_BOUNTY,
  title: '  Make   the importer resumable ',
  description: 'The nightly import stops at the first bad row. Make it resume where it stopped.',
  skills: ['TypeScript'],
  criteria: ['Resumes after a crash\nKeeps the order of rows', ''],
  prizes: ['$1,500', '500'],
  submissionDeadline: '2026-12-20T17:00',
  payoutMethods: ['wise', 'paypal'],
  eligibleCountries: ['DE'],
};

describe('validateHostedBounty', () => {
  it('accepts a complete bounty and reads the deadline as UTC, judging 14 days after by default', () => {
    const result = validateHostedBounty(valid, SKILLS, NOW);
    expect(result).toEqual({
      ok: true,
      value: expect.objectContaining({
        title: 'Make the importer resumable',
        criteria: ['Resumes after a crash', 'Keeps the order of rows'],
        prizes: [1500, 500],
        submissionDeadline: '2026-12-20T17:00:00.000Z',
        judgingDeadline: '2027-01-03T17:00:00.000Z',
        paymentDueDays: 14,
        unclaimed: 'returned',
      }),
    });
  });

  it('names every problem of an empty form', () => {
    const result = validateHostedBounty({ ...EMPTY_HOSTED_BOUNTY, unclaimed: '' }, SKILLS, NOW);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors).sort()).toEqual(
      [
        'criteria',
        'description',
        'payoutMethods',
        'prizes',
        'submissionDeadline',
        'title',
        'unclaimed',
      ].sort(),
    );
  });

  it.each([
    [{ prizes: ['100', '-5'] }, 'prizes', 'Each prize is a whole number of US dollars.'],
    [{ prizes: ['0'] }, 'prizes', 'Each prize is between $1 and $1,000,000.'],
    [{ prizes: Array(11).fill('10') }, 'prizes', 'A bounty has at most 10 prize slots.'],
    [{ criteria: Array(11).fill('Works') }, 'criteria', 'List at most 10 acceptance criteria.'],
    [
      { submissionDeadline: '2026-11-26T12:00' },
      'submissionDeadline',
      'The submission deadline must be at least 24 hours from now.',
    ],
    [
      { submissionDeadline: 'next friday' },
      'submissionDeadline',
      'Enter the submission deadline as a date and time in UTC.',
    ],
    [{ judgingDays: '0' }, 'judgingDays', 'Judging takes 1 to 60 whole days after the deadline.'],
    [{ skills: ['COBOL'] }, 'skills', 'Choose skills from the list: they are the skills bounties ask for.'],
    [{ eligibleCountries: ['XX'] }, 'eligibleCountries', 'Choose countries from the list.'],
    [{ payoutMethods: ['cash'] }, 'payoutMethods', 'Choose payout methods from the list.'],
    [{ domain: 'Cooking' }, 'domain', 'Domain must be Software, AI/ML or Engineering.'],
    [{ description: 'x'.repeat(20_001) }, 'description', 'Keep the description to 20,000 characters.'],
  ])('refuses %j', (change, field, message) => {
    const result = validateHostedBounty({ ...valid, ...change }, SKILLS, NOW);
    expect(result).toEqual({ ok: false, errors: { [field]: message } });
  });
});

describe('parseUtcInstant', () => {
  it('reads a zoneless time as UTC and honours an explicit zone', () => {
    expect(parseUtcInstant('2026-12-01T09:30')).toBe(Date.parse('2026-12-01T09:30:00Z'));
    expect(parseUtcInstant('2026-12-01T09:30:00+02:00')).toBe(Date.parse('2026-12-01T07:30:00Z'));
    expect(parseUtcInstant('2026-13-45T99:99')).toBeNull();
    expect(parseUtcInstant('1733045400000')).toBeNull();
  });
});
