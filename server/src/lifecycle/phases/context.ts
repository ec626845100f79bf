import {
  DAY_MS,
  FORMER_MEMBER_DAYS,
  LIFECYCLE_PAGES,
  overdueOf,
  type LifecycleDates,
} from '@side-quest/data/lifecycle';
import { organisationMay, type OrganisationAction, type PayoutMethod } from '@side-quest/data/account';
import type { Organisations } from '../../organisations/organisations';
import type { OutgoingMail } from '../../mail';
import { PAYMENT_MAIL_KINDS, type LifecycleMailKind } from '../lifecycleMails';
import type { HostedBountyRecord, LifecycleStore, WinnerRecord } from '../lifecycleStore';

/** A person as the lifecycle needs them: where to write, what to show, and the eligibility facts. */
export interface PersonFacts {
  id: string;
  email: string;
  /** The display name, for the team's own pages (the public sees handles only). */
  name: string;
  handle: string | null;
  country: string | null;
  payoutMethod: PayoutMethod | null;
}

/** What an action ends in: done, or the status and message the route answers with. */
export type Outcome<T = void> =
  { ok: true; value: T } | { ok: false; status: 400 | 404 | 409 | 422; message: string };

export const done = <T>(value: T): Outcome<T> => ({ ok: true, value });
export const notFound = { ok: false, status: 404, message: 'Not found' } as const;
export const conflict = (message: string) => ({ ok: false, status: 409, message }) as const;
export const invalid = (message: string) => ({ ok: false, status: 422, message }) as const;

export interface LifecycleOptions {
  store: LifecycleStore;
  organisations: Pick<Organisations, 'sponsor' | 'roleIn' | 'memberIds' | 'membershipIds'>;
  people: (ids: string[]) => Promise<Map<string, PersonFacts>>;
  send: (mail: OutgoingMail) => Promise<unknown>;
  /** User markdown to safe HTML (no raw HTML, no images, nofollow links, capped). */
  renderMarkdown: (markdown: string) => string;
  /** The site's origin for links in e-mails. */
  origin: string;
  now?: () => number;
  /**
   * A scored bounty's final leaderboard, author ids in rank order (null: not scored): a winner out of
   * its order needs a public reason (issue 45 item 6).
   */
  finalBoard?: (bountyId: string) => Promise<readonly string[] | null>;
  /** Why staff may not approve a bounty yet (a test-scored setup whose reference has not passed), or null. */
  approvalProblem?: (bountyId: string) => Promise<string | null>;
}

export const bountyPath = (id: string) => `/bounty/${encodeURIComponent(id)}`;

/** The dates and states the stage and the clocks are computed from (a WinnerRecord is a WinnerPayment). */
export function datesOf(bounty: HostedBountyRecord, winners: readonly WinnerRecord[]): LifecycleDates {
  return {
    state: bounty.state,
    submissionDeadline: bounty.submissionDeadline,
    judgingDeadline: bounty.judgingDeadline,
    announcedAt: bounty.announcedAt,
    paymentDueDays: bounty.paymentDueDays,
    winners,
  };
}

/**
 * What every phase of the lifecycle shares: the store, the clock, links, the access checks that ask the
 * organisation, and the e-mail helpers. One per createLifecycle, handed to each phase.
 */
export function createLifecycleContext(options: LifecycleOptions) {
  const { store, organisations, people, send, renderMarkdown, origin } = options;
  const finalBoard = options.finalBoard ?? (async () => null);
  const approvalProblem = options.approvalProblem ?? (async () => null);
  const now = options.now ?? Date.now;
  const iso = () => new Date(now()).toISOString();
  const link = (path: string) => `${origin}${path}`;

  /** The review console's address for e-mails to the team. */
  async function consoleLink(bounty: HostedBountyRecord) {
    const sponsor = await organisations.sponsor(bounty.organisationId);
    return link(sponsor ? LIFECYCLE_PAGES.console(sponsor.slug, bounty.id) : '/sponsor');
  }

  async function mayIn(personId: string, organisationId: string, action: OrganisationAction) {
    const role = await organisations.roleIn(personId, organisationId);
    return role !== null && organisationMay(role, action);
  }

  /** Mails a person unless they switched optional e-mails off (payment e-mails always go). */
  async function mail(personId: string, kind: LifecycleMailKind, build: (to: string) => OutgoingMail) {
    if (!PAYMENT_MAIL_KINDS.has(kind) && !(await store.optionalMail(personId))) return;
    const person = (await people([personId])).get(personId);
    if (person) await send(build(person.email));
  }

  async function mailTeam(
    organisationId: string,
    kind: LifecycleMailKind,
    build: (to: string) => OutgoingMail,
  ) {
    for (const id of await organisations.memberIds(organisationId)) await mail(id, kind, build);
  }

  /** Whether the organisation owes a winner past the payment due date (it may not publish until settled). */
  async function paymentOverdue(organisationId: string): Promise<boolean> {
    const announced = (await store.bountiesOf([organisationId])).filter(
      (bounty) => bounty.state === 'announced',
    );
    const winners = await store.winnersOf(announced.map((bounty) => bounty.id));
    return announced.some(
      (bounty) =>
        overdueOf(
          datesOf(
            bounty,
            winners.filter((w) => w.bountyId === bounty.id),
          ),
          now(),
        )?.kind === 'payment',
    );
  }

  async function recentMember(personId: string, organisationId: string): Promise<boolean> {
    if (await organisations.roleIn(personId, organisationId)) return true;
    const left = await store.leftAt(organisationId, personId);
    return left !== null && now() - Date.parse(left) < FORMER_MEMBER_DAYS * DAY_MS;
  }

  return {
    store,
    organisations,
    people,
    renderMarkdown,
    now,
    iso,
    link,
    consoleLink,
    mayIn,
    mail,
    mailTeam,
    paymentOverdue,
    recentMember,
    finalBoard,
    approvalProblem,
  };
}

export type LifecycleContext = ReturnType<typeof createLifecycleContext>;
