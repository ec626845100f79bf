import { Router } from 'express';
import { formatUtcDateTime } from '@side-quest/data';
import { escapeHtml } from '@side-quest/data/html';
import { HIRE_STATUS_TEXT, WORK_KIND_LABELS, hireStatus } from '@side-quest/data/hiring';
import { formFields, readForm } from '../http/formFields';
import type { Organisations } from '../organisations/organisations';
import { STAFF_STYLE, STAFF_TABLE_STYLE } from '../staff/staffConsole';
import type { InterviewRequestStore } from './interviewRequestStore';

export const INTERVIEW_STAFF_PATHS = {
  page: '/staff/interview-requests',
  suspend: '/staff/interview-requests/suspend',
} as const;

const when = (at: string) => `${escapeHtml(formatUtcDateTime(Date.parse(at)))} UTC`;

/**
 * Staff's view of interview requests (issue 46 item 3), rendered by the server alone like the staff
 * console: requests per organisation by state, the reported ones with the person's words, suspending
 * or resuming an organisation's requests, and every hire (denied and unanswered ones too, which count
 * nowhere else). The access rules admit staff only (/staff/*).
 */
export function createInterviewStaffPage(options: {
  store: InterviewRequestStore;
  organisations: Pick<Organisations, 'sponsor'>;
  now?: () => number;
}): Router {
  const { store, organisations } = options;
  const now = options.now ?? Date.now;
  const router = Router();

  router.get(INTERVIEW_STAFF_PATHS.page, async (req, res, next) => {
    try {
      const [counts, reported, suspended, hires] = await Promise.all([
        store.countsByOrganisation(),
        store.reported(),
        store.suspended(),
        store.allHires(),
      ]);
      const ids = [
        ...new Set([
          ...counts.map((row) => row.organisationId),
          ...reported.map((row) => row.organisationId),
          ...hires.map((hire) => hire.organisationId),
          ...suspended,
        ]),
      ];
      const names = new Map(
        await Promise.all(
          ids.map(async (id) => [id, (await organisations.sponsor(id))?.name ?? id] as const),
        ),
      );
      const name = (id: string) => escapeHtml(names.get(id) ?? id);
      const byOrganisation = ids.map((id) => {
        const rows = counts.filter((row) => row.organisationId === id);
        const count = (state: string) => rows.find((row) => row.state === state)?.count ?? 0;
        const total = rows.reduce((sum, row) => sum + row.count, 0);
        const reports = rows.reduce((sum, row) => sum + row.reported, 0);
        const isSuspended = suspended.has(id);
        return `<tr><th scope="row">${name(id)}</th><td>${total}</td><td>${count('open')}</td><td>${count('accepted')}</td><td>${count('declined')}</td><td>${count('expired')}</td><td>${reports}</td>
<td><form method="post" action="${INTERVIEW_STAFF_PATHS.suspend}"><input type="hidden" name="organisation" value="${escapeHtml(id)}"><input type="hidden" name="suspend" value="${isSuspended ? 'off' : 'on'}"><button type="submit" class="${isSuspended ? '' : 'secondary'}">${isSuspended ? `Resume ${name(id)}’s requests` : `Suspend ${name(id)}’s requests`}</button></form></td></tr>`;
      });
      const reportCards = reported.map(
        (request) => `<li><h3>${name(request.organisationId)}: ${escapeHtml(request.roleTitle)}</h3>
<p class="muted">Sent ${when(request.createdAt)} · reported ${when(request.reportedAt!)} · ${escapeHtml(request.state)}</p>
<p>The person’s report: ${request.reportReason ? escapeHtml(request.reportReason) : '<span class="muted">no words given</span>'}</p>
<details><summary>The message as sent</summary><pre style="white-space: pre-wrap">${escapeHtml(request.message)}</pre></details></li>`,
      );
      const hireRows = hires.map(
        (hire) =>
          `<tr><th scope="row">${name(hire.organisationId)}</th><td>${escapeHtml(hire.startMonth)}</td><td>${escapeHtml(WORK_KIND_LABELS[hire.kind])}</td><td>${escapeHtml(HIRE_STATUS_TEXT[hireStatus(hire, now())])}</td><td>${when(hire.recordedAt)}</td></tr>`,
      );
      const doneKey = String(req.query.done ?? '');
      const done =
        doneKey === 'suspended'
          ? 'The organisation’s interview requests are suspended.'
          : doneKey === 'resumed'
            ? 'The organisation may send interview requests again.'
            : null;
      res.setHeader('Cache-Control', 'private, no-store');
      res.setHeader('X-Robots-Tag', 'noindex');
      res.type('html')
        .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Interview requests · Staff console | Side Quest</title><style>${STAFF_STYLE}${STAFF_TABLE_STYLE}</style></head>
<body><main><h1>Interview requests</h1><p><a href="/staff">Staff console</a></p>
${done ? `<p class="notice" role="status">${escapeHtml(done)}</p>` : ''}
<section aria-labelledby="per-organisation"><h2 id="per-organisation">Per organisation</h2>
${byOrganisation.length ? `<div class="table-scroll" tabindex="0" role="region" aria-label="Requests per organisation"><table><thead><tr><th scope="col">Organisation</th><th scope="col">Sent</th><th scope="col">Open</th><th scope="col">Accepted</th><th scope="col">Declined</th><th scope="col">Expired</th><th scope="col">Reported</th><th scope="col">Requests</th></tr></thead><tbody>${byOrganisation.join('')}</tbody></table></div>` : '<p>No requests yet.</p>'}</section>
<section aria-labelledby="reported"><h2 id="reported">Reported requests</h2>
${reportCards.length ? `<ul class="cards">${reportCards.join('')}</ul>` : '<p>None reported.</p>'}</section>
<section aria-labelledby="hires"><h2 id="hires">Hires</h2>
<p class="muted">Only confirmed hires count on a sponsor’s record; denied and unanswered ones are here only.</p>
${hireRows.length ? `<div class="table-scroll" tabindex="0" role="region" aria-label="Hires"><table><thead><tr><th scope="col">Organisation</th><th scope="col">Start</th><th scope="col">Kind</th><th scope="col">Status</th><th scope="col">Recorded</th></tr></thead><tbody>${hireRows.join('')}</tbody></table></div>` : '<p>None recorded.</p>'}</section>
</main></body></html>`);
    } catch (error) {
      next(error);
    }
  });

  router.post(INTERVIEW_STAFF_PATHS.suspend, readForm, async (req, res, next) => {
    try {
      const fields = formFields(req);
      const organisationId = fields.get('organisation') ?? '';
      const suspend = fields.get('suspend');
      if (suspend !== 'on' && suspend !== 'off')
        return void res.status(400).type('text/plain').send('Choose to suspend or resume.');
      if (!(await organisations.sponsor(organisationId)))
        return void res.status(404).type('text/plain').send('Not found');
      await store.setSuspended(organisationId, suspend === 'on', new Date(now()).toISOString());
      req.log.info({ organisationId, suspend }, 'interview requests suspension changed');
      res.redirect(303, `${INTERVIEW_STAFF_PATHS.page}?done=${suspend === 'on' ? 'suspended' : 'resumed'}`);
    } catch (error) {
      next(error);
    }
  });

  return router;
}
