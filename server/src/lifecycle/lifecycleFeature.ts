import type { Request } from 'express';
import { renderUserMarkdown } from '@side-quest/design/markdown/server';
import {
  MY_SUBMISSIONS_KEY,
  consoleKey,
  paymentPageKey,
  postFormKey,
  submitPageKey,
} from '@side-quest/data/lifecycle';
import type { RouteId } from '@side-quest/data/routes';
import type { Accounts, Person } from '../accounts/accounts';
import type { Organisations } from '../organisations/organisations';
import type { MailPost, MailPreferences } from '../mail';
import type { PageQuery, PersonalPages } from '../site/siteHosting';
import type { StaffLifecycle } from '../staff/staffConsole';
import { createLifecycle, type Outcome } from './lifecycle';
import { auditSummary, createLifecyclePages } from './lifecyclePages';
import { createLifecycleRoutes } from './lifecycleRoutes';
import type { PostFormSetup } from '../scored-bounties/postFormSetup';
import type { LifecycleStore } from './lifecycleStore';
import { createPeople } from './people';

/** How many of the latest audited writes the staff console lists. */
const STAFF_HISTORY_LENGTH = 50;

/** How often the server looks for overdue clocks to remind teams of (each reminder goes once). */
const REMINDER_POLL_MS = 10 * 60 * 1000;

/**
 * The bounty lifecycle assembled for the app: the service on its store, the pages' data, the routes,
 * the staff console's part, the pages' server-rendered data and the reminder clock.
 */
