import type { Express, Request } from 'express';
import type { Bounty } from '@side-quest/data/bounties';
import type { Accounts, Person } from '../accounts/accounts';
import type { MailPost } from '../mail';
import type { BlobStore } from '../blobs';
import type { AppStores } from '../appStores';
import type { Organisations } from '../organisations/organisations';
import type { Logger } from '../ops/logging';
import { createWriteRateLimit } from '../rate-limits/writeRateLimit';
import { createScoringPool, type ScoringPool } from '../scoring';
import type { PersonalPages } from '../site/siteHosting';
import { createLeaderboardRoutes } from './leaderboardRoutes';
import { createScoredBoards, type EntrantFacts } from './scoredBoards';
import { createScoredBounties } from './scoredBounties';
import { createTestScoredBounties } from './testScoredBounties';
import { createEntryRetention } from './scoredRetention';
import { createScoredRoutes } from './scoredRoutes';
import { createPostFormSetup } from './postFormSetup';
import type { ScoredStore } from './scoredStore';
import type { TestScoredStore } from './testScoredStore';

/** How often the server looks for boards whose submission deadline passed (each revealed once). */
const REVEAL_POLL_MS = 5_000;

interface UserRow {
  id: string;
  email: string;
  handle?: string | null;
  profilePublic?: boolean | number | null;
}

/** Each entrant's address and, when their profile is public, their handle: one query. */
export function entrantFacts(auth: Accounts['auth']) {
  return async (ids: string[]): Promise<Map<string, EntrantFacts>> => {
    if (ids.length === 0) return new Map();
    const adapter = (await auth.$context).adapter;
    const users = (await adapter.findMany({
      model: 'user',
      where: [{ field: 'id', operator: 'in', value: ids }],
    })) as UserRow[];
    return new Map(
      users.map((user) => [
        user.id,
        { email: user.email, publicHandle: user.profilePublic && user.handle ? user.handle : null },
      ]),
    );
  };
}

/**
 * The public hosted bounties, each scored one marked (its card and page link to the leaderboard): by an
 * answer key, or by tests whose reference passed.
 */
export async function withScoredFlags(
  bounties: Bounty[],
  store: ScoredStore,
  tests: Pick<TestScoredStore, 'passedSetupsAmong'>,
): Promise<Bounty[]> {
  const hostedIds = bounties.filter((b) => b.hosted).map((b) => b.id);
  const [byKey, byTests] = await Promise.all([
    store.scoredBountyIds(hostedIds),
    tests.passedSetupsAmong(hostedIds),
  ]);
  return bounties.map((bounty) =>
    bounty.hosted && (byKey.has(bounty.id) || byTests.has(bounty.id))
      ? { ...bounty, hosted: { ...bounty.hosted, scored: true } }
      : bounty,
  );
}

/**
 * Scored bounties mounted on the app (issue 45 items 2-5): the routes, one scoring pool per process (its
 * threads start on the first job), and the scoring of waiting entries every few seconds, so that entries
 * a stopped instance left are scored by the next; the leaderboards, and their reveal at each submission
 * deadline with its e-mail to entrants. Closing the stores first stops the scoring, the reveals and the pool.
 */
