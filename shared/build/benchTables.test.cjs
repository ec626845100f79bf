/* global describe, it, expect -- Jest provides them */
const { costGroup, costTable, referenceRatios, stackReferenceRatios } = require('./benchTables.cjs');

describe('costGroup', () => {
  it('counts react-dom’s scheduler with React and the federation packages with webpack’s glue', () => {
    expect(costGroup('scheduler')).toBe('react + react-dom');
    expect(costGroup('@module-federation/runtime-core')).toBe('Module Federation runtime');
    expect(costGroup('(webpack + federation glue)')).toBe('Module Federation runtime');
    expect(costGroup('stylis')).toBe('styled-components');
    expect(costGroup('shell (own code)')).toBe('shell (own code)');
  });

  it('counts React Router’s two packages together, and TanStack Query with its core', () => {
    expect(costGroup('react-router')).toBe('react-router + react-router-dom');
    expect(costGroup('react-router-dom')).toBe('react-router + react-router-dom');
    expect(costGroup('@tanstack/query-core')).toBe('TanStack Query');
    expect(costGroup('@tanstack/react-query')).toBe('TanStack Query');
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

  it('gives no CPU ratio to a run whose trace could not be read', () => {
    const [row] = referenceRatios([{ route: '/', tbtMs: 100, cpuAfterFcpMs: NaN }], reference);
    expect(row).toMatchObject({ cpuRatio: null, verdict: 'misses: CPU after paint ?× > 2×' });
  });
});

describe('costTable with the stack reference beside the routes', () => {
  it('lists the libraries the stack reference shares in the singletons’ order, before the apps', () => {
    const rows = costTable([
      {
        route: '/bounties',
        costs: new Map([
          ['mfe-bounties (own code)', 4096],
          ['react-router', 1024],
          ['@side-quest/design', 2048],
        ]),
      },
      {
        route: 'stack reference',
        costs: new Map([
          ['react-router', 10240],
          ['react-router-dom', 1024],
          ['@tanstack/query-core', 5120],
          ['@tanstack/react-query', 1024],
        ]),
      },
    ]);
    expect(rows.map((row) => row.package)).toEqual([
      'react-router + react-router-dom',
      'TanStack Query',
      '@side-quest/design',
      'mfe-bounties (own code)',
      'total',
    ]);
    expect(rows[0]).toEqual({
      package: 'react-router + react-router-dom',
      '/bounties': 1,
      'stack reference': 11,
    });
    expect(rows[1]).toEqual({ package: 'TanStack Query', '/bounties': 0, 'stack reference': 6 });
  });
});

describe('stackReferenceRatios', () => {
  const stack = { jsGzipKB: 100, cpuAfterFcpMs: 60, tbtMs: 40, performance: 100 };

  it('prints JS, CPU after the first paint and TBT beside the stack reference’s, with the ratios', () => {
    const [row] = stackReferenceRatios(
      [{ route: '/about', jsGzipKB: 120, cpuAfterFcpMs: 90, tbtMs: 100, performance: 100 }],
      stack,
    );
    expect(row).toEqual({
      route: '/about',
      jsGzipKB: 120,
      jsRatio: 1.2,
      cpuAfterFcpMs: 90,
      cpuRatio: 1.5,
      tbtMs: 100,
      tbtRatio: 2.5,
      performance: 100,
      verdict: 'meets them',
    });
  });

  it('holds the landing page to 1.15× the JS and every other route to 1.25×', () => {
    const rows = stackReferenceRatios(
      [
        { route: '/', jsGzipKB: 116 },
        { route: '/blog', jsGzipKB: 125 },
        { route: '/compass', jsGzipKB: 126 },
      ],
      stack,
    );
    expect(rows.map((row) => row.verdict)).toEqual([
      'misses: JS 1.16× > 1.15×',
      'meets JS',
      'misses: JS 1.26× > 1.25×',
    ]);
  });

  it('names each target missed: CPU over 1.5×, and a performance under 100 where the stack reference scores 100', () => {
    const [row] = stackReferenceRatios(
      [{ route: '/blog', jsGzipKB: 90, cpuAfterFcpMs: 91, tbtMs: 500, performance: 97 }],
      stack,
    );
    expect(row.verdict).toBe('misses: CPU after paint 1.52× > 1.5×, performance 97 < 100');
  });

  it('asks for no score of 100 in a run where the stack reference scores less', () => {
    const [row] = stackReferenceRatios(
      [{ route: '/blog', jsGzipKB: 90, cpuAfterFcpMs: 60, tbtMs: 50, performance: 97 }],
      { ...stack, performance: 99 },
    );
    expect(row.verdict).toBe('meets them');
  });

  it('judges a route without Lighthouse figures on its JS alone, and gives no ratio to a missing figure', () => {
    const [notFound, unread] = stackReferenceRatios(
      [
        { route: '/no-such-page', jsGzipKB: 80 },
        { route: '/about', jsGzipKB: 80, cpuAfterFcpMs: 50, tbtMs: 10, performance: 100 },
      ],
      { jsGzipKB: 100, cpuAfterFcpMs: NaN, tbtMs: 0, performance: 'failed' },
    );
    expect(notFound).toMatchObject({
      jsRatio: 0.8,
      cpuAfterFcpMs: null,
      cpuRatio: null,
      verdict: 'meets JS',
    });
    expect(unread).toMatchObject({
      cpuRatio: null,
      tbtRatio: null,
      verdict: 'misses: CPU after paint ?× > 1.5×',
    });
  });
});
