import { useQuery } from '@side-quest/data/query';
import { getQueryFn } from '../http/queryFn';
import {
  DEFAULT_LIST_QUERY,
  NO_FILTERS,
  parseListQuery,
  serializeListQuery,
  type BountyFilters,
} from '../bounty-query';

/** Saved-search alerts: how many a person may keep, and how long a name may be. */
export const ALERT_LIMITS = { perPerson: 10, nameMax: 80, digestMax: 20 } as const;

export const ALERT_FREQUENCIES = ['daily', 'weekly'] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];
export const ALERT_FREQUENCY_TEXT: Record<AlertFrequency, string> = {
  daily: 'Daily (UTC day)',
  weekly: 'Weekly (weeks start Monday, UTC)',
};

/** An alert as its owner sees it on /account/alerts. */
export interface AlertView {
  id: string;
  name: string;
  /** The list's query string of its filters (`q=rust&skill=Go`): /bounties?{query} shows its matches. */
  query: string;
  /** The filters in words. */
  summary: string;
  frequency: AlertFrequency;
  paused: boolean;
  createdAt: string;
  /** When the last digest was sent (ISO), or null before the first. */
  lastDigestAt: string | null;
}

/** GET /api/account/alerts: the person's alerts, newest first, and whether bounty alerts are switched on. */
export interface AlertsPage {
  alerts: AlertView[];
  /** The bounty-alerts switch of /account: off, no digest goes whatever the alerts say. */
  mailOn: boolean;
}

export const ALERTS_KEY = ['/api/account/alerts'] as const;

/** A form of /account/alerts that came back with a problem: which form, and what is wrong. */
export interface AlertFormReturn {
  /** 'new' for the create form, else the alert's id. */
  form: string;
  error: string;
  name?: string;
}
export const ALERT_FORM_KEY = ['account', 'alert-form'] as const;

/**
 * The alert forms, plain posts answered with 303 back to /account/alerts. The create form carries the
 * list's filters in its action's query string (`/account/alerts?q=rust&skill=Go`), so a signed-out
 * visitor is sent through sign-in and back to /account/alerts with the search, to save it there.
 */
export const ALERT_FORMS = {
  create: '/account/alerts',
  update: '/account/alerts/update',
  delete: '/account/alerts/delete',
} as const;

export const ALERT_DONE_MESSAGES = {
  created: 'Your alert is saved. The first digest lists bounties published from now on.',
  saved: 'The alert is saved.',
  deleted: 'The alert is deleted.',
} as const;

export function alertDoneMessage(code: string | null): string | null {
  return code && Object.hasOwn(ALERT_DONE_MESSAGES, code)
    ? ALERT_DONE_MESSAGES[code as keyof typeof ALERT_DONE_MESSAGES]
    : null;
}

/** The filters an alert keeps from a list URL's query: everything but sort, paging and saved (one browser's). */
export function alertFilters(params: URLSearchParams): BountyFilters {
  const { sortField: _s, sortDirection: _d, pages: _p, ...filters } = parseListQuery(params);
  return { ...filters, savedOnly: false };
}

/** The canonical query string of an alert's filters (the list's own serialisation, defaults left out). */
export function alertQuery(filters: BountyFilters): string {
  return serializeListQuery({ ...DEFAULT_LIST_QUERY, ...filters, savedOnly: false }).toString();
}

const money = (amount: number) => `$${amount.toLocaleString('en-US')}`;

/** The filters in words: `Search “rust” · AI/ML · Skills: Rust or Go · Open · $500 to $5,000`. */
export function alertSummary(filters: BountyFilters): string {
  const parts: string[] = [];
  if (filters.search.trim()) parts.push(`Search “${filters.search.trim()}”`);
  if (filters.domain) parts.push(filters.domain);
  if (filters.skills.length) parts.push(`Skills: ${filters.skills.join(' or ')}`);
  if (filters.status) parts.push(filters.status === 'open' ? 'Open' : 'Closed');
  if (filters.stage) parts.push(`Stage: ${filters.stage}`);
  if (filters.sponsor === 'verified') parts.push('Verified sponsors');
  if (filters.minReward !== null && filters.maxReward !== null)
    parts.push(`${money(filters.minReward)} to ${money(filters.maxReward)}`);
  else if (filters.minReward !== null) parts.push(`At least ${money(filters.minReward)}`);
  else if (filters.maxReward !== null) parts.push(`At most ${money(filters.maxReward)}`);
  return parts.length ? parts.join(' · ') : 'Every new bounty';
}

/** A name for an alert made from the list, until its owner renames it. */
export function defaultAlertName(filters: BountyFilters): string {
  const summary = alertSummary(filters);
  return summary.length > ALERT_LIMITS.nameMax ? `${summary.slice(0, ALERT_LIMITS.nameMax - 1)}…` : summary;
}

/** Whether any filter narrows the list (an alert without one gets every new bounty). */
export function hasFilters(filters: BountyFilters): boolean {
  return alertQuery(filters) !== alertQuery(NO_FILTERS);
}

const fetchAlerts = getQueryFn<AlertsPage>({ on401: 'returnNull' });

/** /account/alerts' data: rendered by the server; fetched only on a page the browser rendered alone. */
export function useAlerts() {
  return useQuery({ queryKey: ALERTS_KEY, queryFn: fetchAlerts, staleTime: Infinity });
}
