import { useQuery } from '@side-quest/data/query';
import { getQueryFn } from '../http/queryFn';
import { LIFECYCLE_PAGES, type PostFormReturn } from './pages';
import type { EntrantTestData, TeamTestScoringData } from './testScored';
import { runWaiting } from './testRunView';

/*
 * Scored bounties (issue 45 items 2-4) as the pages see them: the team's scoring setup form and data
 * (mfe-clients' console), an entrant's entries on their submission's page (mfe-bounties). The server
 * decides what each person gets: no split secret, key blob or key value anywhere, and an entrant's
 * data never holds a private score.
 */

const enc = encodeURIComponent;

export const SCORED_PAGES = {
  teamData: (slug: string, id: string) =>
    `/api/lifecycle/organisations/${enc(slug)}/bounties/${enc(id)}/scoring`,
  setupForm: (slug: string, id: string) => `${LIFECYCLE_PAGES.console(slug, id)}/scoring`,
  file: (id: string, kind: ScoringFileKind | 'key') => `/api/lifecycle/bounties/${enc(id)}/files/${kind}`,
  entries: (id: string) => `/api/lifecycle/bounties/${enc(id)}/entries`,
  publishKeyForm: (slug: string, id: string) => `${LIFECYCLE_PAGES.console(slug, id)}/scoring/publish-key`,
  entryForm: (id: string) => `${LIFECYCLE_PAGES.submit(id)}/entries`,
  finalsForm: (id: string) => `${LIFECYCLE_PAGES.submit(id)}/finals`,
} as const;

export type ScoringFileKind = 'inputs' | 'training' | 'sample' | 'baseline';
export const SCORING_FILE_KINDS: readonly ScoringFileKind[] = ['inputs', 'training', 'sample', 'baseline'];
export const SCORING_FILE_LABELS: Record<ScoringFileKind, string> = {
  inputs: 'Inputs (without answers)',
  training: 'Training data',
  sample: 'Sample entry',
  baseline: 'Baseline',
};

/** The metrics a sponsor chooses from, with what an entry holds for each. */
export const SCORING_METRICS: ReadonlyArray<{ name: string; label: string; better: string; input: string }> =
  [
    { name: 'accuracy', label: 'Accuracy', better: 'higher is better', input: 'a class label per row' },
    {
      name: 'macro_f1',
      label: 'Macro-averaged F1',
      better: 'higher is better',
      input: 'a class label per row',
    },
    {
      name: 'roc_auc',
      label: 'ROC AUC (binary)',
      better: 'higher is better',
      input: 'the probability of the positive class',
    },
    {
      name: 'log_loss',
      label: 'Log loss (binary)',
      better: 'lower is better',
      input: 'the probability of the positive class',
    },
    { name: 'rmse', label: 'RMSE', better: 'lower is better', input: 'a number per row' },
    { name: 'mae', label: 'MAE', better: 'lower is better', input: 'a number per row' },
  ];
export const metricLabel = (name: string) =>
  SCORING_METRICS.find((metric) => metric.name === name)?.label ?? name;

export const SETUP_LIMITS = {
  publicShare: { min: 10, max: 90, default: 30 },
  dailyEntries: { min: 1, max: 20, default: 5 },
  finalEntries: { min: 1, max: 5, default: 2 },
  licenceMax: 200,
} as const;

/** What anyone who may see a setup sees: no secret, no key blobs, no digest. */
export interface PublicScoringSetup {
  metric: string;
  publicShare: number;
  dailyEntries: number;
  finalEntries: number;
  keyRows: number;
  files: Partial<Record<ScoringFileKind, { name: string; size: number }>>;
  licence: string;
}

export type EntryStatus = 'queued' | 'scored' | 'invalid';

/** An entry as its author sees it: never the private score. */
export interface OwnEntryView {
  id: string;
  fileName: string;
  status: EntryStatus;
  publicScore: number | null;
  problems: string[];
  final: boolean;
  createdAt: string;
  scoredAt: string | null;
}

export interface EntriesPageData {
  bountyId: string;
  title: string;
  setup: PublicScoringSetup & { direction: 'higher' | 'lower'; metricName: string };
  submissionDeadline: string;
  /** Whether entries can still be sent and finals chosen (an open bounty before its deadline). */
  open: boolean;
  /** Whether the person has a submission to hold entries (submitted, not withdrawn or rejected). */
  hasSubmission: boolean;
  usedToday: number;
  /** When the next entry is allowed, when today's are used up. */
  nextEntryAt: string | null;
  /** Whether any entry waits to be scored (the page refreshes until none does). */
  waiting: boolean;
  /** Whether the team published the answer key after the reveal: then any signed-in person may download it. */
  keyPublished: boolean;
  entries: OwnEntryView[];
  /** A test-scored bounty's public setup and each entry's public run (testScored.ts); absent otherwise. */
  tests?: EntrantTestData;
}

