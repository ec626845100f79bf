import { Router, type Request, type Response } from 'express';
import { isValidEmail } from '@side-quest/data/forms';
import {
  INVITE_FORM_KEY,
  ORGANISATION_FORMS,
  ORGANISATION_FORM_KEY,
  ORGANISATION_LIMITS,
  ORGANISATION_ROLES,
  validateOrganisation,
  type InviteFormReturn,
  type OrganisationFormReturn,
  type OrganisationRole,
} from '@side-quest/data/account';
import { formFields, readForm } from '../http/formFields';
import { readMultipartForm } from '../http/multipartForm';
import type { PersonalPages } from '../site/siteHosting';
import type { Accounts, Person } from '../accounts/accounts';
import { reencodeLogo } from './logo';
import type { Organisations } from './organisations';

const teamPage = (slug: string) => `/sponsor/${encodeURIComponent(slug)}`;

function roleField(value: string | null): OrganisationRole | null {
  return ORGANISATION_ROLES.find((role) => role === value) ?? null;
}

function notFound(res: Response) {
  res.status(404).type('text/plain').send('Not found');
}

/**
 * The sponsor organisations: their data for the pages (/api/organisations…), the pages' form posts
 * (create with a logo, invite, answer an invitation, change a role, remove a member) and the logos.
 * Every form answers 303 to its page, 422 with the page and what was typed when it has problems, or 404
 * for an organisation, member or invitation the person has no part in.
 */
