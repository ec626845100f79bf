import {
  buildLeaderboard,
  entrantNumbers,
  leaderboardCsv,
  type BoardEntrant,
  type BoardEntry,
} from './leaderboard';

let sequence = 0;
function entry(
  authorId: string,
  minute: number,
  publicScore: number | null,
  privateScore: number | null,
  extra: Partial<BoardEntry> = {},
): BoardEntry {
  sequence += 1;
  return {
    id: `e${String(sequence).padStart(3, '0')}`,
    authorId,
    status: publicScore === null ? 'invalid' : 'scored',
    publicScore,
    privateScore,
    chosenFinal: false,
    createdAt: new Date(Date.UTC(2026, 10, 1, 10, minute)).toISOString(),
    ...extra,
  };
}

const submitted = (publicHandle: string | null): BoardEntrant => ({
  publicHandle,
  submission: 'submitted',
});

describe('buildLeaderboard', () => {
  it("ranks each entrant's best public score while open, higher is better, private scores unread", () => {
    const entries = [
      entry('ana', 1, 0.7, 0.99),
      entry('ana', 5, 0.8, 0.1),
      entry('ben', 2, 0.75, 0.5),
      entry('cy', 3, null, null),
    ];
    const board = buildLeaderboard({
      metric: 'accuracy',
      finalCount: 2,
      revealed: false,
      entries,
      entrants: new Map([
        ['ana', submitted('ana-h')],
        ['ben', submitted(null)],
        ['cy', submitted('cy')],
      ]),
    });
    expect(board.rows).toEqual([
      {
        rank: 1,
        entrant: 'ana-h',
        handle: 'ana-h',
        score: 0.8,
        entries: 2,
        bestEntryAt: entries[1]?.createdAt,
        move: null,
      },
      {
        rank: 2,
        entrant: 'Entrant 2',
        handle: null,
        score: 0.75,
        entries: 1,
        bestEntryAt: entries[2]?.createdAt,
        move: null,
      },
    ]);
    // No row holds a private score before the reveal.
    expect(JSON.stringify(board)).not.toMatch(/0\.99|0\.5\b|0\.1\b/);
  });

  it('respects a lower-is-better metric and gives a tie to the earlier entry', () => {
    const entries = [entry('late', 9, 1.5, 1), entry('early', 2, 1.5, 1), entry('worse', 1, 2.5, 1)];
    const board = buildLeaderboard({
      metric: 'rmse',
      finalCount: 2,
      revealed: false,
      entries,
      entrants: new Map(['late', 'early', 'worse'].map((id) => [id, submitted(id)])),
    });
    expect(board.rows.map((row) => [row.rank, row.entrant, row.score])).toEqual([
      [1, 'early', 1.5],
      [2, 'late', 1.5],
      [3, 'worse', 2.5],
    ]);
  });

  it('ranks tests passed higher first, a tie to the earlier entry, and reveals hidden tests passed', () => {
    // Test-scored (issue 56 item 5): public score = public tests passed, private = hidden tests passed.
    const entries = [entry('late', 9, 2, 3), entry('early', 2, 2, 1), entry('fewer', 1, 1, 0)];
    const input = {
      metric: 'tests_passed' as const,
      finalCount: 1,
      entries,
      entrants: new Map(['late', 'early', 'fewer'].map((id) => [id, submitted(id)])),
    };
    const open = buildLeaderboard({ ...input, revealed: false });
    expect(open.rows.map((row) => [row.rank, row.entrant, row.score])).toEqual([
      [1, 'early', 2],
      [2, 'late', 2],
      [3, 'fewer', 1],
    ]);
    const revealed = buildLeaderboard({ ...input, revealed: true });
    expect(revealed.rows.map((row) => [row.rank, row.entrant, row.score, row.move])).toEqual([
      [1, 'late', 3, 1],
      [2, 'early', 1, -1],
      [3, 'fewer', 0, 0],
    ]);
  });

  it("reveals the private scores of final entries (chosen, else best public) with each rank's move", () => {
    const entries = [
      // ana leads publicly; her best private entry is not among her final ones (best public by default).
      entry('ana', 1, 0.9, 0.6),
      entry('ana', 2, 0.85, 0.62),
      entry('ana', 3, 0.5, 0.99),
      // ben chose his weaker public entry as final, and it is the better one in private.
      entry('ben', 4, 0.8, 0.7),
      entry('ben', 5, 0.6, 0.95, { chosenFinal: true }),
      entry('cy', 6, 0.7, 0.65),
    ];
    const board = buildLeaderboard({
      metric: 'roc_auc',
      finalCount: 2,
      revealed: true,
      entries,
      entrants: new Map(['ana', 'ben', 'cy'].map((id) => [id, submitted(id)])),
    });
    expect(board.rows.map((row) => [row.rank, row.entrant, row.score, row.move, row.entries])).toEqual([
      [1, 'ben', 0.95, 1, 2],
      [2, 'cy', 0.65, 1, 1],
      [3, 'ana', 0.62, -2, 3],
    ]);
    expect(board.rows[0]?.bestEntryAt).toBe(entries[4]?.createdAt);
  });

  it('drops withdrawn submissions silently and names rejected ones without the sponsor’s reason', () => {
    const entries = [entry('ana', 1, 0.9, 0.9), entry('ben', 2, 0.8, 0.8), entry('cy', 3, 0.7, 0.7)];
    const board = buildLeaderboard({
      metric: 'accuracy',
      finalCount: 1,
      revealed: true,
      entries,
      entrants: new Map<string, BoardEntrant>([
        ['ana', { publicHandle: 'ana', submission: 'withdrawn' }],
        ['ben', { publicHandle: null, submission: 'rejected' }],
        ['cy', submitted('cy')],
      ]),
    });
    expect(board.rows.map((row) => [row.rank, row.entrant, row.move])).toEqual([[1, 'cy', 0]]);
    expect(board.removed).toEqual([{ entrant: 'Entrant 2' }]);
  });
});

describe('entrantNumbers', () => {
  it('numbers entrants by their first entry, whatever order the entries come in', () => {
    const entries = [
      entry('b', 5, 1, 1),
      entry('a', 1, 1, 1),
      entry('c', 9, null, null),
      entry('b', 0, 1, 1),
    ];
    expect([...entrantNumbers(entries)]).toEqual([
      ['b', 1],
      ['a', 2],
      ['c', 3],
    ]);
  });
});

describe('leaderboardCsv', () => {
  it('writes one line per rank and the baseline unranked, neutralising formula-like names', () => {
    const csv = leaderboardCsv({
      phase: 'private',
      baseline: 0.5,
      rows: [
        {
          rank: 1,
          entrant: '=HYPERLINK("x")',
          handle: null,
          score: -0.25,
          entries: 3,
          bestEntryAt: '2026-11-01T10:00:00.000Z',
          move: -1,
        },
        { rank: 2, entrant: '@me', handle: null, score: 1, entries: 1, bestEntryAt: 'x', move: null },
      ],
    });
    expect(csv.split('\r\n')).toEqual([
      'rank,entrant,score,entries,best_entry_at,move,board',
      `1,"'=HYPERLINK(""x"")",-0.25,3,2026-11-01T10:00:00.000Z,-1,private`,
      "2,'@me,1,1,x,,private",
      ',Baseline (sponsor),0.5,,,,private',
      '',
    ]);
  });
});
