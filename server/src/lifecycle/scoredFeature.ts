import type { Express } from 'express';
import type { Accounts, Person } from '../accounts/accounts';
import type { BlobStore } from '../blobs';
import type { AppStores } from '../appStores';
import type { Organisations } from '../organisations/organisations';
import type { Logger } from '../ops/logging';
import { createScoringPool, type ScoringPool } from '../scoring';
import type { PersonalPages } from '../site/siteHosting';
import { createScoredBounties } from './scoredBounties';
import { createScoredRoutes } from './scoredRoutes';
import type { ScoredStore } from './scoredStore';

/**
 * Scored bounties mounted on the app (issue 45 items 2-4): the routes, one scoring pool per process (its
 * threads start on the first job), and the scoring of waiting entries every few seconds, so that entries
 * a stopped instance left are scored by the next. Closing the stores first stops the scoring and the pool.
 */
export function mountScoredBounties(
  app: Express,
  options: {
    stores: AppStores;
    accounts: Accounts;
    organisations: Organisations;
    sitePages: () => PersonalPages;
    logger: Logger;
    pool?: ScoringPool;
    now?: () => number;
  },
) {
  const { stores, logger } = options;
  const pool = options.pool ?? createScoringPool();
  const scored = createScoredBounties({
    store: stores.scored,
    lifecycle: stores.lifecycle,
    blobs: stores.blobs,
    pool,
    organisations: options.organisations,
    now: options.now,
    log: {
      error: (details, message) => logger.error(details, message),
      info: (details, message) => logger.info(details, message),
    },
  });
  app.use(
    createScoredRoutes({
      accounts: options.accounts,
      scored,
      blobs: stores.blobs,
      sitePages: options.sitePages,
    }),
  );
  const stopTimer = scored.start();
  const closeStores = stores.close.bind(stores);
  stores.close = async () => {
    stopTimer();
    await scored.stop();
    await pool.close();
    await closeStores();
  };
  return scored;
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