export function createLifecycleFeature(options: {
  store: LifecycleStore;
  accounts: Accounts;
  organisations: Organisations;
  /** Where the lifecycle's e-mail goes: optional kinds as each person's switches say (mailPost.ts). */
  post: Pick<MailPost, 'send'>;
  /** The switches behind My submissions' one e-mail switch (talent updates and team notices). */
  preferences: Pick<MailPreferences, 'switches' | 'set'>;
  origin: string;
  skillOptions: (req: Request) => Promise<string[]>;
  sitePages: () => PersonalPages;
  /** Reloads the public list's copy of the hosted bounties after a change. */
  changed: () => Promise<void>;
  /** The scoring setup a post form may carry (scored bounties mount after the lifecycle). */
  postFormSetup?: () => PostFormSetup | null;
  now?: () => number;
  /** A scored bounty's final leaderboard, for the announcement's order check (finalBoard.ts). */
  finalBoard?: (bountyId: string) => Promise<readonly string[] | null>;
  /** Why staff may not approve a bounty yet (a test-scored setup's reference not passed), or null. */
  approvalProblem?: (bountyId: string) => Promise<string | null>;
}) {
  const { store, accounts, organisations, post, preferences, now } = options;
  const people = createPeople(accounts.auth);
  const lifecycle = createLifecycle({
    // My submissions' switch is the account page's talent updates and team notices together; each
    // message's own kind is checked by the post, so the service's check lets through whatever either allows.
    store: {
      ...store,
      async optionalMail(userId: string) {
        const switches = await preferences.switches(userId);
        return switches['talent-updates'] || switches['team-notices'];
      },
      setOptionalMail: (userId: string, on: boolean) =>
        preferences.set(userId, { 'talent-updates': on, 'team-notices': on }),
    },
    organisations,
    people,
    send: (mail) => post.send(mail),
    renderMarkdown: renderUserMarkdown,
    origin: options.origin,
    now,
    finalBoard: options.finalBoard,
    approvalProblem: options.approvalProblem,
  });
  const pages = createLifecyclePages({
    lifecycle,
    store,
    organisations,
    people,
    renderMarkdown: renderUserMarkdown,
    testRuntimes: async () => (await options.postFormSetup?.()?.liveTestRuntimes()) ?? [],
    now,
  });

  async function staffPerson(req: Request): Promise<Person> {
    const person = await accounts.person(req);
    if (!person) throw Object.assign(new Error('Not signed in'), { status: 401 });
    return person;
  }

  async function afterChange(outcome: Outcome): Promise<Outcome> {
    if (outcome.ok) await options.changed();
    return outcome;
  }

  const staff: StaffLifecycle = {
    async queue() {
      const queued = await lifecycle.staffQueue();
      return Promise.all(
        queued.map(async (bounty) => ({
          id: bounty.id,
          title: bounty.title,
          sponsor: (await organisations.sponsor(bounty.organisationId))?.name ?? 'An organisation',
          domain: bounty.domain,
          prizes: bounty.prizes,
          criteria: bounty.criteria,
          submissionDeadline: bounty.submissionDeadline,
          descriptionHtml: renderUserMarkdown(bounty.description),
        })),
      );
    },
    async cases() {
      const open = await lifecycle.openCases();
      const handles = await people(open.map((entry) => entry.winnerId));
      return Promise.all(
        open.map(async (entry) => {
          const bounty = await store.bounty(entry.bountyId);
          return {
            bountyId: entry.bountyId,
            slot: entry.slot,
            title: bounty?.title ?? entry.bountyId,
            sponsor: bounty ? ((await organisations.sponsor(bounty.organisationId))?.name ?? '') : '',
            winner: handles.get(entry.winnerId)?.handle ?? 'a winner without a handle',
            payment: entry.payment,
            answerNote: entry.answerNote,
            answeredAt: entry.answeredAt,
          };
        }),
      );
    },
    async history() {
      const entries = await store.auditOf(null, STAFF_HISTORY_LENGTH);
      const actors = await people(entries.map((entry) => entry.actorId));
      const names = new Map<string, string>();
      const titles = new Map<string, string>();
      for (const entry of entries) {
        if (!names.has(entry.organisationId))
          names.set(
            entry.organisationId,
            (await organisations.sponsor(entry.organisationId))?.name ?? 'a deleted organisation',
          );
        if (entry.bountyId && !titles.has(entry.bountyId))
          titles.set(entry.bountyId, (await store.bounty(entry.bountyId))?.title ?? entry.bountyId);
      }
      return entries.map((entry) => {
        const actor = actors.get(entry.actorId);
        return {
          at: entry.at,
          organisation: names.get(entry.organisationId) ?? '',
          bounty: entry.bountyId ? (titles.get(entry.bountyId) ?? entry.bountyId) : '—',
          actor: actor ? actor.handle || actor.name || actor.email : 'a deleted account',
          summary: auditSummary(entry.action),
        };
      });
    },
    approve: async (req, id) => afterChange(await lifecycle.approve(await staffPerson(req), id)),
    reject: async (req, id, reason) =>
      afterChange(await lifecycle.reject(await staffPerson(req), id, reason)),
    resolve: async (req, bountyId, slot, resolution, note) =>
      afterChange(await lifecycle.resolveCase(await staffPerson(req), bountyId, slot, resolution, note)),
  };

  const routes = createLifecycleRoutes({
    accounts,
    lifecycle,
    pages,
    sitePages: options.sitePages,
    skillOptions: options.skillOptions,
    changed: options.changed,
    postFormSetup: options.postFormSetup,
    now,
  });

  let timer: NodeJS.Timeout | null = null;
  return {
    lifecycle,
    routes,
    staff,
    /** The data a lifecycle page is server-rendered with, for the signed-in person. */
    async queriesFor(
      req: Request,
      person: Person,
      route: RouteId,
      params: Record<string, string>,
    ): Promise<PageQuery[]> {
      const param = (name: string) => decodeURIComponent(params[name] ?? '');
      switch (route) {
        case 'postBounty':
          return [
            [
              postFormKey(param('slug')),
              await pages.postForm(person, param('slug'), await options.skillOptions(req)),
            ],
          ];
        case 'bountyConsole':
          return [
            [consoleKey(param('slug'), param('id')), await pages.console(person, param('slug'), param('id'))],
          ];
        case 'submitSolution':
          return [[submitPageKey(param('id')), await pages.submitPage(person, param('id'))]];
        case 'mySubmissions':
          return [[MY_SUBMISSIONS_KEY, await pages.mySubmissions(person)]];
        case 'paymentAnswer': {
          const slot = Number(param('slot'));
          return [[paymentPageKey(param('id'), slot), await pages.payment(person, param('id'), slot)]];
        }
        default:
          return [];
      }
    },
    /** Sends due reminders now and every 10 minutes until stop(). */
    startReminders(log: (error: unknown) => void) {
      const tick = () => void lifecycle.sendReminders().catch(log);
      tick();
      timer = setInterval(tick, REMINDER_POLL_MS);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}

export type LifecycleFeature = ReturnType<typeof createLifecycleFeature>;
