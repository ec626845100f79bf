/* global describe, it, expect -- Jest provides them */
const {
  interactionLatency,
  interactionTable,
  medianLatency,
  runLabel,
  worstPerInteraction,
  SITE_INTERACTIONS,
} = require('./interactions.cjs');

const entry = (name, interactionId, duration, startTime) => ({ name, interactionId, duration, startTime });

describe('worstPerInteraction', () => {
  it('keeps the longest entry of each interaction, in the order the interactions began', () => {
    const worst = worstPerInteraction([
      entry('pointerdown', 7, 24, 100),
      entry('pointerup', 7, 48, 140),
      entry('click', 7, 40, 141),
      entry('keydown', 3, 32, 20),
      entry('keyup', 3, 16, 60),
    ]);
    expect(worst).toEqual([
      { interactionId: 3, name: 'keydown', duration: 32, startTime: 20 },
      { interactionId: 7, name: 'pointerup', duration: 48, startTime: 100 },
    ]);
  });

  it('leaves out entries that are no interaction (interactionId 0 or missing)', () => {
    expect(
      worstPerInteraction([
        entry('pointerover', 0, 200, 10),
        { name: 'change', duration: 120, startTime: 12 },
      ]),
    ).toEqual([]);
  });
});

describe('interactionLatency', () => {
  it('is the worst entry with an interactionId, whatever longer entries without one say', () => {
    expect(
      interactionLatency([
        entry('mouseover', 0, 300, 1),
        entry('pointerdown', 9, 32, 5),
        entry('click', 9, 56, 6),
      ]),
    ).toBe(56);
  });

  it('takes the worst of several interactions in one run', () => {
    expect(interactionLatency([entry('click', 1, 40, 1), entry('click', 2, 72, 300)])).toBe(72);
  });

  it('is null when no entry of an interaction reached the threshold', () => {
    expect(interactionLatency([])).toBeNull();
    expect(interactionLatency([entry('pointermove', 0, 24, 1)])).toBeNull();
  });
});

describe('medianLatency and runLabel', () => {
  it('counts a run under the threshold as 0 and leaves failed runs out', () => {
    expect(medianLatency([48, null, 40, { error: 'timeout' }, 56])).toBe(40);
    expect(medianLatency([{ error: 'timeout' }])).toBeNull();
    expect([48, null, { error: 'x' }].map(runLabel)).toEqual(['48', '<16', 'failed']);
  });
});

describe('interactionTable', () => {
  const references = {
    button: { name: 'stack reference: press the button', runs: [48, 40, 48] },
    link: { name: 'stack reference: follow the link', runs: [40, 40, 32] },
  };

  it('prints the reference’s interactions, then each of the site’s beside its kind of reference interaction', () => {
    const rows = interactionTable(
      [
        { name: 'sort /bounties by Deadline', reference: 'link', runs: [128, 120, 136] },
        { name: 'Save a bounty', reference: 'button', runs: [40, 40, 48] },
      ],
      references,
    );
    expect(rows).toEqual([
      {
        interaction: 'stack reference: press the button',
        'INP ms': 48,
        runs: '48/40/48',
        reference: '—',
        'reference INP ms': '—',
        ratio: null,
        verdict: 'the reference',
      },
      {
        interaction: 'stack reference: follow the link',
        'INP ms': 40,
        runs: '40/40/32',
        reference: '—',
        'reference INP ms': '—',
        ratio: null,
        verdict: 'the reference',
      },
      {
        interaction: 'sort /bounties by Deadline',
        'INP ms': 128,
        runs: '128/120/136',
        reference: 'stack reference: follow the link',
        'reference INP ms': 40,
        ratio: 3.2,
        verdict: 'misses: 3.2× > 2×',
      },
      {
        interaction: 'Save a bounty',
        'INP ms': 40,
        runs: '40/40/48',
        reference: 'stack reference: press the button',
        'reference INP ms': 48,
        ratio: 0.83,
        verdict: 'meets both',
      },
    ]);
  });

  it('meets the targets at 200 ms and 2× the reference’s, and names both when missed', () => {
    const rows = interactionTable(
      [
        { name: 'at the limits', reference: 'link', runs: [80] },
        { name: 'over both', reference: 'link', runs: [208] },
        { name: 'over 200 ms only', reference: 'button', runs: [208] },
      ],
      { link: { name: 'link', runs: [40] }, button: { name: 'button', runs: [200] } },
    );
    expect(rows.slice(2).map((row) => row.verdict)).toEqual([
      'meets both',
      'misses: 208 ms > 200 ms, 5.2× > 2×',
      'misses: 208 ms > 200 ms',
    ]);
  });

  it('gives no ratio beside a reference under the threshold or failed, and says when every run failed', () => {
    const rows = interactionTable(
      [
        { name: 'quick', reference: 'button', runs: [24] },
        { name: 'broken', reference: 'link', runs: [{ error: 'timeout' }] },
      ],
      { button: { name: 'button', runs: [null, null, 24] }, link: { name: 'link', runs: [{ error: 'x' }] } },
    );
    expect(rows.map((row) => [row['INP ms'], row['reference INP ms'], row.ratio, row.verdict])).toEqual([
      ['<16', '—', null, 'the reference'],
      ['—', '—', null, 'failed'],
      [24, '<16', null, 'meets ≤ 200 ms (no reference ratio)'],
      ['—', '—', null, 'failed'],
    ]);
  });
});

describe('SITE_INTERACTIONS', () => {
  it('names the five interactions of issue 44 and the three of issue 55, each beside the reference’s button or link', () => {
    expect(SITE_INTERACTIONS.map((interaction) => [interaction.name, interaction.reference])).toEqual([
      ['sort /bounties by Deadline', 'link'],
      ['change the Domain', 'link'],
      ['open POST_BOUNTY', 'button'],
      ['Save a bounty', 'button'],
      ['follow a card to its detail page', 'link'],
      ['filter by Min reward', 'link'],
      ['type a key in Search', 'link'],
      ['open the leaderboard from a card', 'link'],
    ]);
  });
});
