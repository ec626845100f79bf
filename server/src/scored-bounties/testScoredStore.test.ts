import { testDatabases } from '../testing/testDatabases';
import { SCORED_DB_FILE, createScoredStore } from './scoredStore';
import { createTestScoredStore } from './testScoredStore';

// The entries' source signatures (issue 56 item 5) on both databases: kept per entry (a second upload's
// signature replaces the first), read per bounty, and gone with their author's account.
const databases = testDatabases('test_scored_store', SCORED_DB_FILE);

describe.each(databases)('test-scored entries’ source signatures on %s', (_name, open) => {
  it('keeps one per entry, reads a bounty’s, and removes a person’s with their entries', async () => {
    const opened = await open();
    try {
      const scored = createScoredStore(opened.database);
      const tests = createTestScoredStore(opened.database);
      const entryOf = (authorId: string, bountyId = 'b1') =>
        scored.addEntry({
          bountyId,
          submissionId: `s-${authorId}`,
          authorId,
          blobId: `blob-${authorId}`,
          fileName: 'entry.tar.gz',
          at: '2026-12-02T10:00:00.000Z',
        });
      const [ada, bob, elsewhere] = await Promise.all([entryOf('ada'), entryOf('bob'), entryOf('cy', 'b2')]);
      await tests.setSourceSignature(ada, 'first');
      await tests.setSourceSignature(ada, 'ada-signature');
      await tests.setSourceSignature(bob, 'bob-signature');
      await tests.setSourceSignature(elsewhere, 'cy-signature');
      expect(await tests.sourceSignatures('b1')).toEqual(
        new Map([
          [ada.id, 'ada-signature'],
          [bob.id, 'bob-signature'],
        ]),
      );
      await scored.removePerson('ada');
      expect(await tests.sourceSignatures('b1')).toEqual(new Map([[bob.id, 'bob-signature']]));
      expect(await tests.sourceSignatures('b2')).toEqual(new Map([[elsewhere.id, 'cy-signature']]));
    } finally {
      await opened.close();
    }
  });
});
