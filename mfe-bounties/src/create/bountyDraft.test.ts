import { EMPTY_DRAFT, toBountyDraft, validateBountyDraft } from './bountyDraft';

const valid = {
  title: 'Speed up the parser',
  company: 'Ferris Inc',
  description: 'Make it twice as fast.',
  bountyAmount: '1500',
  deadline: '14',
  domain: 'Software',
};

describe('create-bounty validation', () => {
  it('accepts a complete draft', () => {
    expect(validateBountyDraft(valid)).toEqual({});
    expect(toBountyDraft({ ...valid, title: '  Speed up  ' })).toEqual({
      title: 'Speed up',
      company: 'Ferris Inc',
      description: 'Make it twice as fast.',
      bountyAmount: 1500,
      deadline: 14,
      domain: 'Software',
    });
  });

  it('defaults the domain to Software', () => {
    expect(EMPTY_DRAFT.domain).toBe('Software');
  });

  it('requires every field', () => {
    expect(validateBountyDraft({ ...EMPTY_DRAFT, domain: '' })).toEqual({
      title: 'Title is required.',
      company: 'Company is required.',
      description: 'Description is required.',
      bountyAmount: 'Bounty amount is required.',
      deadline: 'Deadline is required.',
      domain: 'Domain is required.',
    });
    expect(validateBountyDraft({ ...valid, title: '   ' })).toEqual({ title: 'Title is required.' });
  });

  it('accepts a bounty amount of 0 or more, nothing below or non-numeric', () => {
    expect(validateBountyDraft({ ...valid, bountyAmount: '0' })).toEqual({});
    expect(validateBountyDraft({ ...valid, bountyAmount: '99.50' })).toEqual({});
    expect(validateBountyDraft({ ...valid, bountyAmount: '-1' }).bountyAmount).toBe(
      'Bounty amount must be at least 0.',
    );
    expect(validateBountyDraft({ ...valid, bountyAmount: 'lots' }).bountyAmount).toBe(
      'Bounty amount must be a number.',
    );
    expect(validateBountyDraft({ ...valid, bountyAmount: '1e3' }).bountyAmount).toBe(
      'Bounty amount must be a number.',
    );
  });

  it('needs a deadline of at least 1 whole day', () => {
    expect(validateBountyDraft({ ...valid, deadline: '1' })).toEqual({});
    expect(validateBountyDraft({ ...valid, deadline: '0' }).deadline).toBe(
      'Deadline must be at least 1 day.',
    );
    expect(validateBountyDraft({ ...valid, deadline: '-3' }).deadline).toBe(
      'Deadline must be at least 1 day.',
    );
    expect(validateBountyDraft({ ...valid, deadline: '2.5' }).deadline).toBe(
      'Deadline must be a whole number of days.',
    );
    expect(validateBountyDraft({ ...valid, deadline: 'soon' }).deadline).toBe(
      'Deadline must be a number of days.',
    );
  });

  it('allows only the three domains', () => {
    expect(validateBountyDraft({ ...valid, domain: 'AI/ML' })).toEqual({});
    expect(validateBountyDraft({ ...valid, domain: 'Engineering' })).toEqual({});
    expect(validateBountyDraft({ ...valid, domain: 'Marketing' }).domain).toBe(
      'Domain must be Software, AI/ML or Engineering.',
    );
  });

  it('limits lengths the way the server does', () => {
    expect(validateBountyDraft({ ...valid, title: 'x'.repeat(201) }).title).toBe(
      'Title must be at most 200 characters.',
    );
  });
});
