import { organisationMay, type OrganisationRole } from '@side-quest/data/account';
import {
  overdueOf,
  stageOf,
  totalScore,
  type ConsoleData,
  type MySubmissionsData,
  type PaymentAnswerData,
  type PostFormData,
  type SubmitPageData,
  type TestRuntime,
} from '@side-quest/data/lifecycle';
import type { Person } from '../accounts/accounts';
import type { Organisations, SponsorRecord } from '../organisations/organisations';
import { datesOf, type Lifecycle, type PersonFacts } from './lifecycle';
import type { HostedBountyRecord, LifecycleStore, WinnerRecord } from './lifecycleStore';

const paymentFields = (winner: WinnerRecord) => ({
  recordedAt: winner.recordedAt,
  answer: winner.answer,
  answeredAt: winner.answeredAt,
  resolution: winner.resolution,
  resolvedAt: winner.resolvedAt,
});

/** The action names in the audit log, as the team reads them. */
const AUDIT_WORDS: Record<string, string> = {
  'posted:draft': 'saved a draft',
  'posted:pending': 'sent the bounty for approval',
  'posted:open': 'published the bounty',
  approved: 'approved the bounty (staff)',
  rejected: 'did not approve the bounty (staff)',
  published: 'published the bounty',
  submitted: 'submitted a solution',
  'submission-edited': 'edited a submission',
  withdrawn: 'withdrew a submission',
  reviewed: 'reviewed a submission',
  'submission-rejected': 'rejected a submission',
  announced: 'announced the winners',
  closed: 'closed the bounty without winner',
  cancelled: 'cancelled the bounty',
  'payment-recorded': 'recorded a payment',
  'payment-received': 'confirmed the payment arrived',
  'payment-not-received': 'reported the payment missing',
  'case-paid': 'resolved the payment case as Paid (staff)',
  'case-not-paid': 'resolved the payment case as Not paid (staff)',
};

/** An audit entry's action as people read it. */
export const auditSummary = (action: string) => AUDIT_WORDS[action] ?? action;

/**
 * The data of each lifecycle page, for the person asking: null where they have no part (the route
 * answers 404). Built from the store at request time; these pages are private and never cached.
 */
