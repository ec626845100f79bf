// npm run bench: builds the production site, serves it, and prints one table per route with the
// JavaScript it costs (gzip bytes, script requests, sequential round trips after the HTML), what each
// shared package costs each route (bundleCosts.cjs), and Lighthouse's mobile scores with LCP, TBT and
// CLS, and the page's main-thread CPU time in the same runs' traces (mainThreadCpu.cjs). Lighthouse also
// runs on a reference page (reference/: server-rendered React 19 hydrating ten cards and one button),
// interleaved with the routes, and each route's TBT and CPU after the first paint are printed as a ratio
// to the reference's, beside what the machine charges for the browser's own work (machineCost.cjs).
// Writes the same figures to bench-results/.
//   npm run bench                    everything
//   npm run bench -- --no-build      reuse the existing build
//   npm run bench -- --no-lighthouse page weight only
//   npm run bench -- --data          also run the data-scale benchmarks of the sections
//   npm run bench -- --runs 5        Lighthouse runs per route (default 3; the median is reported)
//   npm run bench -- --route /blog/  only the routes whose path contains this text
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const { launchBrowser, CHROMIUM_PATH, CHROMIUM_FLAGS } = require('./browser.cjs');
const { measureRoute, PHONE_VIEWPORT } = require('./pageWeight.cjs');
const { startSite } = require('./e2e.cjs');
const { mainThreadCpu } = require('./mainThreadCpu.cjs');
const { blankPageCpu, firstTouchMicrosPerPage } = require('./machineCost.cjs');
const { median } = require('./median.cjs');
const { routeCosts } = require('./bundleCosts.cjs');
const { costTable, referenceRatios, RATIO_TARGETS } = require('./benchTables.cjs');
const { REMOTES } = await import('@side-quest/data/remotes');
const { startReferenceSiteProcess } = await import('./reference/referenceSite.mjs');

const root = path.resolve(import.meta.dirname, '..', '..');
const args = new Set(process.argv.slice(2));
const resultsDir = path.join(root, 'bench-results');

/** Data-scale benchmarks of the sections, run with --data (each prints its own figures). */
const DATA_BENCHES = [
  'server/bench/bounties-api.bench.ts',
  'mfe-bounties/bench/filter.bench.ts',
  'mfe-compass/bench/stats.bench.ts',
  'server/bench/leads-load.bench.ts',
  'server/bench/scale-out.bench.ts',
];

function run(command, commandArgs, options = {}) {
  const result = spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) throw new Error(`${command} ${commandArgs.join(' ')} failed (${result.status})`);
}

async function firstBountyId(baseUrl) {
  const response = await fetch(`${baseUrl}/api/bounties`);
  if (!response.ok) return 'unknown-id';
  const list = await response.json();
  return Array.isArray(list) && list[0] && list[0].id ? list[0].id : 'unknown-id';
}

/** #14's targets for every route: Lighthouse mobile performance and its metrics (median of the runs). */
const TARGETS = { performance: 98, fcpMs: 1200, lcpMs: 1800, tbtMs: 100, cls: 0 };

/** The word after `--name` on the command line, or undefined. */
function optionValue(name) {
  const argv = process.argv.slice(2);
  const index = argv.indexOf(name);
  return index >= 0 ? argv[index + 1] : undefined;
}

/** The text a route's path must contain (--route), or '' for every route. */
function routeFilter() {
  return optionValue('--route') ?? '';
}

function runsArgument() {
  const runs = Number(optionValue('--runs') ?? 3);
  return Number.isInteger(runs) && runs > 0 ? runs : 3;
}

/** Which of TARGETS a route's medians miss, in words ('' when it meets them all). */
function missedTargets(row) {
  const missed = [];
  if (row.performance < TARGETS.performance)
    missed.push(`performance ${row.performance} < ${TARGETS.performance}`);
  if (row.fcpMs > TARGETS.fcpMs) missed.push(`FCP ${row.fcpMs} ms`);
  if (row.lcpMs > TARGETS.lcpMs) missed.push(`LCP ${row.lcpMs} ms`);
  if (row.tbtMs > TARGETS.tbtMs) missed.push(`TBT ${row.tbtMs} ms`);
  if (row.cls > TARGETS.cls) missed.push(`CLS ${row.cls}`);
  return missed.join(', ');
}

/**
 * Lighthouse `runs` times on each URL, interleaved (run 1 of every URL, then run 2…), so the machine's
 * load at any moment falls on every URL alike: per URL the median of each figure and every run's
 * performance score. A run Lighthouse could not record is run again in a later round (at most `runs`
 * more attempts per URL), so the median is over `runs` recorded runs, not the luckier of two.
 * @returns {Map<string, object>} by URL
 */
