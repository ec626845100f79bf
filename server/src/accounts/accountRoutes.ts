import { Router, type Request } from 'express';
import {
  ACCOUNT_EXPORT_PATH,
  DELETE_CONFIRMATION,
  DELETE_FORM_KEY,
  ACCOUNT_DONE_PARAM,
  ACCOUNT_FORMS,
  PROFILE_FORM_KEY,
  validateProfile,
  type ProfileFields,
  type ProfileFormReturn,
} from '@side-quest/data/account';
import { ROUTE_TABLE } from '@side-quest/data/routes';
import { formFields, readForm } from '../http/formFields';
import type { PersonalPages } from '../site/siteHosting';
import type { Accounts, Person } from './accounts';
import type { PersonalDataStore } from './personalData';
import type { DataRights } from './dataRights';
import { SESSION_COOKIE_PREFIX } from './sessionCookie';

function done(code: string) {
  return `/account?${ACCOUNT_DONE_PARAM}=${code}`;
}

function profileFields(fields: URLSearchParams): ProfileFields {
  return {
    name: fields.get('name') ?? '',
    handle: fields.get('handle') ?? '',
    skills: fields.getAll('skills'),
    country: fields.get('country') ?? '',
    payoutMethod: fields.get('payoutMethod') ?? '',
    profilePublic: fields.has('profilePublic'),
    showEarnings: fields.has('showEarnings'),
  };
}

/**
 * The account page's data (GET /api/account) and its forms, posted by the browser with or without a
 * script: each answers 303 back to /account saying what changed, or, when what was typed has problems,
 * 422 with the page rendered again holding it (nothing typed is lost, nothing personal goes in a URL).
 * The access rules have already required a signed-in person for every path here.
 */
export function createAccountRoutes(options: {
  accounts: Accounts;
  personal: PersonalDataStore;
  dataRights: DataRights;
  /** The site's page renderer (mounted after these routes, hence asked for when needed). */
  pages: () => PersonalPages;
  skillOptions(req: Request): Promise<string[]>;
}): Router {
  const { accounts, personal, pages, dataRights } = options;
  const router = Router();

  async function signedIn(req: Request): Promise<Person> {
    const person = await accounts.person(req);
    // access.ts answered before this for anyone signed out; this is the type's proof.
    if (!person) throw Object.assign(new Error('Not signed in'), { status: 401 });
    return person;
  }

  router.get('/api/account', async (req, res, next) => {
    try {
      const person = await signedIn(req);
      res.setHeader('Cache-Control', 'private, no-store');
      res.json(await personal.overview(req, person, await options.skillOptions(req)));
    } catch (error) {
      next(error);
    }
  });

  router.get(ACCOUNT_EXPORT_PATH, async (req, res, next) => {
    try {
      const person = await signedIn(req);
      res.setHeader('Cache-Control', 'private, no-store');
      res.setHeader('Content-Disposition', 'attachment; filename="side-quest-my-data.json"');
      res.type('application/json').send(JSON.stringify(await dataRights.export(req, person), null, 2));
    } catch (error) {
      next(error);
    }
  });

  router.post(ACCOUNT_FORMS.deleteAccount, readForm, async (req, res, next) => {
    try {
      const person = await signedIn(req);
      const sendBack = (error: string) =>
        pages().render(req, res, {
          url: ROUTE_TABLE.account.path,
          status: 422,
          queries: [[DELETE_FORM_KEY, error]],
        });
      if ((formFields(req).get('confirm') ?? '').trim() !== DELETE_CONFIRMATION)
        return sendBack(`Type ${DELETE_CONFIRMATION} to confirm.`);
      const outcome = await dataRights.delete(person);
      if (!outcome.deleted) return sendBack(outcome.reason);
      // The session went with the account; the browser forgets its cookie too.
      res.append(
        'Set-Cookie',
        `${SESSION_COOKIE_PREFIX}.session_token=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`,
      );
      res.redirect(303, '/');
    } catch (error) {
      next(error);
    }
  });

  router.post(ACCOUNT_FORMS.profile, readForm, async (req, res, next) => {
    try {
      const person = await signedIn(req);
      const values = profileFields(formFields(req));
      const known = new Set(await options.skillOptions(req));
      const checked = validateProfile(values, known);
      let returned: ProfileFormReturn | null = checked.ok ? null : { values, errors: checked.errors };
      if (checked.ok && (await personal.updateProfile(person, checked.value)) === 'handle-taken')
        returned = { values, errors: { handle: 'That handle is taken. Choose another.' } };
      if (!returned) return res.redirect(303, done('profile'));
      await pages().render(req, res, {
        url: ROUTE_TABLE.account.path,
        status: 422,
        queries: [[PROFILE_FORM_KEY, returned]],
      });
    } catch (error) {
      next(error);
    }
  });

  router.post(ACCOUNT_FORMS.revokeSession, readForm, async (req, res, next) => {
    try {
      const person = await signedIn(req);
      const revoked = await personal.revokeSession(person, formFields(req).get('id') ?? '');
      if (!revoked) return res.status(404).type('text/plain').send('Not found');
      res.redirect(303, done('session-revoked'));
    } catch (error) {
      next(error);
    }
  });

  router.post(ACCOUNT_FORMS.signOutEverywhere, readForm, async (req, res, next) => {
    try {
      await personal.signOutElsewhere(req, await signedIn(req));
      res.redirect(303, done('signed-out-elsewhere'));
    } catch (error) {
      next(error);
    }
  });

  router.post(ACCOUNT_FORMS.deletePasskey, readForm, async (req, res, next) => {
    try {
      await signedIn(req);
      const deleted = await personal.deletePasskey(req, formFields(req).get('id') ?? '');
      if (!deleted) return res.status(404).type('text/plain').send('Not found');
      res.redirect(303, done('passkey-deleted'));
    } catch (error) {
      next(error);
    }
  });

  return router;
}
