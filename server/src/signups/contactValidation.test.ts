import { validateChallengeRequest, validateSignup } from './contactValidation';

describe('sign-up validation', () => {
  it('accepts an email, trims it and defaults the source to signup', () => {
    expect(validateSignup({ email: '  ada@example.com ' })).toEqual({
      ok: true,
      value: { email: 'ada@example.com', source: 'signup', pageUri: '' },
    });
  });

  it('names the field and says what is wrong', () => {
    const missing = validateSignup({});
    expect(missing).toMatchObject({ ok: false, fieldErrors: { email: 'Please enter your email address.' } });
    const bad = validateSignup({ email: 'ada@example' });
    expect(bad).toMatchObject({ ok: false, fieldErrors: { email: 'Please enter a valid email address.' } });
    expect(validateSignup({ email: 'a@b.co', source: 'admin' })).toMatchObject({
      ok: false,
      fieldErrors: { source: 'source must be one of: login, signup.' },
    });
    expect(validateSignup({ email: 42 })).toMatchObject({ ok: false });
  });

  it('refuses a body that is not an object', () => {
    expect(validateSignup(['a@b.co'])).toMatchObject({
      ok: false,
      message: 'The request body must be a JSON object.',
    });
    expect(validateSignup(null)).toMatchObject({ ok: false });
  });
});

describe('challenge request validation', () => {
  const good = {
    email: 'cto@acme.io',
    company: 'Acme',
    challengeDescription: 'Our nightly ETL takes nine hours; we need it under one.',
  };

  it('accepts a complete request', () => {
    expect(validateChallengeRequest(good)).toEqual({ ok: true, value: { ...good, pageUri: '' } });
  });

  it('reports every bad field at once', () => {
    const result = validateChallengeRequest({ email: 'nope', company: ' ', challengeDescription: 'short' });
    expect(result).toMatchObject({
      ok: false,
      fieldErrors: {
        email: 'Please enter a valid email address.',
        company: 'Please enter your company name.',
        challengeDescription: 'Please describe your challenge in at least 20 characters.',
      },
    });
  });

  it('limits the sizes of company and description', () => {
    expect(validateChallengeRequest({ ...good, company: 'x'.repeat(201) })).toMatchObject({ ok: false });
    expect(validateChallengeRequest({ ...good, challengeDescription: 'x'.repeat(5001) })).toMatchObject({
      ok: false,
    });
  });
});
