/* global describe, it, expect -- Jest provides them */
const { costGroup, costTable, referenceRatios } = require('./benchTables.cjs');

describe('costGroup', () => {
  it('counts react-dom’s scheduler with React and the federation packages with webpack’s glue', () => {
    expect(costGroup('scheduler')).toBe('react + react-dom');
    expect(costGroup('@module-federation/runtime-core')).toBe('Module Federation runtime');
    expect(costGroup('(webpack + federation glue)')).toBe('Module Federation runtime');
    expect(costGroup('stylis')).toBe('styled-components');
    expect(costGroup('shell (own code)')).toBe('shell (own code)');
  });
});

describe('costTable', () => {
  it('sums packages into groups per route, singletons first, with a total', () => {
    const rows = costTable([
      {
        route: '/',
        costs: new Map([
          ['react-dom', 2048],
          ['scheduler', 1024],
          ['shell (own code)', 512],
        ]),
      },
      {
        route: '/about',
        costs: new Map([
          ['react-dom', 2048],
          ['mfe-stories (own code)', 1024],
        ]),
      },
    ]);
    expect(rows).toEqual([
      { package: 'react + react-dom', '/': 3, '/about': 2 },
      { package: 'shell (own code)', '/': 0.5, '/about': 0 },
      { package: 'mfe-stories (own code)', '/': 0, '/about': 1 },
      { package: 'total', '/': 3.5, '/about': 3 },
    ]);
  });
});

describe('referenceRatios', () => {
  const reference = { tbtMs: 100, cpuAfterFcpMs: 80 };

  it('meets the targets at 1.5× the reference’s TBT and 2× its CPU after the first paint', () => {
    const [row] = referenceRatios([{ route: '/', tbtMs: 150, cpuAfterFcpMs: 160 }], reference);
    expect(row).toMatchObject({ tbtRatio: 1.5, cpuRatio: 2, verdict: 'meets both' });
  });

  it('names each target a route misses', () => {
    const [row] = referenceRatios([{ route: '/', tbtMs: 151, cpuAfterFcpMs: 200 }], reference);
    expect(row.verdict).toBe('misses: TBT 1.51× > 1.5×, CPU after paint 2.5× > 2×');
  });

  it('gives no TBT ratio to a reference of 0 ms, and then only 0 ms meets the target', () => {
    const rows = referenceRatios(
      [
        { route: '/', tbtMs: 0, cpuAfterFcpMs: 50 },
        { route: '/about', tbtMs: 20, cpuAfterFcpMs: 50 },
      ],
      { tbtMs: 0, cpuAfterFcpMs: 50 },
    );
    expect(rows.map((row) => [row.tbtRatio, row.verdict])).toEqual([
      [null, 'meets both'],
      [null, 'misses: TBT ∞× > 1.5×'],
    ]);
  });

  it('leaves out a route Lighthouse does not audit (no TBT)', () => {
    expect(referenceRatios([{ route: '/no-such-page' }], reference)).toEqual([]);
  });
});
