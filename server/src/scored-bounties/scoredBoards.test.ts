import type { HostedBountyRecord, LifecycleStore } from '../lifecycle/lifecycleStore';
import { createScoredBoards } from './scoredBoards';
import type { ScoredEntry, ScoredStore, ScoringSetup } from './scoredStore';

// The board cache against a score that lands while a board is being read (issue 55 item 8): a read
// that began before the score may answer with what it read, but must not keep it, or the board on
// this instance goes on without the new score for the cache's 30 s although the score is stored.

const BOUNTY = 'b1';

function scored(authorId: string, minute: number, publicScore: number): ScoredEntry {
  return {
    id: `${authorId}-${minute}`,
    bountyId: BOUNTY,
    submissionId: `s-${authorId}`,
    authorId,
    blobId: null,
    fileName: 'entry.csv',
    status: 'scored',
    publicScore,
    privateScore: publicScore / 2,
    fingerprint: null,
    problems: [],
    chosenFinal: false,
    createdAt: new Date(Date.UTC(2026, 10, 1, 10, minute)).toISOString(),
    scoredAt: new Date(Date.UTC(2026, 10, 1, 10, minute, 30)).toISOString(),
  };
}

/** A promise and the function that settles it: a store read held until the test lets it go. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

function boardsOver(entries: ScoredEntry[]) {
  // Each read of the entries copies the list as it is when the read runs, after any gate the test set.
  let held: Promise<void> | null = null;
  let reading: (() => void) | null = null;
  const store = {
    setup: async () => ({ metric: 'roc_auc', publicShare: 30, finalEntries: 1 }) as ScoringSetup,
    entriesOfBounty: async () => {
      const snapshot = [...entries];
      reading?.();
      if (held) await held;
      return snapshot;
    },
    baseline: async () => null,
    keyPublishedAt: async () => null,
  } as unknown as ScoredStore;
  const lifecycle = {
    bounty: async () =>
      ({
        id: BOUNTY,
        title: 'Predict which parcels arrive late',
        state: 'open',
        submissionDeadline: '2026-12-31T00:00:00.000Z',
        demo: false,
      }) as HostedBountyRecord,
    submissionsTo: async () =>
      [...new Set(entries.map((entry) => entry.authorId))].map((authorId) => ({
        authorId,
        state: 'submitted',
      })),
  } as unknown as LifecycleStore;
  const boards = createScoredBoards({
    store,
    lifecycle,
    organisations: { roleIn: async () => null },
    entrants: async () => new Map(),
    sendMail: async () => undefined,
    origin: 'http://127.0.0.1',
    now: () => Date.UTC(2026, 10, 2),
  });
  return {
    boards,
    /** The next read of the entries takes its copy, says so, and then waits until `release()`. */
    holdNextRead() {
      const { opened, open } = gate();
      const started = gate();
      held = opened;
      reading = () => {
        reading = null;
        started.open();
      };
      return {
        read: started.opened,
        release: () => {
          held = null;
          open();
        },
      };
    },
  };
}

describe('the leaderboard cache', () => {
  it.each([
    ["a score (its bounty's board dropped)", BOUNTY],
    ['a lifecycle change (every board dropped)', undefined],
  ])('keeps no board read across %s: the next read shows the score', async (_change, dropped) => {
    const entries = [scored('ada', 1, 0.7)];
    const { boards, holdNextRead } = boardsOver(entries);
    const hold = holdNextRead();
    const before = boards.board(BOUNTY);
    await hold.read;
    // Bob's entry is scored and the board dropped while that read is under way.
    entries.push(scored('bob', 2, 0.8));
    boards.drop(dropped);
    hold.release();
    expect((await before)!.rows).toHaveLength(1);
    expect((await boards.board(BOUNTY))!.rows.map((row) => row.score)).toEqual([0.8, 0.7]);
  });

  it('still answers from the cache when nothing changed since the board was read', async () => {
    const entries = [scored('ada', 1, 0.7)];
    const { boards } = boardsOver(entries);
    expect((await boards.board(BOUNTY))!.rows).toHaveLength(1);
    // Stored without a drop (another instance's score): this instance shows it once its cache runs out.
    entries.push(scored('bob', 2, 0.8));
    expect((await boards.board(BOUNTY))!.rows).toHaveLength(1);
    boards.drop(BOUNTY);
    expect((await boards.board(BOUNTY))!.rows).toHaveLength(2);
  });
});

