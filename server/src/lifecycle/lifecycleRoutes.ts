import express, { Router, type NextFunction, type Request, type Response } from 'express';
import {
  CONSOLE_FORM_RETURN_KEY,
  LIFECYCLE_PAGES,
  PAYMENT_FORM_RETURN_KEY,
  POST_FORM_RETURN_KEY,
  SCORING_FORM_RETURN_KEY,
  TEST_SETUP_FORM_RETURN_KEY,
  SUBMIT_FORM_RETURN_KEY,
  isReviewLabel,
  parseScores,
  validateHostedBounty,
  validateSubmission,
  type ConsoleData,
  type ConsoleFormReturn,
  type HostedBountyFields,
  type LifecycleDone,
  type PaymentFormReturn,
  type ScoredPostFormReturn,
  type ScoringFormReturn,
  type TestScoredPostFormReturn,
  type TestSetupFormReturn,
  type SubmissionFields,
  type SubmitFormReturn,
  REVIEW_LIMITS,
} from '@side-quest/data/lifecycle';
import type { PageQuery, PersonalPages } from '../site/siteHosting';
import type { Accounts, Person } from '../accounts/accounts';
import { sendPersonalData as sendData, signedInRoute } from '../http/signedInRoutes';
import type { Lifecycle, Outcome } from './lifecycle';
import type { LifecyclePages } from './lifecyclePages';
import type { PostFormSetup } from '../scored-bounties/postFormSetup';
import { LIFECYCLE_FORM_LIMIT_BYTES } from './lifecycleFormLimit';
import type { MultipartUpload } from '../http/multipartForm';
import { organisationMay } from '@side-quest/data/account';

/** The largest lifecycle form: a 20,000-character description with its criteria and prizes, as sent. */
export const LIFECYCLE_FORM_LIMIT = LIFECYCLE_FORM_LIMIT_BYTES;

/** The lifecycle's forms are larger than the site's other forms (descriptions, write-ups). */
const readLifecycleForm = express.text({
  type: 'application/x-www-form-urlencoded',
  limit: LIFECYCLE_FORM_LIMIT,
});

const fieldsOf = (req: Request) => new URLSearchParams(typeof req.body === 'string' ? req.body : '');

function hostedFields(fields: URLSearchParams): HostedBountyFields {
  return {
    title: fields.get('title') ?? '',
    description: fields.get('description') ?? '',
    domain: fields.get('domain') ?? '',
    skills: fields.getAll('skills'),
    criteria: fields.getAll('criteria'),
    prizes: fields.getAll('prizes'),
    submissionDeadline: fields.get('submissionDeadline') ?? '',
    judgingDays: fields.get('judgingDays') ?? '',
    paymentDueDays: fields.get('paymentDueDays') ?? '',
    eligibleCountries: fields.getAll('eligibleCountries'),
    payoutMethods: fields.getAll('payoutMethods'),
    unclaimed: fields.get('unclaimed') ?? '',
  };
}

function submissionFields(fields: URLSearchParams): SubmissionFields {
  return {
    repository: fields.get('repository') ?? '',
    document: fields.get('document') ?? '',
    video: fields.get('video') ?? '',
    writeUp: fields.get('writeUp') ?? '',
    answers: fields.getAll('answers'),
  };
}

const withDone = (path: string, done: LifecycleDone) => `${path}?done=${done}`;

/** A whole-number slot from a path or a field, or null. */
function slotOf(text: string | undefined | null): number | null {
  return text && /^\d{1,2}$/.test(text) ? Number(text) : null;
}

/**
 * The lifecycle's page data (GET /api/lifecycle/…) and form posts. Every form answers 303 back to its
 * page with what changed; 422 (or 409) with the page rendered again holding what was typed; 404 for
 * whatever the person has no part in. The access rules required a signed-in person (and staff for
 * /staff) before any of this runs.
 */
