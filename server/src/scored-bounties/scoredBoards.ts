import {
  metricLabel,
  TESTS_PASSED_METRIC,
  type HiddenRunsProgress,
  type LeaderboardData,
} from '@side-quest/data/lifecycle';
import type { PostedMail } from '../mail';
import type { Organisations } from '../organisations/organisations';
import type { Person } from '../accounts/accounts';
import { metricDirection, type MetricName, type RankMetric } from '../scoring';
import { buildLeaderboard, leaderboardCsv, type Board, type BoardEntrant } from './leaderboard';
import type { HostedBountyRecord, LifecycleStore } from '../lifecycle/lifecycleStore';
import type { ScoredStore } from './scoredStore';

/*
 * Scored bounties' leaderboards (issue 45 item 5): the board of a public bounty, cached per bounty and
 * dropped on every new score, every lifecycle change and at the reveal; the reveal itself at the
 * submission deadline, claimed once across instances, which mails each entrant on the final board.
 * Before the deadline the board is built without reading a private score.
 */

/** The states in which a bounty's board is public (a cancelled bounty has none). */
const BOARD_STATES = new Set(['open', 'announced', 'closed']);
/** Another instance's new score shows within this long (this instance's own at once). */
const CACHE_MS = 30_000;

/** What the board may say of an entrant, and where the reveal's mail goes. */
export interface EntrantFacts {
  email: string;
  /** Their handle when their profile is public; null otherwise ("Entrant 7"). */
  publicHandle: string | null;
}

export interface RevealMail {
  personId: string;
  mail: Omit<PostedMail, 'kind'>;
}

const ordinalPlace = (rank: number, of: number) => `${rank} of ${of}`;

/**
 * The reveal's e-mail to one entrant: their final place, their private score (on a test-scored bounty,
 * the hidden tests their final entries passed) and their move.
 */
export function revealMail(
  to: string,
  title: string,
  row: { rank: number; score: number; move: number | null },
  entrants: number,
  url: string,
  scoredBy: 'answer-key' | 'tests' = 'answer-key',
): Omit<PostedMail, 'kind'> {
  const score = String(Number(row.score.toPrecision(5)));
  const move =
    row.move === null
      ? ''
      : row.move === 0
        ? ' Your place is the same as on the public board.'
        : ` That is ${Math.abs(row.move)} ${Math.abs(row.move) === 1 ? 'place' : 'places'} ${row.move > 0 ? 'up' : 'down'} from the public board.`;
  return {
    to,
    subject: `Final leaderboard: ${title}`,
    text:
      (scoredBy === 'tests'
        ? `The submission deadline of "${title}" has passed and its final leaderboard is out: your final entries were run against the sponsor's hidden tests.\n\n` +
          `You placed ${ordinalPlace(row.rank, entrants)}, with ${score} hidden ${row.score === 1 ? 'test' : 'tests'} passed.${move}\n\n`
        : `The submission deadline of "${title}" has passed and its final leaderboard is out: your final entries were scored on the private part of the answers.\n\n` +
          `You placed ${ordinalPlace(row.rank, entrants)}, with a private score of ${score}.${move}\n\n`) +
      `See the board at ${url}\n\nThe sponsor chooses the winners next.`,
  };
}

/** What the boards read of test-scored bounties (testScoredBounties.ts). */
export interface TestScoredBoards {
  setup(bountyId: string): Promise<{ finalEntries: number } | null>;
  hiddenRuns(bountyId: string): Promise<HiddenRunsProgress & { queued: boolean }>;
}

/** Whether every hidden run of a test-scored bounty is done or could not run: its final board may show. */
export const hiddenRunsDone = (runs: HiddenRunsProgress & { queued: boolean }) =>
  runs.queued && runs.done === runs.total;

