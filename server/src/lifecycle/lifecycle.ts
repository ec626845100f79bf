import {
  FORMER_MEMBER_DAYS,
  HOSTED_LIMITS,
  DAY_MS,
  eligibilityProblem,
  overdueOf,
  reasonProblem,
  validateWinners,
  type HostedBountyTerms,
  type HostedState,
  type HostedSummary,
  type LifecycleDates,
  type ReviewLabel,
  type Scores,
  type SubmissionContent,
  type WinnerPayment,
  LIFECYCLE_PAGES,
} from '@side-quest/data/lifecycle';
import {
  PAYOUT_METHODS,
  organisationMay,
  type OrganisationAction,
  type PayoutMethod,
} from '@side-quest/data/account';
import type { Bounty } from '@side-quest/data/bounties';
import { withTrustLines } from '@side-quest/data/trust';
import type { Person } from '../accounts/accounts';
import type { Organisations, SponsorRecord } from '../organisations/organisations';
import type { OutgoingMail } from '../mail';
import { lifecycleMails, PAYMENT_MAIL_KINDS, type LifecycleMailKind } from './lifecycleMails';
import type { HostedBountyRecord, LifecycleStore, SubmissionRecord, WinnerRecord } from './lifecycleStore';

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
  { ok: true; value: T } | { ok: false; status: 404 | 409 | 422; message: string };

const done = <T>(value: T): Outcome<T> => ({ ok: true, value });
const notFound = { ok: false, status: 404, message: 'Not found' } as const;
const conflict = (message: string) => ({ ok: false, status: 409, message }) as const;
const invalid = (message: string) => ({ ok: false, status: 422, message }) as const;

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

function paymentOf(winner: WinnerRecord): WinnerPayment {
  return {
    recordedAt: winner.recordedAt,
    answer: winner.answer,
    answeredAt: winner.answeredAt,
    resolution: winner.resolution,
    resolvedAt: winner.resolvedAt,
  };
}

const PUBLIC_STATES: HostedState[] = ['open', 'announced', 'closed', 'cancelled'];

/**
 * The bounty lifecycle: posting, approval, submissions, review, awarding, payment and the winner's
 * answer. Every call takes the person the access rules established and checks their part in the object
 * itself (deny by default): someone with no part in a bounty, submission or payment gets Not found,
 * whatever exists. Every write is audited.
 */
