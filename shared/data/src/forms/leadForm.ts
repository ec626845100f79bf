import { CHALLENGE_TYPES, type ChallengeType } from './leadSubmission';
import { formatCost, positionToCost } from './costScale';
import { absoluteOn } from './formPost';

/**
 * The for-clients lead form as the browser posts it without JavaScript (application/x-www-form-
 * urlencoded to POST /api/submit-form). Each challenge type keeps its own text and slider
 * (mfe-clients/README.md, "Lead form"), so those are posted per type and the server picks the selected
 * type's; every other field carries the lead's own name.
 */
export const LEAD_FORM_FIELDS = {
  email: 'email',
  challengeType: 'challengeType',
  pageUri: 'pageUri',
  pageName: 'pageName',
  description: (type: ChallengeType) => `challengeDescription.${type}`,
  costPosition: (type: ChallengeType) => `costPosition.${type}`,
} as const;

/** The query parameter that reports a posted lead's outcome on /for-clients (`?lead=ok`). */
export const LEAD_RESULT_PARAM = 'lead';

/** Where the page rendered in answer to a refused post finds it (a FormReturn) in its query cache. */
export const LEAD_FORM_RETURN_KEY = ['form-return', 'lead'] as const;

/** What the visitor typed or chose; shown again on the page rendered after a refused post. */
export const LEAD_FORM_TYPED_FIELDS: readonly string[] = [
  LEAD_FORM_FIELDS.challengeType,
  ...CHALLENGE_TYPES.flatMap((type) => [
    LEAD_FORM_FIELDS.description(type),
    LEAD_FORM_FIELDS.costPosition(type),
  ]),
  LEAD_FORM_FIELDS.email,
];

const isChallengeType = (value: string | null): value is ChallengeType =>
  (CHALLENGE_TYPES as readonly string[]).includes(value ?? '');

/**
 * The lead payload a posted form describes, for the same validation as a JSON body (a missing field
 * stays missing, so the validator names it). A post with the lead's own field names (a script rather
 * than the page's form) is taken as it is. Otherwise typing in a challenge input selects its type,
 * which the page cannot show without JavaScript: the posted type counts when its input has text, else
 * the type whose input has text. A slider position becomes the formatted cost, and a posted site path
 * becomes a URL on `origin`.
 */
export function leadFromFormFields(
  fields: URLSearchParams,
  origin: string,
): Record<string, string | undefined> {
  const get = (name: string) => fields.get(name) ?? undefined;
  const pageUri = get(LEAD_FORM_FIELDS.pageUri);
  const common = {
    email: get(LEAD_FORM_FIELDS.email),
    pageUri: pageUri === undefined ? undefined : absoluteOn(pageUri, origin),
    pageName: get(LEAD_FORM_FIELDS.pageName),
  };
  if (fields.has('challengeDescription')) {
    return {
      ...common,
      challengeType: get(LEAD_FORM_FIELDS.challengeType),
      challengeDescription: get('challengeDescription'),
      costImpact: get('costImpact'),
    };
  }
  const posted = fields.get(LEAD_FORM_FIELDS.challengeType);
  const hasText = (type: ChallengeType) =>
    (fields.get(LEAD_FORM_FIELDS.description(type)) ?? '').trim() !== '';
  const type =
    CHALLENGE_TYPES.find((candidate) => candidate === posted && hasText(candidate)) ??
    CHALLENGE_TYPES.find(hasText) ??
    posted;
  if (!isChallengeType(type)) return { ...common, challengeType: type ?? undefined };
  const position = fields.get(LEAD_FORM_FIELDS.costPosition(type)) ?? '';
  return {
    ...common,
    challengeType: type,
    challengeDescription: get(LEAD_FORM_FIELDS.description(type)),
    costImpact: /^\d{1,3}$/.test(position) ? formatCost(positionToCost(Number(position))) : undefined,
  };
}