export function mountScoredBounties(
  app: Express,
  options: {
    stores: AppStores;
    accounts: Accounts;
    organisations: Organisations;
    sitePages: () => PersonalPages;
    logger: Logger;
    /** Where the reveal's mail goes (an optional kind: talent updates, with one-click unsubscribe). */
    post: Pick<MailPost, 'sendOptional'>;
    origin: string;
    publicOrigin: (req: Request) => string;
    readRateLimitPerMinute: number;
    /**
     * Uploads (setups and entries) one client address may send per window: the site's limit of its
     * other uploads (BOUNTY_SUBMISSIONS_RATE_LIMIT per RATE_LIMIT_WINDOW_SECONDS; 10 a minute by default).
     */
    uploadRateLimit?: { limit: number; windowMs: number };
    pool?: ScoringPool;
    now?: () => number;
  },
) {
  const { stores, logger } = options;
  const pool = options.pool ?? createScoringPool();
  const log = {
    error: (details: object, message: string) => logger.error(details, message),
    info: (details: object, message: string) => logger.info(details, message),
  };
  const boards = createScoredBoards({
    store: stores.scored,
    // Called only once the server runs, after `tests` below is made.
    tests: {
      setup: (bountyId) => stores.testScored.setup(bountyId),
      hiddenRuns: (bountyId) => tests.hiddenRuns(bountyId),
    },
    lifecycle: stores.lifecycle,
    organisations: options.organisations,
    entrants: entrantFacts(options.accounts.auth),
    sendMail: ({ personId, mail }) => options.post.sendOptional(mail, personId, 'talent-updates'),
    origin: options.origin,
    now: options.now,
    log,
  });
  // Each upload route has a budget of its own per client address, as the site's other uploads.
  const uploadRateLimit = (name: string) =>
    createWriteRateLimit({
      name,
      ...(options.uploadRateLimit ?? { limit: 10, windowMs: 60_000 }),
      counters: stores.rateLimitCounters,
    });
  // Test-scored bounties: runs queued to the runners, finished ones read on this process's clock.
  const tests = createTestScoredBounties({
    store: stores.testScored,
    scored: stores.scored,
    runs: stores.runs,
    lifecycle: stores.lifecycle,
    blobs: stores.blobs,
    now: options.now,
    log,
    onBoardChange: (bountyId) => boards.drop(bountyId),
  });
  const stopTests = tests.start();
  const scored = createScoredBounties({
    store: stores.scored,
    lifecycle: stores.lifecycle,
    blobs: stores.blobs,
    pool,
    organisations: options.organisations,
    now: options.now,
    log,
    onBoardChange: (bountyId) => boards.drop(bountyId),
    tests,
  });
  // A setup sent with the post form spends the same budget as one sent from a draft's console.
  const setupUploads = uploadRateLimit('scoring-setups');
  app.use(
    createScoredRoutes({
      accounts: options.accounts,
      scored,
      blobs: stores.blobs,
      sitePages: options.sitePages,
      uploadRateLimits: { setups: setupUploads, entries: uploadRateLimit('scored-entries') },
    }),
  );
  app.use(
    createLeaderboardRoutes({
      boards,
      accounts: options.accounts,
      publicOrigin: options.publicOrigin,
      readRateLimitPerMinute: options.readRateLimitPerMinute,
    }),
  );
  const stopTimer = scored.start();
  let revealing: Promise<unknown> | null = null;
  const reveal = () => {
    revealing ??= boards
      .revealDue()
      .catch((error: unknown) => logger.error({ err: error }, 'Revealing leaderboards failed'))
      .finally(() => {
        revealing = null;
      });
    return revealing;
  };
  const revealTimer = setInterval(() => void reveal(), REVEAL_POLL_MS);
  revealTimer.unref();
  void reveal();
  // Entry files go 180 days after the reveal; the scores stay.
  const stopRetention = createEntryRetention({
    store: stores.scored,
    blobs: stores.blobs,
    now: options.now,
    log,
  }).start();
  const closeStores = stores.close.bind(stores);
  stores.close = async () => {
    stopTimer();
    await stopTests();
    clearInterval(revealTimer);
    await revealing;
    await stopRetention();
    await scored.stop();
    await pool.close();
    await closeStores();
  };
  const postFormSetup = createPostFormSetup({
    scored,
    blobs: stores.blobs,
    uploadLimit: setupUploads,
    liveRuntimes: () => stores.runs.liveRunnerRuntimes((options.now ?? Date.now)()),
  });
  return Object.assign(scored, { boards, postFormSetup, tests });
}

/**
 * A person's entries in the account export (never a private score: not even its owner sees one before
 * the reveal) and removed, files included, with the account.
 */
export function scoredPersonalData(store: ScoredStore, blobs: BlobStore) {
  return {
    async export(person: Pick<Person, 'id'>) {
      const entries = await store.entriesByPerson(person.id);
      return {
        scoredEntries: entries.map((entry) => ({
          bountyId: entry.bountyId,
          fileName: entry.fileName,
          status: entry.status,
          publicScore: entry.publicScore,
          problems: entry.problems,
          chosenFinal: entry.chosenFinal,
          createdAt: entry.createdAt,
          scoredAt: entry.scoredAt,
        })),
      };
    },
    async remove(person: Pick<Person, 'id'>) {
      for (const blobId of await store.removePerson(person.id)) await blobs.delete(blobId).catch(() => false);
    },
  };
}
