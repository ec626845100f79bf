import { planEmbed } from './marketingEmbed';

const settings = {
  portalId: '1234567',
  signupFormId: 'aaaaaaaa-1111-2222-3333-bbbbbbbbbbbb',
  contactFormId: 'cccccccc-4444-5555-6666-dddddddddddd',
  scriptHost: 'js-eu1.hsforms.net',
};

describe('planEmbed', () => {
  it('uses the form-embed script with the sign-up form for Log In and CREATE_ACCOUNT', () => {
    for (const dialog of ['login', 'signup'] as const) {
      expect(planEmbed(dialog, settings)).toEqual({
        kind: 'form-embed',
        scriptSrc: 'https://js-eu1.hsforms.net/forms/embed/1234567.js',
        region: 'eu1',
        portalId: '1234567',
        formId: settings.signupFormId,
      });
    }
  });

  it('uses the v2 embed script with the contact form and region eu1 for the post-challenge dialog', () => {
    expect(planEmbed('contact', settings)).toEqual({
      kind: 'v2',
      scriptSrc: 'https://js-eu1.hsforms.net/forms/embed/v2.js',
      region: 'eu1',
      portalId: '1234567',
      formId: settings.contactFormId,
    });
  });

  it('falls back to the native form when an id is missing', () => {
    expect(planEmbed('login', { ...settings, portalId: '' })).toEqual({ kind: 'fallback' });
    expect(planEmbed('contact', { ...settings, contactFormId: '' })).toEqual({ kind: 'fallback' });
    expect(planEmbed('signup', null)).toEqual({ kind: 'fallback' });
  });

  it('never builds a script URL from a host or id that is not plain', () => {
    expect(planEmbed('login', { ...settings, scriptHost: 'evil.example/x?' })).toEqual({ kind: 'fallback' });
    expect(planEmbed('login', { ...settings, portalId: '1"><script>' })).toEqual({ kind: 'fallback' });
    expect(planEmbed('contact', { ...settings, contactFormId: '../../x' })).toEqual({ kind: 'fallback' });
  });
});
