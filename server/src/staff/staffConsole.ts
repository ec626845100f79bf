import { Router, type Request, type Response } from 'express';
import { formatUtcDateTime } from '@side-quest/data';
import type { BountySubmissionStore, StoredBountySubmission } from '../bounty-submissions/submissionStore';
import { escapeHtml } from '@side-quest/data/html';
import { formFields, readForm } from '../http/formFields';
import type { Organisations, VerificationCase } from '../organisations/organisations';
import type { Outcome } from '../lifecycle/lifecycle';

/** A hosted bounty from an unverified organisation, waiting for staff. */
export interface QueuedBounty {
  id: string;
  title: string;
  sponsor: string;
  domain: string;
  prizes: number[];
  criteria: string[];
  submissionDeadline: string;
  descriptionHtml: string;
}

/** A payment its winner reported as not received. */
export interface PaymentCase {
  bountyId: string;
  slot: number;
  title: string;
  sponsor: string;
  winner: string;
  payment: { amount: number; method: string; reference: string; date: string } | null;
  answerNote: string | null;
  answeredAt: string | null;
}

/** One write of the lifecycle's audit log, as staff read it. */
export interface StaffHistoryEntry {
  at: string;
  organisation: string;
  bounty: string;
  actor: string;
  summary: string;
}

/** The lifecycle's staff work: the approval queue and the payment cases (each action checks its object). */
export interface StaffLifecycle {
  queue(): Promise<QueuedBounty[]>;
  cases(): Promise<PaymentCase[]>;
  /** The latest writes across every organisation, newest first. */
  history(): Promise<StaffHistoryEntry[]>;
  approve(req: Request, id: string): Promise<Outcome>;
  reject(req: Request, id: string, reason: string): Promise<Outcome>;
  resolve(
    req: Request,
    bountyId: string,
    slot: number,
    resolution: 'paid' | 'not-paid',
    note: string,
  ): Promise<Outcome>;
}

/** The staff console's own paths (the access rules make them staff-only, 403 for anyone else signed in). */
export const STAFF_PATHS = {
  console: '/staff',
  verifyOrganisation: '/staff/organisations/verify',
  archiveDraft: '/staff/drafts/archive',
  approveBounty: '/staff/bounties/approve',
  rejectBounty: '/staff/bounties/reject',
  resolveCase: '/staff/cases/resolve',
  /** Scored bounties' scores and copy flags (scored-bounties/scoredStaffPage.ts); one bounty's under it. */
  scoredBounties: '/staff/scored-bounties',
} as const;

/** A scored bounty's page of scores and copy flags for staff. */
export const scoredBountyStaffPath = (bountyId: string) =>
  `${STAFF_PATHS.scoredBounties}/${encodeURIComponent(bountyId)}`;

const DONE = {
  verified: 'The organisation is verified.',
  archived: 'The draft is archived.',
  approved: 'The bounty is approved and public.',
  'bounty-rejected': 'The bounty is not approved; the team is e-mailed your reason.',
  resolved: 'The case is resolved; both sides see your note.',
} as const;

/** The staff pages' one style (this console, the interview requests' page). */
export const STAFF_STYLE = `
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #0b0d12; color: #e8eaf0; }
  main { max-width: 72rem; margin: 0 auto; padding: 2rem 1rem; }
  a { color: #7cf0a4; }
  h1, h2 { font-family: ui-monospace, monospace; }
  section { margin-top: 2.5rem; }
  ul.cards { list-style: none; padding: 0; display: grid; gap: 1rem; }
  ul.cards > li { border: 1px solid #2a2f3a; border-radius: 10px; padding: 1rem; background: #131720; }
  .match { color: #7cf0a4; } .mismatch { color: #ffb4a8; }
  button { min-height: 44px; padding: 0.5rem 1rem; font: inherit; font-weight: 700; border-radius: 8px;
    border: 2px solid #7cf0a4; background: #7cf0a4; color: #0b0d12; cursor: pointer; }
  .notice { border: 1px solid #7cf0a4; border-radius: 8px; padding: 0.75rem 1rem; }
  .problem { border-color: #ffb4a8; color: #ffb4a8; }
  form { margin-top: 0.75rem; display: grid; gap: 0.5rem; max-width: 40rem; }
  textarea { font: inherit; min-height: 5rem; padding: 0.5rem; border-radius: 8px; border: 1px solid #4a5263; background: #0b0d12; color: inherit; }
  fieldset { border: 1px solid #2a2f3a; border-radius: 8px; }
  button.secondary { background: transparent; color: #e8eaf0; border-color: #a9b0bf; }
  .muted { color: #a9b0bf; }
`;

