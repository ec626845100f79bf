import { useQuery, type QueryClient } from '@side-quest/data/query';
import { fetchPublicJson } from '../http/publicJson';
import type { HiddenRunsProgress } from './testScored';

/*
 * A scored bounty's leaderboard (issue 45 item 5) as the page and the public API get it. The server
 * builds it (server/src/scored-bounties/leaderboard.ts): before the submission deadline from public scores
 * only, after it from the private scores of each person's final entries. Nothing here is secret: a
 * private score is in this data only once the board is revealed.
 */

const enc = encodeURIComponent;

export const LEADERBOARD_PAGES = {
  page: (id: string) => `/bounty/${enc(id)}/leaderboard`,
  /** The page's data (server rendering and the browser). */
  data: (id: string) => `/api/hosted-bounties/${enc(id)}/leaderboard`,
  api: (id: string) => `/api/v1/bounties/${enc(id)}/leaderboard`,
  /** The team's download of the board as CSV (signed in, the bounty's organisation only). */
  csv: (id: string) => `/api/lifecycle/bounties/${enc(id)}/leaderboard.csv`,
} as const;

export interface LeaderboardRow {
  rank: number;
  /** The public handle, or "Entrant 7" for a private profile (a stable number per bounty). */
  entrant: string;
  /** A link to the public profile, when the entrant has one. */
  handle: string | null;
  score: number;
  /** The person's scored entries. */
  entries: number;
  /** When the entry behind the score was sent. */
  bestEntryAt: string;
  /**
   * On the revealed board: places gained (positive) or lost (negative) against the public board; null
   * before the reveal and for someone with no public rank.
   */
  move: number | null;
}

/**
 * Someone whose submission the sponsor rejected: off the board. The sponsor's reason is written to its
 * author (who reads it with the submission), so the public board does not carry it.
 */
export interface LeaderboardRemoval {
  entrant: string;
}

export interface LeaderboardData {
  bountyId: string;
  title: string;
  metric: string;
  metricLabel: string;
  direction: 'higher' | 'lower';
  /** 'public' ranks public scores while entries are open; 'private' is the board revealed at the deadline. */
  phase: 'public' | 'private';
  submissionDeadline: string;
  publicShare: number;
  rows: LeaderboardRow[];
  /** The sponsor's baseline on the same part of the key as the rows: shown, never ranked. */
  baseline: number | null;
  removed: LeaderboardRemoval[];
  demo: boolean;
  /** Whether the team published the answer key after the reveal (signed-in people may download it). */
  keyPublished: boolean;
  /** A test-scored board after the deadline: how many hidden runs are done (the reveal waits for them). */
  hiddenRuns?: HiddenRunsProgress;
}

export const leaderboardKey = (id: string) => ['leaderboard', id] as const;

/** The board, or null when the bounty has none to show (unknown, not public, or not scored). */
export const fetchLeaderboard = (id: string) =>
  fetchPublicJson<LeaderboardData | null>(LEADERBOARD_PAGES.data(id), null);

const leaderboardQuery = (id: string) => ({
  queryKey: leaderboardKey(id),
  queryFn: () => fetchLeaderboard(id),
  staleTime: 30_000,
  retry: false,
});

export const useLeaderboard = (id: string) => useQuery(leaderboardQuery(id));
export const prefetchLeaderboard = (queryClient: QueryClient, id: string) =>
  queryClient.fetchQuery(leaderboardQuery(id));

/** A rank's move as shown: "▲ 2", "▼ 1", "—" for none, "new" without a public rank. */
export function moveLabel(row: Pick<LeaderboardRow, 'move'>): { text: string; spoken: string } {
  if (row.move === null) return { text: 'new', spoken: 'not on the public board' };
  if (row.move > 0)
    return { text: `▲ ${row.move}`, spoken: `up ${row.move} ${row.move === 1 ? 'place' : 'places'}` };
  if (row.move < 0) {
    const places = -row.move;
    return { text: `▼ ${places}`, spoken: `down ${places} ${places === 1 ? 'place' : 'places'}` };
  }
  return { text: '—', spoken: 'no change' };
}