export function createOrganisationRoutes(options: {
  accounts: Accounts;
  organisations: Organisations;
  pages: () => PersonalPages;
}): Router {
  const { accounts, organisations, pages } = options;
  const router = Router();

  async function signedIn(req: Request): Promise<Person> {
    const person = await accounts.person(req);
    if (!person) throw Object.assign(new Error('Not signed in'), { status: 401 });
    return person;
  }

  const handle =
    (run: (req: Request, res: Response, person: Person) => Promise<unknown>) =>
    async (req: Request, res: Response, next: (error?: unknown) => void) => {
      try {
        await run(req, res, await signedIn(req));
      } catch (error) {
        next(error);
      }
    };

  router.get(
    '/api/organisations',
    handle(async (_req, res, person) => {
      res.setHeader('Cache-Control', 'private, no-store');
      res.json(await organisations.mine(person));
    }),
  );

  router.get(
    '/api/organisations/:slug',
    handle(async (req, res, person) => {
      const team = await organisations.team(person, String(req.params.slug));
      if (!team) return res.status(404).json({ success: false, message: 'Not found' });
      res.setHeader('Cache-Control', 'private, no-store');
      res.json(team);
    }),
  );

  // A team page of an organisation the person has no part in is a 404, like one that does not exist.
  router.get('/sponsor/:slug', async (req, res, next) => {
    try {
      const person = await signedIn(req);
      if (await organisations.team(person, String(req.params.slug))) return next();
      await pages().render(req, res, { url: req.originalUrl, status: 404, queries: [] });
    } catch (error) {
      next(error);
    }
  });

  router.post(
    ORGANISATION_FORMS.create,
    handle(async (req, res) => {
      if (!req.is('multipart/form-data'))
        return void res.status(415).type('text/plain').send('Send the form as multipart/form-data.');
      const form = await readMultipartForm(req, { fileLimit: ORGANISATION_LIMITS.logoMaxBytes });
      const values = {
        name: form.fields.get('name') ?? '',
        slug: form.fields.get('slug') ?? '',
        website: form.fields.get('website') ?? '',
      };
      const checked = validateOrganisation(values);
      const errors: OrganisationFormReturn['errors'] = checked.ok ? {} : { ...checked.errors };
      const upload = form.files.get('logo');
      let logo: Buffer | null = null;
      if (form.tooLarge) errors.logo = 'The logo is larger than 512 KB. Choose a smaller file.';
      else if (upload && upload.length > 0) {
        const reencoded = await reencodeLogo(upload);
        if (reencoded.ok) logo = reencoded.webp;
        else errors.logo = reencoded.message;
      }
      if (checked.ok && Object.keys(errors).length === 0) {
        const outcome = await organisations.create(req, checked.value, logo);
        if (outcome === 'done') return res.redirect(303, `${teamPage(checked.value.slug)}?done=created`);
        errors.slug = 'That address is taken. Choose another.';
      }
      const returned: OrganisationFormReturn = { values, errors };
      await pages().render(req, res, {
        url: '/sponsor',
        status: 422,
        queries: [[ORGANISATION_FORM_KEY, returned]],
      });
    }),
  );

  router.post(
    ORGANISATION_FORMS.answerInvitation,
    readForm,
    handle(async (req, res, person) => {
      const fields = formFields(req);
      const accept = fields.get('answer') === 'accept';
      const outcome = await organisations.answerInvitation(
        req,
        person,
        fields.get('invitationId') ?? '',
        accept,
      );
      if (outcome === 'not-found') return notFound(res);
      res.redirect(303, `/sponsor?done=${accept ? 'joined' : 'declined'}`);
    }),
  );

  router.post(
    '/sponsor/:slug/invitations',
    readForm,
    handle(async (req, res, person) => {
      const slug = String(req.params.slug);
      const fields = formFields(req);
      const email = (fields.get('email') ?? '').trim().toLowerCase();
      const role = roleField(fields.get('role'));
      const sendBack = async (error: string) => {
        const returned: InviteFormReturn = { email, role: role ?? 'member', error };
        await pages().render(req, res, {
          url: teamPage(slug),
          status: 422,
          queries: [[INVITE_FORM_KEY, returned]],
        });
      };
      if (!isValidEmail(email)) return sendBack('Enter a valid e-mail address.');
      if (!role) return sendBack('Choose a role from the list.');
      const outcome = await organisations.invite(req, person, slug, email, role);
      if (outcome === 'not-found') return notFound(res);
      if (outcome === 'already-member') return sendBack('That person is already a member.');
      res.redirect(303, `${teamPage(slug)}?done=invited`);
    }),
  );

  router.post(
    '/sponsor/:slug/roles',
    readForm,
    handle(async (req, res, person) => {
      const slug = String(req.params.slug);
      const fields = formFields(req);
      const role = roleField(fields.get('role'));
      if (!role) return notFound(res);
      const outcome = await organisations.changeRole(person, slug, fields.get('memberId') ?? '', role);
      if (outcome === 'not-found') return notFound(res);
      res.redirect(
        303,
        `${teamPage(slug)}?${outcome === 'last-owner' ? 'problem=last-owner' : 'done=role-changed'}`,
      );
    }),
  );

  router.post(
    '/sponsor/:slug/delete',
    readForm,
    handle(async (req, res, person) => {
      const slug = String(req.params.slug);
      if ((formFields(req).get('confirm') ?? '').trim() !== slug)
        return res.redirect(303, `${teamPage(slug)}?problem=delete-unconfirmed`);
      const outcome = await organisations.deleteOrganisation(person, slug);
      if (outcome === 'not-found') return notFound(res);
      res.redirect(303, '/sponsor?done=deleted');
    }),
  );

  router.post(
    '/sponsor/:slug/members/remove',
    readForm,
    handle(async (req, res, person) => {
      const slug = String(req.params.slug);
      const outcome = await organisations.removeMember(person, slug, formFields(req).get('memberId') ?? '');
      if (outcome === 'not-found') return notFound(res);
      if (outcome === 'last-owner') return res.redirect(303, `${teamPage(slug)}?problem=last-owner`);
      const stillMember = await organisations.team(person, slug);
      res.redirect(303, stillMember ? `${teamPage(slug)}?done=removed` : '/sponsor');
    }),
  );

  return router;
}

/** GET /media/organisations/<id>.webp: a logo, public (the sponsor page shows it), drawn by this server. */
export function organisationLogoRoute(organisations: Organisations): Router {
  const router = Router();
  router.get('/:file', async (req, res, next) => {
    try {
      const id = /^(.+)\.webp$/.exec(String(req.params.file))?.[1];
      const logo = id ? await organisations.logo(id) : null;
      if (!logo) return notFound(res);
      res.setHeader('Cache-Control', 'public, max-age=300');
      res.setHeader('Content-Security-Policy', "default-src 'none'");
      res.type('image/webp').send(logo);
    } catch (error) {
      next(error);
    }
  });
  return router;
}
