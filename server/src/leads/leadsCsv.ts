import type { StoredLead } from './leadStore';

export const LEAD_CSV_COLUMNS = [
  ['id', 'id'],
  ['created_at', 'createdAt'],
  ['email', 'email'],
  ['challenge_type', 'challengeType'],
  ['challenge_description', 'challengeDescription'],
  ['cost_impact', 'costImpact'],
  ['page_uri', 'pageUri'],
  ['page_name', 'pageName'],
] as const satisfies ReadonlyArray<readonly [string, keyof StoredLead]>;

/** Characters that make a spreadsheet treat a cell as a formula (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break, quotes doubled. A text
 * a spreadsheet would run as a formula gets a leading apostrophe, so opening the export is safe.
 */
export function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvHeader(): string {
  return LEAD_CSV_COLUMNS.map(([name]) => name).join(',') + '\r\n';
}

export function leadCsvRow(lead: StoredLead): string {
  return LEAD_CSV_COLUMNS.map(([, key]) => csvField(lead[key])).join(',') + '\r\n';
}
