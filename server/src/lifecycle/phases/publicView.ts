import type { HostedState, HostedSummary, WinnerPayment } from '@side-quest/data/lifecycle';
import type { Bounty } from '@side-quest/data/bounties';
import { withTrustLines } from '@side-quest/data/trust';
import type { SponsorRecord } from '../../organisations/organisations';
import type { HostedBountyRecord, SubmissionRecord, WinnerRecord } from '../lifecycleStore';
import { bountyPath, type LifecycleContext, type PersonFacts } from './context';

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
 * What the public sees of hosted bounties (the list, the detail page, the feeds): Open to Cancelled, with
 * the sponsor, the winners (and their work when they opted in) and the payments' progress.
 */
export function createPublicView(context: LifecycleContext) {
  const { store, organisations, people, renderMarkdown, now, link } = context;

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
          outOfOrderReason: winner.outOfOrderReason,
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

  /** Every public hosted bounty (Open to Cancelled), as Bounty, oldest first. */
  async function publicList(): Promise<Bounty[]> {
    // Each card carries one line of its sponsor's record, computed from the whole list.
    return withTrustLines(await publicBounties(await store.bountiesIn(PUBLIC_STATES)), now());
  }

  return {
    publicList,

    async publicBounty(id: string): Promise<Bounty | null> {
      return (await publicList()).find((bounty) => bounty.id === id) ?? null;
    },
  };
}