describe('a test-scored board (issue 56 item 5)', () => {
  function testBoards(hiddenRuns: { done: number; total: number; queued: boolean }) {
    const entries = [scored('ada', 1, 2), scored('ben', 2, 1)];
    entries[1]!.privateScore = 3;
    const revealed: string[] = [];
    const store = {
      setup: async () => null,
      entriesOfBounty: async () => entries,
      baseline: async () => null,
      keyPublishedAt: async () => null,
      unrevealedBountyIds: async () => (revealed.length ? [] : [BOUNTY]),
      claimReveal: async (bountyId: string) => (revealed.push(bountyId), true),
    } as unknown as ScoredStore;
    const lifecycle = {
      bounty: async () =>
        ({
          id: BOUNTY,
          title: 'Make the adder add',
          state: 'open',
          submissionDeadline: '2026-11-01T12:00:00.000Z',
          demo: false,
        }) as HostedBountyRecord,
      submissionsTo: async () => ['ada', 'ben'].map((authorId) => ({ authorId, state: 'submitted' })),
    } as unknown as LifecycleStore;
    const mails: Array<{ to: string; text: string }> = [];
    const boards = createScoredBoards({
      store,
      tests: { setup: async () => ({ finalEntries: 1 }), hiddenRuns: async () => hiddenRuns },
      lifecycle,
      organisations: { roleIn: async () => null },
      entrants: async () =>
        new Map(['ada', 'ben'].map((id) => [id, { email: `${id}@example.test`, publicHandle: id }])),
      sendMail: async ({ mail }) => void mails.push({ to: mail.to, text: mail.text }),
      origin: 'http://127.0.0.1',
      now: () => Date.UTC(2026, 10, 2),
    });
    return { boards, hiddenRuns, revealed, mails };
  }

  it('after the deadline stays the public board, tests passed higher first, until every hidden run is done', async () => {
    const { boards, revealed, mails } = testBoards({ done: 1, total: 2, queued: true });
    const data = await boards.board(BOUNTY);
    expect(data).toMatchObject({ phase: 'public', metric: 'tests_passed', direction: 'higher' });
    expect(data?.hiddenRuns).toEqual({ done: 1, total: 2 });
    expect(data?.rows.map((row) => [row.entrant, row.score])).toEqual([
      ['ada', 2],
      ['ben', 1],
    ]);
    expect(await boards.revealDue()).toBe(0);
    expect(revealed).toEqual([]);
    expect(mails).toEqual([]);
  });

  it('is revealed, ranked by hidden tests passed, and mailed once the hidden runs are all done', async () => {
    const state = testBoards({ done: 1, total: 2, queued: true });
    state.hiddenRuns.done = 2;
    expect(await state.boards.revealDue()).toBe(1);
    expect(state.revealed).toEqual([BOUNTY]);
    expect(state.mails.map((mail) => mail.to)).toEqual(['ben@example.test', 'ada@example.test']);
    // Each mail words the tests, not an answer key's private part and score.
    expect(state.mails[0]?.text).toContain("run against the sponsor's hidden tests");
    expect(state.mails[0]?.text).toContain('You placed 1 of 2, with 3 hidden tests passed.');
    expect(state.mails[1]?.text).toContain('You placed 2 of 2, with 1 hidden test passed.');
    expect(state.mails.map((mail) => mail.text).join(' ')).not.toMatch(/private score|answers/);
    const data = await state.boards.board(BOUNTY);
    expect(data).toMatchObject({ phase: 'private', hiddenRuns: { done: 2, total: 2 } });
    expect(data?.rows.map((row) => [row.entrant, row.score, row.move])).toEqual([
      ['ben', 3, 1],
      ['ada', 1, -1],
    ]);
  });
});