function lighthouseMedians(urls, runs) {
  const results = new Map(urls.map((url) => [url, []]));
  const attempts = new Map(urls.map((url) => [url, 0]));
  for (let round = 0; round < runs * 2; round++) {
    const pending = urls.filter((url) => results.get(url).length < runs && attempts.get(url) < runs * 2);
    if (pending.length === 0) break;
    for (const url of pending) {
      const result = lighthouse(url, attempts.get(url));
      attempts.set(url, attempts.get(url) + 1);
      if (result) results.get(url).push(result);
    }
  }
  return new Map(urls.map((url) => [url, medianRow(results.get(url), runs)]));
}

/** The median of each figure over a URL's recorded runs, and each run's performance score. */
function medianRow(results, runs) {
  if (results.length === 0) return { performance: 'failed' };
  const row = {};
  for (const key of Object.keys(results[0])) row[key] = median(results.map((result) => result[key]));
  // Each run's score; a run Lighthouse could not record shows as '-'.
  row.runs = results.map((result) => result.performance).join('/') + '/-'.repeat(runs - results.length);
  return row;
}

function lighthouse(url, run) {
  const output = path.join(
    resultsDir,
    `lighthouse-${Buffer.from(url).toString('base64url').slice(-24)}-${run}.json`,
  );
  const result = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules', 'lighthouse', 'cli', 'index.js'),
      url,
      '--output=json',
      `--output-path=${output}`,
      `--chrome-flags=${CHROMIUM_FLAGS.filter((flag) => flag !== '--headless')
        .concat('--headless=new')
        .join(' ')}`,
      '--only-categories=performance,accessibility,best-practices,seo',
      '--save-assets',
      '--quiet',
    ],
    { cwd: root, env: { ...process.env, CHROME_PATH: CHROMIUM_PATH }, stdio: 'inherit', timeout: 180000 },
  );
  if (result.status !== 0 || !fs.existsSync(output)) return null;
  const report = JSON.parse(fs.readFileSync(output, 'utf8'));
  // A run whose trace Lighthouse could not record (NO_NAVSTART and the like) measured nothing: it is
  // left out of the median rather than counted as a score of 0.
  if (report.runtimeError) {
    console.log(`Lighthouse run ${run + 1} on ${url} measured nothing: ${report.runtimeError.code}`);
    return null;
  }
  // The run's trace (--save-assets): the page's main-thread CPU, which the machine's load moves less
  // than the wall times TBT is made of. Read, then removed (3-5 MB a run).
  const traceFile = output.replace(/\.json$/, '-0.trace.json');
  const cpu = fs.existsSync(traceFile) ? mainThreadCpu(JSON.parse(fs.readFileSync(traceFile, 'utf8'))) : null;
  for (const asset of [traceFile, output.replace(/\.json$/, '-0.devtoolslog.json')])
    fs.rmSync(asset, { force: true });
  const score = (name) => Math.round((report.categories[name]?.score ?? 0) * 100);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcpMs: Math.round(report.audits['first-contentful-paint'].numericValue),
    lcpMs: Math.round(report.audits['largest-contentful-paint'].numericValue),
    tbtMs: Math.round(report.audits['total-blocking-time'].numericValue),
    cls: Number(report.audits['cumulative-layout-shift'].numericValue.toFixed(3)),
    mainCpuMs: cpu ? cpu.cpuMs : NaN,
    cpuAfterFcpMs: cpu ? cpu.cpuAfterFcpMs : NaN,
    longCpuTasks: cpu ? cpu.longCpuTasks : NaN,
  };
}

/** A route's short name in the tables: the bounty page by its pattern, not its id. */
function label(route) {
  return route.startsWith('/bounty/') ? '/bounty/:id' : route;
}

