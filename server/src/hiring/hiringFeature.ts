import { Router, type Request } from 'express';
import {
  HIRING_DONE_PARAM,
  HIRING_FORMS,
  HIRING_SETTINGS_KEY,
  OPEN_TO_WORK_FORM_KEY,
  availabilityKey,
  directoryQueryOf,
  parseDirectoryQuery,
  talentDirectoryKey,
  directorySearch,
  validateOpenToWork,
  visibleAvailability,
  type HiringSettingsView,
  type OpenToWorkFields,
  type OpenToWorkFormReturn,
  type TalentViewer,
} from '@side-quest/data/hiring';
import { ROUTE_TABLE, type RouteId } from '@side-quest/data/routes';
import type { Accounts, Person } from '../accounts/accounts';
import type { PersonalDataStore } from '../accounts/personalData';
import { formFields, readForm } from '../http/formFields';
import type { Organisations } from '../organisations/organisations';
import type { PageQuery, PersonalPages } from '../site/siteHosting';
import type { Talent } from '../trust/talentFeature';
import { withProfileUrls } from '../trust/talentApi';
import type { HiringStore } from './hiringStore';

const done = (code: string) => `/account?${HIRING_DONE_PARAM}=${code}#open-to-work`;

function openToWorkFields(fields: URLSearchParams): OpenToWorkFields {
  return {
    kinds: fields.getAll('kinds'),
    remote: fields.has('remote'),
    countries: fields.getAll('countries'),
    availableFrom: fields.get('availableFrom') ?? '',
    audience: fields.get('audience') ?? '',
  };
}

/**
 * Hiring for people (issue 46 items 1 and 2): a person's availability and interview-request switch on
 * /account (plain form posts, 303 back or 422 with what was typed), and what a signed-in viewer may see
 * of others' availabilities: the directory and a profile's restricted badge. Who is a verified sponsor
 * is asked of the organisations on every request, never remembered.
 */
