import { validateLead } from './leadValidation';

const lead = {
  email: ' ada@example.org ',
  challengeType: 'hiring',
  challengeDescription: ' Unsure if a senior hire can really ship ',
  costImpact: '$100K',
  pageUri: 'http://localhost:3000/for-clients',
  pageName: 'For Clients | Side Quest',
};

describe('validateLead', () => {
  it('accepts a complete lead and trims its text', () => {
    expect(validateLead(lead)).toEqual({
      ok: true,
      value: {
        ...lead,
        email: 'ada@example.org',
        challengeDescription: 'Unsure if a senior hire can really ship',
      },
    });
  });

  it('ignores unknown extra fields instead of storing them', () => {
    const result = validateLead({ ...lead, admin: true });
    expect(result.ok && Object.keys(result.value)).toEqual([
      'email',
      'challengeType',
      'challengeDescription',
      'costImpact',
      'pageUri',
      'pageName',
    ]);
  });

  it.each([null, 3, 'text', [], undefined])('rejects a body that is not an object: %p', (body) => {
    expect(validateLead(body)).toEqual({ ok: false, message: 'The request body must be a JSON object.' });
  });

  it.each(['a@b', '@b.co', 'a b@c.de', 'a@b.c@'])('rejects the email %p', (email) => {
    expect(validateLead({ ...lead, email }).ok).toBe(false);
  });

  it('rejects a missing field by name', () => {
    const { pageName: _omitted, ...rest } = lead;
    expect(validateLead(rest)).toEqual({
      ok: false,
      message: 'pageName is required and must be a string.',
      fieldErrors: { pageName: 'pageName is required and must be a string.' },
    });
  });

  it('rejects unpaired surrogates but keeps emoji and accents', () => {
    expect(validateLead({ ...lead, pageName: 'x\ud800y' })).toEqual({
      ok: false,
      message: 'pageName is not well-formed Unicode text.',
      fieldErrors: { pageName: 'pageName is not well-formed Unicode text.' },
    });
    expect(validateLead({ ...lead, challengeDescription: 'Résumé 🚀 screening' }).ok).toBe(true);
  });

  it('accepts an empty costImpact and pageName but not an ftp pageUri', () => {
    expect(validateLead({ ...lead, costImpact: '', pageName: '' }).ok).toBe(true);
    expect(validateLead({ ...lead, pageUri: 'ftp://example.com/x' }).ok).toBe(false);
  });
});