/** Wide tables scroll inside their box on a phone instead of widening the page (the staff pages' tables). */
export const STAFF_TABLE_STYLE = `
  .table-scroll { overflow-x: auto; max-width: 100%; }
  table { border-collapse: collapse; }
  th, td { padding: 0.5rem; text-align: left; vertical-align: top; }
`;

function organisationCard(organisation: VerificationCase): string {
  const owners = organisation.owners
    .map(
      (owner) =>
        `<li>${escapeHtml(owner.email)} — <span class="${owner.matchesWebsite ? 'match' : 'mismatch'}">${
          owner.matchesWebsite
            ? 'e-mail domain matches the website'
            : 'e-mail domain differs from the website'
        }</span></li>`,
    )
    .join('');
  return `<li><h3>${escapeHtml(organisation.name)} <span class="muted">(${escapeHtml(organisation.slug)})</span></h3>
<p>Website: <a href="${escapeHtml(organisation.website)}" rel="noopener noreferrer nofollow">${escapeHtml(organisation.website)}</a> · created ${escapeHtml(formatUtcDateTime(Date.parse(organisation.createdAt)))} UTC</p>
<p>Owners:</p><ul>${owners || '<li>none</li>'}</ul>
<form method="post" action="${STAFF_PATHS.verifyOrganisation}"><input type="hidden" name="id" value="${escapeHtml(organisation.id)}"><button type="submit">Verify ${escapeHtml(organisation.name)}</button></form></li>`;
}

function draftCard(draft: StoredBountySubmission): string {
  return `<li><h3>${escapeHtml(draft.title)}</h3>
<p>${escapeHtml(draft.company)} · ${escapeHtml(draft.domain)} · $${escapeHtml(String(draft.bountyAmount))} · ${draft.deadlineDays} days · sent ${escapeHtml(formatUtcDateTime(Date.parse(draft.createdAt)))} UTC</p>
<p class="muted">${escapeHtml(draft.description)}</p>
<form method="post" action="${STAFF_PATHS.archiveDraft}"><input type="hidden" name="id" value="${draft.id}"><button type="submit">Archive “${escapeHtml(draft.title)}”</button></form></li>`;
}

const money = (amount: number) => `$${amount.toLocaleString('en-US')}`;

function queuedBountyCard(bounty: QueuedBounty, scored: boolean): string {
  const id = escapeHtml(bounty.id);
  // A scored bounty's setup (metric, public share, files) is read on its own staff page.
  const scoring = scored
    ? `<p>Scored against an answer key: <a href="${scoredBountyStaffPath(bounty.id)}">scoring setup and scores of “${escapeHtml(bounty.title)}”</a></p>`
    : '';
  return `<li><h3>${escapeHtml(bounty.title)}</h3>
<p>${escapeHtml(bounty.sponsor)} · ${escapeHtml(bounty.domain)} · ${money(bounty.prizes.reduce((a, b) => a + b, 0))} in ${bounty.prizes.length} prize ${bounty.prizes.length === 1 ? 'slot' : 'slots'} · deadline ${escapeHtml(formatUtcDateTime(Date.parse(bounty.submissionDeadline)))} UTC</p>
<p>Acceptance criteria:</p><ul>${bounty.criteria.map((criterion) => `<li>${escapeHtml(criterion)}</li>`).join('')}</ul>
<div class="prose">${bounty.descriptionHtml}</div>${scoring}
<form method="post" action="${STAFF_PATHS.approveBounty}"><input type="hidden" name="id" value="${id}"><button type="submit">Approve “${escapeHtml(bounty.title)}”</button></form>
<form method="post" action="${STAFF_PATHS.rejectBounty}"><input type="hidden" name="id" value="${id}">
<label for="reason-${id}">Reason the team will read</label><textarea id="reason-${id}" name="reason" required minlength="10" maxlength="1000"></textarea>
<button type="submit" class="secondary">Do not approve</button></form></li>`;
}