export function createHiring(options: {
  store: HiringStore;
  accounts: Accounts;
  organisations: Organisations;
  personal: PersonalDataStore;
  talent: Talent;
  pages: () => PersonalPages;
  publicOrigin(req: Request): string;
  now?: () => number;
}) {
  const { store, accounts, organisations, personal, talent, pages } = options;
  const now = options.now ?? Date.now;

  async function signedIn(req: Request): Promise<Person> {
    const person = await accounts.person(req);
    // The access rules answered before this for anyone signed out; this is the type's proof.
    if (!person) throw Object.assign(new Error('Not signed in'), { status: 401 });
    return person;
  }

  /** An owner or admin of a verified organisation sees availabilities meant for verified sponsors. */
  async function viewerKind(person: Person | null): Promise<TalentViewer> {
    if (!person) return 'public';
    for (const membership of await organisations.membershipIds(person.id)) {
      if (membership.role !== 'owner' && membership.role !== 'admin') continue;
      if ((await organisations.sponsor(membership.organisationId))?.verifiedAt) return 'verified-sponsor';
    }
    return 'public';
  }

  async function settings(person: Person): Promise<HiringSettingsView> {
    const [{ profile }, preferences] = await Promise.all([
      personal.profile(person),
      store.preferences(person.id),
    ]);
    return {
      hasPublicProfile: profile.profilePublic && Boolean(profile.handle),
      handle: profile.handle,
      openToWorkOn: preferences.openToWorkOn,
      openToWork: preferences.openToWork,
      interviewRequestsOn: preferences.interviewRequestsOn,
    };
  }

  /** The availability of the public profile `handle`, if `viewer` may see it; null otherwise. */
  async function availabilityFor(handle: string, viewer: TalentViewer) {
    const entry = (await talent.directoryCandidates()).find((candidate) => candidate.handle === handle);
    return visibleAvailability(entry?.openToWork ?? null, viewer);
  }

  const router = Router();

  router.get('/api/account/hiring', async (req, res, next) => {
    try {
      const person = await signedIn(req);
      res.setHeader('Cache-Control', 'private, no-store');
      res.json(await settings(person));
    } catch (error) {
      next(error);
    }
  });

  router.post(HIRING_FORMS.openToWork, readForm, async (req, res, next) => {
    try {
      const person = await signedIn(req);
      const values = openToWorkFields(formFields(req));
      const { hasPublicProfile } = await settings(person);
      const checked = validateOpenToWork(values, { hasPublicProfile, now: now() });
      if (checked.ok) {
        await store.saveOpenToWork(person.id, checked.value, new Date(now()).toISOString());
        return res.redirect(303, done('open-to-work'));
      }
      const returned: OpenToWorkFormReturn = { values, errors: checked.errors };
      await pages().render(req, res, {
        url: ROUTE_TABLE.account.path,
        status: 422,
        queries: [[OPEN_TO_WORK_FORM_KEY, returned]],
      });
    } catch (error) {
      next(error);
    }
  });

  router.post(HIRING_FORMS.openToWorkOff, readForm, async (req, res, next) => {
    try {
      const person = await signedIn(req);
      await store.switchOffOpenToWork(person.id, new Date(now()).toISOString());
      res.redirect(303, done('open-to-work-off'));
    } catch (error) {
      next(error);
    }
  });

  router.post(HIRING_FORMS.interviewRequests, readForm, async (req, res, next) => {
    try {
      const person = await signedIn(req);
      const choice = formFields(req).get('requests');
      if (choice !== 'on' && choice !== 'off') {
        res.status(400).type('text/plain').send('Choose whether interview requests are on or off.');
        return;
      }
      await store.setInterviewRequests(person.id, choice === 'on', new Date(now()).toISOString());
      res.redirect(303, done(choice === 'on' ? 'requests-on' : 'requests-off'));
    } catch (error) {
      next(error);
    }
  });

  // The directory as this viewer may see it (the page's own read when signed in).
  router.get('/api/hiring/talent', async (req, res, next) => {
    try {
      const person = await signedIn(req);
      const parsed = parseDirectoryQuery(new URL(req.originalUrl, 'http://site.invalid').searchParams);
      res.setHeader('Cache-Control', 'private, no-store');
      if (!parsed.ok) {
        res.status(400).json({ success: false, message: parsed.message });
        return;
      }
      const page = await talent.directory(parsed.query, await viewerKind(person));
      res.json(withProfileUrls(page, options.publicOrigin(req)));
    } catch (error) {
      next(error);
    }
  });

  // A profile's availability for this viewer: 404 when there is none they may see (nothing told).
  router.get('/api/hiring/open-to-work/:handle', async (req, res, next) => {
    try {
      const person = await signedIn(req);
      res.setHeader('Cache-Control', 'private, no-store');
      const openToWork = await availabilityFor(String(req.params.handle), await viewerKind(person));
      if (!openToWork) {
        res.status(404).json({ success: false, message: 'Not found' });
        return;
      }
      res.json({ openToWork });
    } catch (error) {
      next(error);
    }
  });

  return {
    router,
    viewerKind,

    /** The account page's hiring panel, rendered into /account. */
    async accountQueries(person: Person): Promise<PageQuery[]> {
      return [[HIRING_SETTINGS_KEY, await settings(person)]];
    },

    /** A signed-in viewer's own view of the talent pages, rendered under the keys the pages read. */
    async queriesFor(
      req: Request,
      person: Person,
      routeId: RouteId,
      params: Record<string, string | undefined>,
      url: string,
    ): Promise<PageQuery[]> {
      if (routeId === 'talentDirectory') {
        const { query } = directoryQueryOf(new URL(url, 'http://site.invalid').search);
        const page = await talent.directory(query, await viewerKind(person));
        const body = withProfileUrls(page, options.publicOrigin(req));
        return [[talentDirectoryKey(directorySearch(query)), body]];
      }
      if (routeId === 'talentProfile') {
        const handle = decodeURIComponent(params.handle ?? '');
        return [[availabilityKey(handle), await availabilityFor(handle, await viewerKind(person))]];
      }
      return [];
    },

    /** The account export's part and the deletion's (accounts/dataRights.ts). */
    personalData: hiringPersonalData(store),
  };
}

/** Hiring's part of the account export, and of the deletion (accounts/dataRights.ts). */
export function hiringPersonalData(store: HiringStore) {
  return {
    async export(person: Pick<Person, 'id'>) {
      const preferences = await store.preferences(person.id);
      return { hiring: { ...preferences } };
    },
    async remove(person: Pick<Person, 'id'>) {
      await store.removePerson(person.id);
    },
  };
}

export type Hiring = ReturnType<typeof createHiring>;