export function createLifecycleRoutes(options: {
  accounts: Accounts;
  lifecycle: Lifecycle;
  pages: LifecyclePages;
  /** The site's page renderer (mounted after these routes, hence asked for when needed). */
  sitePages: () => PersonalPages;
  skillOptions: (req: Request) => Promise<string[]>;
  /** Told after every change, before the answer, so the next page shows it (the public list's copy). */
  changed: () => Promise<void>;
  /** The scoring setup a post form may carry (mounted after these routes, hence asked for when needed). */
  postFormSetup?: () => PostFormSetup | null;
  now?: () => number;
}): Router {
  const { accounts, lifecycle, pages, sitePages } = options;
  const now = options.now ?? Date.now;
  const router = Router();

  const signedIn = signedInRoute(accounts);

  async function redirectAfterChange(res: Response, location: string) {
    await options.changed();
    res.redirect(303, location);
  }

  /** A form that failed: the page again with what was typed, or a plain 404 for what is not theirs. */
  async function answerProblem(
    req: Request,
    res: Response,
    outcome: Exclude<Outcome<unknown>, { ok: true }>,
    page: string,
    queries: PageQuery[],
  ) {
    if (outcome.status === 404) return void res.status(404).type('text/plain').send('Not found');
    await sitePages().render(req, res, { url: page, status: outcome.status, queries });
  }

  // The pages' data, for pages the browser renders itself (the server renders the same into the page).
  router.get(
    '/api/lifecycle/organisations/:slug/post-form',
    signedIn(async (req, res, person) =>
      sendData(res, await pages.postForm(person, String(req.params.slug), await options.skillOptions(req))),
    ),
  );
  router.get(
    '/api/lifecycle/organisations/:slug/bounties/:id',
    signedIn(async (req, res, person) =>
      sendData(res, await pages.console(person, String(req.params.slug), String(req.params.id))),
    ),
  );
  router.get(
    '/api/lifecycle/bounties/:id/submission',
    signedIn(async (req, res, person) =>
      sendData(res, await pages.submitPage(person, String(req.params.id))),
    ),
  );
  router.get(
    '/api/lifecycle/submissions',
    signedIn(async (_req, res, person) => sendData(res, await pages.mySubmissions(person))),
  );
  router.get(
    '/api/lifecycle/payments/:id/:slot',
    signedIn(async (req, res, person) => {
      const slot = slotOf(String(req.params.slot));
      return sendData(res, slot === null ? null : await pages.payment(person, String(req.params.id), slot));
    }),
  );

  // A page someone has no part in is a 404 page, like one that does not exist.
  const pageGuard =
    (exists: (req: Request, person: Person) => Promise<unknown>) =>
    async (req: Request, res: Response, next: NextFunction) => {
      try {
        const person = await accounts.person(req);
        if (person && (await exists(req, person))) return next();
        await sitePages().render(req, res, { url: req.originalUrl, status: 404, queries: [] });
      } catch (error) {
        next(error);
      }
    };
  router.get(
    '/sponsor/:slug/post',
    pageGuard((req, person) => pages.membership(person, String(req.params.slug))),
  );
  router.get(
    '/sponsor/:slug/bounties/:id',
    pageGuard((req, person) => pages.console(person, String(req.params.slug), String(req.params.id))),
  );
  router.get(
    '/submit/:id',
    pageGuard((req, person) => pages.submitPage(person, String(req.params.id))),
  );
  router.get(
    '/account/payments/:id/:slot',
    pageGuard(async (req, person) => {
      const slot = slotOf(String(req.params.slot));
      return slot !== null && pages.payment(person, String(req.params.id), slot);
    }),
  );

  // Uploads are budgeted per client address only when the post form carries files (multipart).
  const postUploadLimit = (req: Request, res: Response, next: NextFunction) => {
    const setup = req.is('multipart/form-data') ? options.postFormSetup?.() : null;
    return setup ? setup.uploadLimit(req, res, next) : next();
  };

  router.post(
    '/sponsor/:slug/post',
    postUploadLimit,
    readLifecycleForm,
    signedIn(async (req, res, person) => {
      const slug = String(req.params.slug);
      const page = LIFECYCLE_PAGES.post(slug);
      const found = await pages.membership(person, slug);
      if (!found) return void res.status(404).type('text/plain').send('Not found');
      // A refused form: the page again (the post form, or the new draft's page) with what was typed; a
      // script that asks for JSON gets the same answer without the page.
      const answerPage = (url: string, status: number, query: PageQuery) => {
        if (req.accepts(['html', 'json']) === 'json') {
          res.setHeader('Cache-Control', 'private, no-store');
          return void res.status(status).json({ success: false, ...(query[1] as object) });
        }
        return sitePages().render(req, res, { url, status, queries: [query] });
      };
      const sendBack = (status: number, returned: TestScoredPostFormReturn) =>
        answerPage(page, status, [POST_FORM_RETURN_KEY, returned]);

      // The browser's form is multipart (it may carry a scoring setup); API clients may send it urlencoded.
      const setup = req.is('multipart/form-data') ? (options.postFormSetup?.() ?? null) : null;
      if (req.is('multipart/form-data') && !setup)
        return void res.status(415).type('text/plain').send('Send the form urlencoded.');
      let upload: MultipartUpload | null = null;
      if (setup) {
        try {
          upload = await setup.read(req);
        } catch (error) {
          const status = (error as { status?: number }).status;
          if (status !== 400 && status !== 413) throw error;
          const arrived = (error as { fields?: URLSearchParams }).fields ?? new URLSearchParams();
          return sendBack(status, {
            values: hostedFields(arrived),
            errors: {},
            problem:
              status === 413
                ? 'The form holds more text than a bounty may. Shorten the description and send it again.'
                : 'The form did not arrive whole. Send it again.',
          });
        }
      }
      const fields = upload ? upload.fields : fieldsOf(req);
      const values = hostedFields(fields);
      const intent = fields.get('intent') === 'draft' ? 'draft' : 'publish';
      // The scoring chosen (none, an answer key or tests) comes back with what was typed of its setup.
      const scoring = setup && upload ? setup.scoringOf(upload) : 'none';
      const typed: Pick<TestScoredPostFormReturn, 'setup' | 'scoring' | 'testSetup'> = {
        scoring: setup ? scoring : undefined,
        setup: scoring === 'key' ? setup?.valuesOf(fields) : undefined,
        testSetup: scoring === 'tests' ? setup?.testValuesOf(fields) : undefined,
      };
      const checked = validateHostedBounty(values, new Set(await options.skillOptions(req)), now());
      if (!checked.ok) {
        if (setup && upload) await setup.discard(upload);
        return sendBack(422, { values, errors: checked.errors, ...typed });
      }
      // A test setup's typed fields are checked before the draft is saved, as the console's form checks
      // them: refused, nothing is saved and the form comes back whole.
      const testsRefused = scoring === 'tests' && setup && upload ? await setup.checkTests(upload) : null;
      if (testsRefused) {
        if (setup && upload) await setup.discard(upload);
        return sendBack(testsRefused.status, {
          values,
          errors: {},
          problem: testsRefused.message,
          setupProblems: testsRefused.problems,
          ...typed,
        });
      }
      const verified = found.sponsor.verifiedAt !== null;
      if (scoring === 'none' || !setup || !upload) {
        // Files chosen under a scoring the sponsor then turned off are not kept.
        if (setup && upload) await setup.discard(upload);
        const outcome = await lifecycle.post(person, found.sponsor.id, checked.value, intent, verified);
        if (!outcome.ok) {
          const returned: ScoredPostFormReturn = { values, errors: {}, problem: outcome.message };
          return answerProblem(req, res, outcome, page, [[POST_FORM_RETURN_KEY, returned]]);
        }
        const done: LifecycleDone =
          outcome.value.state === 'draft'
            ? 'drafted'
            : outcome.value.state === 'pending'
              ? 'pending'
              : 'published';
        return redirectAfterChange(res, withDone(LIFECYCLE_PAGES.console(slug, outcome.value.id), done));
      }

      // A scored bounty is saved as a draft first and published only once its setup is attached, so no
      // bounty is ever public (or with staff) without the setup its sponsor sent.
      if (intent === 'publish' && !organisationMay(found.role, 'publish')) {
        await setup.discard(upload);
        return void res.status(404).type('text/plain').send('Not found');
      }
      if (intent === 'publish' && (await lifecycle.paymentOverdue(found.sponsor.id))) {
        await setup.discard(upload);
        return sendBack(409, {
          values,
          errors: {},
          problem:
            'Your organisation owes a winner a payment past its due date. Settle it before publishing another bounty.',
          ...typed,
        });
      }
      const drafted = await lifecycle.post(person, found.sponsor.id, checked.value, 'draft', verified);
      if (!drafted.ok) {
        await setup.discard(upload);
        const returned: TestScoredPostFormReturn = { values, errors: {}, problem: drafted.message, ...typed };
        return answerProblem(req, res, drafted, page, [[POST_FORM_RETURN_KEY, returned]]);
      }
      const bountyId = drafted.value.id;
      const consolePage = LIFECYCLE_PAGES.console(slug, bountyId);
      const attached = await setup.attach(person, slug, bountyId, upload, scoring);
      if (!attached.ok) {
        // Nothing typed is lost: the text is the draft's; the setup's problems show on its page, in the
        // form of the scoring chosen.
        await options.changed();
        const kind = scoring === 'tests' ? 'test setup' : 'scoring setup';
        const problems = {
          // The setup's own message ends "Nothing was saved.": here the bounty was.
          message: `Your bounty is saved as a draft, without a ${kind}. ${attached.message.replace(/ Nothing was saved\.$/, '')}`,
          problems: attached.problems,
        };
        const returned: ScoringFormReturn | TestSetupFormReturn =
          scoring === 'tests'
            ? { values: setup.testValuesOf(fields), ...problems }
            : { values: setup.valuesOf(fields), ...problems };
        if (attached.retryAfterSeconds !== undefined)
          res.setHeader('Retry-After', String(attached.retryAfterSeconds));
        return answerPage(consolePage, attached.status === 404 ? 422 : attached.status, [
          scoring === 'tests' ? TEST_SETUP_FORM_RETURN_KEY : SCORING_FORM_RETURN_KEY,
          returned,
        ]);
      }
      if (intent === 'draft') return redirectAfterChange(res, withDone(consolePage, 'drafted'));
      const published = await lifecycle.publishDraft(person, bountyId);
      if (!published.ok) {
        await options.changed();
        const returned: ConsoleFormReturn = {
          form: 'publish',
          target: null,
          values: {},
          error: `Your bounty is saved as a draft with its scoring setup. ${published.message}`,
        };
        return answerPage(consolePage, published.status === 404 ? 409 : published.status, [
          CONSOLE_FORM_RETURN_KEY,
          returned,
        ]);
      }
      return redirectAfterChange(res, withDone(consolePage, verified ? 'published' : 'pending'));
    }),
  );

  /** A console form: runs `act` for a member of the organisation that owns the bounty in the path. */
  const consoleForm = <T>(
    form: ConsoleFormReturn['form'],
    act: (person: Person, data: ConsoleData, fields: URLSearchParams) => Promise<Outcome<T>>,
    /** What the page says once done, or how to say it from what was done. */
    done: LifecycleDone | ((value: T) => LifecycleDone),
    target: (fields: URLSearchParams) => string | null = () => null,
  ) => [
    readLifecycleForm,
    signedIn(async (req, res, person) => {
      const slug = String(req.params.slug);
      const id = String(req.params.id);
      const page = LIFECYCLE_PAGES.console(slug, id);
      // The bounty must be this organisation's, and the person one of its members.
      const data = await pages.console(person, slug, id);
      if (!data) return void res.status(404).type('text/plain').send('Not found');
      const fields = fieldsOf(req);
      const outcome = await act(person, data, fields);
      if (outcome.ok)
        return await redirectAfterChange(
          res,
          withDone(page, typeof done === 'function' ? done(outcome.value) : done),
        );
      const values: ConsoleFormReturn['values'] = {};
      for (const key of new Set(fields.keys())) {
        const all = fields.getAll(key);
        values[key] = all.length > 1 ? all : (all[0] ?? '');
      }
      const returned: ConsoleFormReturn = { form, target: target(fields), values, error: outcome.message };
      return answerProblem(req, res, outcome, page, [[CONSOLE_FORM_RETURN_KEY, returned]]);
    }),
  ];

  const submissionTarget = (fields: URLSearchParams) => fields.get('submission');
  const invalid = (message: string) => ({ ok: false, status: 422, message }) as const;
  const notFound = { ok: false, status: 404, message: 'Not found' } as const;

  router.post(
    '/sponsor/:slug/bounties/:id/review',
    ...consoleForm(
      'review',
      async (person, data, fields) => {
        const submissionId = fields.get('submission') ?? '';
        if (!data.may.review || !data.submissions.some((entry) => entry.id === submissionId)) return notFound;
        const label = fields.get('label') ?? '';
        if (!isReviewLabel(label)) return invalid('Choose a label from the list.');
        const notes = (fields.get('notes') ?? '').trim();
        if (notes.length > REVIEW_LIMITS.notesMax)
          return invalid(`Keep the notes to ${REVIEW_LIMITS.notesMax.toLocaleString('en-US')} characters.`);
        const scores = parseScores(fields.getAll('scores'), data.bounty.criteria.length);
        if (!scores.ok) return invalid(scores.error);
        return lifecycle.review(person, submissionId, { label, scores: scores.value, notes });
      },
      'reviewed',
      submissionTarget,
    ),
  );
  router.post(
    '/sponsor/:slug/bounties/:id/reject',
    ...consoleForm(
      'reject',
      async (person, data, fields) => {
        const submissionId = fields.get('submission') ?? '';
        if (!data.submissions.some((entry) => entry.id === submissionId)) return notFound;
        return lifecycle.rejectSubmission(person, submissionId, fields.get('reason') ?? '');
      },
      'rejected',
      submissionTarget,
    ),
  );
  router.post(
    '/sponsor/:slug/bounties/:id/announce',
    ...consoleForm(
      'announce',
      (person, data, fields) =>
        lifecycle.announce(person, data.bounty.id, fields.getAll('winners'), fields.getAll('reasons')),
      'announced',
    ),
  );
  router.post(
    '/sponsor/:slug/bounties/:id/payments',
    ...consoleForm(
      'payment',
      async (person, data, fields) => {
        // Who may pay is checked before what they typed: a member without the role learns nothing.
        if (!data.may.pay) return notFound;
        const slot = slotOf(fields.get('slot'));
        const amountText = (fields.get('amount') ?? '').trim().replace(/^\$/, '').replace(/,/g, '');
        const date = (fields.get('date') ?? '').trim();
        const reference = (fields.get('reference') ?? '').trim();
        if (slot === null || !data.winners.some((winner) => winner.slot === slot)) return notFound;
        if (!/^\d{1,7}$/.test(amountText) || Number(amountText) < 1)
          return invalid('Enter the amount paid as a whole number of US dollars.');
        if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`)))
          return invalid('Enter the date of the payment (YYYY-MM-DD).');
        if (Date.parse(`${date}T00:00:00Z`) > now() + 24 * 60 * 60 * 1000)
          return invalid('The payment date cannot be in the future.');
        if (!reference || reference.length > REVIEW_LIMITS.paymentReferenceMax)
          return invalid(
            `Enter the transfer's reference (up to ${REVIEW_LIMITS.paymentReferenceMax} characters), so the winner can find it.`,
          );
        return lifecycle.recordPayment(person, data.bounty.id, slot, {
          amount: Number(amountText),
          method: (fields.get('method') ?? '').trim(),
          reference,
          date,
        });
      },
      'payment-recorded',
      (fields) => fields.get('slot'),
    ),
  );
  router.post(
    '/sponsor/:slug/bounties/:id/end',
    ...consoleForm(
      'end',
      (person, data, fields) =>
        lifecycle.end(
          person,
          data.bounty.id,
          fields.get('to') === 'closed' ? 'closed' : 'cancelled',
          fields.get('reason') ?? '',
        ),
      'ended',
    ),
  );
  router.post(
    '/sponsor/:slug/bounties/:id/publish',
    // A verified organisation's draft opens; another's goes to staff, and the page says so.
    ...consoleForm(
      'publish',
      (person, data) => lifecycle.publishDraft(person, data.bounty.id),
      ({ state }) => (state === 'open' ? 'published' : 'pending'),
    ),
  );

  router.post(
    '/submit/:id',
    readLifecycleForm,
    signedIn(async (req, res, person) => {
      const id = String(req.params.id);
      const page = LIFECYCLE_PAGES.submit(id);
      const data = await pages.submitPage(person, id);
      if (!data) return void res.status(404).type('text/plain').send('Not found');
      const values = submissionFields(fieldsOf(req));
      const checked = validateSubmission(values, data.bounty.criteria.length);
      if (!checked.ok) {
        const returned: SubmitFormReturn = { values, errors: checked.errors };
        return sitePages().render(req, res, {
          url: page,
          status: 422,
          queries: [[SUBMIT_FORM_RETURN_KEY, returned]],
        });
      }
      const outcome = await lifecycle.submit(person, id, checked.value);
      if (!outcome.ok) {
        const returned: SubmitFormReturn = { values, errors: {}, problem: outcome.message };
        return answerProblem(req, res, outcome, page, [[SUBMIT_FORM_RETURN_KEY, returned]]);
      }
      await redirectAfterChange(res, withDone(LIFECYCLE_PAGES.mySubmissions, 'submitted'));
    }),
  );

  router.post(
    '/account/submissions/withdraw',
    readLifecycleForm,
    signedIn(async (req, res, person) => {
      const outcome = await lifecycle.withdraw(person, fieldsOf(req).get('submission') ?? '');
      if (outcome.ok)
        return await redirectAfterChange(res, withDone(LIFECYCLE_PAGES.mySubmissions, 'withdrawn'));
      return answerProblem(req, res, outcome, LIFECYCLE_PAGES.mySubmissions, []);
    }),
  );
  router.post(
    '/account/submissions/visibility',
    readLifecycleForm,
    signedIn(async (req, res, person) => {
      const fields = fieldsOf(req);
      const changed = await lifecycle.setPublicOptIn(
        person,
        fields.get('submission') ?? '',
        fields.get('public') === 'yes',
      );
      if (!changed) return void res.status(404).type('text/plain').send('Not found');
      await redirectAfterChange(res, withDone(LIFECYCLE_PAGES.mySubmissions, 'visibility'));
    }),
  );
  router.post(
    '/account/submissions/notifications',
    readLifecycleForm,
    signedIn(async (req, res, person) => {
      await lifecycle.setOptionalMail(person, fieldsOf(req).get('optional') === 'on');
      await redirectAfterChange(res, withDone(LIFECYCLE_PAGES.mySubmissions, 'notifications'));
    }),
  );

  router.post(
    '/account/payments/:id/:slot',
    readLifecycleForm,
    signedIn(async (req, res, person) => {
      const id = String(req.params.id);
      const slot = slotOf(String(req.params.slot));
      if (slot === null) return void res.status(404).type('text/plain').send('Not found');
      const page = LIFECYCLE_PAGES.payment(id, slot);
      const fields = fieldsOf(req);
      const answer = fields.get('answer');
      const note = fields.get('note') ?? '';
      const outcome =
        answer === 'received' || answer === 'not-received'
          ? await lifecycle.answerPayment(person, id, slot, answer, note)
          : invalid('Answer Received or Not received.');
      if (outcome.ok)
        return await redirectAfterChange(
          res,
          withDone(page, answer === 'received' ? 'received' : 'not-received'),
        );
      const returned: PaymentFormReturn = { values: { answer: answer ?? '', note }, error: outcome.message };
      return answerProblem(req, res, outcome, page, [[PAYMENT_FORM_RETURN_KEY, returned]]);
    }),
  );

  return router;
}
