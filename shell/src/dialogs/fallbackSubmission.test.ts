import {
  SUBMIT_FAILED_MESSAGE,
  fallbackPayload,
  submitFallback,
  validateFallback,
} from './fallbackSubmission';

const empty = { email: '', company: '', challengeDescription: '' };

function respond(status: number, body: unknown): typeof fetch {
  // jsdom has no Response; the code under test reads only ok, status and json().
  return jest.fn(async () => ({
    ok: status >= 200 && status < 300,
    status,
    json: async () => body,
  })) as unknown as typeof fetch;
}

describe('fallback form rules', () => {
  it('asks for an email and checks its shape', () => {
    expect(validateFallback('signup', empty)).toEqual({ email: 'Please enter your email address.' });
    expect(validateFallback('signup', { ...empty, email: 'ada@' })).toEqual({
      email: 'Please enter a valid email address.',
    });
    expect(validateFallback('signup', { ...empty, email: ' ada@example.com ' })).toEqual({});
  });

  it('asks a challenge for a company and a description of at least 20 characters', () => {
    expect(
      validateFallback('challenge', { ...empty, email: 'a@b.co', challengeDescription: 'too short' }),
    ).toEqual({
      company: 'Please enter your company name.',
      challengeDescription: 'Please describe your challenge in at least 20 characters.',
    });
  });

  it('builds the payload each endpoint expects', () => {
    const values = {
      email: ' a@b.co ',
      company: ' Acme ',
      challengeDescription: ' Make builds faster please ',
    };
    expect(fallbackPayload('signup', values, 'login', 'http://x/')).toEqual({
      email: 'a@b.co',
      source: 'login',
      pageUri: 'http://x/',
    });
    expect(fallbackPayload('challenge', values, 'signup', 'http://x/')).toEqual({
      email: 'a@b.co',
      company: 'Acme',
      challengeDescription: 'Make builds faster please',
      pageUri: 'http://x/',
    });
  });
});

describe('submitFallback', () => {
  it('posts JSON to the endpoint and reports success only for success true', async () => {
    const fetcher = respond(201, { success: true, message: 'Saved' });
    await expect(submitFallback('signup', { email: 'a@b.co' }, fetcher)).resolves.toEqual({
      ok: true,
      message: 'Saved',
    });
    expect(fetcher).toHaveBeenCalledWith(
      '/api/signups',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ email: 'a@b.co' }) }),
    );
    await expect(submitFallback('signup', {}, respond(200, { success: false }))).resolves.toMatchObject({
      ok: false,
      message: SUBMIT_FAILED_MESSAGE,
    });
  });

  it('passes the server’s per-field messages through', async () => {
    const fetcher = respond(400, {
      success: false,
      message: 'x',
      fieldErrors: { company: 'Please enter your company name.' },
    });
    await expect(submitFallback('challenge', {}, fetcher)).resolves.toEqual({
      ok: false,
      message: SUBMIT_FAILED_MESSAGE,
      fieldErrors: { company: 'Please enter your company name.' },
    });
  });

  it('treats a network error or a server error as a failure', async () => {
    const offline = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    await expect(submitFallback('signup', {}, offline)).resolves.toMatchObject({ ok: false });
    await expect(submitFallback('signup', {}, respond(503, { success: false }))).resolves.toMatchObject({
      ok: false,
      fieldErrors: {},
    });
  });

  it('treats a 429 (rate limited) as a failure with the SPEC message; the form keeps what was typed', async () => {
    const limited = respond(429, { success: false, message: 'Too many attempts — try again in 42 seconds.' });
    await expect(
      submitFallback('challenge', { email: 'ada@example.com', company: 'Ferris' }, limited),
    ).resolves.toEqual({ ok: false, message: SUBMIT_FAILED_MESSAGE, fieldErrors: {} });
  });
});