export function createScoredBoards(options: {
  store: ScoredStore;
  /** Test-scored bounties: their boards rank tests passed, and their reveal waits for the hidden runs. */
  tests?: TestScoredBoards;
  lifecycle: LifecycleStore;
  organisations: Pick<Organisations, 'roleIn'>;
  entrants: (ids: string[]) => Promise<Map<string, EntrantFacts>>;
  /** Sends one optional mail (kind talent-updates) to a known person, with its one-click unsubscribe. */
  sendMail: (mail: RevealMail) => Promise<unknown>;
  origin: string;
  now?: () => number;
  log?: { error(details: object, message: string): void; info(details: object, message: string): void };
}) {
  const { store, lifecycle } = options;
  const now = options.now ?? Date.now;
  const log = options.log ?? { error: () => undefined, info: () => undefined };
  const cache = new Map<string, { at: number; phase: LeaderboardData['phase']; data: LeaderboardData }>();
  // Each drop moves `drops` on and notes it against its bounty (or all), so a board whose reads began
  // before a drop is known when it is done: it answers its own request but is not kept, since a score
  // stored meanwhile may be missing from it (kept, it would hide that score for CACHE_MS).
  let drops = 0;
  let allDroppedAt = 0;
  const droppedAt = new Map<string, number>();
  const droppedSince = (bountyId: string, since: number) =>
    Math.max(allDroppedAt, droppedAt.get(bountyId) ?? 0) > since;
  function drop(bountyId?: string) {
    drops += 1;
    if (bountyId === undefined) {
      allDroppedAt = drops;
      droppedAt.clear();
      cache.clear();
    } else {
      droppedAt.set(bountyId, drops);
      cache.delete(bountyId);
    }
  }

  const isRevealed = (bounty: HostedBountyRecord) => now() >= Date.parse(bounty.submissionDeadline);

  /** What a bounty's board ranks by: its answer key's metric, or tests passed; null when not scored. */
  async function rankingOf(
    bountyId: string,
  ): Promise<{ metric: RankMetric; finalEntries: number; publicShare: number; test: boolean } | null> {
    const setup = await store.setup(bountyId);
    if (setup)
      return {
        metric: setup.metric as MetricName,
        finalEntries: setup.finalEntries,
        publicShare: setup.publicShare,
        test: false,
      };
    const testSetup = await options.tests?.setup(bountyId);
    return testSetup
      ? { metric: 'tests_passed', finalEntries: testSetup.finalEntries, publicShare: 0, test: true }
      : null;
  }

  async function compute(
    bounty: HostedBountyRecord,
  ): Promise<{ data: LeaderboardData; board: Board; facts: Map<string, EntrantFacts> } | null> {
    const setup = await rankingOf(bounty.id);
    if (!setup) return null;
    const { metric } = setup;
    // A test-scored board stays public after the deadline until every hidden run is done, so nothing
    // of a hidden run shows before the reveal.
    const hiddenRuns =
      setup.test && isRevealed(bounty) ? await options.tests?.hiddenRuns(bounty.id) : undefined;
    const revealed = isRevealed(bounty) && (hiddenRuns === undefined || hiddenRunsDone(hiddenRuns));
    const entries = await store.entriesOfBounty(bounty.id);
    const authorIds = [...new Set(entries.map((entry) => entry.authorId))];
    const [facts, submissions, baseline, keyPublishedAt] = await Promise.all([
      options.entrants(authorIds),
      lifecycle.submissionsTo(bounty.id),
      store.baseline(bounty.id),
      store.keyPublishedAt(bounty.id),
    ]);
    const entrants = new Map<string, BoardEntrant>();
    for (const authorId of authorIds) {
      const submission = submissions.find((candidate) => candidate.authorId === authorId);
      entrants.set(authorId, {
        publicHandle: facts.get(authorId)?.publicHandle ?? null,
        submission: submission?.state ?? null,
      });
    }
    const board = buildLeaderboard({
      metric,
      finalCount: setup.finalEntries,
      revealed,
      entries,
      entrants,
    });
    const data: LeaderboardData = {
      bountyId: bounty.id,
      title: bounty.title,
      metric,
      metricLabel: setup.test ? TESTS_PASSED_METRIC.label : metricLabel(metric),
      direction: metricDirection(metric),
      phase: revealed ? 'private' : 'public',
      submissionDeadline: bounty.submissionDeadline,
      publicShare: setup.publicShare,
      rows: board.rows,
      // The baseline's private score, like every private score, only once revealed.
      baseline: baseline ? (revealed ? baseline.private : baseline.public) : null,
      removed: board.removed,
      demo: bounty.demo,
      keyPublished: keyPublishedAt !== null,
      ...(hiddenRuns ? { hiddenRuns: { done: hiddenRuns.done, total: hiddenRuns.total } } : {}),
    };
    return { data, board, facts };
  }

  async function board(bountyId: string): Promise<LeaderboardData | null> {
    const bounty = await lifecycle.bounty(bountyId);
    if (!bounty || !BOARD_STATES.has(bounty.state)) return null;
    const phase = isRevealed(bounty) ? 'private' : 'public';
    const cached = cache.get(bountyId);
    if (cached && cached.phase === phase && now() - cached.at < CACHE_MS) return cached.data;
    const readFrom = drops;
    const computed = await compute(bounty);
    if (!computed) return null;
    if (!droppedSince(bountyId, readFrom)) cache.set(bountyId, { at: now(), phase, data: computed.data });
    return computed.data;
  }

  return {
    board,

    /** Forgets a bounty's cached board (a new score), or every board (a lifecycle change). */
    drop,

    /** The board as CSV, for a member of the bounty's organisation; null for anyone else. */
    async csv(person: Person, bountyId: string): Promise<{ title: string; csv: string } | null> {
      const bounty = await lifecycle.bounty(bountyId);
      if (!bounty) return null;
      if ((await options.organisations.roleIn(person.id, bounty.organisationId)) === null) return null;
      const data = await board(bountyId);
      return data ? { title: bounty.title, csv: leaderboardCsv(data) } : null;
    },

    /**
     * Reveals every board whose submission deadline has passed: claims it (once across instances), drops
     * its cached board and mails each entrant on the final board. Returns how many boards it revealed.
     */
    async revealDue(): Promise<number> {
      let revealed = 0;
      for (const bountyId of await store.unrevealedBountyIds()) {
        const bounty = await lifecycle.bounty(bountyId);
        if (!bounty || !BOARD_STATES.has(bounty.state) || !isRevealed(bounty)) continue;
        // A test-scored board is revealed (and mailed) once its hidden runs are all done.
        if (!(await store.setup(bountyId)) && options.tests) {
          const hiddenRuns = await options.tests.hiddenRuns(bountyId);
          if (!hiddenRunsDone(hiddenRuns)) continue;
        }
        if (!(await store.claimReveal(bountyId, new Date(now()).toISOString()))) continue;
        drop(bountyId);
        revealed += 1;
        const computed = await compute(bounty);
        if (!computed) continue;
        const url = `${options.origin}/bounty/${encodeURIComponent(bountyId)}/leaderboard`;
        const { rows, authorIds } = computed.board;
        for (const [index, row] of rows.entries()) {
          const personId = authorIds[index] as string;
          const email = computed.facts.get(personId)?.email;
          if (!email) continue;
          await options
            .sendMail({
              personId,
              mail: revealMail(
                email,
                bounty.title,
                row,
                rows.length,
                url,
                computed.data.metric === 'tests_passed' ? 'tests' : 'answer-key',
              ),
            })
            .catch((error: unknown) =>
              log.error({ err: error, bountyId, personId }, 'Mailing a revealed leaderboard failed'),
            );
        }
        log.info({ bountyId, entrants: rows.length }, 'Leaderboard revealed');
      }
      return revealed;
    },
  };
}

export type ScoredBoards = ReturnType<typeof createScoredBoards>;
