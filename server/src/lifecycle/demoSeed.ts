import { DAY_MS } from '@side-quest/data/lifecycle';
import type { AuthInstance } from '../accounts/authInstance';
import {
  DEMO_BOUNTIES,
  DEMO_MAIL_DOMAIN,
  DEMO_ORGANISATIONS,
  DEMO_TALENTS,
  type DemoBounty,
} from './demoData';
import type { LifecycleStore } from './lifecycleStore';

const DEMO_MARKER = 'demo_seeded_at';

/**
 * Seeds the demo history once per database (a marker keeps a later start, or a second instance, from
 * adding it again): the demo organisations, verified, each with an owner; the demo talents with public
 * handles; and every demo bounty's lifecycle, dated from `now` so the clocks run from the first start.
 * Returns false when the database was seeded before.
 */
export async function seedDemoData(
  auth: AuthInstance,
  store: LifecycleStore,
  now: number = Date.now(),
): Promise<boolean> {
  if (!(await store.claimMarker(DEMO_MARKER, new Date(now).toISOString()))) return false;
  const at = (daysAgo: number) => new Date(now - daysAgo * DAY_MS).toISOString();
  const adapter = (await auth.$context).adapter;

  const userIds = new Map<string, string>();
  const createdAt = new Date(now - 200 * DAY_MS);
  for (const talent of DEMO_TALENTS) {
    const user = (await adapter.create({
      model: 'user',
      data: {
        email: `${talent.handle}@${DEMO_MAIL_DOMAIN}`,
        name: talent.name,
        emailVerified: true,
        handle: talent.handle,
        country: talent.country,
        payoutMethod: talent.payoutMethod,
        profilePublic: talent.profilePublic,
        showEarnings: talent.showEarnings,
        skills: '[]',
        role: 'talent',
        createdAt,
        updatedAt: createdAt,
      },
    })) as { id: string };
    userIds.set(talent.handle, user.id);
  }

  const organisationIds = new Map<string, string>();
  for (const organisation of DEMO_ORGANISATIONS) {
    const owner = (await adapter.create({
      model: 'user',
      data: {
        email: `owner@${organisation.slug}.${DEMO_MAIL_DOMAIN}`,
        name: `${organisation.name} (demo owner)`,
        emailVerified: true,
        skills: '[]',
        role: 'talent',
        createdAt,
        updatedAt: createdAt,
      },
    })) as { id: string };
    const created = (await adapter.create({
      model: 'organization',
      data: {
        name: organisation.name,
        slug: organisation.slug,
        website: organisation.website,
        verifiedAt: at(organisation.verifiedDaysAgo),
        createdAt,
      },
    })) as { id: string };
    await adapter.create({
      model: 'member',
      data: { organizationId: created.id, userId: owner.id, role: 'owner', createdAt },
    });
    organisationIds.set(organisation.slug, created.id);
    userIds.set(`owner:${organisation.slug}`, owner.id);
  }

  for (const bounty of DEMO_BOUNTIES) await seedBounty(store, bounty, organisationIds, userIds, at, now);
  return true;
}

