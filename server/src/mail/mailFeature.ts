import { Router, type Response } from 'express';
import {
  ACCOUNT_DONE_PARAM,
  MAIL_PREFERENCES_FORM,
  MAIL_PREFERENCES_KEY,
  OPTIONAL_MAIL_KINDS,
  OPTIONAL_MAIL_TEXT,
  type MailPreferencesView,
  type MailSwitches,
} from '@side-quest/data/account';
import { ROUTE_TABLE } from '@side-quest/data/routes';
import { escapeHtml } from '@side-quest/data/html';
import type { Accounts, Person } from '../accounts/accounts';
import type { AuthInstance } from '../accounts/authInstance';
import { formFields, readForm } from '../http/formFields';
import type { RateLimitCounters } from '../rate-limits/rateLimitCounters';
import { createWriteRateLimit } from '../rate-limits/writeRateLimit';
import type { MailLog, Mailer } from './mailer';
import { createMailPost, type UnsubscribeTarget } from './mailPost';
import { createMailPreferences, type MailPreferencesStore } from './mailPreferences';
import { unsubscribePage } from './unsubscribePage';
import {
  createUnsubscribeTokens,
  unsubscribeHeaders,
  unsubscribePath,
  type TokenCheck,
} from './unsubscribeTokens';

/** One-click unsubscribes a client address may post per minute (mail providers post once per message). */
const UNSUBSCRIBE_PER_MINUTE = 30;

/** What an unsubscribe stops, said on its page; an alert by its kind alone (the page is public). */
export interface AlertStopper {
  /** Pauses the alert; false when there is no such alert (deleted since). */
  pause(alertId: string): Promise<boolean>;
}

export interface MailFeatureOptions {
  mailer: Mailer;
  store: MailPreferencesStore;
  accounts: Accounts;
  /** The lifecycle's earlier one switch (My submissions), read until the person sets these. */
  legacyLifecycleSwitch(userId: string): Promise<boolean>;
  /** Signs the unsubscribe tokens: the server's secret (AUTH_SECRET or DATA_DIR's). */
  secret: string;
  /** The site's public origin for links in mail (PUBLIC_URL, else http://localhost:3000). */
  origin: string;
  counters: RateLimitCounters;
  onLimited?: (name: string) => void;
  log: MailLog;
  now?: () => number;
}

async function personIdOf(auth: AuthInstance, address: string): Promise<string | null> {
  const context = await auth.$context;
  const found = await context.internalAdapter.findUserByEmail(address.trim().toLowerCase());
  return found?.user.id ?? null;
}

const REFUSALS: Record<Exclude<TokenCheck, { ok: true }>['reason'], [number, string, string]> = {
  malformed: [
    400,
    'This unsubscribe link is incomplete',
    'The link is not a whole unsubscribe link: nothing was changed. Copy the whole address from the e-mail, or choose your e-mails on your account page.',
  ],
  forged: [
    403,
    'This unsubscribe link is not valid',
    'Side Quest did not make this link, or it was changed: nothing was changed. Choose your e-mails on your account page.',
  ],
  expired: [
    410,
    'This unsubscribe link has expired',
    'Unsubscribe links work for a year after the e-mail was sent: nothing was changed. Choose your e-mails on your account page.',
  ],
};

/**
 * Mail preferences, the mail post every optional mail goes through, and one-click unsubscribe:
 *   GET  /api/account/mail      the switches (signed in)
 *   POST /account/mail          saves them (signed in; a plain form, 303 back to /account)
 *   GET  /unsubscribe/:token    a page with a button: it changes nothing, so mail scanners following
 *                               links stop nothing
 *   POST /unsubscribe/:token    stops that kind of mail (or that alert) at once, without a session:
 *                               RFC 8058's one-click (List-Unsubscribe=One-Click) or the page's button;
 *                               exempt from the origin check, idempotent, rate-limited
 */