export function createLifecyclePages(options: {
  lifecycle: Lifecycle;
  store: LifecycleStore;
  organisations: Pick<Organisations, 'sponsorBySlug' | 'sponsor' | 'roleIn'>;
  people: (ids: string[]) => Promise<Map<string, PersonFacts>>;
  renderMarkdown: (markdown: string) => string;
  /** The runtimes live runners offer now, for the post form's test-scored setup (none: not offered). */
  testRuntimes?: () => Promise<TestRuntime[]>;
  now?: () => number;
}) {
  const { lifecycle, store, organisations, people, renderMarkdown } = options;
  const now = options.now ?? Date.now;

  /** The organisation with this slug and the person's role in it, or null when they are not a member. */
  async function membership(
    person: Person,
    slug: string,
  ): Promise<{ sponsor: SponsorRecord; role: OrganisationRole } | null> {
    const sponsor = await organisations.sponsorBySlug(slug);
    if (!sponsor) return null;
    const role = await organisations.roleIn(person.id, sponsor.id);
    return role ? { sponsor, role } : null;
  }

  async function stageOfBounty(bounty: HostedBountyRecord) {
    return stageOf(datesOf(bounty, await store.winnersOf([bounty.id])), now());
  }

  return {
    membership,

    async postForm(person: Person, slug: string, skillOptions: string[]): Promise<PostFormData | null> {
      const found = await membership(person, slug);
      if (!found) return null;
      const bounties = await store.bountiesOf([found.sponsor.id]);
      return {
        organisation: {
          slug: found.sponsor.slug,
          name: found.sponsor.name,
          verified: found.sponsor.verifiedAt !== null,
        },
        mayPublish: organisationMay(found.role, 'publish'),
        paymentOverdue: await lifecycle.paymentOverdue(found.sponsor.id),
        skillOptions,
        testRuntimes: (await options.testRuntimes?.()) ?? [],
        bounties: await Promise.all(
          bounties.map(async (bounty) => ({
            id: bounty.id,
            title: bounty.title,
            state: bounty.state,
            stage: await stageOfBounty(bounty),
          })),
        ),
      };
    },

    /** The review console: the bounty must belong to the organisation in the path. */
    async console(person: Person, slug: string, id: string): Promise<ConsoleData | null> {
      const found = await membership(person, slug);
      const data = found ? await lifecycle.console(person, id) : null;
      if (!found || !data || data.bounty.organisationId !== found.sponsor.id) return null;
      const { bounty, role, submissions, authors, winners, audit } = data;
      const actors = await people([...new Set(audit.map((entry) => entry.actorId))]);
      const dates = datesOf(bounty, winners);
      const overdue = overdueOf(dates, now());
      return {
        organisation: { slug: found.sponsor.slug, name: found.sponsor.name },
        role,
        may: {
          review: organisationMay(role, 'score'),
          award: organisationMay(role, 'award'),
          pay: organisationMay(role, 'pay'),
          cancel: organisationMay(role, 'cancel'),
          publish: organisationMay(role, 'publish'),
        },
        bounty: {
          id: bounty.id,
          title: bounty.title,
          state: bounty.state,
          stage: stageOf(dates, now()),
          stateReason: bounty.stateReason,
          criteria: bounty.criteria,
          prizes: bounty.prizes,
          payoutMethods: bounty.payoutMethods,
          submissionDeadline: bounty.submissionDeadline,
          judgingDeadline: bounty.judgingDeadline,
          announcedAt: bounty.announcedAt,
          paymentDueDays: bounty.paymentDueDays,
          demo: bounty.demo,
          overdue,
        },
        submissions: submissions
          .map((submission) => {
            const author = authors.get(submission.authorId);
            return {
              id: submission.id,
              handle: author?.handle ?? null,
              name: author?.name || 'A talent without a name',
              state: submission.state,
              label: submission.label,
              scores: submission.scores,
              total: totalScore(submission.scores),
              notes: submission.notes,
              rejectionReason: submission.rejectionReason,
              links: submission.links,
              writeUpHtml: renderMarkdown(submission.writeUp),
              answers: submission.answers,
              createdAt: submission.createdAt,
              updatedAt: submission.updatedAt,
            };
          })
          .sort((a, b) => b.total - a.total || a.createdAt.localeCompare(b.createdAt)),
        winners: winners.map((winner) => ({
          slot: winner.slot,
          prize: winner.amount,
          submissionId: winner.submissionId,
          handle: authors.get(winner.winnerId)?.handle ?? null,
          payment: winner.payment,
          answerNote: winner.answerNote,
          resolutionNote: winner.resolutionNote,
          ...paymentFields(winner),
        })),
        // Who did what is for the organisation's admins and owners (and staff), not every member.
        audit: (organisationMay(role, 'manageMembers') ? audit : [])
          .filter((entry) => entry.bountyId === bounty.id)
          .map((entry) => ({
            at: entry.at,
            actor:
              actors.get(entry.actorId)?.handle ??
              (actors.get(entry.actorId)?.name || null) ??
              (entry.action.startsWith('case-') || entry.action === 'approved' || entry.action === 'rejected'
                ? 'Side Quest staff'
                : 'someone'),
            action: entry.action,
            summary: auditSummary(entry.action),
          })),
      };
    },

    async submitPage(person: Person, id: string): Promise<SubmitPageData | null> {
      const bounty = await store.bounty(id);
      if (!bounty || bounty.state !== 'open') return null;
      const sponsor = await organisations.sponsor(bounty.organisationId);
      if (!sponsor) return null;
      const existing = await store.submissionOf(id, person.id);
      return {
        bounty: {
          id,
          title: bounty.title,
          sponsorName: sponsor.name,
          criteria: bounty.criteria,
          submissionDeadline: bounty.submissionDeadline,
          open: now() < Date.parse(bounty.submissionDeadline),
        },
        eligibility: await lifecycle.eligibility(person, bounty),
        existing: existing && {
          id: existing.id,
          state: existing.state,
          rejectionReason: existing.rejectionReason,
          fields: {
            repository: existing.links.repository ?? '',
            document: existing.links.document ?? '',
            video: existing.links.video ?? '',
            writeUp: existing.writeUp,
            answers: existing.answers,
          },
        },
      };
    },

    async mySubmissions(person: Person): Promise<MySubmissionsData> {
      const entries = await lifecycle.mySubmissions(person);
      const submissions = [];
      for (const { submission, bounty, win } of entries) {
        const sponsor = await organisations.sponsor(bounty.organisationId);
        const stage = await stageOfBounty(bounty);
        const decided =
          bounty.state === 'announced' || bounty.state === 'closed' || bounty.state === 'cancelled';
        submissions.push({
          id: submission.id,
          bountyId: bounty.id,
          bountyTitle: bounty.title,
          sponsorName: sponsor?.name ?? 'A former sponsor',
          state:
            submission.state !== 'submitted'
              ? submission.state
              : win
                ? ('won' as const)
                : decided
                  ? ('not-selected' as const)
                  : ('submitted' as const),
          stage,
          rejectionReason: submission.rejectionReason,
          submittedAt: submission.createdAt,
          updatedAt: submission.updatedAt,
          mayEdit:
            bounty.state === 'open' &&
            now() < Date.parse(bounty.submissionDeadline) &&
            submission.state !== 'rejected',
          publicOptIn: submission.publicOptIn,
          win: win && {
            slot: win.slot,
            prize: win.amount,
            paymentRecorded: win.recordedAt !== null,
            answer: win.answer,
          },
        });
      }
      return { submissions, optionalMail: await lifecycle.optionalMail(person) };
    },

    async payment(person: Person, id: string, slot: number): Promise<PaymentAnswerData | null> {
      const found = await lifecycle.paymentForWinner(person, id, slot);
      if (!found) return null;
      const sponsor = await organisations.sponsor(found.bounty.organisationId);
      const { winner, bounty } = found;
      return {
        bountyId: bounty.id,
        bountyTitle: bounty.title,
        sponsorName: sponsor?.name ?? 'A former sponsor',
        slot,
        prize: winner.amount,
        payment: winner.payment,
        answerNote: winner.answerNote,
        resolutionNote: winner.resolutionNote,
        ...paymentFields(winner),
      };
    },
  };
}

export type LifecyclePages = ReturnType<typeof createLifecyclePages>;
