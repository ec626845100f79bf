import { countryName } from './countries';

/**
 * How a person wants to be paid, from one fixed list: the method only, never an account number (the
 * sponsor asks for the details once there is something to pay). Checked against a bounty's accepted
 * methods before anyone starts work.
 */
export const PAYOUT_METHODS = [
  ['bank-sepa', 'Bank transfer (SEPA)'],
  ['bank-swift', 'Bank transfer (SWIFT)'],
  ['paypal', 'PayPal'],
  ['wise', 'Wise'],
  ['usdc', 'USDC stablecoin'],
] as const;

export type PayoutMethod = (typeof PAYOUT_METHODS)[number][0];

/** A payout method's name as people read it (the id itself for one not on the list). */
export function payoutMethodLabel(id: string): string {
  return PAYOUT_METHODS.find(([method]) => method === id)?.[1] ?? id;
}

export const PROFILE_LIMITS = { nameMax: 80, handleMin: 3, handleMax: 30, skillsMax: 12 } as const;

/** A handle: lowercase letters, digits and single dashes inside; it names the person's public page. */
const HANDLE_PATTERN = /^[a-z0-9](?:[a-z0-9]|-(?=[a-z0-9]))*$/;

/** Handles that would read as the site speaking, or shadow a page. */
const RESERVED_HANDLES = new Set([
  'admin',
  'staff',
  'support',
  'side-quest',
  'sidequest',
  'help',
  'security',
]);

export interface Profile {
  name: string;
  handle: string | null;
  skills: string[];
  country: string | null;
  payoutMethod: PayoutMethod | null;
  /** The public talent page (/talent/<handle>) and its API entry exist only when this is on (default off). */
  profilePublic: boolean;
  /** The public profile shows the prizes won and paid only when this is on (default off). */
  showEarnings: boolean;
}

/** The profile form's fields as posted: every value a string (or several, for skills). */
export interface ProfileFields {
  name: string;
  handle: string;
  skills: string[];
  country: string;
  payoutMethod: string;
  /** The two opt-in checkboxes: sent (checked) or not. */
  profilePublic: boolean;
  showEarnings: boolean;
}

export type ProfileErrors = Partial<Record<keyof ProfileFields, string>>;

export type ProfileValidation = { ok: true; value: Profile } | { ok: false; errors: ProfileErrors };

/**
 * Checks a posted profile: a display name, an optional unique handle (uniqueness is the store's to
 * check), skills from the ones bounties use, a country and a payout method from the fixed lists.
 */
export function validateProfile(fields: ProfileFields, knownSkills: ReadonlySet<string>): ProfileValidation {
  const errors: ProfileErrors = {};
  const name = fields.name.trim().replace(/\s+/g, ' ');
  if (!name) errors.name = 'Enter the name people should see.';
  else if ([...name].length > PROFILE_LIMITS.nameMax)
    errors.name = `Keep the name to ${PROFILE_LIMITS.nameMax} characters.`;

  const handle = fields.handle.trim().toLowerCase();
  if (handle) {
    if (handle.length < PROFILE_LIMITS.handleMin || handle.length > PROFILE_LIMITS.handleMax)
      errors.handle = `A handle has ${PROFILE_LIMITS.handleMin} to ${PROFILE_LIMITS.handleMax} characters.`;
    else if (!HANDLE_PATTERN.test(handle))
      errors.handle = 'Use lowercase letters, digits and single dashes between them.';
    else if (RESERVED_HANDLES.has(handle)) errors.handle = 'That handle is reserved. Choose another.';
  }

  const skills = [...new Set(fields.skills.map((skill) => skill.trim()).filter(Boolean))];
  if (skills.some((skill) => !knownSkills.has(skill)))
    errors.skills = 'Choose skills from the list: they are the skills bounties ask for.';
  else if (skills.length > PROFILE_LIMITS.skillsMax)
    errors.skills = `Choose at most ${PROFILE_LIMITS.skillsMax} skills.`;

  const country = fields.country.trim();
  if (country && !countryName(country)) errors.country = 'Choose a country from the list.';

  const payoutMethod = fields.payoutMethod.trim();
  const knownMethod = PAYOUT_METHODS.some(([id]) => id === payoutMethod);
  if (payoutMethod && !knownMethod) errors.payoutMethod = 'Choose a payout method from the list.';

  // The public page is named by the handle: no handle, no public page.
  if (fields.profilePublic && !handle && !errors.handle)
    errors.profilePublic = 'Choose a handle to make your profile public: it names your page.';

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      name,
      handle: handle || null,
      skills,
      country: country || null,
      payoutMethod: (payoutMethod || null) as PayoutMethod | null,
      profilePublic: fields.profilePublic,
      showEarnings: fields.showEarnings,
    },
  };
}
