// The bench's derived tables: packages grouped the way the shared singletons are (what each costs a
// route), each route's Lighthouse figures as a ratio to the reference page's (issue #34, item 4), and
// each route's JavaScript, CPU after the first paint and TBT as ratios to the stack reference's
// (issue #44, items 4 and 5).

/** What a route may spend beside the reference page: median TBT and main-thread CPU after the first paint. */
const RATIO_TARGETS = { tbt: 1.5, cpuAfterFcp: 2 };

/** The rows of the cost table, in this order; packages not named here are listed by their own name. */
const COST_GROUP_ORDER = [
  'react + react-dom',
  'Module Federation runtime',
  'styled-components',
  'react-router + react-router-dom',
  'TanStack Query',
  '@side-quest/design',
  '@side-quest/data',
];

/**
 * The group a package of bundleCosts.cjs belongs to: the shared singletons with what only they bring
 * (react-dom's scheduler, styled-components' stylis), the federation runtime with webpack's glue, and
 * an app's own code as it is.
 * @param {string} name
 */
function costGroup(name) {
  if (name === 'react' || name === 'react-dom' || name === 'scheduler') return 'react + react-dom';
  if (name.startsWith('@module-federation/') || name === '.federation' || name.startsWith('(webpack'))
    return 'Module Federation runtime';
  if (name === 'styled-components' || name === 'stylis' || name.startsWith('@emotion/'))
    return 'styled-components';
  if (name === 'react-router' || name === 'react-router-dom') return 'react-router + react-router-dom';
  if (name === '@tanstack/react-query' || name === '@tanstack/query-core') return 'TanStack Query';
  return name;
}

/**
 * Gzip KB per group and route: one row per group (the singletons first, then the rest by size on the
 * first route), one column per route, and a total row.
 * @param {Array<{ route: string, costs: Map<string, number> }>} routes
 */
function costTable(routes) {
  const byGroup = new Map();
  for (const { route, costs } of routes) {
    for (const [name, bytes] of costs) {
      const group = costGroup(name);
      if (!byGroup.has(group)) byGroup.set(group, new Map());
      const row = byGroup.get(group);
      row.set(route, (row.get(route) || 0) + bytes);
    }
  }
  const first = routes[0] ? routes[0].route : '';
  const others = [...byGroup.keys()]
    .filter((group) => !COST_GROUP_ORDER.includes(group))
    .sort((a, b) => (byGroup.get(b).get(first) || 0) - (byGroup.get(a).get(first) || 0));
  const kb = (bytes) => +(bytes / 1024).toFixed(1);
  const rows = [...COST_GROUP_ORDER.filter((group) => byGroup.has(group)), ...others].map((group) => ({
    package: group,
    ...Object.fromEntries(routes.map(({ route }) => [route, kb(byGroup.get(group).get(route) || 0)])),
  }));
  rows.push({
    package: 'total',
    ...Object.fromEntries(
      routes.map(({ route, costs }) => [
        route,
        kb([...costs.values()].reduce((sum, value) => sum + value, 0)),
      ]),
    ),
  });
  return rows;
}

/** a / b to two places, or null when either is not a number or b is not positive (a ratio to nothing says nothing). */
function ratio(a, b) {
  return Number.isFinite(a) && Number.isFinite(b) && b > 0 ? +(a / b).toFixed(2) : null;
}

/**
 * Each route's median TBT and CPU after the first paint beside the reference page's, as ratios, and
 * which targets it misses. A reference TBT of 0 ms gives no TBT ratio: the route then meets the TBT
 * target only with 0 ms itself.
 * @param {Array<{ route: string, tbtMs?: number, cpuAfterFcpMs?: number }>} rows
 * @param {{ tbtMs?: number, cpuAfterFcpMs?: number }} reference
 */