async function seedBounty(
  store: LifecycleStore,
  demo: DemoBounty,
  organisationIds: Map<string, string>,
  userIds: Map<string, string>,
  at: (daysAgo: number) => string,
  now: number,
) {
  const organisationId = organisationIds.get(demo.organisation) as string;
  const ownerId = userIds.get(`owner:${demo.organisation}`) as string;
  const deadline = now + demo.deadlineInDays * DAY_MS;
  await store.transaction(async (run) => {
    const id = await store.createBounty(
      {
        organisationId,
        authorId: ownerId,
        state: 'open',
        demo: true,
        terms: {
          title: demo.title,
          description: demo.description,
          domain: demo.domain,
          skills: demo.skills,
          criteria: demo.criteria,
          prizes: demo.prizes,
          submissionDeadline: new Date(deadline).toISOString(),
          judgingDeadline: new Date(deadline + demo.judgingDays * DAY_MS).toISOString(),
          paymentDueDays: demo.paymentDueDays,
          eligibleCountries: demo.eligibleCountries ?? [],
          payoutMethods: demo.payoutMethods,
          unclaimed: demo.unclaimed,
        },
      },
      at(demo.publishedDaysAgo),
      run,
    );
    const audit = (actorId: string, action: string, daysAgo: number, detail: Record<string, unknown> = {}) =>
      store.audit({ organisationId, bountyId: id, actorId, action, detail }, at(daysAgo), run);
    await audit(ownerId, 'posted:open', demo.publishedDaysAgo);

    const submissionIds: string[] = [];
    for (const submission of demo.submissions) {
      const authorId = userIds.get(submission.talent) as string;
      const saved = await store.upsertSubmission(
        {
          bountyId: id,
          authorId,
          content: {
            links: { repository: `https://git.example/${submission.talent}/${id}` },
            writeUp: `How I approached “${demo.title}”: the design, the measurements against each criterion, and what I would do next.`,
            answers: demo.criteria.map(
              (criterion) => `Met: see the measurements for “${criterion}” in the repository’s README.`,
            ),
          },
        },
        at(submission.daysAgo),
        run,
      );
      submissionIds.push(saved.id);
      await audit(authorId, 'submitted', submission.daysAgo, { submissionId: saved.id });
      if (submission.label !== 'unreviewed' || submission.scores.length > 0) {
        await store.review(
          saved.id,
          { label: submission.label, scores: submission.scores, notes: '' },
          at(submission.daysAgo - 1),
          run,
        );
        await audit(ownerId, 'reviewed', submission.daysAgo - 1, { submissionId: saved.id });
      }
      if (submission.publicOptIn) await store.setPublicOptIn(saved.id, authorId, true, run);
    }

    if (demo.announced) {
      const { daysAgo, winners } = demo.announced;
      await store.moveBounty(id, ['open'], 'announced', at(daysAgo), { announced_at: at(daysAgo) }, run);
      await store.addWinners(
        winners.map((index, slot) => ({
          bountyId: id,
          slot,
          submissionId: submissionIds[index] as string,
          winnerId: userIds.get(demo.submissions[index]?.talent ?? '') as string,
          amount: demo.prizes[slot] ?? 0,
        })),
        run,
      );
      await audit(ownerId, 'announced', daysAgo);
    }
    for (const payment of demo.payments ?? []) {
      const winnerId = userIds.get(
        demo.submissions[demo.announced?.winners[payment.slot] ?? -1]?.talent ?? '',
      ) as string;
      await store.recordPayment(
        id,
        payment.slot,
        {
          amount: demo.prizes[payment.slot] ?? 0,
          method: demo.payoutMethods[0] ?? 'wise',
          reference: payment.reference,
          date: at(payment.recordedDaysAgo).slice(0, 10),
        },
        at(payment.recordedDaysAgo),
        run,
      );
      await audit(ownerId, 'payment-recorded', payment.recordedDaysAgo, { slot: payment.slot });
      if (payment.answer) {
        const answer = payment.answer.received ? 'received' : 'not-received';
        await store.answerPayment(
          id,
          payment.slot,
          answer,
          payment.answer.note ?? null,
          at(payment.answer.daysAgo),
          run,
        );
        await audit(winnerId, `payment-${answer}`, payment.answer.daysAgo, { slot: payment.slot });
      }
      if (payment.resolution) {
        const resolution = payment.resolution.paid ? 'paid' : 'not-paid';
        await store.resolveCase(
          id,
          payment.slot,
          resolution,
          payment.resolution.note,
          at(payment.resolution.daysAgo),
          run,
        );
      }
    }
    if (demo.ended) {
      const { state, daysAgo, reason } = demo.ended;
      await store.moveBounty(
        id,
        ['open'],
        state,
        at(daysAgo),
        { state_reason: reason, ended_at: at(daysAgo) },
        run,
      );
      await audit(ownerId, state, daysAgo, { reason });
    }
    for (const [index, submission] of demo.submissions.entries()) {
      if (submission.rejected)
        await store.moveSubmission(
          submissionIds[index] as string,
          ['submitted'],
          'rejected',
          at(submission.daysAgo - 2),
          submission.rejected,
          run,
        );
    }
  });
}
