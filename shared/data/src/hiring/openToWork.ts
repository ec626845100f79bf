import { countryName } from '../account/countries';
import { formatUtcDate } from '../format/enUs';

/*
 * Open to work (issue 46 item 1): a person with a public profile says what work they want and who may
 * see it. One set of rules for the account form, the server that stores it, the talent profile and the
 * directory: the audience decides who is told, and a restricted availability never reaches the public.
 */

export const WORK_KINDS = ['freelance', 'part-time', 'full-time'] as const;
export type WorkKind = (typeof WORK_KINDS)[number];

export const WORK_KIND_LABELS: Record<WorkKind, string> = {
  freelance: 'Freelance',
  'part-time': 'Part-time',
  'full-time': 'Full-time',
};

export function isWorkKind(value: unknown): value is WorkKind {
  return WORK_KINDS.includes(value as WorkKind);
}

/** Who is told: every visitor, or only the owners and admins of verified sponsor organisations. */
export const OPEN_TO_WORK_AUDIENCES = ['everyone', 'verified-sponsors'] as const;
export type OpenToWorkAudience = (typeof OPEN_TO_WORK_AUDIENCES)[number];

export const AUDIENCE_LABELS: Record<OpenToWorkAudience, string> = {
  everyone: 'Every visitor',
  'verified-sponsors': "Verified sponsors' owners and admins only",
};

export const OPEN_TO_WORK_LIMITS = { countriesMax: 10, availableWithinDays: 730 } as const;

/** What a person is open to, as stored and as shown. */
export interface OpenToWork {
  kinds: WorkKind[];
  remote: boolean;
  /** ISO 3166-1 alpha-2 codes, from the account's country list. */
  countries: string[];
  /** The first day they can start (YYYY-MM-DD); null: now. */
  availableFrom: string | null;
  audience: OpenToWorkAudience;
}

/** The form as posted: every value a string (or several), the checkboxes sent or not. */
export interface OpenToWorkFields {
  kinds: string[];
  remote: boolean;
  countries: string[];
  availableFrom: string;
  audience: string;
}

export type OpenToWorkErrors = Partial<Record<keyof OpenToWorkFields | 'profile', string>>;

export type OpenToWorkValidation = { ok: true; value: OpenToWork } | { ok: false; errors: OpenToWorkErrors };

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date written YYYY-MM-DD that exists (no 31 February); its UTC midnight, else null. */
export function parseCalendarDate(text: string): number | null {
  const match = DATE.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, day);
  const date = new Date(time);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
    ? time
    : null;
}

/**
 * Checks a posted availability: at least one kind, remote or countries (or both) from the list, an
 * optional start date within two years, and an audience. Only a person with a public profile may be
 * open to work: the badge lives on that page.
 */
export function validateOpenToWork(
  fields: OpenToWorkFields,
  context: { hasPublicProfile: boolean; now: number },
): OpenToWorkValidation {
  const errors: OpenToWorkErrors = {};
  if (!context.hasPublicProfile)
    errors.profile = 'Make your profile public first (Profile, above): your availability shows on it.';

  const kinds = WORK_KINDS.filter((kind) => fields.kinds.includes(kind));
  if (fields.kinds.some((kind) => !isWorkKind(kind))) errors.kinds = 'Choose kinds of work from the list.';
  else if (kinds.length === 0) errors.kinds = 'Choose at least one kind of work.';

  const countries = [...new Set(fields.countries.map((code) => code.trim().toUpperCase()).filter(Boolean))];
  if (countries.some((code) => !countryName(code))) errors.countries = 'Choose countries from the list.';
  else if (countries.length > OPEN_TO_WORK_LIMITS.countriesMax)
    errors.countries = `Choose at most ${OPEN_TO_WORK_LIMITS.countriesMax} countries.`;
  else if (!fields.remote && countries.length === 0)
    errors.countries = 'Choose remote, one or more countries, or both.';

  const from = fields.availableFrom.trim();
  if (from) {
    const time = parseCalendarDate(from);
    if (time === null) errors.availableFrom = 'Enter the date as year-month-day, e.g. 2027-03-01.';
    else if (time > context.now + OPEN_TO_WORK_LIMITS.availableWithinDays * 86_400_000)
      errors.availableFrom = 'Choose a date within the next two years.';
  }

  const audience = OPEN_TO_WORK_AUDIENCES.find((value) => value === fields.audience);
  if (!audience) errors.audience = 'Choose who sees that you are open to work.';

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      kinds,
      remote: fields.remote,
      countries,
      availableFrom: from || null,
      audience: audience as OpenToWorkAudience,
    },
  };
}

/** Who is looking: the public, or an owner or admin of a verified sponsor organisation. */
export type TalentViewer = 'public' | 'verified-sponsor';

/** Whether a viewer may be told about an availability for this audience (deny by default). */
export function availabilityVisibleTo(audience: OpenToWorkAudience, viewer: TalentViewer): boolean {
  if (audience === 'everyone') return true;
  return audience === 'verified-sponsors' && viewer === 'verified-sponsor';
}

/** An availability as a viewer may see it: null when it is off or not for them. */
export function visibleAvailability(
  availability: OpenToWork | null,
  viewer: TalentViewer,
): OpenToWork | null {
  return availability && availabilityVisibleTo(availability.audience, viewer) ? availability : null;
}

/** 'Freelance, Full-time': the kinds in the list's order. */
export function workKindsText(kinds: readonly WorkKind[]): string {
  return WORK_KINDS.filter((kind) => kinds.includes(kind))
    .map((kind) => WORK_KIND_LABELS[kind])
    .join(', ');
}

/** 'Remote, Germany, Portugal': where they would work. */
export function workPlacesText(availability: Pick<OpenToWork, 'remote' | 'countries'>): string {
  const places = availability.countries.map((code) => countryName(code) ?? code);
  return [...(availability.remote ? ['Remote'] : []), ...places].join(', ');
}

/** The badge's words for its audience: a restricted one says who can see it. */
export function openToWorkBadge(audience: OpenToWorkAudience): string {
  return audience === 'everyone' ? 'Open to work' : 'Open to work · visible to verified sponsors';
}

/** 'from March 1, 2027' or 'now': when they can start, seen at `now`. */
export function availableFromText(availableFrom: string | null, now: number): string {
  const time = availableFrom ? parseCalendarDate(availableFrom) : null;
  if (time === null || time <= now) return 'now';
  return `from ${formatUtcDate(time, 'long')}`;
}
