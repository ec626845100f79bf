// The stores' shape on its own, below app.ts (which opens them) and the routers that use them (the API
// router among them, which app.ts mounts): a type both sides import without importing each other.
import type { Accounts } from './accounts/accounts';
import type { AlertStore } from './alerts/alertStore';
import type { BlobStore } from './blobs';
import type { BountyStore } from './bounties/bountyStore';
import type { BountySubmissionStore } from './bounty-submissions/submissionStore';
import type { LeadForwarder } from './leads/forwarding/leadForwarder';
import type { LeadStore } from './leads/leadStore';
import type { HiringStore } from './hiring/hiringStore';
import type { InterviewRequestStore } from './hiring/interviewRequestStore';
import type { LifecycleStore } from './lifecycle/lifecycleStore';
import type { ScoredStore } from './scored-bounties/scoredStore';
import type { TestScoredStore } from './scored-bounties/testScoredStore';
import type { RunStore } from './runner/runStore';
import type { Mailer, MailPreferencesStore } from './mail';
import type { RateLimitCounters } from './rate-limits/rateLimitCounters';
import type { ReleaseStore } from './releases/releaseStore';
import type { ContactStore } from './signups/contactStore';

/**
 * Everything the server keeps on disk. Each feature has its own SQLite file in DATA_DIR, opened by
 * openDatabase (so every committed write is on disk before a success answer) and handed to the feature's
 * createXStore factory, which creates its tables. The lead forwarder lives here too because it works on
 * the leads database.
 */
export interface AppStores {
  leads: LeadStore;
  contacts: ContactStore;
  bounties: BountyStore;
  bountySubmissions: BountySubmissionStore;
  /** The write routes' rate-limit counters. */
  rateLimitCounters: RateLimitCounters;
  /** The release registry: each remote's releases, live version, canary and audit log. */
  releases: ReleaseStore;
  /** Accounts, sessions, passkeys and organisations (better-auth's tables in ACCOUNTS_DB_FILE or PostgreSQL). */
  accounts: Accounts;
  /** The durable e-mail outbox and its sender (SMTP_URL, else .eml files in DATA_DIR/mail). */
  mailer: Mailer;
  /** Each person's switches for the optional kinds of mail (MAIL_DB_FILE or PostgreSQL). */
  mailPreferences: MailPreferencesStore;
  /** Saved-search alerts, their digests, first sightings of bounties (ALERTS_DB_FILE or PostgreSQL). */
  alerts: AlertStore;
  /** Uploaded files as streams: DATA_DIR/blobs, or chunked rows in PostgreSQL with DATABASE_URL. */
  blobs: BlobStore;
  /** Bounties hosted on Side Quest: posting, submissions, review, winners, payments (LIFECYCLE_DB_FILE or PostgreSQL). */
  lifecycle: LifecycleStore;
  /** Open to work and interview requests (HIRING_DB_FILE or PostgreSQL). */
  hiring: HiringStore;
  /** Interview requests, blocks, suspensions and hires (HIRING_DB_FILE or PostgreSQL). */
  interviewRequests: InterviewRequestStore;
  /** Scored bounties' setups (metric, limits, the key's blobs and split secret) and entries (SCORED_DB_FILE or PostgreSQL). */
  scored: ScoredStore;
  /** Test-scored bounties' setups and entries' runs (SCORED_DB_FILE beside the entries, or PostgreSQL). */
  testScored: TestScoredStore;
  /**
   * The runs queue the runners work (RUNS_DB_FILE or PostgreSQL): the web process enqueues runs and reads
   * their state and outcome, and asks which runtimes live runners offer; it never runs one itself.
   */
  runs: RunStore;
  /** Delivers stored leads to the marketing provider; null unless forwarding is configured. */
  leadForwarder: LeadForwarder | null;
  /** Resolves when every database answers a query; rejects with the reason otherwise (/api/ready). */
  ping(): Promise<void>;
  /** Stops the forwarder, waiting for a delivery in flight to be recorded, then closes every database. */
  close(): Promise<void>;
}
