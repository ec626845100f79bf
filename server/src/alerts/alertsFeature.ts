import { Router, type Request, type Response } from 'express';
import {
  ALERTS_KEY,
  ALERT_FORMS,
  ALERT_FORM_KEY,
  ALERT_FREQUENCIES,
  ALERT_LIMITS,
  alertFilters,
  alertQuery,
  alertSummary,
  defaultAlertName,
  type AlertFormReturn,
  type AlertFrequency,
  type AlertsPage,
} from '@side-quest/data/alerts';
import type { Bounty } from '@side-quest/data/bounties';
import { ROUTE_TABLE } from '@side-quest/data/routes';
import type { Accounts, Person } from '../accounts/accounts';
import type { PersonalDataPart } from '../accounts/dataRights';
import { bountyDetailUrl } from '../bounties/publicBounties';
import { formFields, readForm } from '../http/formFields';
import type { MailLog, MailPost, MailPreferences } from '../mail';
import type { PersonalPages } from '../site/siteHosting';
import { alertDigestMail } from './alertMails';
import { digestFor, periodOf } from './alertRules';
import type { AlertStore, StoredAlert } from './alertStore';

export interface AlertsOptions {
  store: AlertStore;
  preferences: Pick<MailPreferences, 'wants'>;
  post: Pick<MailPost, 'sendOptional'>;
  /** Each account's address (the lifecycle's people lookup). */
  addresses: (ids: string[]) => Promise<Map<string, { email: string }>>;
  /** The public list, from the configured source (alertBounties.ts). */
  bounties: () => Promise<Bounty[]>;
  unsubscribeUrl: (alertId: string) => string;
  /** The site's public origin for links in mail. */
  origin: string;
  log: MailLog;
  now?: () => number;
}

/**
 * Saved-search alerts: the digest pass (sendDue, run by the server's clock and by
 * `npm run alerts -- send-due`) and the person's own alerts. A digest holds the bounties first seen in
 * the public list since the alert's last digest (or since it was made) that match its filters, and is
 * claimed in the database per alert and period, so several instances send it once.
 */
export function createAlerts(options: AlertsOptions) {
  const { store, log } = options;
  const now = options.now ?? Date.now;
  const iso = (time: number) => new Date(time).toISOString();

  const view = (alert: StoredAlert) => ({
    id: alert.id,
    name: alert.name,
    query: alert.query,
    summary: alertSummary(alertFilters(new URLSearchParams(alert.query))),
    frequency: alert.frequency,
    paused: alert.paused,
    createdAt: alert.createdAt,
    lastDigestAt: alert.lastDigestAt,
  });

  async function page(person: Person): Promise<AlertsPage> {
    const [alerts, mailOn] = await Promise.all([
      store.listOf(person.id),
      options.preferences.wants(person.id, 'bounty-alerts'),
    ]);
    return { alerts: alerts.map(view), mailOn };
  }

  /** Records the bounties listed now as seen: whatever exists when an alert is made is not new to it. */
  async function observe(at: number): Promise<Bounty[]> {
    const list = await options.bounties();
    await store.observe(
      list.map((bounty) => bounty.id),
      iso(at),
    );
    return list;
  }

  return {
    observe: () => observe(now()),

    /** Sends every digest due now, each once; resolves with how many went. */
    async sendDue(): Promise<{ sent: number; alerts: number }> {
      const at = now();
      const list = await observe(at);
      const firstSeen = await store.firstSeen();
      const active = await store.active();
      const addresses = await options.addresses([...new Set(active.map((alert) => alert.userId))]);
      let sent = 0;
      for (const alert of active) {
        const since = alert.lastDigestAt ?? alert.createdAt;
        const digest = digestFor(alert.query, list, firstSeen, since, at);
        // Nothing new: no digest, and the period stays open for the next pass.
        if (digest.total === 0) continue;
        const person = addresses.get(alert.userId);
        if (!person) continue;
        if (!(await store.claimDigest(alert.id, periodOf(alert.frequency, at), iso(at), digest.total)))
          continue;
        const mailId = await options.post.sendOptional(
          alertDigestMail({
            to: person.email,
            alert,
            summary: view(alert).summary,
            digest,
            since,
            origin: options.origin,
            bountyUrl: (bounty) => bountyDetailUrl(options.origin, bounty.id),
            unsubscribeUrl: options.unsubscribeUrl(alert.id),
          }),
          alert.userId,
          'bounty-alerts',
          { alertId: alert.id },
        );
        // Sent or switched off, the next digest starts here: a switch turned back on sends no backlog.
        await store.digestSent(alert.id, iso(at));
        if (mailId !== null) {
          sent += 1;
          log.info({ alertId: alert.id, mailId, bounties: digest.total }, 'alert digest sent');
        }
      }
      return { sent, alerts: active.length };
    },

    page,

    async create(person: Person, params: URLSearchParams, name: string, frequency: AlertFrequency) {
      const query = alertQuery(alertFilters(params));
      const id = await store.create(
        {
          userId: person.id,
          name: name || defaultAlertName(alertFilters(params)),
          query,
          frequency,
        },
        iso(now()),
        ALERT_LIMITS.perPerson,
      );
      return id;
    },

    update: (
      person: Person,
      id: string,
      changes: { name: string; frequency: AlertFrequency; paused: boolean },
    ) => store.update(person.id, id, changes),
    remove: (person: Person, id: string) => store.delete(person.id, id),
    /** The one-click unsubscribe of a digest: pauses its alert. */
    pause: (alertId: string) => store.pause(alertId),
    /** /account/alerts' data. */
    async queries(person: Person): Promise<Array<[readonly unknown[], unknown]>> {
      return [[ALERTS_KEY, await page(person)]];
    },

    personalData: {
      async export(person: Person) {
        return {
          alerts: (await store.listOf(person.id)).map(({ id: _id, userId: _user, ...alert }) => ({
            ...alert,
            summary: view({ ...alert, id: '', userId: '' }).summary,
          })),
        };
      },
      remove: (person: Person) => store.removeAllOf(person.id),
    } satisfies PersonalDataPart,
  };
}

