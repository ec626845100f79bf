import { validateProfile, type ProfileFields } from './profile';

const skills = new Set(['Rust', 'TypeScript', 'Figma']);
const fields = (overrides: Partial<ProfileFields> = {}): ProfileFields => ({
  name: 'Ada Lovelace',
  handle: 'ada',
  skills: ['Rust'],
  country: 'GB',
  payoutMethod: 'wise',
  profilePublic: false,
  showEarnings: false,
  ...overrides,
});

describe('validateProfile', () => {
  it('accepts a complete profile, tidying spaces and the handle case', () => {
    expect(validateProfile(fields({ name: '  Ada   Lovelace ', handle: 'Ada-L' }), skills)).toEqual({
      ok: true,
      value: {
        name: 'Ada Lovelace',
        handle: 'ada-l',
        skills: ['Rust'],
        country: 'GB',
        payoutMethod: 'wise',
        profilePublic: false,
        showEarnings: false,
      },
    });
  });

  it('lets handle, skills, country and payout method stay empty', () => {
    const result = validateProfile(fields({ handle: '', skills: [], country: '', payoutMethod: '' }), skills);
    expect(result).toEqual({
      ok: true,
      value: {
        name: 'Ada Lovelace',
        handle: null,
        skills: [],
        country: null,
        payoutMethod: null,
        profilePublic: false,
        showEarnings: false,
      },
    });
  });

  it('says what is wrong with each field', () => {
    const result = validateProfile(
      {
        name: ' ',
        handle: 'a--b',
        skills: ['Cobol'],
        country: 'XX',
        payoutMethod: 'iban:DE89',
        profilePublic: false,
        showEarnings: false,
      },
      skills,
    );
    expect(result).toEqual({
      ok: false,
      errors: {
        name: 'Enter the name people should see.',
        handle: 'Use lowercase letters, digits and single dashes between them.',
        skills: 'Choose skills from the list: they are the skills bounties ask for.',
        country: 'Choose a country from the list.',
        payoutMethod: 'Choose a payout method from the list.',
      },
    });
  });

  it.each([
    ['ab', 'A handle has 3 to 30 characters.'],
    ['-ada', 'Use lowercase letters, digits and single dashes between them.'],
    ['ada-', 'Use lowercase letters, digits and single dashes between them.'],
    ['staff', 'That handle is reserved. Choose another.'],
  ])('refuses the handle %s', (handle, message) => {
    expect(validateProfile(fields({ handle }), skills)).toEqual({ ok: false, errors: { handle: message } });
  });

  it('makes a profile public, with earnings shown, only with a handle', () => {
    expect(validateProfile(fields({ profilePublic: true, showEarnings: true }), skills)).toMatchObject({
      ok: true,
      value: { handle: 'ada', profilePublic: true, showEarnings: true },
    });
    expect(validateProfile(fields({ handle: ' ', profilePublic: true }), skills)).toEqual({
      ok: false,
      errors: { profilePublic: 'Choose a handle to make your profile public: it names your page.' },
    });
    // Earnings shown on a private profile show nowhere: saved as chosen, for when it goes public.
    expect(validateProfile(fields({ handle: '', showEarnings: true }), skills)).toMatchObject({ ok: true });
  });

  it('refuses a name over 80 characters', () => {
    expect(validateProfile(fields({ name: 'x'.repeat(81) }), skills)).toMatchObject({ ok: false });
  });
});
