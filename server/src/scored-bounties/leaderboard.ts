import type { LeaderboardRemoval, LeaderboardRow } from '@side-quest/data/lifecycle';
import { csvField } from '../leads/leadsCsv';
import { isBetter, type RankMetric } from '../scoring';
import { finalEntries, type ScoredEntry } from './scoredStore';

/*
 * The leaderboard's rules (issue 45 item 5), pure: the server feeds it every entry of a bounty and
 * what it may say of each entrant. Before the reveal only public scores are read, so nothing of a
 * private score can reach a board built then.
 */

export type BoardEntry = Pick<
  ScoredEntry,
  'id' | 'authorId' | 'status' | 'publicScore' | 'privateScore' | 'chosenFinal' | 'createdAt'
>;

export interface BoardEntrant {
  /** The handle to show: set only when the person's profile is public. */
  publicHandle: string | null;
  /** Their submission's state; null when they have none any more. */
  submission: 'submitted' | 'withdrawn' | 'rejected' | null;
}

export interface BoardInput {
  metric: RankMetric;
  /** How many final entries a person may choose (the bounty's setup). */
  finalCount: number;
  /** Whether the submission deadline has passed: the private scores of final entries rank. */
  revealed: boolean;
  /** Every entry of the bounty, any status, any order. */
  entries: readonly BoardEntry[];
  entrants: ReadonlyMap<string, BoardEntrant>;
}

export interface Board {
  rows: LeaderboardRow[];
  removed: LeaderboardRemoval[];
  /** Whose each row is, in the rows' order: for the server's own use (the reveal's mail), never shown. */
  authorIds: string[];
}

const byTime = (a: BoardEntry, b: BoardEntry) =>
  a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

/**
 * Each entrant's stable number on this bounty ("Entrant 7"): the order of their first entry, from 1.
 * Entries are never renumbered, since rows are only ever added after the last.
 */
export function entrantNumbers(entries: readonly BoardEntry[]): Map<string, number> {
  const numbers = new Map<string, number>();
  for (const entry of [...entries].sort(byTime))
    if (!numbers.has(entry.authorId)) numbers.set(entry.authorId, numbers.size + 1);
  return numbers;
}

interface Standing {
  authorId: string;
  score: number;
  at: string;
  entryId: string;
  entries: number;
}

/** The better score first; a tie goes to the earlier entry. */
function ranked(standings: Standing[], metric: RankMetric): Standing[] {
  return standings.sort((a, b) => {
    if (isBetter(metric, a.score, b.score)) return -1;
    if (isBetter(metric, b.score, a.score)) return 1;
    if (a.at !== b.at) return a.at < b.at ? -1 : 1;
    return a.entryId < b.entryId ? -1 : a.entryId > b.entryId ? 1 : 0;
  });
}

/** The best of these entries by the score `scoreOf` reads (ties to the earlier); null when none has one. */
function best(
  entries: readonly BoardEntry[],
  scoreOf: (entry: BoardEntry) => number | null,
  metric: RankMetric,
): BoardEntry | null {
  let found: BoardEntry | null = null;
  for (const entry of [...entries].sort(byTime)) {
    const score = scoreOf(entry);
    if (score === null || !Number.isFinite(score)) continue;
    if (found === null || isBetter(metric, score, scoreOf(found) as number)) found = entry;
  }
  return found;
}

function standingsOf(
  byPerson: Map<string, BoardEntry[]>,
  metric: RankMetric,
  pick: (scored: BoardEntry[]) => BoardEntry[],
  scoreOf: (entry: BoardEntry) => number | null,
): Standing[] {
  const standings: Standing[] = [];
  for (const [authorId, scored] of byPerson) {
    const top = best(pick(scored), scoreOf, metric);
    if (top)
      standings.push({
        authorId,
        score: scoreOf(top) as number,
        at: top.createdAt,
        entryId: top.id,
        entries: scored.length,
      });
  }
  return ranked(standings, metric);
}

/**
 * The board. While open: each entrant's best public score. Revealed: the best private score among each
 * entrant's final entries (those they chose, or their best public ones), with the move from the public
 * board. Withdrawn submissions leave it silently; rejected ones leave it named, without the
 * sponsor's reason (that is for the submission's author).
 */
export function buildLeaderboard(input: BoardInput): Board {
  const { metric, entrants } = input;
  const numbers = entrantNumbers(input.entries);
  const label = (authorId: string) =>
    entrants.get(authorId)?.publicHandle ?? `Entrant ${numbers.get(authorId) ?? 0}`;

  const byPerson = new Map<string, BoardEntry[]>();
  const removed: LeaderboardRemoval[] = [];
  const scored = input.entries.filter((entry) => entry.status === 'scored' && entry.publicScore !== null);
  for (const entry of scored) {
    const list = byPerson.get(entry.authorId) ?? [];
    list.push(entry);
    byPerson.set(entry.authorId, list);
  }
  for (const authorId of [...byPerson.keys()]) {
    const entrant = entrants.get(authorId);
    if (entrant?.submission === 'submitted') continue;
    byPerson.delete(authorId);
    if (entrant?.submission === 'rejected') removed.push({ entrant: label(authorId) });
  }

  const publicBoard = standingsOf(
    byPerson,
    metric,
    (all) => all,
    (entry) => entry.publicScore,
  );
  const publicRank = new Map(publicBoard.map((standing, index) => [standing.authorId, index + 1]));
  const board = input.revealed
    ? standingsOf(
        byPerson,
        metric,
        (all) => finalEntries(all, input.finalCount, (a, b) => isBetter(metric, a, b)),
        (entry) => entry.privateScore,
      )
    : publicBoard;

  const rows = board.map((standing, index): LeaderboardRow => {
    const rank = index + 1;
    const before = publicRank.get(standing.authorId);
    const handle = entrants.get(standing.authorId)?.publicHandle ?? null;
    return {
      rank,
      entrant: label(standing.authorId),
      handle,
      score: standing.score,
      entries: standing.entries,
      bestEntryAt: standing.at,
      move: input.revealed && before !== undefined ? before - rank : null,
    };
  });
  return {
    rows,
    removed: removed.sort((a, b) => a.entrant.localeCompare(b.entrant)),
    authorIds: board.map((standing) => standing.authorId),
  };
}

/**
 * The board as CSV for the team's download: one row per rank, the baseline last (unranked). Text cells
 * go through the leads export's csvField, which neutralises a cell starting =, +, - or @.
 */
export function leaderboardCsv(board: {
  phase: 'public' | 'private';
  rows: readonly LeaderboardRow[];
  baseline: number | null;
}): string {
  const lines = [['rank', 'entrant', 'score', 'entries', 'best_entry_at', 'move', 'board'].join(',')];
  for (const row of board.rows)
    lines.push(
      [
        row.rank,
        csvField(row.entrant),
        row.score,
        row.entries,
        csvField(row.bestEntryAt),
        row.move === null ? '' : row.move,
        board.phase,
      ].join(','),
    );
  if (board.baseline !== null)
    lines.push(['', csvField('Baseline (sponsor)'), board.baseline, '', '', '', board.phase].join(','));
  return lines.join('\r\n') + '\r\n';
}
