import express, { Router, type Request, type Response } from 'express';
import {
  ACCOUNT_INTERVIEW_REQUESTS_KEY,
  ACCOUNT_INTERVIEW_REQUESTS_PATH,
  HIRE_LIMITS,
  INTERVIEW_ANSWER_FORMS,
  INTERVIEW_FORM_KEY,
  INTERVIEW_REQUEST_LIMITS,
  hireCounts,
  hireStatus,
  interviewFromKey,
  interviewRequestExpiresAt,
  interviewRequestRefusal,
  interviewRequestStatus,
  isWorkKind,
  mayRecordHire,
  mayRequestInterview,
  parseStartMonth,
  teamInterviewRequestsKey,
  teamInterviewRequestsPath,
  utcDayStart,
  validateInterviewRequest,
  type AccountInterviewRequestsPage,
  type InterviewEvidence,
  type InterviewFormReturn,
  type InterviewFromOptions,
  type InterviewHireView,
  type InterviewRequestDraft,
  type InterviewRequestVerdict,
  type OpenToWork,
  type ReceivedInterviewRequest,
  type SentInterviewRequest,
  type TeamInterviewRequestsPage,
} from '@side-quest/data/hiring';
import type { Accounts, Person } from '../accounts/accounts';
import type { PersonalDataPart } from '../accounts/dataRights';
import { formFields } from '../http/formFields';
import type { HostedBountyRecord, SubmissionRecord } from '../lifecycle/lifecycleStore';
import type { MailPost } from '../mail';
import type { Organisations } from '../organisations/organisations';
import type { PageQuery, PersonalPages } from '../site/siteHosting';
import type { HiringStore } from './hiringStore';
import { hireRecordedMail, interviewAcceptedMail, interviewRequestMail } from './interviewMails';
import type { InterviewRequestStore, StoredHire, StoredInterviewRequest } from './interviewRequestStore';

const DAY_MS = 86_400_000;

/** A message of 2,000 characters, url-encoded, can pass the site's usual 8 KB form limit. */
const readLongForm = express.text({ type: 'application/x-www-form-urlencoded', limit: '64kb' });

interface PersonFacts {
  id: string;
  email: string;
  name: string;
  handle: string | null;
}

export interface InterviewRequestsOptions {
  store: InterviewRequestStore;
  hiring: HiringStore;
  accounts: Accounts;
  organisations: Organisations;
  lifecycle: {
    submission(id: string): Promise<SubmissionRecord | null>;
    bounty(id: string): Promise<HostedBountyRecord | null>;
  };
  /** Public profiles with their availability switched on (the talent feature's candidates). */
  profiles: () => Promise<Array<{ id: string; handle: string; name: string; openToWork: OpenToWork | null }>>;
  people: (ids: string[]) => Promise<Map<string, PersonFacts>>;
  post: Pick<MailPost, 'send' | 'sendOptional'>;
  unsubscribeUrl: (personId: string) => string;
  renderMarkdown: (markdown: string) => string;
  pages: () => PersonalPages;
  origin: string;
  now?: () => number;
}

const displayName = (person: PersonFacts | undefined) => person?.name.trim() || person?.handle || 'Someone';

/**
 * Interview requests and hires (issue 46 items 3 and 4). The person's page and answers under
 * /account/interview-requests; the team's page and forms under /sponsor/:slug/interview-requests; the
 * staff's counts, reports and suspensions under /staff/interview-requests. Every object is checked:
 * a request that is not the person's, or an organisation the viewer is not in, is Not found.
 */