function caseCard(entry: PaymentCase): string {
  const key = `${escapeHtml(entry.bountyId)}-${entry.slot}`;
  return `<li><h3>${escapeHtml(entry.title)} — prize slot ${entry.slot + 1}</h3>
<p>${escapeHtml(entry.sponsor)} recorded ${money(entry.payment?.amount ?? 0)} by ${escapeHtml(entry.payment?.method ?? '')} (reference ${escapeHtml(entry.payment?.reference ?? '')}, dated ${escapeHtml(entry.payment?.date ?? '')}).</p>
<p>The winner (${escapeHtml(entry.winner)}) reported it not received on ${escapeHtml(formatUtcDateTime(Date.parse(entry.answeredAt ?? '')))} UTC: “${escapeHtml(entry.answerNote ?? '')}”</p>
<form method="post" action="${STAFF_PATHS.resolveCase}"><input type="hidden" name="bounty" value="${escapeHtml(entry.bountyId)}"><input type="hidden" name="slot" value="${entry.slot}">
<fieldset><legend>Resolution</legend>
<label><input type="radio" name="resolution" value="paid" required> Paid</label>
<label><input type="radio" name="resolution" value="not-paid"> Not paid</label></fieldset>
<label for="note-${key}">Note both sides will read</label><textarea id="note-${key}" name="note" required minlength="10" maxlength="1000"></textarea>
<button type="submit">Resolve</button></form></li>`;
}

function historyRow(entry: StaffHistoryEntry): string {
  return `<li>${escapeHtml(formatUtcDateTime(Date.parse(entry.at)))} UTC — ${escapeHtml(entry.actor)} ${escapeHtml(entry.summary)} <span class="muted">(${escapeHtml(entry.organisation)}: ${escapeHtml(entry.bounty)})</span></li>`;
}

