import { Router } from 'express';
import { formatUtcDateTime } from '@side-quest/data';
import type { BountySubmissionStore, StoredBountySubmission } from '../bounty-submissions/submissionStore';
import { escapeHtml } from '../http/escapeHtml';
import { formFields, readForm } from '../http/formFields';
import type { Organisations, VerificationCase } from '../organisations/organisations';

/** The staff console's own paths (the access rules make them staff-only, 403 for anyone else signed in). */
export const STAFF_PATHS = {
  console: '/staff',
  verifyOrganisation: '/staff/organisations/verify',
  archiveDraft: '/staff/drafts/archive',
} as const;

const DONE = { verified: 'The organisation is verified.', archived: 'The draft is archived.' } as const;

const STYLE = `
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
  .muted { color: #a9b0bf; }
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

function consolePage(
  cases: VerificationCase[],
  drafts: StoredBountySubmission[],
  done: string | null,
): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Staff console | Side Quest</title><style>${STYLE}</style></head>
<body><main><h1>Staff console</h1><p><a href="/">Side Quest</a> · <a href="/releases">Release registry</a></p>
${done ? `<p class="notice" role="status">${escapeHtml(done)}</p>` : ''}
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
}): Router {
  const router = Router();
  router.get(STAFF_PATHS.console, async (req, res, next) => {
    try {
      const [cases, drafts] = await Promise.all([
        options.organisations.awaitingVerification(),
        options.drafts.all(),
      ]);
      const doneKey = String(req.query.done ?? '');
      const done = Object.hasOwn(DONE, doneKey) ? DONE[doneKey as keyof typeof DONE] : null;
      res.setHeader('Cache-Control', 'private, no-store');
      res.setHeader('X-Robots-Tag', 'noindex');
      res.type('html').send(
        consolePage(
          cases,
          drafts.filter((draft) => draft.status === 'pending'),
          done,
        ),
      );
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
  return router;
}
