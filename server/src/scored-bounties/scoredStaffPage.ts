import { Router, type Response } from 'express';
import { formatUtcDateTime } from '@side-quest/data';
import { escapeHtml } from '@side-quest/data/html';
import {
  formatScore,
  metricLabel,
  SCORING_METRICS,
  TEST_RUNTIME_LABELS,
  TESTS_PASSED_METRIC,
} from '@side-quest/data/lifecycle';
import type { Accounts } from '../accounts/accounts';
import type { Organisations } from '../organisations/organisations';
import { scoredBountyStaffPath, STAFF_PATHS, STAFF_STYLE, STAFF_TABLE_STYLE } from '../staff/staffConsole';
import type { HostedBountyRecord, LifecycleStore } from '../lifecycle/lifecycleStore';
import type { PersonFacts } from '../lifecycle/lifecycle';
import type { ScoredBounties } from './scoredBounties';
import type { ScoredStore } from './scoredStore';
import type { TestScoredStore } from './testScoredStore';
import {
  sortStaffReview,
  staffReviewRows,
  staffReviewSort,
  STAFF_REVIEW_SORTS,
  type StaffCopyFlag,
  type StaffReviewRow,
} from './scoredStaffReview';

/** Staff's scored-bounty pages; the access rules let staff only in (404 for anyone else signed in). */
export const SCORED_STAFF_PATHS = {
  list: STAFF_PATHS.scoredBounties,
  review: scoredBountyStaffPath,
} as const;

const when = (at: string) => `${escapeHtml(formatUtcDateTime(Date.parse(at)))} UTC`;
const STATE_TEXT: Record<string, string> = {
  draft: 'Draft',
  pending: 'Pending approval',
  rejected: 'Not approved',
  open: 'Open',
  announced: 'Winners announced',
  closed: 'Closed',
  cancelled: 'Cancelled',
  submitted: 'Submitted',
  withdrawn: 'Withdrawn',
};
const stateText = (state: string) => escapeHtml(STATE_TEXT[state] ?? state);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} · Staff console | Side Quest</title><style>${STAFF_STYLE}${STAFF_TABLE_STYLE}
  nav.sort ul { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: 0.25rem 1rem; }
  nav.sort a[aria-current] { font-weight: 700; color: inherit; text-decoration: none; }
  td ul { margin: 0; padding-left: 1.1rem; }
  dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; }
  dl.facts dd { margin: 0; }
</style></head>
<body><main>${body}</main></body></html>`;
}

function flagText(flag: StaffCopyFlag): string {
  const theirs = `${escapeHtml(flag.of)}’s entry of ${when(flag.ofAt)}`;
  const similarity = flag.similarity === undefined ? '' : ` (similarity ${flag.similarity.toFixed(2)})`;
  if (flag.kind === 'entry') return `Entry of ${when(flag.at)} has the same predictions as ${theirs}.`;
  if (flag.kind === 'archive') return `Entry of ${when(flag.at)} is the same archive as ${theirs}.`;
  if (flag.kind === 'source')
    return `Entry of ${when(flag.at)} has source files near-identical to ${theirs}${similarity}.`;
  return `Write-up near-identical to ${escapeHtml(flag.of)}’s of ${when(flag.ofAt)}${similarity}.`;
}

function reviewRow(row: StaffReviewRow): string {
  const flags = row.flags.length
    ? `<ul>${row.flags.map((flag) => `<li>${flagText(flag)}</li>`).join('')}</ul>`
    : '<span class="muted">None</span>';
  return `<tr data-testid="staff-review-row"><th scope="row">${escapeHtml(row.entrant)}</th><td>${stateText(row.state)}<br><span class="muted">${when(row.submittedAt)}</span></td><td>${formatScore(row.publicScore)}</td><td>${formatScore(row.privateScore)}</td><td>${row.scoredEntries}</td><td>${flags}</td></tr>`;
}

/**
 * Staff's view of scored bounties (issue 45 items 6, 7 and 12: "staff as in payment cases"), rendered
 * by the server alone like the rest of the staff console: a list of every scored bounty, and for each
 * one its submissions with public and private scores, scored entries and copy flags, sorted by plain
 * links. Nothing here changes anything; the team chooses winners.
 */
export function createScoredStaffPage(options: {
  accounts: Pick<Accounts, 'person'>;
  scored: Pick<ScoredBounties, 'staffData'>;
  store: Pick<ScoredStore, 'scoredBountyIds'>;
  /** Test-scored bounties: listed once their reference passed (as the catalogue marks them scored). */
  tests: Pick<TestScoredStore, 'passedSetupsAmong'>;
  lifecycle: Pick<LifecycleStore, 'bounty' | 'bountiesIn' | 'submissionsTo'>;
  organisations: Pick<Organisations, 'sponsor'>;
  people: (ids: string[]) => Promise<Map<string, PersonFacts>>;
  now?: () => number;
}): Router {
  const { accounts, scored, store, tests, lifecycle, organisations, people } = options;
  const now = options.now ?? Date.now;
  const router = Router();
  const sponsorName = async (bounty: HostedBountyRecord) =>
    (await organisations.sponsor(bounty.organisationId))?.name ?? 'An organisation';
  const notFound = (res: Response) => res.status(404).type('text/plain').send('Not found');
  const noStore = (res: Response) => {
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('X-Robots-Tag', 'noindex');
  };

  router.get(SCORED_STAFF_PATHS.list, async (req, res, next) => {
    try {
      const person = await accounts.person(req);
      if (person?.role !== 'staff') return notFound(res);
      const bounties = await lifecycle.bountiesIn([
        'draft',
        'pending',
        'rejected',
        'open',
        'announced',
        'closed',
        'cancelled',
      ]);
      const ids = bounties.map((bounty) => bounty.id);
      const [byKey, byTests] = await Promise.all([store.scoredBountyIds(ids), tests.passedSetupsAmong(ids)]);
      const listed = bounties
        .filter((bounty) => byKey.has(bounty.id) || byTests.has(bounty.id))
        .sort((a, b) => b.submissionDeadline.localeCompare(a.submissionDeadline));
      const rows = await Promise.all(
        listed.map(
          async (bounty) =>
            `<tr><th scope="row"><a href="${SCORED_STAFF_PATHS.review(bounty.id)}">${escapeHtml(bounty.title)}</a></th><td>${escapeHtml(await sponsorName(bounty))}</td><td>${stateText(bounty.state)}</td><td>${when(bounty.submissionDeadline)}</td></tr>`,
        ),
      );
      noStore(res);
      res.type('html').send(
        page(
          'Scored bounties',
          `<h1>Scored bounties</h1><p><a href="/staff">Staff console</a></p>