function consolePage(
  cases: VerificationCase[],
  drafts: StoredBountySubmission[],
  queue: QueuedBounty[],
  scoredIds: ReadonlySet<string>,
  paymentCases: PaymentCase[],
  history: StaffHistoryEntry[],
  done: string | null,
  problem: string | null,
): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Staff console | Side Quest</title><style>${STAFF_STYLE}</style></head>
<body><main><h1>Staff console</h1><p><a href="/">Side Quest</a> · <a href="/releases">Release registry</a> · <a href="/staff/interview-requests">Interview requests</a> · <a href="${STAFF_PATHS.scoredBounties}">Scored bounties</a></p>
${done ? `<p class="notice" role="status">${escapeHtml(done)}</p>` : ''}
${problem ? `<p class="notice problem" role="alert">${escapeHtml(problem)}</p>` : ''}
<section aria-labelledby="bounties"><h2 id="bounties">Bounties awaiting approval</h2>
<p class="muted">From organisations not yet verified. Approve what is a real, fairly rewarded challenge; otherwise say why.</p>
${queue.length ? `<ul class="cards">${queue.map((bounty) => queuedBountyCard(bounty, scoredIds.has(bounty.id))).join('')}</ul>` : '<p>None waiting.</p>'}</section>
<section aria-labelledby="cases"><h2 id="cases">Payment cases</h2>
<p class="muted">Winners who answered Not received. Ask both sides for evidence, then resolve.</p>
${paymentCases.length ? `<ul class="cards">${paymentCases.map(caseCard).join('')}</ul>` : '<p>None open.</p>'}</section>
<section aria-labelledby="history"><h2 id="history">Bounty history</h2>
<p class="muted">Every write to a hosted bounty is audited: the latest across all organisations.</p>
${history.length ? `<ul>${history.map(historyRow).join('')}</ul>` : '<p>Nothing yet.</p>'}</section>
<section aria-labelledby="organisations"><h2 id="organisations">Organisations awaiting verification</h2>
<p class="muted">Verify when the owners' e-mail domain and the website belong together, or when you checked otherwise.</p>
${cases.length ? `<ul class="cards">${cases.map(organisationCard).join('')}</ul>` : '<p>None waiting.</p>'}</section>
<section aria-labelledby="drafts"><h2 id="drafts">Anonymous bounty drafts</h2>
<p class="muted">Sent through CREATE_NEW_BOUNTY without an account: they carry no contact and no apply link, so they are read, then archived.</p>
${drafts.length ? `<ul class="cards">${drafts.map(draftCard).join('')}</ul>` : '<p>None waiting.</p>'}</section>
</main></body></html>`;
}

/**
 * The staff console, rendered by the server alone (no remote, no script): staff tools change with the
 * operation of the site, not with a section's releases, and need no JavaScript. Organisation
 * verification with its evidence, the anonymous drafts to read and archive, and the release registry.
 */
export function createStaffConsole(options: {
  organisations: Organisations;
  drafts: BountySubmissionStore;
  lifecycle: StaffLifecycle;
  /** Which of these bounties are scored: their queue cards link to their scoring setup. */
  scoredBountyIds?: (ids: string[]) => Promise<ReadonlySet<string>>;
}): Router {
  const router = Router();
  const { lifecycle } = options;

  async function sendConsole(res: Response, done: string | null, problem: string | null, status = 200) {
    const [cases, drafts, queue, paymentCases, history] = await Promise.all([
      options.organisations.awaitingVerification(),
      options.drafts.all(),
      lifecycle.queue(),
      lifecycle.cases(),
      lifecycle.history(),
    ]);
    const scoredIds =
      (await options.scoredBountyIds?.(queue.map((bounty) => bounty.id))) ?? new Set<string>();
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('X-Robots-Tag', 'noindex');
    res
      .status(status)
      .type('html')
      .send(
        consolePage(
          cases,
          drafts.filter((draft) => draft.status === 'pending'),
          queue,
          scoredIds,
          paymentCases,
          history,
          done,
          problem,
        ),
      );
  }

  /** An action's answer: 303 back saying what changed, 404 for nothing there, else the console with the problem. */
  async function answer(res: Response, outcome: Outcome, done: keyof typeof DONE) {
    if (outcome.ok) return res.redirect(303, `${STAFF_PATHS.console}?done=${done}`);
    if (outcome.status === 404) return res.status(404).type('text/plain').send('Not found');
    return sendConsole(res, null, outcome.message, outcome.status);
  }

  router.get(STAFF_PATHS.console, async (req, res, next) => {
    try {
      const doneKey = String(req.query.done ?? '');
      await sendConsole(res, Object.hasOwn(DONE, doneKey) ? DONE[doneKey as keyof typeof DONE] : null, null);
    } catch (error) {
      next(error);
    }
  });
  router.post(STAFF_PATHS.verifyOrganisation, readForm, async (req, res, next) => {
    try {
      const verified = await options.organisations.verify(formFields(req).get('id') ?? '');
      if (!verified) return res.status(404).type('text/plain').send('Not found');
      res.redirect(303, `${STAFF_PATHS.console}?done=verified`);
    } catch (error) {
      next(error);
    }
  });
  router.post(STAFF_PATHS.archiveDraft, readForm, async (req, res, next) => {
    try {
      const id = Number(formFields(req).get('id'));
      const archived = Number.isSafeInteger(id) && (await options.drafts.archive(id));
      if (!archived) return res.status(404).type('text/plain').send('Not found');
      res.redirect(303, `${STAFF_PATHS.console}?done=archived`);
    } catch (error) {
      next(error);
    }
  });
  router.post(STAFF_PATHS.approveBounty, readForm, async (req, res, next) => {
    try {
      await answer(res, await lifecycle.approve(req, formFields(req).get('id') ?? ''), 'approved');
    } catch (error) {
      next(error);
    }
  });
  router.post(STAFF_PATHS.rejectBounty, readForm, async (req, res, next) => {
    try {
      const fields = formFields(req);
      await answer(
        res,
        await lifecycle.reject(req, fields.get('id') ?? '', fields.get('reason') ?? ''),
        'bounty-rejected',
      );
    } catch (error) {
      next(error);
    }
  });
  router.post(STAFF_PATHS.resolveCase, readForm, async (req, res, next) => {
    try {
      const fields = formFields(req);
      const slot = Number(fields.get('slot'));
      const resolution = fields.get('resolution');
      if (!Number.isInteger(slot) || slot < 0 || (resolution !== 'paid' && resolution !== 'not-paid'))
        return await sendConsole(res, null, 'Choose Paid or Not paid for the case.', 422);
      await answer(
        res,
        await lifecycle.resolve(req, fields.get('bounty') ?? '', slot, resolution, fields.get('note') ?? ''),
        'resolved',
      );
    } catch (error) {
      next(error);
    }
  });
  return router;
}