export function createInterviewRequests(options: InterviewRequestsOptions) {
  const { store, organisations, people } = options;
  const now = options.now ?? Date.now;
  const iso = (time: number) => new Date(time).toISOString();

  function hireView(hire: StoredHire | undefined, at: number): InterviewHireView | null {
    if (!hire) return null;
    const status = hireStatus(hire, at);
    return {
      kind: hire.kind,
      startMonth: hire.startMonth,
      status,
      recordedAt: hire.recordedAt,
      showOnProfile: hire.showOnProfile,
      awaitingAnswer: status === 'recorded',
    };
  }

  /** What a request cites, in the person's words. */
  async function evidenceText(evidence: InterviewEvidence): Promise<string> {
    if (evidence.kind === 'profile') return 'Your public profile, open to work';
    const submission = evidence.submissionId
      ? await options.lifecycle.submission(evidence.submissionId)
      : null;
    const bounty = submission ? await options.lifecycle.bounty(submission.bountyId) : null;
    return bounty ? `Your submission to “${bounty.title}”` : 'Your submission to one of their bounties';
  }

  async function accountPage(person: Person): Promise<AccountInterviewRequestsPage> {
    const at = now();
    const [requests, blocked, preferences] = await Promise.all([
      store.forPerson(person.id),
      store.blockedBy(person.id),
      options.hiring.preferences(person.id),
    ]);
    const hires = await store.hiresOfRequests(requests.map((request) => request.id));
    const organisationIds = [...new Set([...requests.map((request) => request.organisationId), ...blocked])];
    const sponsors = new Map(
      await Promise.all(organisationIds.map(async (id) => [id, await organisations.sponsor(id)] as const)),
    );
    const senders = await people(
      requests.filter((request) => request.state === 'accepted' && request.senderId).map((r) => r.senderId!),
    );
    const views: ReceivedInterviewRequest[] = await Promise.all(
      requests.map(async (request) => {
        const sponsor = sponsors.get(request.organisationId);
        const sender = request.senderId ? senders.get(request.senderId) : undefined;
        return {
          id: request.id,
          organisation: {
            id: request.organisationId,
            name: sponsor?.name ?? 'A deleted organisation',
            slug: sponsor?.slug ?? '',
          },
          roleTitle: request.roleTitle,
          kind: request.kind,
          messageHtml: options.renderMarkdown(request.message),
          evidence: await evidenceText(request.evidence),
          status: interviewRequestStatus(request, at),
          createdAt: request.createdAt,
          expiresAt: iso(interviewRequestExpiresAt(request.createdAt)),
          answeredAt: request.answeredAt,
          declineReason: request.declineReason,
          reported: request.reportedAt !== null,
          organisationBlocked: blocked.has(request.organisationId),
          contact:
            request.state === 'accepted' && sender
              ? { name: displayName(sender), email: sender.email }
              : null,
          hire: hireView(hires.get(request.id), at),
          demo: request.demo,
        };
      }),
    );
    return {
      requests: views,
      blocked: [...blocked].map((id) => ({ id, name: sponsors.get(id)?.name ?? 'A deleted organisation' })),
      requestsOn: preferences.interviewRequestsOn,
    };
  }

  /** The organisation `slug` and the viewer's role in it; null when they are not a member (404). */
  async function membership(person: Person, slug: string) {
    const sponsor = await organisations.sponsorBySlug(slug);
    if (!sponsor) return null;
    const role = await organisations.roleIn(person.id, sponsor.id);
    return role ? { sponsor, role } : null;
  }

  /** Who the evidence names and whether it holds for this organisation; null when it names no one. */
  async function resolveEvidence(evidence: InterviewEvidence, organisationId: string) {
    if (evidence.kind === 'submission') {
      const submission = await options.lifecycle.submission(evidence.submissionId);
      if (!submission) return null;
      const bounty = await options.lifecycle.bounty(submission.bountyId);
      if (!bounty || bounty.organisationId !== organisationId) return null;
      return { personId: submission.authorId, submittedToOwnBounty: true, profileOpenToWork: null };
    }
    const profile = (await options.profiles()).find((entry) => entry.handle === evidence.handle);
    if (!profile) return null;
    return { personId: profile.id, submittedToOwnBounty: false, profileOpenToWork: profile.openToWork };
  }

  /** The send rule's verdict for this sender, organisation and evidence, with the person it names. */
  async function verdictFor(
    person: Person,
    slug: string,
    evidence: InterviewEvidence,
  ): Promise<{ verdict: InterviewRequestVerdict; personId: string | null; organisationId: string | null }> {
    const member = await membership(person, slug);
    const notFound = { ok: false, status: 404, message: 'Not found' } as const;
    if (!member) return { verdict: notFound, personId: null, organisationId: null };
    const resolved = await resolveEvidence(evidence, member.sponsor.id);
    // Nobody asks themself; a submission to another organisation's bounty is no evidence here.
    if (!resolved || resolved.personId === person.id)
      return { verdict: notFound, personId: null, organisationId: member.sponsor.id };
    const at = now();
    const [facts, preferences] = await Promise.all([
      store.sendingFacts(member.sponsor.id, resolved.personId, at, iso(utcDayStart(at))),
      options.hiring.preferences(resolved.personId),
    ]);
    const verdict = mayRequestInterview({
      senderRole: member.role,
      organisationVerified: Boolean(member.sponsor.verifiedAt),
      organisationSuspended: facts.organisationSuspended,
      evidence: {
        submittedToOwnBounty: resolved.submittedToOwnBounty,
        profileOpenToWork: resolved.profileOpenToWork,
      },
      evidenceKind: evidence.kind,
      personAcceptsRequests: preferences.interviewRequestsOn,
      blocked: facts.blocked,
      lastDeclinedAt: facts.lastDeclinedAt,
      openFromOrganisation: facts.openFromOrganisation,
      openForPerson: facts.openForPerson,
      sentTodayByOrganisation: facts.sentTodayByOrganisation,
      now: at,
    });
    return { verdict, personId: resolved.personId, organisationId: member.sponsor.id };
  }

  function evidenceOf(params: URLSearchParams): InterviewEvidence | null {
    const submission = params.get('submission');
    if (submission) return { kind: 'submission', submissionId: submission };
    const profile = params.get('profile');
    if (profile) return { kind: 'profile', handle: profile };
    return null;
  }

  async function teamPage(
    person: Person,
    slug: string,
    search: string,
  ): Promise<TeamInterviewRequestsPage | null> {
    const member = await membership(person, slug);
    if (!member) return null;
    const at = now();
    const maySend = member.role === 'owner' || member.role === 'admin';
    const [requests, suspended, hireCountsByOrganisation] = await Promise.all([
      store.fromOrganisation(member.sponsor.id),
      store.suspended(),
      store.confirmedHireCounts(),
    ]);
    const hires = await store.hiresOfRequests(requests.map((request) => request.id));
    const facts = await people([
      ...requests
        .flatMap((request) => [request.personId, request.senderId])
        .filter((id): id is string => Boolean(id)),
    ]);
    let draft: InterviewRequestDraft | null = null;
    const evidence = evidenceOf(new URLSearchParams(search));
    if (evidence && maySend) {
      const { verdict, personId } = await verdictFor(person, slug, evidence);
      // Evidence that names nobody this organisation may ask gives no form and tells nothing.
      if (personId && (verdict.ok || verdict.status !== 404))
        draft = {
          personName: displayName(facts.get(personId) ?? (await people([personId])).get(personId)),
          evidence,
          refusal: verdict.ok ? null : verdict.message,
        };
    }
    const sent: SentInterviewRequest[] = requests.map((request) => {
      const target = request.personId ? facts.get(request.personId) : undefined;
      const hire = hires.get(request.id);
      return {
        id: request.id,
        person: request.personId ? { name: displayName(target), handle: target?.handle ?? null } : null,
        senderName: request.senderId ? displayName(facts.get(request.senderId)) : null,
        roleTitle: request.roleTitle,
        kind: request.kind,
        messageHtml: options.renderMarkdown(request.message),
        // A block is never told: the team sees the declined request it was.
        status: interviewRequestStatus(request, at),
        createdAt: request.createdAt,
        answeredAt: request.answeredAt,
        declineReason: request.declineReason,
        contact:
          request.state === 'accepted' && target ? { name: displayName(target), email: target.email } : null,
        hire: hireView(hire, at),
        mayRecordHire: maySend && request.personId !== null && mayRecordHire(request, Boolean(hire), at).ok,
        demo: request.demo,
      };
    });
    return {
      organisation: {
        slug: member.sponsor.slug,
        name: member.sponsor.name,
        verified: Boolean(member.sponsor.verifiedAt),
      },
      maySend,
      suspended: suspended.has(member.sponsor.id),
      draft,
      requests: sent,
      hiredCount: hireCountsByOrganisation.get(member.sponsor.id) ?? 0,
    };
  }

  async function signedIn(req: Request): Promise<Person> {
    const person = await options.accounts.person(req);
    // The access rules answered before this for anyone signed out; this is the type's proof.
    if (!person) throw Object.assign(new Error('Not signed in'), { status: 401 });
    return person;
  }

  const notFound = (res: Response) => void res.status(404).type('text/plain').send('Not found');
  const done = (code: string) => `${ACCOUNT_INTERVIEW_REQUESTS_PATH}?done=${code}`;
  const teamDone = (slug: string, code: string) => `${teamInterviewRequestsPath(slug)}?done=${code}`;

  /** The person's page again with a problem (422 or the rule's status). */
  const sendBackToAccount = (req: Request, res: Response, returned: InterviewFormReturn, status: number) =>
    options.pages().render(req, res, {
      url: ACCOUNT_INTERVIEW_REQUESTS_PATH,
      status,
      queries: [[INTERVIEW_FORM_KEY, returned]],
    });

  /** A reason typed in a form: trimmed, null when empty or too long (`tooLong` then says so). */
  function reasonOf(value: string | null, max: number): { reason: string | null; tooLong: boolean } {
    const reason = (value ?? '').replace(/\r\n/g, '\n').trim();
    if (reason.length > max) return { reason: null, tooLong: true };
    return { reason: reason || null, tooLong: false };
  }

  const router = Router();

  router.get('/api/account/interview-requests', async (req, res, next) => {
    try {
      const person = await signedIn(req);
      res.setHeader('Cache-Control', 'private, no-store');
      res.json(await accountPage(person));
    } catch (error) {
      next(error);
    }
  });

  /** The request `id` if it is this person's; else null (the form answers 404). */
  async function ownRequest(person: Person, id: string): Promise<StoredInterviewRequest | null> {
    const request = id ? await store.request(id) : null;
    return request && request.personId === person.id ? request : null;
  }

  router.post(INTERVIEW_ANSWER_FORMS.accept, readLongForm, async (req, res, next) => {
    try {
      const person = await signedIn(req);
      const request = await ownRequest(person, formFields(req).get('id') ?? '');
      if (!request) return notFound(res);
      if (!(await store.answer(request.id, person.id, 'accepted', null, now())))
        return await sendBackToAccount(
          req,
          res,
          { form: request.id, error: 'This request is no longer open: it was answered or has expired.' },
          409,
        );
      req.log.info({ personId: person.id, interviewRequestId: request.id }, 'interview request accepted');
      const sponsor = await organisations.sponsor(request.organisationId);
      const facts = await people([person.id, ...(request.senderId ? [request.senderId] : [])]);
      const self = facts.get(person.id);
      const sender = request.senderId ? facts.get(request.senderId) : undefined;
      if (self && sender && sponsor) {
        await options.post.send(
          interviewAcceptedMail({
            to: self.email,
            side: 'person',
            organisationName: sponsor.name,
            other: { name: displayName(sender), email: sender.email },
            slug: sponsor.slug,
            origin: options.origin,
          }),
        );
        await options.post.send(
          interviewAcceptedMail({
            to: sender.email,
            side: 'team',
            organisationName: sponsor.name,
            other: { name: displayName(self), email: self.email },
            slug: sponsor.slug,
            origin: options.origin,
          }),
        );
      }
      res.redirect(303, done('accepted'));
    } catch (error) {
      next(error);
    }
  });

  router.post(INTERVIEW_ANSWER_FORMS.decline, readLongForm, async (req, res, next) => {
    try {
      const person = await signedIn(req);
      const fields = formFields(req);
      const request = await ownRequest(person, fields.get('id') ?? '');
      if (!request) return notFound(res);
      const { reason, tooLong } = reasonOf(fields.get('reason'), INTERVIEW_REQUEST_LIMITS.declineReasonMax);
      if (tooLong)
        return await sendBackToAccount(
          req,
          res,
          {
            form: request.id,
            error: `A reason is at most ${INTERVIEW_REQUEST_LIMITS.declineReasonMax} characters.`,
          },
          422,
        );
      if (!(await store.answer(request.id, person.id, 'declined', reason, now())))
        return await sendBackToAccount(
          req,
          res,
          { form: request.id, error: 'This request is no longer open: it was answered or has expired.' },
          409,
        );
      req.log.info({ personId: person.id, interviewRequestId: request.id }, 'interview request declined');
      res.redirect(303, done('declined'));
    } catch (error) {
      next(error);
    }
  });

  router.post(INTERVIEW_ANSWER_FORMS.block, readLongForm, async (req, res, next) => {
    try {
      const person = await signedIn(req);
      const request = await ownRequest(person, formFields(req).get('id') ?? '');
      if (!request) return notFound(res);
      const at = now();
      await store.block(person.id, request.organisationId, iso(at));
      // An open request is answered by the block: the team sees it declined, nothing more.
      if (interviewRequestStatus(request, at) === 'open')
        await store.answer(request.id, person.id, 'declined', null, at);
      req.log.info({ personId: person.id, interviewRequestId: request.id }, 'interview requests blocked');
      res.redirect(303, done('blocked'));
    } catch (error) {
      next(error);
    }
  });

  router.post(INTERVIEW_ANSWER_FORMS.unblock, readLongForm, async (req, res, next) => {
    try {
      const person = await signedIn(req);
      const organisationId = formFields(req).get('organisation') ?? '';
      if (!(await store.blockedBy(person.id)).has(organisationId)) return notFound(res);
      await store.unblock(person.id, organisationId);
      res.redirect(303, done('unblocked'));
    } catch (error) {
      next(error);
    }
  });

  router.post(INTERVIEW_ANSWER_FORMS.report, readLongForm, async (req, res, next) => {
    try {
      const person = await signedIn(req);
      const fields = formFields(req);
      const request = await ownRequest(person, fields.get('id') ?? '');
      if (!request) return notFound(res);
      const { reason, tooLong } = reasonOf(fields.get('reason'), INTERVIEW_REQUEST_LIMITS.reportReasonMax);
      if (tooLong)
        return await sendBackToAccount(
          req,
          res,
          {
            form: request.id,
            error: `A report is at most ${INTERVIEW_REQUEST_LIMITS.reportReasonMax} characters.`,
          },
          422,
        );
      await store.report(request.id, person.id, reason, iso(now()));
      req.log.info({ personId: person.id, interviewRequestId: request.id }, 'interview request reported');
      res.redirect(303, done('reported'));
    } catch (error) {
      next(error);
    }
  });

  router.post(INTERVIEW_ANSWER_FORMS.confirmHire, readLongForm, async (req, res, next) => {
    try {
      const person = await signedIn(req);
      const fields = formFields(req);
      const request = await ownRequest(person, fields.get('id') ?? '');
      if (!request) return notFound(res);
      const answer = fields.get('answer');
      if (answer !== 'confirm' && answer !== 'deny')
        return await sendBackToAccount(
          req,
          res,
          { form: request.id, error: 'Confirm or deny the hire.' },
          400,
        );
      const answered = await store.answerHire(
        request.id,
        person.id,
        answer === 'confirm',
        fields.get('profile') === 'on',
        now(),
        HIRE_LIMITS.answerWithinDays,
      );
      if (!answered) {
        if (!(await store.hire(request.id))) return notFound(res);
        return await sendBackToAccount(
          req,
          res,
          { form: request.id, error: 'This hire was answered already, or its 30 days have passed.' },
          409,
        );
      }
      req.log.info({ personId: person.id, interviewRequestId: request.id, answer }, 'hire answered');
      res.redirect(303, done(answer === 'confirm' ? 'hire-confirmed' : 'hire-denied'));
    } catch (error) {
      next(error);
    }
  });

  router.post(INTERVIEW_ANSWER_FORMS.hireOnProfile, readLongForm, async (req, res, next) => {
    try {
      const person = await signedIn(req);
      const fields = formFields(req);
      const request = await ownRequest(person, fields.get('id') ?? '');
      if (!request) return notFound(res);
      if (!(await store.setHireOnProfile(request.id, person.id, fields.get('profile') === 'on')))
        return notFound(res);
      res.redirect(303, done('hire-profile'));
    } catch (error) {
      next(error);
    }
  });

  /** The organisations `person` may ask the profile `handle` from, by the send rule; none for anyone else. */
  async function interviewFrom(person: Person, handle: string): Promise<InterviewFromOptions> {
    const organisationsOf: InterviewFromOptions['organisations'] = [];
    for (const { organisationId, role } of await organisations.membershipIds(person.id)) {
      if (role !== 'owner' && role !== 'admin') continue;
      const sponsor = await organisations.sponsor(organisationId);
      if (!sponsor?.verifiedAt) continue;
      const { verdict } = await verdictFor(person, sponsor.slug, { kind: 'profile', handle });
      // A refusal with a reason (a decline, the limits) still gets the page, which says why.
      if (verdict.ok || verdict.status !== 404)
        organisationsOf.push({ slug: sponsor.slug, name: sponsor.name });
    }
    return { organisations: organisationsOf };
  }

  router.get('/api/hiring/interview-from/:handle', async (req, res, next) => {
    try {
      const person = await signedIn(req);
      res.setHeader('Cache-Control', 'private, no-store');
      res.json(await interviewFrom(person, String(req.params.handle)));
    } catch (error) {
      next(error);
    }
  });

  // ---- The team's side ----

  router.get('/api/organisations/:slug/interview-requests', async (req, res, next) => {
    try {
      const person = await signedIn(req);
      const search = new URL(req.originalUrl, 'http://site.invalid').search;
      const page = await teamPage(person, String(req.params.slug), search);
      res.setHeader('Cache-Control', 'private, no-store');
      if (!page) return void res.status(404).json({ success: false, message: 'Not found' });
      res.json(page);
    } catch (error) {
      next(error);
    }
  });

  // The team's page of an organisation the person has no part in is a 404, like one that does not exist.
  router.get('/sponsor/:slug/interview-requests', async (req, res, next) => {
    try {
      const person = await signedIn(req);
      if (await membership(person, String(req.params.slug))) return next();
      await options.pages().render(req, res, { url: req.originalUrl, status: 404, queries: [] });
    } catch (error) {
      next(error);
    }
  });

  router.post('/sponsor/:slug/interview-requests', readLongForm, async (req, res, next) => {
    try {
      const person = await signedIn(req);
      const slug = String(req.params.slug);
      const fields = formFields(req);
      const evidence = evidenceOf(fields);
      if (!evidence) return notFound(res);
      const { verdict, personId, organisationId } = await verdictFor(person, slug, evidence);
      const search =
        evidence.kind === 'submission'
          ? `?submission=${encodeURIComponent(evidence.submissionId)}`
          : `?profile=${encodeURIComponent(evidence.handle)}`;
      const values = {
        roleTitle: fields.get('roleTitle') ?? '',
        kind: fields.get('kind') ?? '',
        message: fields.get('message') ?? '',
      };
      const sendBack = async (returned: InterviewFormReturn, status: number) => {
        const page = await teamPage(person, slug, search);
        await options.pages().render(req, res, {
          url: `${teamInterviewRequestsPath(slug)}${search}`,
          status,
          queries: [
            [INTERVIEW_FORM_KEY, returned],
            [teamInterviewRequestsKey(slug, search), page],
          ],
        });
      };
      if (!personId || !organisationId) return notFound(res);
      const refuse = async (refusal: Exclude<InterviewRequestVerdict, { ok: true }>) => {
        if (refusal.status === 404) return notFound(res);
        if (refusal.status === 429) res.setHeader('Retry-After', String(refusal.retryAfterSeconds));
        return await sendBack({ form: 'new', error: refusal.message, values }, refusal.status);
      };
      if (!verdict.ok) return await refuse(verdict);
      const checked = validateInterviewRequest(values);
      if (!checked.ok)
        return await sendBack(
          { form: 'new', error: 'Check the request: see the fields below.', errors: checked.errors, values },
          422,
        );
      const at = now();
      await store.expire(at);
      // The verdict above was a first look; the store counts again as it writes, so requests racing on
      // several instances keep the limits exactly.
      const created = await store.createWithinLimits(
        { ...checked.value, organisationId, senderId: person.id, personId, evidence },
        at,
        iso(utcDayStart(at)),
      );
      if ('refused' in created) return await refuse(interviewRequestRefusal(created.refused, at));
      const id = created.id;
      req.log.info({ personId: person.id, organisationId, interviewRequestId: id }, 'interview request sent');
      const [target, sponsor] = await Promise.all([
        people([personId]),
        organisations.sponsor(organisationId),
      ]);
      const address = target.get(personId)?.email;
      if (address && sponsor)
        await options.post.sendOptional(
          interviewRequestMail({
            to: address,
            organisationName: sponsor.name,
            expiresAt: interviewRequestExpiresAt(iso(at)),
            origin: options.origin,
            unsubscribeUrl: options.unsubscribeUrl(personId),
          }),
          personId,
          'interview-requests',
        );
      res.redirect(303, teamDone(slug, 'sent'));
    } catch (error) {
      next(error);
    }
  });

  router.post('/sponsor/:slug/interview-requests/hire', readLongForm, async (req, res, next) => {
    try {
      const person = await signedIn(req);
      const slug = String(req.params.slug);
      const member = await membership(person, slug);
      if (!member || (member.role !== 'owner' && member.role !== 'admin')) return notFound(res);
      const fields = formFields(req);
      const request = await store.request(fields.get('id') ?? '');
      if (!request || request.organisationId !== member.sponsor.id || !request.personId) return notFound(res);
      const sendBack = async (returned: InterviewFormReturn, status: number) => {
        const page = await teamPage(person, slug, '');
        await options.pages().render(req, res, {
          url: teamInterviewRequestsPath(slug),
          status,
          queries: [
            [INTERVIEW_FORM_KEY, returned],
            [teamInterviewRequestsKey(slug, ''), page],
          ],
        });
      };
      const at = now();
      const allowed = mayRecordHire(request, Boolean(await store.hire(request.id)), at);
      if (!allowed.ok) {
        if (allowed.status === 404) return notFound(res);
        return await sendBack({ form: request.id, error: allowed.message }, allowed.status);
      }
      const kind = fields.get('kind') ?? '';
      const startMonth = parseStartMonth(fields.get('startMonth') ?? '');
      if (!isWorkKind(kind) || !startMonth)
        return await sendBack(
          {
            form: request.id,
            error: 'Choose the kind of work and the start month (year-month, e.g. 2027-03).',
          },
          422,
        );
      const recorded = await store.recordHire(
        {
          requestId: request.id,
          organisationId: member.sponsor.id,
          personId: request.personId,
          recordedBy: person.id,
          kind,
          startMonth,
        },
        iso(at),
      );
      if (!recorded)
        return await sendBack(
          { form: request.id, error: 'A hire is already recorded for this request.' },
          409,
        );
      req.log.info({ personId: person.id, interviewRequestId: request.id }, 'hire recorded');
      const address = (await people([request.personId])).get(request.personId)?.email;
      if (address)
        await options.post.send(
          hireRecordedMail({
            to: address,
            organisationName: member.sponsor.name,
            answerBy: at + HIRE_LIMITS.answerWithinDays * DAY_MS,
            origin: options.origin,
          }),
        );
      res.redirect(303, teamDone(slug, 'hire-recorded'));
    } catch (error) {
      next(error);
    }
  });

  return {
    router,
    accountPage,
    teamPage,

    /** /account/interview-requests' data. */
    async accountQueries(person: Person): Promise<PageQuery[]> {
      return [[ACCOUNT_INTERVIEW_REQUESTS_KEY, await accountPage(person)]];
    },

    /** /sponsor/:slug/interview-requests' data, for the page's query string. */
    async teamQueries(person: Person, slug: string, search: string): Promise<PageQuery[]> {
      const page = await teamPage(person, slug, search);
      return page ? [[teamInterviewRequestsKey(slug, search), page]] : [];
    },

    /** A talent profile's "Request an interview" links for this viewer. */
    async profileQueries(person: Person, handle: string): Promise<PageQuery[]> {
      return [[interviewFromKey(handle), await interviewFrom(person, handle)]];
    },

    /** Confirmed hires by organisation id (the sponsors' records). */
    confirmedHireCounts: () => store.confirmedHireCounts(),

    /** A person's confirmed hires they chose to show ("Hired by …" on their profile). */
    async hiredByOnProfile(personId: string): Promise<string[]> {
      const at = now();
      const hires = (await store.hiresOf(personId)).filter(
        (hire) => hire.showOnProfile && hireCounts(hireStatus(hire, at)),
      );
      const names = await Promise.all(
        hires.map(async (hire) => (await organisations.sponsor(hire.organisationId))?.name),
      );
      return [...new Set(names.filter((name): name is string => Boolean(name)))];
    },

    personalData: {
      async export(person: Person) {
        const [page, stored] = await Promise.all([accountPage(person), store.forPerson(person.id)]);
        const messages = new Map(stored.map((request) => [request.id, request]));
        return {
          interviewRequests: page.requests.map(({ messageHtml: _html, ...request }) => ({
            ...request,
            message: messages.get(request.id)?.message ?? '',
            reportReason: messages.get(request.id)?.reportReason ?? null,
          })),
          interviewRequestBlocks: page.blocked.map((entry) => entry.name),
          hires: (await store.hiresOf(person.id)).map(({ personId: _p, recordedBy: _r, ...hire }) => hire),
        };
      },
      remove: (person: Person) => store.removePerson(person.id),
    } satisfies PersonalDataPart,
  };
}

export type InterviewRequests = ReturnType<typeof createInterviewRequests>;