export interface TeamEntryView {
  id: string;
  submissionId: string;
  authorId: string;
  fileName: string;
  status: EntryStatus;
  publicScore: number | null;
  privateScore: number | null;
  createdAt: string;
}

/** Whose earlier work a flagged one equals: that submission and when it (or its entry) was sent. */
export interface CopyOf {
  submissionId: string;
  at: string;
}

/**
 * One submission as the team reviews it (issue 45 items 6 and 7; the team and staff only): its public
 * score, its private score (the best among its final entries, as the final board counts it) and its
 * copy flags. Flags inform; they decide nothing.
 */
export interface SubmissionReview {
  submissionId: string;
  publicScore: number | null;
  privateScore: number | null;
  /**
   * Its entries equal to another person's earlier entry: the same normalised predictions (an answer
   * key), the same archive by its SHA-256 (tests).
   */
  copiedEntries: Array<CopyOf & { entryId: string; entryAt: string }>;
  /** A write-up of 50 words or more near-identical to another person's earlier one. */
  writeUpCopyOf: (CopyOf & { similarity: number }) | null;
  /**
   * Test-scored bounties only: its entries whose source files (tests/ and node_modules/ left out) are
   * near-identical to another person's earlier entry by the write-up rule.
   */
  copiedSources?: Array<CopyOf & { entryId: string; entryAt: string; similarity: number }>;
}

export interface TeamScoringData {
  bountyId: string;
  state: string;
  /** Whether the setup may still be attached or replaced (before approval or publication). */
  editable: boolean;
  mayEdit: boolean;
  setup: (PublicScoringSetup & { keyName: string; keySize: number }) | null;
  entries: TeamEntryView[];
  /** Each submission's scores and copy flags, in the console's order of submissions. */
  reviews: SubmissionReview[];
  /** When the team published the answer key (null: only the team may download it). */
  keyPublishedAt: string | null;
  /** Whether this person may publish it now: an owner or admin, after the submission deadline. */
  mayPublishKey: boolean;
  /**
   * The final leaderboard's submissions in rank order (null: not scored). A winner of prize k who is
   * not the k-th of them still eligible needs a public reason.
   */
  finalBoard: string[] | null;
  /** A test-scored bounty's setup, runs and reference progress (testScored.ts); absent otherwise. */
  tests?: TeamTestScoringData;
}

export type SetupFieldName = 'metric' | 'publicShare' | 'dailyEntries' | 'finalEntries' | 'licence';
export type SetupValues = Record<SetupFieldName, string>;

/** The post form sent back: with its scoring fieldset as typed when files were chosen (chosen again). */
export interface ScoredPostFormReturn extends PostFormReturn {
  setup?: SetupValues;
}

/** The setup form sent back with a problem: what was typed, the message, each problem (with its line). */
export interface ScoringFormReturn {
  values: SetupValues;
  message: string;
  problems: string[];
}
export interface EntryFormReturn {
  message: string;
  problems: string[];
}
export const SCORING_FORM_RETURN_KEY = ['lifecycle', 'scoring-form'] as const;
export const ENTRY_FORM_RETURN_KEY = ['lifecycle', 'entry-form'] as const;

export const teamScoringKey = (slug: string, id: string) => [SCORED_PAGES.teamData(slug, id)] as const;
export const entriesKey = (id: string) => [SCORED_PAGES.entries(id)] as const;

export const useTeamScoring = (slug: string, id: string) =>
  useQuery({
    queryKey: teamScoringKey(slug, id),
    queryFn: getQueryFn<TeamScoringData>({ on401: 'returnNull' }),
    staleTime: Infinity,
  });

/** Whether an entry waits to be scored, or (a test-scored bounty) its public run for a runner. */
export const entriesWaiting = (data: EntriesPageData) =>
  data.waiting || Object.values(data.tests?.publicRuns ?? {}).some(runWaiting);

/** The person's entries; asked again every 2 s while one waits to be scored. */
export const useEntries = (id: string) =>
  useQuery({
    queryKey: entriesKey(id),
    queryFn: getQueryFn<EntriesPageData>({ on401: 'returnNull' }),
    staleTime: Infinity,
    refetchInterval: (query) => (query.state.data && entriesWaiting(query.state.data) ? 2_000 : false),
  });

/** A score as shown: up to 5 significant decimals, no trailing zeros. */
export const formatScore = (score: number | null) =>
  score === null ? '—' : String(Number(score.toPrecision(5)));