export function createMailFeature(options: MailFeatureOptions) {
  const now = options.now ?? Date.now;
  const preferences = createMailPreferences(options.store, options.legacyLifecycleSwitch, now);
  const tokens = createUnsubscribeTokens(options.secret, now);
  let alerts: AlertStopper | null = null;
  const post = createMailPost({
    mailer: options.mailer,
    preferences,
    personIdOf: (address) => personIdOf(options.accounts.auth, address),
    unsubscribeHeaders: (target) => unsubscribeHeaders(options.origin, tokens.sign(target)),
    log: options.log,
  });

  async function view(person: Person): Promise<MailPreferencesView> {
    return { switches: await preferences.switches(person.id) };
  }

  const describe = (target: UnsubscribeTarget) =>
    'alertId' in target
      ? 'this bounty alert'
      : `${OPTIONAL_MAIL_TEXT[target.kind].label.toLowerCase()} (${OPTIONAL_MAIL_TEXT[target.kind].description.replace(/\.$/, '').toLowerCase()})`;

  function refuse(res: Response, check: Exclude<TokenCheck, { ok: true }>) {
    const [status, title, text] = REFUSALS[check.reason];
    res
      .status(status)
      .type('html')
      .send(
        unsubscribePage(
          title,
          `<p class="notice problem" role="alert">${escapeHtml(text)}</p><p><a href="${ROUTE_TABLE.account.path}">Your account</a></p>`,
        ),
      );
  }

  const router = Router();
  const noStore = (res: Response) => {
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Robots-Tag', 'noindex');
  };

  router.get('/api/account/mail', async (req, res, next) => {
    try {
      const person = await options.accounts.person(req);
      if (!person) return void res.status(401).json({ success: false, message: 'Sign in first.' });
      res.setHeader('Cache-Control', 'private, no-store');
      res.json(await view(person));
    } catch (error) {
      next(error);
    }
  });

  router.post(MAIL_PREFERENCES_FORM, readForm, async (req, res, next) => {
    try {
      const person = await options.accounts.person(req);
      if (!person) return void res.status(401).type('text/plain').send('Sign in first.');
      const fields = formFields(req);
      // A checkbox left unticked is not sent: every kind the form shows is set, on or off.
      const switches = Object.fromEntries(
        OPTIONAL_MAIL_KINDS.map((kind) => [kind, fields.get(kind) === 'on']),
      ) as MailSwitches;
      await preferences.set(person.id, switches);
      req.log.info({ personId: person.id }, 'mail preferences saved');
      res.redirect(303, `${ROUTE_TABLE.account.path}?${ACCOUNT_DONE_PARAM}=mail#mail`);
    } catch (error) {
      next(error);
    }
  });

  router.get('/unsubscribe/:token', (req, res) => {
    noStore(res);
    const check = tokens.check(String(req.params.token));
    if (!check.ok) return refuse(res, check);
    res.type('html').send(
      unsubscribePage(
        'Unsubscribe',
        `<p>Stop ${escapeHtml(describe(check.target))} to this address?</p>
<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>
<p>Nothing changes until you press the button. You can choose every kind of e-mail on <a href="${ROUTE_TABLE.account.path}">your account page</a>.</p>`,
      ),
    );
  });

  router.post(
    '/unsubscribe/:token',
    createWriteRateLimit({
      name: 'unsubscribe',
      limit: UNSUBSCRIBE_PER_MINUTE,
      windowMs: 60_000,
      counters: options.counters,
      onLimited: options.onLimited,
    }),
    // The body (List-Unsubscribe=One-Click, urlencoded or multipart) is not read: the POST is the answer.
    async (req, res, next) => {
      try {
        noStore(res);
        const check = tokens.check(String(req.params.token));
        if (!check.ok) {
          req.log.info({ reason: check.reason }, 'unsubscribe refused');
          return refuse(res, check);
        }
        const { target } = check;
        if ('alertId' in target) {
          const paused = alerts ? await alerts.pause(target.alertId) : false;
          req.log.info({ alertId: target.alertId, found: paused }, 'unsubscribed from an alert');
        } else {
          await preferences.set(target.personId, { [target.kind]: false });
          req.log.info({ personId: target.personId, kind: target.kind }, 'unsubscribed from a kind of mail');
        }
        res.type('html').send(
          unsubscribePage(
            'You are unsubscribed',
            `<p class="notice" role="status">Side Quest will not send you ${escapeHtml(describe(target))} any more.</p>
<p>Changed your mind? Turn it back on from <a href="${'alertId' in target ? '/account/alerts' : ROUTE_TABLE.account.path}">your account</a>.</p>`,
          ),
        );
      } catch (error) {
        next(error);
      }
    },
  );

  return {
    post,
    preferences,
    tokens,
    /** The unsubscribe page of a target, for the text of a message (its headers carry the same). */
    unsubscribeUrl: (target: UnsubscribeTarget) => `${options.origin}${unsubscribePath(tokens.sign(target))}`,
    router,
    /** The unsubscribe of an alert pauses it (the alerts feature registers itself). */
    useAlerts(stopper: AlertStopper) {
      alerts = stopper;
    },
    /** /account's data besides the overview: the switches. */
    async accountQueries(person: Person): Promise<Array<[readonly unknown[], unknown]>> {
      return [[MAIL_PREFERENCES_KEY, await view(person)]];
    },
    /** The person's switches in their export, and gone with their account. */
    personalData: {
      async export(person: Person) {
        return { mailPreferences: (await view(person)).switches };
      },
      remove: (person: Person) => preferences.remove(person.id),
    },
  };
}

export type MailFeature = ReturnType<typeof createMailFeature>;