export function createLifecycle(options: LifecycleOptions) {
  const { store, organisations, people, send, renderMarkdown, origin } = options;
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

  function summaryOf(
    bounty: HostedBountyRecord,
    sponsor: SponsorRecord,
    winners: WinnerRecord[],
    handles: Map<string, PersonFacts>,
    submissions: Map<string, SubmissionRecord>,
    received: number,
  ): HostedSummary {
    return {
      sponsor: {
        slug: sponsor.slug,
        name: sponsor.name,
        verifiedAt: sponsor.verifiedAt,
        logoUrl: sponsor.logoUrl,
        record: null,
      },
      descriptionHtml: renderMarkdown(bounty.description),
      criteria: bounty.criteria,
      prizes: bounty.prizes,
      submissionDeadline: bounty.submissionDeadline,
      judgingDeadline: bounty.judgingDeadline,
      paymentDueDays: bounty.paymentDueDays,
      eligibleCountries: bounty.eligibleCountries,
      payoutMethods: bounty.payoutMethods,
      unclaimed: bounty.unclaimed,
      state: bounty.state as HostedSummary['state'],
      stateReason: bounty.state === 'closed' || bounty.state === 'cancelled' ? bounty.stateReason : null,
      publishedAt: bounty.publishedAt,
      announcedAt: bounty.announcedAt,
      endedAt: bounty.endedAt,
      demo: bounty.demo,
      submissions: received,
      winners: winners.map((winner) => {
        const submission = submissions.get(winner.submissionId);
        return {
          slot: winner.slot,
          prize: winner.amount,
          handle: handles.get(winner.winnerId)?.handle ?? null,
          ...paymentOf(winner),
          submission: submission?.publicOptIn
            ? {
                links: submission.links as Record<string, string>,
                writeUpHtml: renderMarkdown(submission.writeUp),
              }
            : null,
        };
      }),
    };
  }

  /** A hosted bounty as the list and the detail page show it: the SPEC's fields plus `hosted`. */
  function asBounty(bounty: HostedBountyRecord, hosted: HostedSummary): Bounty {
    const plain = bounty.description
      .replace(/[#*_`>[\]()!~-]/g, '')
      .replace(/\s+/g, ' ')
      .trim();
    return {
      id: bounty.id,
      item_title: bounty.title,
      platform_name: hosted.sponsor.name,
      summary_description: plain.length > 280 ? `${plain.slice(0, 279)}…` : plain,
      full_bounty_description: bounty.description,
      learnings: '',
      reward_amount: bounty.prizes.reduce((sum, prize) => sum + prize, 0),
      deadline: bounty.submissionDeadline,
      bounty_area: bounty.domain,
      skill_tags: bounty.skills,
      image_url: '',
      item_url: link(bountyPath(bounty.id)),
      created_at: bounty.publishedAt ?? bounty.createdAt,
      is_high_value_bounty: true,
      hosted,
    };
  }

  async function publicBounties(records: HostedBountyRecord[]): Promise<Bounty[]> {
    const ids = records.map((bounty) => bounty.id);
    const winners = await store.winnersOf(ids);
    const handles = await people([...new Set(winners.map((winner) => winner.winnerId))]);
    const submissions = new Map<string, SubmissionRecord>();
    const received = new Map<string, number>();
    for (const submission of await store.submissionsToAll(ids)) {
      submissions.set(submission.id, submission);
      if (submission.state !== 'withdrawn')
        received.set(submission.bountyId, (received.get(submission.bountyId) ?? 0) + 1);
    }
    const sponsors = new Map<string, SponsorRecord | null>();
    const list: Bounty[] = [];
    for (const bounty of records) {
      if (!sponsors.has(bounty.organisationId))
        sponsors.set(bounty.organisationId, await organisations.sponsor(bounty.organisationId));
      const sponsor = sponsors.get(bounty.organisationId);
      // A bounty whose organisation was deleted is no longer anyone's offer.
      if (!sponsor) continue;
      const own = winners.filter((winner) => winner.bountyId === bounty.id);
      const summary = summaryOf(bounty, sponsor, own, handles, submissions, received.get(bounty.id) ?? 0);
      list.push(asBounty(bounty, summary));
    }
    return list;
  }

  return {
    /** Every public hosted bounty (Open to Cancelled), as Bounty, oldest first. */
    async publicList(): Promise<Bounty[]> {
      // Each card carries one line of its sponsor's record, computed from the whole list.
      return withTrustLines(await publicBounties(await store.bountiesIn(PUBLIC_STATES)), now());
    },

    async publicBounty(id: string): Promise<Bounty | null> {
      return (await this.publicList()).find((bounty) => bounty.id === id) ?? null;
    },

    /**
     * Posts a bounty for an organisation: members save drafts; admins and owners publish, straight to
     * Open for a verified organisation, to the staff queue otherwise. An organisation owing a winner
     * past the due date cannot publish until it is settled.
     */
    async post(
      person: Person,
      organisationId: string,
      terms: HostedBountyTerms,
      intent: 'draft' | 'publish',
      sponsorVerified: boolean,
    ): Promise<Outcome<{ id: string; state: HostedState }>> {
      if (!(await mayIn(person.id, organisationId, intent === 'draft' ? 'draft' : 'publish')))
        return notFound;
      if (intent === 'publish' && (await paymentOverdue(organisationId)))
        return conflict(
          'Your organisation owes a winner a payment past its due date. Settle it before publishing another bounty.',
        );
      const state: HostedState = intent === 'draft' ? 'draft' : sponsorVerified ? 'open' : 'pending';
      const at = iso();
      const id = await store.transaction(async (run) => {
        const created = await store.createBounty(
          { organisationId, authorId: person.id, state, terms },
          at,
          run,
        );
        await store.audit(
          {
            organisationId,
            bountyId: created,
            actorId: person.id,
            action: `posted:${state}`,
            detail: { title: terms.title },
          },
          at,
          run,
        );
        return created;
      });
      return done({ id, state });
    },

    /** The team's view of one of its bounties (any state), or null for someone with no part in it. */
    async teamBounty(person: Person, id: string) {
      const bounty = await store.bounty(id);
      if (!bounty || !(await organisations.roleIn(person.id, bounty.organisationId))) return null;
      return bounty;
    },

    /**
     * Publishes a saved draft (admins and owners): to Open for a verified organisation, to the staff
     * queue otherwise; blocked, like posting, while a payment is overdue.
     */
    async publishDraft(person: Person, id: string): Promise<Outcome> {
      const bounty = await store.bounty(id);
      if (!bounty || !(await mayIn(person.id, bounty.organisationId, 'publish'))) return notFound;
      if (await paymentOverdue(bounty.organisationId))
        return conflict(
          'Your organisation owes a winner a payment past its due date. Settle it before publishing another bounty.',
        );
      if (now() >= Date.parse(bounty.submissionDeadline) - HOSTED_LIMITS.minLeadHours * 60 * 60 * 1000)
        return invalid('The submission deadline is too close. Post the bounty again with a later deadline.');
      const verified = (await organisations.sponsor(bounty.organisationId))?.verifiedAt != null;
      const at = iso();
      const to: HostedState = verified ? 'open' : 'pending';
      const moved = await store.transaction(async (run) => {
        const extra = to === 'open' ? { published_at: at } : {};
        if (
          !(await store.moveBounty(id, ['draft', 'rejected'], to, at, { ...extra, state_reason: null }, run))
        )
          return false;
        await store.audit(
          {
            organisationId: bounty.organisationId,
            bountyId: id,
            actorId: person.id,
            action: to === 'open' ? 'published' : 'posted:pending',
            detail: {},
          },
          at,
          run,
        );
        return true;
      });
      return moved
        ? done(undefined)
        : conflict('Only a draft (or a bounty staff did not approve) can be published.');
    },

    /** A winner chooses whether their winning submission is public on the bounty page. */
    setPublicOptIn: (person: Person, submissionId: string, optIn: boolean) =>
      store.setPublicOptIn(submissionId, person.id, optIn),

    /** Staff: the bounties waiting for approval, oldest first. */
    staffQueue: () => store.bountiesIn(['pending']),

    async approve(staff: Person, id: string): Promise<Outcome> {
      const bounty = await store.bounty(id);
      if (!bounty) return notFound;
      const at = iso();
      const moved = await store.transaction(async (run) => {
        if (
          !(await store.moveBounty(
            id,
            ['pending'],
            'open',
            at,
            { published_at: at, state_reason: null },
            run,
          ))
        )
          return false;
        await store.audit(
          {
            organisationId: bounty.organisationId,
            bountyId: id,
            actorId: staff.id,
            action: 'approved',
            detail: {},
          },
          at,
          run,
        );
        return true;
      });
      return moved ? done(undefined) : conflict('This bounty is not waiting for approval.');
    },

    async reject(staff: Person, id: string, reason: string): Promise<Outcome> {
      const problem = reasonProblem(reason, 'a reason');
      if (problem) return invalid(problem);
      const bounty = await store.bounty(id);
      if (!bounty) return notFound;
      const at = iso();
      const moved = await store.transaction(async (run) => {
        if (!(await store.moveBounty(id, ['pending'], 'rejected', at, { state_reason: reason.trim() }, run)))
          return false;
        await store.audit(
          {
            organisationId: bounty.organisationId,
            bountyId: id,
            actorId: staff.id,
            action: 'rejected',
            detail: { reason: reason.trim() },
          },
          at,
          run,
        );
        return true;
      });
      if (!moved) return conflict('This bounty is not waiting for approval.');
      const teamUrl = await consoleLink(bounty);
      await mailTeam(bounty.organisationId, 'bounty-rejected', (to) =>
        lifecycleMails.bountyRejected(to, bounty.title, reason.trim(), teamUrl),
      );
      return done(undefined);
    },

    /** Why this person may not submit to this bounty (profile facts and the 90-day rule), or null. */
    async eligibility(person: Person, bounty: HostedBountyRecord): Promise<string | null> {
      const facts = (await people([person.id])).get(person.id);
      return eligibilityProblem(bounty, {
        country: facts?.country ?? null,
        payoutMethod: facts?.payoutMethod ?? null,
        recentMember: await recentMember(person.id, bounty.organisationId),
      });
    },

    /** Submits (or edits, until the deadline) the person's one submission to an open bounty. */
    async submit(
      person: Person,
      bountyId: string,
      content: SubmissionContent,
    ): Promise<Outcome<{ id: string }>> {
      const bounty = await store.bounty(bountyId);
      if (!bounty || bounty.state !== 'open') return notFound;
      if (now() >= Date.parse(bounty.submissionDeadline))
        return conflict('The submission deadline has passed: submissions are closed.');
      const problem = await this.eligibility(person, bounty);
      if (problem) return invalid(problem);
      const existing = await store.submissionOf(bountyId, person.id);
      if (existing?.state === 'rejected')
        return conflict('The sponsor rejected this submission; it cannot be changed.');
      const at = iso();
      const saved = await store.transaction(async (run) => {
        const result = await store.upsertSubmission({ bountyId, authorId: person.id, content }, at, run);
        await store.audit(
          {
            organisationId: bounty.organisationId,
            bountyId,
            actorId: person.id,
            action: result.created ? 'submitted' : 'submission-edited',
            detail: { submissionId: result.id },
          },
          at,
          run,
        );
        return result;
      });
      if (saved.created) {
        const teamUrl = await consoleLink(bounty);
        await mailTeam(bounty.organisationId, 'submission-received', (to) =>
          lifecycleMails.submissionReceived(to, bounty.title, teamUrl),
        );
      }
      return done({ id: saved.id });
    },

    async withdraw(person: Person, submissionId: string): Promise<Outcome> {
      const submission = await store.submission(submissionId);
      if (!submission || submission.authorId !== person.id) return notFound;
      const bounty = await store.bounty(submission.bountyId);
      if (!bounty || bounty.state !== 'open' || now() >= Date.parse(bounty.submissionDeadline))
        return conflict('Judging has started: a submission can be withdrawn until the deadline only.');
      const at = iso();
      const moved = await store.moveSubmission(submissionId, ['submitted'], 'withdrawn', at);
      if (!moved) return conflict('This submission is not active.');
      await store.audit(
        {
          organisationId: bounty.organisationId,
          bountyId: bounty.id,
          actorId: person.id,
          action: 'withdrawn',
          detail: { submissionId },
        },
        at,
      );
      return done(undefined);
    },

    /** The person's submissions with their bounty, newest first (My submissions). */
    async mySubmissions(person: Person) {
      const submissions = await store.submissionsBy(person.id);
      const wins = await store.winsOf(person.id);
      const result = [];
      for (const submission of submissions) {
        const bounty = await store.bounty(submission.bountyId);
        if (!bounty) continue;
        const win = wins.find((entry) => entry.submissionId === submission.id) ?? null;
        result.push({ submission, bounty, win });
      }
      return result;
    },

    /** The review console's data: the bounty and its submissions with their authors' handles; null without a part. */
    async console(person: Person, bountyId: string) {
      const bounty = await store.bounty(bountyId);
      if (!bounty) return null;
      const role = await organisations.roleIn(person.id, bounty.organisationId);
      if (!role) return null;
      const submissions = await store.submissionsTo(bountyId);
      const authors = await people(submissions.map((submission) => submission.authorId));
      const winners = await store.winnersOf([bountyId]);
      return {
        bounty,
        role,
        submissions,
        authors,
        winners,
        audit: await store.auditOf(bounty.organisationId),
      };
    },

    /** Labels, scores and notes a submission (any member of the team). */
    async review(
      person: Person,
      submissionId: string,
      review: { label: ReviewLabel; scores: Scores; notes: string },
    ): Promise<Outcome> {
      const submission = await store.submission(submissionId);
      const bounty = submission ? await store.bounty(submission.bountyId) : null;
      if (!submission || !bounty || !(await mayIn(person.id, bounty.organisationId, 'score')))
        return notFound;
      if (submission.state === 'withdrawn') return conflict('This submission was withdrawn.');
      const at = iso();
      await store.transaction(async (run) => {
        await store.review(submissionId, review, at, run);
        await store.audit(
          {
            organisationId: bounty.organisationId,
            bountyId: bounty.id,
            actorId: person.id,
            action: 'reviewed',
            detail: { submissionId, label: review.label, scores: review.scores },
          },
          at,
          run,
        );
      });
      return done(undefined);
    },

    /** Rejects a submission with a reason its author sees (admins and owners). */
    async rejectSubmission(person: Person, submissionId: string, reason: string): Promise<Outcome> {
      const submission = await store.submission(submissionId);
      const bounty = submission ? await store.bounty(submission.bountyId) : null;
      if (!submission || !bounty || !(await mayIn(person.id, bounty.organisationId, 'award')))
        return notFound;
      const problem = reasonProblem(reason, 'a reason the submitter will read');
      if (problem) return invalid(problem);
      if (bounty.state !== 'open')
        return conflict('Winners are announced: submissions can no longer be rejected.');
      const at = iso();
      const moved = await store.transaction(async (run) => {
        if (!(await store.moveSubmission(submissionId, ['submitted'], 'rejected', at, reason.trim(), run)))
          return false;
        await store.audit(
          {
            organisationId: bounty.organisationId,
            bountyId: bounty.id,
            actorId: person.id,
            action: 'submission-rejected',
            detail: { submissionId, reason: reason.trim() },
          },
          at,
          run,
        );
        return true;
      });
      if (!moved) return conflict('This submission is not active.');
      await mail(submission.authorId, 'submission-rejected', (to) =>
        lifecycleMails.submissionRejected(to, bounty.title, reason.trim(), link('/account/submissions')),
      );
      return done(undefined);
    },

    /**
     * Assigns winners to prize slots and announces them (admins and owners), once the submission
     * deadline has passed. Of two announcements racing, one wins and the other is told so.
     */
    async announce(person: Person, bountyId: string, chosen: string[]): Promise<Outcome> {
      const bounty = await store.bounty(bountyId);
      if (!bounty || !(await mayIn(person.id, bounty.organisationId, 'award'))) return notFound;
      if (bounty.state !== 'open') return conflict('Winners are already announced, or the bounty has ended.');
      if (now() < Date.parse(bounty.submissionDeadline))
        return conflict('Winners are announced after the submission deadline.');
      const submissions = await store.submissionsTo(bountyId);
      const eligible: SubmissionRecord[] = [];
      for (const submission of submissions) {
        if (submission.state !== 'submitted' || submission.label === 'spam') continue;
        // The 90-day rule holds at the award too: a member who joined since cannot win.
        if (await recentMember(submission.authorId, bounty.organisationId)) continue;
        eligible.push(submission);
      }
      const checked = validateWinners(
        chosen,
        bounty.prizes.length,
        new Set(eligible.map((entry) => entry.id)),
      );
      if (!checked.ok) return invalid(checked.error);
      const winners = checked.value.flatMap((submissionId, slot) => {
        const submission = eligible.find((entry) => entry.id === submissionId);
        return submission
          ? [
              {
                bountyId,
                slot,
                submissionId: submission.id,
                winnerId: submission.authorId,
                amount: bounty.prizes[slot] ?? 0,
              },
            ]
          : [];
      });
      const at = iso();
      const announced = await store.transaction(async (run) => {
        if (!(await store.moveBounty(bountyId, ['open'], 'announced', at, { announced_at: at }, run)))
          return false;
        await store.addWinners(winners, run);
        await store.audit(
          {
            organisationId: bounty.organisationId,
            bountyId,
            actorId: person.id,
            action: 'announced',
            detail: {
              winners: winners.map(({ slot, submissionId, amount }) => ({ slot, submissionId, amount })),
            },
          },
          at,
          run,
        );
        return true;
      });
      if (!announced) return conflict('Winners are already announced, or the bounty has ended.');
      for (const submission of submissions.filter((entry) => entry.state !== 'withdrawn')) {
        const win = winners.find((winner) => winner.submissionId === submission.id);
        await mail(submission.authorId, 'winners-announced', (to) =>
          lifecycleMails.winnersAnnounced(
            to,
            bounty.title,
            win ? win.amount : null,
            link(bountyPath(bountyId)),
          ),
        );
      }
      return done(undefined);
    },

    /**
     * Ends a bounty with a public reason: `closed` (judged, no winner) after the deadline, or `cancelled`.
     * A bounty with submissions is never ended silently: the reason is required and kept in the record.
     */
    async end(
      person: Person,
      bountyId: string,
      to: 'closed' | 'cancelled',
      reason: string,
    ): Promise<Outcome> {
      const bounty = await store.bounty(bountyId);
      if (!bounty || !(await mayIn(person.id, bounty.organisationId, 'cancel'))) return notFound;
      const problem = reasonProblem(reason, 'a public reason');
      if (problem) return invalid(problem);
      if (to === 'closed' && now() < Date.parse(bounty.submissionDeadline))
        return conflict(
          'A bounty closes without winner after its submission deadline; before it, cancel it.',
        );
      const from: HostedState[] = to === 'closed' ? ['open'] : ['draft', 'pending', 'rejected', 'open'];
      const at = iso();
      const moved = await store.transaction(async (run) => {
        if (
          !(await store.moveBounty(
            bountyId,
            from,
            to,
            at,
            { state_reason: reason.trim(), ended_at: at },
            run,
          ))
        )
          return false;
        await store.audit(
          {
            organisationId: bounty.organisationId,
            bountyId,
            actorId: person.id,
            action: to,
            detail: { reason: reason.trim() },
          },
          at,
          run,
        );
        return true;
      });
      return moved ? done(undefined) : conflict('This bounty can no longer be ended this way.');
    },

    /** Records the payment to a winner (admins and owners), once; the winner is asked to confirm it. */
    async recordPayment(
      person: Person,
      bountyId: string,
      slot: number,
      payment: { amount: number; method: string; reference: string; date: string },
    ): Promise<Outcome> {
      const bounty = await store.bounty(bountyId);
      if (!bounty || !(await mayIn(person.id, bounty.organisationId, 'pay'))) return notFound;
      const winner = (await store.winnersOf([bountyId])).find((entry) => entry.slot === slot);
      if (!winner) return notFound;
      if (!PAYOUT_METHODS.some(([id]) => id === payment.method))
        return invalid('Choose a payout method from the list.');
      const at = iso();
      const recorded = await store.transaction(async (run) => {
        if (!(await store.recordPayment(bountyId, slot, payment, at, run))) return false;
        await store.moveBounty(bountyId, ['announced'], 'announced', at, {}, run);
        await store.audit(
          {
            organisationId: bounty.organisationId,
            bountyId,
            actorId: person.id,
            action: 'payment-recorded',
            detail: { slot, ...payment },
          },
          at,
          run,
        );
        return true;
      });
      if (!recorded) return conflict('This payment is already recorded.');
      await mail(winner.winnerId, 'payment-recorded', (to) =>
        lifecycleMails.paymentRecorded(
          to,
          bounty.title,
          payment.amount,
          link(LIFECYCLE_PAGES.payment(bountyId, slot)),
        ),
      );
      return done(undefined);
    },

    /** The payment answer page's data: for the winner only. */
    async paymentForWinner(person: Person, bountyId: string, slot: number) {
      const bounty = await store.bounty(bountyId);
      const winner = bounty
        ? (await store.winnersOf([bountyId])).find((entry) => entry.slot === slot)
        : undefined;
      if (!bounty || !winner || winner.winnerId !== person.id) return null;
      return { bounty, winner };
    },

    /** The winner's answer: Received, or Not received with a note (which opens a case for staff). */
    async answerPayment(
      person: Person,
      bountyId: string,
      slot: number,
      answer: 'received' | 'not-received',
      note: string,
    ): Promise<Outcome> {
      const found = await this.paymentForWinner(person, bountyId, slot);
      if (!found) return notFound;
      if (!found.winner.recordedAt) return conflict('No payment is recorded yet.');
      if (answer === 'not-received') {
        const problem = reasonProblem(note, 'a note');
        if (problem) return invalid(problem);
      }
      const at = iso();
      const trimmed = answer === 'not-received' ? note.trim() : note.trim() || null;
      const answered = await store.transaction(async (run) => {
        if (!(await store.answerPayment(bountyId, slot, answer, trimmed, at, run))) return false;
        await store.moveBounty(bountyId, ['announced'], 'announced', at, {}, run);
        await store.audit(
          {
            organisationId: found.bounty.organisationId,
            bountyId,
            actorId: person.id,
            action: `payment-${answer}`,
            detail: { slot },
          },
          at,
          run,
        );
        return true;
      });
      if (!answered) return conflict('You already answered.');
      const handle = person.handle ?? person.name;
      const teamUrl = await consoleLink(found.bounty);
      await mailTeam(found.bounty.organisationId, 'payment-answered', (to) =>
        lifecycleMails.paymentAnswered(to, found.bounty.title, handle, answer === 'received', teamUrl),
      );
      return done(undefined);
    },

    /** Staff: the payments reported as not received, not yet resolved. */
    openCases: () => store.openCases(),

    /** Staff resolve a case as Paid or Not paid with a note both sides see. */
    async resolveCase(
      staff: Person,
      bountyId: string,
      slot: number,
      resolution: 'paid' | 'not-paid',
      note: string,
    ): Promise<Outcome> {
      const problem = reasonProblem(note, 'a note both sides will read');
      if (problem) return invalid(problem);
      const bounty = await store.bounty(bountyId);
      const winner = bounty
        ? (await store.winnersOf([bountyId])).find((entry) => entry.slot === slot)
        : undefined;
      if (!bounty || !winner) return notFound;
      const at = iso();
      const resolved = await store.transaction(async (run) => {
        if (!(await store.resolveCase(bountyId, slot, resolution, note.trim(), at, run))) return false;
        await store.moveBounty(bountyId, ['announced'], 'announced', at, {}, run);
        await store.audit(
          {
            organisationId: bounty.organisationId,
            bountyId,
            actorId: staff.id,
            action: `case-${resolution}`,
            detail: { slot, note: note.trim() },
          },
          at,
          run,
        );
        return true;
      });
      if (!resolved) return conflict('This case is already resolved.');
      const build = (to: string) =>
        lifecycleMails.caseResolved(
          to,
          bounty.title,
          resolution === 'paid',
          note.trim(),
          link(LIFECYCLE_PAGES.payment(bountyId, slot)),
        );
      await mail(winner.winnerId, 'case-resolved', build);
      await mailTeam(bounty.organisationId, 'case-resolved', build);
      return done(undefined);
    },

    /**
     * Sends the overdue reminders due now (at the due moment, +3 and +7 days), each once across every
     * instance: the reminder is claimed in the database before it is sent.
     */
    async sendReminders(): Promise<number> {
      let sent = 0;
      const live = await store.bountiesIn(['open', 'announced']);
      const winners = await store.winnersOf(live.map((bounty) => bounty.id));
      for (const bounty of live) {
        const overdue = overdueOf(
          datesOf(
            bounty,
            winners.filter((w) => w.bountyId === bounty.id),
          ),
          now(),
        );
        if (!overdue) continue;
        const elapsed = now() - Date.parse(overdue.since);
        for (const step of [0, 3, 7]) {
          if (elapsed < step * DAY_MS) continue;
          if (!(await store.claimReminder(bounty.id, overdue.kind, step, iso()))) continue;
          const what = overdue.kind === 'judging' ? 'Judging is overdue' : 'Payment is overdue';
          const teamUrl = await consoleLink(bounty);
          await mailTeam(bounty.organisationId, 'reminder', (to) =>
            lifecycleMails.reminder(to, bounty.title, what, teamUrl),
          );
          sent += 1;
        }
      }
      return sent;
    },

    paymentOverdue,
    setOptionalMail: (person: Person, on: boolean) => store.setOptionalMail(person.id, on),
    optionalMail: (person: Person) => store.optionalMail(person.id),
    recordLeaving: (organisationId: string, userId: string) =>
      store.recordLeaving(organisationId, userId, iso()),
  };
}

export type Lifecycle = ReturnType<typeof createLifecycle>;