<p class="muted">Bounties whose entries the site scores, against an answer key or by the sponsor’s tests. Open one for each submission’s public and private score and copy flags.</p>
${rows.length ? `<div class="table-scroll" tabindex="0" role="region" aria-label="Scored bounties"><table><thead><tr><th scope="col">Bounty</th><th scope="col">Sponsor</th><th scope="col">State</th><th scope="col">Submission deadline</th></tr></thead><tbody>${rows.join('')}</tbody></table></div>` : '<p>No scored bounties yet.</p>'}`,
        ),
      );
    } catch (error) {
      next(error);
    }
  });

  router.get(`${STAFF_PATHS.scoredBounties}/:id`, async (req, res, next) => {
    try {
      const person = await accounts.person(req);
      const id = String(req.params.id);
      // Null for anyone but staff, and for a bounty that is missing or not scored: 404 either way.
      const data = person ? await scored.staffData(person, id) : null;
      const bounty = data ? await lifecycle.bounty(id) : null;
      const testSetup = data?.tests?.setup ?? null;
      if (!data || !(data.setup || testSetup) || !bounty) return notFound(res);
      const submissions = await lifecycle.submissionsTo(id);
      const facts = await people(submissions.map((submission) => submission.authorId));
      const entrantName = (authorId: string) => {
        const found = facts.get(authorId);
        return found?.handle || found?.name || 'an entrant without a handle';
      };
      const sort = staffReviewSort(req.query.sort);
      const metric = data.setup
        ? SCORING_METRICS.find((candidate) => candidate.name === data.setup?.metric)
        : TESTS_PASSED_METRIC;
      const direction = metric?.better.startsWith('lower') ? 'lower' : 'higher';
      // How it is scored: the answer key's metric and public share, or the sponsor's tests.
      const scoring = data.setup
        ? `<dt>Metric</dt><dd>${escapeHtml(metricLabel(data.setup.metric))}${metric ? `, ${escapeHtml(metric.better)}` : ''}</dd>
<dt>Public share</dt><dd>${data.setup.publicShare} % of ${data.setup.keyRows.toLocaleString('en-US')} rows</dd>`
        : `<dt>Scored by</dt><dd>The sponsor’s tests (${escapeHtml(TEST_RUNTIME_LABELS[testSetup!.runtime])}), tests passed, higher is better</dd>
<dt>Tests</dt><dd>${testSetup!.publicTestCount} public, ${testSetup!.hiddenTestCount} hidden</dd>`;
      const rows = sortStaffReview(staffReviewRows(data, submissions, entrantName), sort, direction);
      const revealed = now() >= Date.parse(bounty.submissionDeadline);
      const sortLinks = STAFF_REVIEW_SORTS.map(
        ([name, label]) =>
          `<li><a href="?sort=${name}#submissions"${name === sort ? ' aria-current="true"' : ''}>${label}</a></li>`,
      ).join('');
      const title = `Scores: ${bounty.title}`;
      noStore(res);
      res.type('html').send(
        page(
          title,
          `<h1>${escapeHtml(title)}</h1><p><a href="/staff">Staff console</a> · <a href="${SCORED_STAFF_PATHS.list}">Scored bounties</a> · <a href="/bounty/${encodeURIComponent(id)}/leaderboard">Public leaderboard</a></p>
<dl class="facts"><dt>Sponsor</dt><dd>${escapeHtml(await sponsorName(bounty))}</dd>
<dt>State</dt><dd>${stateText(bounty.state)}</dd>
${scoring}
<dt>Submission deadline</dt><dd>${when(bounty.submissionDeadline)}${revealed ? ' · private scores revealed' : ' · private scores not yet revealed'}</dd></dl>
<section aria-labelledby="submissions"><h2 id="submissions">Submissions</h2>
<p class="muted">The private score counts each entrant’s final entries, as the final leaderboard will. Before the deadline only the team and staff see it. Copy flags inform; they decide nothing.</p>
<nav class="sort" aria-label="Sort submissions by"><p>Sort by:</p><ul>${sortLinks}</ul></nav>
${rows.length ? `<div class="table-scroll" tabindex="0" role="region" aria-label="Submissions and their scores"><table><thead><tr><th scope="col">Entrant</th><th scope="col">Submission</th><th scope="col">Public score</th><th scope="col">Private score</th><th scope="col">Scored entries</th><th scope="col">Copy flags</th></tr></thead><tbody>${rows.map(reviewRow).join('')}</tbody></table></div>` : '<p>No submissions yet.</p>'}</section>`,
        ),
      );
    } catch (error) {
      next(error);
    }
  });

  return router;
}
