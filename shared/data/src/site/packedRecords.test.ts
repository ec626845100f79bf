import { packRecords, unpackRecords } from './packedRecords';

const bounties = [
  { id: 'a', title: 'First', tags: ['React', 'CAD'], reward: 500, extra: null },
  { id: 'b', title: 'Second', tags: [], reward: 0, extra: null },
  { id: 'c', title: '</script><!--', tags: ['x'], reward: 12.5, extra: null },
];

function roundTrip(value: unknown) {
  return unpackRecords(JSON.parse(JSON.stringify(packRecords(value))));
}

describe('packRecords', () => {
  it('sends each key of a list of same-shaped records once', () => {
    const packed = JSON.stringify(packRecords({ list: bounties }));
    expect(packed.match(/"title"/g)).toHaveLength(1);
    expect(packed.length).toBeLessThan(JSON.stringify({ list: bounties }).length);
  });

  it('gives back exactly what was packed, nested lists included', () => {
    const state = {
      queries: [
        { queryKey: ['bounties'], state: { data: { bounties, domains: ['Software', 'Design'] } } },
        { queryKey: ['render-time'], state: { data: 1795434791969 } },
      ],
      sections: ['bounties/BountiesPage'],
    };
    expect(roundTrip(state)).toEqual(state);
  });

  it('leaves lists of records with different keys, single records and plain values as they are', () => {
    const mixed = [{ a: 1 }, { b: 2 }];
    const reordered = [
      { a: 1, b: 2 },
      { b: 2, a: 1 },
    ];
    expect(packRecords(mixed)).toEqual(mixed);
    expect(packRecords(reordered)).toEqual(reordered);
    expect(packRecords([{ a: 1 }])).toEqual([{ a: 1 }]);
    expect(
      roundTrip([
        { a: 1, b: 2 },
        { b: 2, a: 1 },
      ]),
    ).toEqual(reordered);
    expect(roundTrip(['x', 1, null, true])).toEqual(['x', 1, null, true]);
  });

  it('sends a field with the same plain value in every record once, and gives it back in its place', () => {
    const packed = JSON.stringify(packRecords({ list: bounties }));
    expect(packed.match(/null/g)).toHaveLength(1);
    const list = (roundTrip({ list: bounties }) as { list: typeof bounties }).list;
    expect(list).toEqual(bounties);
    expect(list.map((bounty) => Object.keys(bounty))).toEqual(bounties.map((bounty) => Object.keys(bounty)));
    // Equal lists are not constants: each record keeps its own.
    const tagged = [
      { id: 'a', tags: ['x'] },
      { id: 'b', tags: ['x'] },
    ];
    expect(roundTrip(tagged)).toEqual(tagged);
    expect(JSON.stringify(packRecords(tagged)).match(/\["x"\]/g)).toHaveLength(2);
  });

  it('does not change the value it packs', () => {
    const copy = JSON.parse(JSON.stringify(bounties)) as typeof bounties;
    packRecords(bounties);
    expect(bounties).toEqual(copy);
  });

  it('reads constants that are not an object as an unpacked object', () => {
    const odd = { $recordKeys: ['a'], $recordRows: [[1]], $recordConstants: [5] };
    expect(unpackRecords(odd)).toEqual(odd);
  });

  it('reads a short row as missing values (null) instead of throwing', () => {
    expect(unpackRecords({ $recordKeys: ['a', 'b'], $recordRows: [[1], 'junk'] })).toEqual([
      { a: 1, b: null },
      { a: null, b: null },
    ]);
  });
});