async function main() {
  fs.mkdirSync(resultsDir, { recursive: true });
  if (!args.has('--no-build')) run('node', ['shared/build/build-all.mjs']);
  const withLighthouse = !args.has('--no-lighthouse');
  // Read before the site starts, so nothing of ours runs beside it.
  const machine = withLighthouse
    ? {
        blankPage: await blankPageCpu({ launchBrowser }),
        firstTouchMicrosPerPage: firstTouchMicrosPerPage(),
      }
    : undefined;
  const site = await startSite();
  const rows = [];
  const costs = [];
  let reference;
  try {
    const bountyId = await firstBountyId(site.baseUrl);
    const routes = [
      '/',
      '/bounties',
      `/bounty/${bountyId}`,
      '/compass',
      '/blog',
      '/blog/how-to-sidequest-guide',
      '/for-clients',
      '/about',
      '/no-such-page',
    ].filter((route) => route.includes(routeFilter()));
    if (routes.length === 0) throw new Error(`no route contains ${JSON.stringify(routeFilter())}`);
    const browser = await launchBrowser({ viewport: PHONE_VIEWPORT });
    try {
      for (const route of routes) {
        const page = await browser.newPage();
        const weight = await measureRoute(page, site.baseUrl + route);
        await page.close();
        rows.push({
          route,
          jsGzipKB: +(weight.jsGzipBytes / 1024).toFixed(1),
          scripts: weight.scriptRequests,
          chain: weight.sequentialRoundTrips,
        });
        costs.push({ route: label(route), costs: routeCosts(weight.scripts, root, REMOTES) });
      }
    } finally {
      await browser.cleanup();
    }
    if (withLighthouse) {
      const runs = runsArgument();
      const referenceSite = await startReferenceSiteProcess();
      try {
        // Lighthouse refuses to audit a 404 page: the not-found route gets its page weight only.
        const audited = rows.filter((row) => row.route !== '/no-such-page');
        const medians = lighthouseMedians(
          [referenceSite.url, ...audited.map((row) => site.baseUrl + row.route)],
          runs,
        );
        for (const row of audited) Object.assign(row, medians.get(site.baseUrl + row.route));
        reference = {
          route: 'reference page',
          jsGzipKB: +(referenceSite.scriptGzipBytes / 1024).toFixed(1),
          scripts: 1,
          ...medians.get(referenceSite.url),
        };
      } finally {
        await referenceSite.stop();
      }
    }
  } finally {
    await site.stop();
  }
  console.log(
    '\nPer route (JS gzip, script requests, longest chain of sequential requests after the HTML, Lighthouse mobile):',
  );
  console.table(reference ? [...rows, reference] : rows);
  console.log(
    '\nWhat each shared singleton and the rest cost each route (KB gzip: each script’s gzip size shared out by its source map):',
  );
  console.table(costTable(costs));
  if (rows.some((row) => typeof row.performance === 'number')) {
    console.log(
      `Targets (#14, median of the runs): performance >= ${TARGETS.performance}, FCP <= ${TARGETS.fcpMs} ms, LCP <= ${TARGETS.lcpMs} ms, TBT <= ${TARGETS.tbtMs} ms, CLS ${TARGETS.cls}`,
    );
    for (const row of rows) {
      if (row.route === '/no-such-page' || row.route === '/blog') continue;
      const missed = missedTargets(row);
      console.log(`  ${row.route.padEnd(34)} ${missed ? `misses: ${missed}` : 'meets them'}`);
    }
  }
  let ratios;
  if (reference && typeof reference.tbtMs === 'number') {
    ratios = referenceRatios(rows, reference);
    console.log(
      `\nBeside the reference page (server-rendered React 19, hydrateRoot, ten cards and one button; interleaved runs): its median TBT ${reference.tbtMs} ms, CPU after the first paint ${reference.cpuAfterFcpMs} ms. Targets: TBT <= ${RATIO_TARGETS.tbt}x, CPU after the first paint <= ${RATIO_TARGETS.cpuAfterFcp}x the reference's.`,
    );
    console.table(ratios.map((row) => ({ ...row, route: label(row.route) })));
  } else if (reference) {
    console.log('\nThe reference page could not be measured: no ratios.');
  }
  if (machine)
    console.log(
      `Machine (what TBT is stretched by, shared/build/README.md): a fresh Chromium opening a blank page uses ${machine.blankPage.cpuMs} ms of CPU (${machine.blankPage.userMs} user, ${machine.blankPage.systemMs} system) and takes ${machine.blankPage.pageFaults} page faults; a first touch of memory costs ${machine.firstTouchMicrosPerPage} µs per 4 KiB page`,
    );
  const file = path.join(resultsDir, `routes-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  const results = JSON.stringify(
    { measuredAt: new Date().toISOString(), machine, rows, reference, ratios, costs: costTable(costs) },
    null,
    2,
  );
  fs.writeFileSync(file, results);
  fs.writeFileSync(path.join(resultsDir, 'routes-latest.json'), results);
  console.log(`Written to ${path.relative(root, file)}`);

  if (args.has('--data')) {
    for (const bench of DATA_BENCHES) {
      if (!fs.existsSync(path.join(root, bench))) {
        console.log(`(missing: ${bench})`);
        continue;
      }
      console.log(`\n== ${bench}`);
      run(process.execPath, [path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), bench]);
    }
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