export type Alerts = ReturnType<typeof createAlerts>;

function frequencyOf(value: string | null): AlertFrequency | null {
  return ALERT_FREQUENCIES.find((frequency) => frequency === value) ?? null;
}

/** A name as typed: trimmed; null when too long. An empty one means the default. */
function nameOf(value: string | null): string | null {
  const name = (value ?? '').trim().replace(/\s+/g, ' ');
  return name.length > ALERT_LIMITS.nameMax ? null : name;
}

const done = (code: string) => `${ROUTE_TABLE.accountAlerts.path}?done=${code}`;

/**
 * The alert forms of /account/alerts (the access rules require a signed-in person for /account/*):
 *   POST /account/alerts[?list filters]   save a search (its filters in the action's query string, or
 *                                          a `query` field from the confirm form)
 *   POST /account/alerts/update            name, frequency, pause
 *   POST /account/alerts/delete
 * Each answers 303 back to the page; a problem renders the page again (422) saying what is wrong; an
 * alert that is not the person's is Not found.
 */
export function createAlertRoutes(options: {
  accounts: Accounts;
  alerts: Alerts;
  pages: () => PersonalPages;
  log: MailLog;
}): Router {
  const { accounts, alerts } = options;
  const router = Router();

  async function signedIn(req: Request): Promise<Person> {
    const person = await accounts.person(req);
    if (!person) throw Object.assign(new Error('Not signed in'), { status: 401 });
    return person;
  }

  const sendBack = (req: Request, res: Response, returned: AlertFormReturn, status = 422) =>
    options.pages().render(req, res, {
      url: ROUTE_TABLE.accountAlerts.path,
      status,
      queries: [[ALERT_FORM_KEY, returned]],
    });

  router.get('/api/account/alerts', async (req, res, next) => {
    try {
      const person = await signedIn(req);
      res.setHeader('Cache-Control', 'private, no-store');
      res.json(await alerts.page(person));
    } catch (error) {
      next(error);
    }
  });

  router.post(ALERT_FORMS.create, readForm, async (req, res, next) => {
    try {
      const person = await signedIn(req);
      const fields = formFields(req);
      const fromForm = fields.get('query');
      const params = new URLSearchParams(fromForm ?? new URL(req.originalUrl, 'http://site.invalid').search);
      const name = nameOf(fields.get('name'));
      const frequency = fields.has('frequency') ? frequencyOf(fields.get('frequency')) : 'daily';
      if (name === null)
        return await sendBack(req, res, {
          form: 'new',
          error: `A name is at most ${ALERT_LIMITS.nameMax} characters.`,
        });
      if (!frequency)
        return await sendBack(req, res, { form: 'new', error: 'Choose daily or weekly.', name });
      // What is listed now is not new to the alert: recorded as seen before the alert is made (if the
      // list cannot be read now, the next pass records it).
      await alerts.observe().catch((error: unknown) => req.log.warn({ err: error }, 'alert: list not read'));
      const id = await alerts.create(person, params, name, frequency);
      if (!id)
        return await sendBack(
          req,
          res,
          {
            form: 'new',
            error: `You keep ${ALERT_LIMITS.perPerson} alerts, the most there can be. Delete one to save this search.`,
            name,
          },
          409,
        );
      req.log.info({ personId: person.id, alertId: id }, 'alert saved');
      res.redirect(303, done('created'));
    } catch (error) {
      next(error);
    }
  });

  router.post(ALERT_FORMS.update, readForm, async (req, res, next) => {
    try {
      const person = await signedIn(req);
      const fields = formFields(req);
      const id = fields.get('id') ?? '';
      const name = nameOf(fields.get('name'));
      const frequency = frequencyOf(fields.get('frequency'));
      if (!name)
        return await sendBack(req, res, {
          form: id,
          error: `Give the alert a name of 1 to ${ALERT_LIMITS.nameMax} characters.`,
        });
      if (!frequency) return await sendBack(req, res, { form: id, error: 'Choose daily or weekly.', name });
      const changed = await options.alerts.update(person, id, {
        name,
        frequency,
        paused: fields.get('paused') === 'on',
      });
      if (!changed) return void res.status(404).type('text/plain').send('Not found');
      req.log.info({ personId: person.id, alertId: id }, 'alert changed');
      res.redirect(303, done('saved'));
    } catch (error) {
      next(error);
    }
  });

  router.post(ALERT_FORMS.delete, readForm, async (req, res, next) => {
    try {
      const person = await signedIn(req);
      const id = formFields(req).get('id') ?? '';
      if (!(await options.alerts.remove(person, id)))
        return void res.status(404).type('text/plain').send('Not found');
      req.log.info({ personId: person.id, alertId: id }, 'alert deleted');
      res.redirect(303, done('deleted'));
    } catch (error) {
      next(error);
    }
  });

  return router;
}