function referenceRatios(rows, reference) {
  return rows
    .filter((row) => typeof row.tbtMs === 'number')
    .map((row) => {
      const tbtRatio = ratio(row.tbtMs, reference.tbtMs);
      const cpuRatio = ratio(row.cpuAfterFcpMs, reference.cpuAfterFcpMs);
      const tbtMet = tbtRatio === null ? row.tbtMs === 0 : tbtRatio <= RATIO_TARGETS.tbt;
      const cpuMet = cpuRatio !== null && cpuRatio <= RATIO_TARGETS.cpuAfterFcp;
      const missed = [
        ...(tbtMet ? [] : [`TBT ${tbtRatio ?? '∞'}× > ${RATIO_TARGETS.tbt}×`]),
        ...(cpuMet ? [] : [`CPU after paint ${cpuRatio ?? '?'}× > ${RATIO_TARGETS.cpuAfterFcp}×`]),
      ];
      return {
        route: row.route,
        tbtMs: row.tbtMs,
        tbtRatio,
        cpuAfterFcpMs: row.cpuAfterFcpMs,
        cpuRatio,
        verdict: missed.length ? `misses: ${missed.join(', ')}` : 'meets both',
      };
    });
}

/**
 * What a route may spend beside the stack reference (issue #44, item 5): JavaScript (gzip) 1.15× on the
 * landing page and 1.25× on every other route, CPU after the first paint 1.5× (medians), and a
 * Lighthouse performance of 100 in a run where the stack reference scores 100.
 */
const STACK_TARGETS = { jsLanding: 1.15, jsRoute: 1.25, cpuAfterFcp: 1.5, performance: 100 };

/**
 * Each route's JavaScript (gzip KB), median CPU after the first paint and median TBT beside the stack
 * reference's, as ratios, and which of STACK_TARGETS it misses. A route without Lighthouse figures (the
 * not-found page, a run with --no-lighthouse) is judged on its JavaScript alone; TBT has no target here
 * (it follows the machine's load more than the page: docs/benchmarks.md, "Reading TBT").
 * @param {Array<{ route: string, jsGzipKB?: number, cpuAfterFcpMs?: number, tbtMs?: number, performance?: number | string }>} rows
 * @param {{ jsGzipKB?: number, cpuAfterFcpMs?: number, tbtMs?: number, performance?: number | string }} stack
 */
function stackReferenceRatios(rows, stack) {
  return rows.map((row) => {
    const jsTarget = row.route === '/' ? STACK_TARGETS.jsLanding : STACK_TARGETS.jsRoute;
    const jsRatio = ratio(row.jsGzipKB, stack.jsGzipKB);
    const measured = Number.isFinite(row.cpuAfterFcpMs);
    const cpuRatio = measured ? ratio(row.cpuAfterFcpMs, stack.cpuAfterFcpMs) : null;
    const tbtRatio = ratio(row.tbtMs, stack.tbtMs);
    const missed = [];
    if (jsRatio === null || jsRatio > jsTarget) missed.push(`JS ${jsRatio ?? '?'}× > ${jsTarget}×`);
    if (measured && (cpuRatio === null || cpuRatio > STACK_TARGETS.cpuAfterFcp))
      missed.push(`CPU after paint ${cpuRatio ?? '?'}× > ${STACK_TARGETS.cpuAfterFcp}×`);
    if (
      stack.performance === STACK_TARGETS.performance &&
      typeof row.performance === 'number' &&
      row.performance < STACK_TARGETS.performance
    )
      missed.push(`performance ${row.performance} < ${STACK_TARGETS.performance}`);
    return {
      route: row.route,
      jsGzipKB: row.jsGzipKB ?? null,
      jsRatio,
      cpuAfterFcpMs: measured ? row.cpuAfterFcpMs : null,
      cpuRatio,
      tbtMs: Number.isFinite(row.tbtMs) ? row.tbtMs : null,
      tbtRatio,
      performance: typeof row.performance === 'number' ? row.performance : null,
      verdict: missed.length ? `misses: ${missed.join(', ')}` : measured ? 'meets them' : 'meets JS',
    };
  });
}

module.exports = {
  RATIO_TARGETS,
  STACK_TARGETS,
  COST_GROUP_ORDER,
  costGroup,
  costTable,
  referenceRatios,
  stackReferenceRatios,
};
