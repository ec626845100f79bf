import {
  availabilityVisibleTo,
  availableFromText,
  openToWorkBadge,
  parseCalendarDate,
  validateOpenToWork,
  visibleAvailability,
  workKindsText,
  workPlacesText,
  type OpenToWork,
  type OpenToWorkFields,
} from './openToWork';

const now = Date.UTC(2026, 10, 30);
const fields = (overrides: Partial<OpenToWorkFields> = {}): OpenToWorkFields => ({
  kinds: ['full-time', 'freelance'],
  remote: true,
  countries: ['de', 'PT'],
  availableFrom: '2027-01-15',
  audience: 'verified-sponsors',
  ...overrides,
});
const context = { hasPublicProfile: true, now };

describe('validateOpenToWork', () => {
  it('keeps kinds in the list order, countries upper-cased once each, the date and the audience', () => {
    expect(validateOpenToWork(fields({ countries: ['de', 'PT', 'DE'] }), context)).toEqual({
      ok: true,
      value: {
        kinds: ['freelance', 'full-time'],
        remote: true,
        countries: ['DE', 'PT'],
        availableFrom: '2027-01-15',
        audience: 'verified-sponsors',
      },
    });
    const now_ = validateOpenToWork(fields({ availableFrom: ' ' }), context);
    expect(now_.ok && now_.value.availableFrom).toBeNull();
  });

  it('needs a public profile, a kind, somewhere to work and an audience', () => {
    const result = validateOpenToWork(fields({ kinds: [], remote: false, countries: [], audience: '' }), {
      hasPublicProfile: false,
      now,
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        profile: 'Make your profile public first (Profile, above): your availability shows on it.',
        kinds: 'Choose at least one kind of work.',
        countries: 'Choose remote, one or more countries, or both.',
        audience: 'Choose who sees that you are open to work.',
      },
    });
  });

  it('refuses unknown kinds and countries, too many countries, and bad or far dates', () => {
    const errors = (overrides: Partial<OpenToWorkFields>) => {
      const result = validateOpenToWork(fields(overrides), context);
      return result.ok ? {} : result.errors;
    };
    expect(errors({ kinds: ['internship'] }).kinds).toBe('Choose kinds of work from the list.');
    expect(errors({ countries: ['XX'] }).countries).toBe('Choose countries from the list.');
    expect(
      errors({ countries: ['DE', 'FR', 'PT', 'ES', 'IT', 'NL', 'BE', 'AT', 'PL', 'CZ', 'SE'] }).countries,
    ).toBe('Choose at most 10 countries.');
    expect(errors({ availableFrom: '2027-02-30' }).availableFrom).toBe(
      'Enter the date as year-month-day, e.g. 2027-03-01.',
    );
    expect(errors({ availableFrom: '01/03/2027' }).availableFrom).toBeDefined();
    expect(errors({ availableFrom: '2029-01-01' }).availableFrom).toBe(
      'Choose a date within the next two years.',
    );
    expect(errors({ audience: 'friends' }).audience).toBeDefined();
  });
});

describe('the audience', () => {
  const availability: OpenToWork = {
    kinds: ['freelance'],
    remote: true,
    countries: [],
    availableFrom: null,
    audience: 'verified-sponsors',
  };

  it('tells the public only what is for every visitor; verified sponsors see both', () => {
    expect(availabilityVisibleTo('everyone', 'public')).toBe(true);
    expect(availabilityVisibleTo('verified-sponsors', 'public')).toBe(false);
    expect(availabilityVisibleTo('verified-sponsors', 'verified-sponsor')).toBe(true);
    expect(availabilityVisibleTo('everyone', 'verified-sponsor')).toBe(true);
    // Deny by default: an audience the code does not know is shown to nobody.
    expect(availabilityVisibleTo('staff' as never, 'verified-sponsor')).toBe(false);
    expect(visibleAvailability(availability, 'public')).toBeNull();
    expect(visibleAvailability(availability, 'verified-sponsor')).toBe(availability);
    expect(visibleAvailability(null, 'verified-sponsor')).toBeNull();
  });

  it('says on the badge who can see it', () => {
    expect(openToWorkBadge('everyone')).toBe('Open to work');
    expect(openToWorkBadge('verified-sponsors')).toBe('Open to work · visible to verified sponsors');
  });
});

describe('the words', () => {
  it('names kinds, places and the start', () => {
    expect(workKindsText(['full-time', 'freelance'])).toBe('Freelance, Full-time');
    expect(workPlacesText({ remote: true, countries: ['DE', 'PT'] })).toBe('Remote, Germany, Portugal');
    expect(workPlacesText({ remote: false, countries: ['KE'] })).toBe('Kenya');
    expect(availableFromText(null, now)).toBe('now');
    expect(availableFromText('2026-01-01', now)).toBe('now');
    expect(availableFromText('2027-03-01', now)).toBe('from March 1, 2027');
    expect(parseCalendarDate('2028-02-29')).toBe(Date.UTC(2028, 1, 29));
    expect(parseCalendarDate('2027-02-29')).toBeNull();
  });
});
