import { MESSAGES, leadFormErrors } from './leadFormState';

describe('leadFormErrors', () => {
  it('puts each check’s message under its field, and a failed send’s under the form', () => {
    expect(leadFormErrors(MESSAGES.badEmail)).toEqual({ fields: { email: MESSAGES.badEmail }, form: null });
    expect(leadFormErrors(MESSAGES.noChallenge)).toEqual({
      fields: { challenge: MESSAGES.noChallenge },
      form: null,
    });
    expect(leadFormErrors(MESSAGES.submitFailed)).toEqual({ fields: {}, form: MESSAGES.submitFailed });
    expect(leadFormErrors(null)).toEqual({ fields: {}, form: null });
  });
});
