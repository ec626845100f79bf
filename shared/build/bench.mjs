// npm run bench: builds the production site, serves it, and prints one table per route with the
// JavaScript it costs (gzip bytes, script requests, sequential round trips after the HTML), what each
// shared package costs each route (bundleCosts.cjs), and Lighthouse's mobile scores with LCP, TBT and
// CLS, and the page's main-thread CPU time in the same runs' traces (mainThreadCpu.cjs). Beside the
// routes it measures two reference pages, built and served on 127.0.0.1 by the bench itself:
//   - the plain reference (reference/referenceSite.mjs: server-rendered React 19 hydrating ten cards
//     and one button), whose ratios are issue #34's;
//   - the stack reference (reference/stackReferenceSite.mjs, reference/stack/): a host built with the
//     site's webpack + Module Federation factory sharing react, react-dom, react-router-dom,
//     @tanstack/react-query and styled-components, server-rendered per request (StaticRouter, a
//     QueryClient per request, one dehydrated query, ServerStyleSheet) and hydrated after its first
//     paint as the shell is: ten styled cards, one button, one link. Each route's JS (gzip), CPU after
//     the first paint and TBT are printed beside its, with the ratios (issue #44, items 4 and 5).
// Lighthouse runs on both references interleaved with the routes. Then the interactions (issue #44,
// item 6, issue #55 item 2; interactions.cjs): interaction to next paint of eight of /bounties'
// interactions, on a site of its own with the demo seeded, and the stack reference's button and link,
// on a 390 px page with a 4x CPU slowdown, median of the runs. Ends with
// what the machine charges for the browser's own work (machineCost.cjs). Writes the same figures to
// bench-results/.
//   npm run bench                          everything
//   npm run bench -- --no-build            reuse the existing build of the site
//   npm run bench -- --no-reference-build  serve the stack reference's last build (reference/stack/dist)
//   npm run bench -- --no-lighthouse       no Lighthouse runs (page weight, and the interactions)
//   npm run bench -- --no-inp              no interactions
//   npm run bench -- --runs 5              Lighthouse runs per page (default 5; the median is reported)
//   npm run bench -- --route /blog/        only the routes whose path contains this text
//   npm run bench -- --inp-runs 5          runs of each interaction (default 5; the median is reported)
//   npm run bench -- --interaction Save    only the site's interactions whose name contains this text
//   npm run bench -- --data                also run the data-scale benchmarks of the sections
// A short run: npm run bench -- --no-build --route /bounties --runs 1 --inp-runs 1
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
const {
  costTable,
  referenceRatios,
  stackReferenceRatios,
  RATIO_TARGETS,
  STACK_TARGETS,
} = require('./benchTables.cjs');
const {
  measureInteractions,
  interactionTable,
  INP_TARGETS,
  CPU_SLOWDOWN,
  INP_VIEWPORT,
} = require('./interactions.cjs');
const { REMOTES } = await import('@side-quest/data/remotes');
const { startReferenceSiteProcess } = await import('./reference/referenceSite.mjs');
const { startStackReferenceSiteProcess, STACK_SHARED } = await import('./reference/stackReferenceSite.mjs');

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

/** A positive whole number given as `--name N`, else the default. */
function countArgument(name, fallback) {
  const value = Number(optionValue(name) ?? fallback);
  return Number.isInteger(value) && value > 0 ? value : fallback;
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

/** The built file a script of the stack reference names: in its dist folder (for bundleCosts.cjs). */
function stackBuiltFile(distDir) {
  return (url) => ({
    file: path.join(distDir, new URL(url).pathname.replace(/^\//, '')),
    app: 'stack reference',
  });
}

async function main() {
  fs.mkdirSync(resultsDir, { recursive: true });
  if (!args.has('--no-build')) run('node', ['shared/build/build-all.mjs']);
  const withLighthouse = !args.has('--no-lighthouse');
  const withInteractions = !args.has('--no-inp');
  // Read before the site starts, so nothing of ours runs beside it.
  const machine = withLighthouse
    ? {
        blankPage: await blankPageCpu({ launchBrowser }),
        firstTouchMicrosPerPage: firstTouchMicrosPerPage(),
      }
    : undefined;
  // Built (unless --no-reference-build) and served before the site starts: its build is over before
  // anything is measured.
  const stackSite = await startStackReferenceSiteProcess({ build: !args.has('--no-reference-build') });
  let site;
  const rows = [];
  const costs = [];
  let reference;
  let stackReference;
  let interactions;
  try {
    site = await startSite();
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
      const page = await browser.newPage();
      const weight = await measureRoute(page, stackSite.url);
      await page.close();
      stackReference = {
        route: 'stack reference',
        jsGzipKB: +(weight.jsGzipBytes / 1024).toFixed(1),
        scripts: weight.scriptRequests,
        chain: weight.sequentialRoundTrips,
      };
      costs.push({
        route: 'stack reference',
        costs: routeCosts(weight.scripts, root, REMOTES, stackBuiltFile(stackSite.distDir)),
      });
    } finally {
      await browser.cleanup();
    }
    if (withLighthouse) {
      const runs = countArgument('--runs', 5);
      const referenceSite = await startReferenceSiteProcess();
      try {
        // Lighthouse refuses to audit a 404 page: the not-found route gets its page weight only.
        const audited = rows.filter((row) => row.route !== '/no-such-page');
        const medians = lighthouseMedians(
          [referenceSite.url, stackSite.url, ...audited.map((row) => site.baseUrl + row.route)],
          runs,
        );
        for (const row of audited) Object.assign(row, medians.get(site.baseUrl + row.route));
        reference = {
          route: 'reference page',
          jsGzipKB: +(referenceSite.scriptGzipBytes / 1024).toFixed(1),
          scripts: 1,
          ...medians.get(referenceSite.url),
        };
        Object.assign(stackReference, medians.get(stackSite.url));
      } finally {
        await referenceSite.stop();
      }
    }
    if (withInteractions) {
      // The interactions' own site, with the demo seeded as the embedded start has it by default: its
      // scored bounties' cards carry the Leaderboard link one interaction follows.
      const demoSite = await startSite({ env: { SEED_DEMO: '1' } });
      try {
        interactions = await measureInteractions({
          launchBrowser,
          siteUrl: demoSite.baseUrl,
          referenceUrl: stackSite.url,
          runs: countArgument('--inp-runs', 5),
          filter: optionValue('--interaction') ?? '',
          log: (line) => console.log(line),
        });
      } finally {
        await demoSite.stop();
      }
    }
  } finally {
    if (site) await site.stop();
    await stackSite.stop();
  }
  console.log(
    '\nPer route (JS gzip, script requests, longest chain of sequential requests after the HTML, Lighthouse mobile):',
  );
  console.table([...rows, ...(reference ? [reference] : []), stackReference]);
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
  const stackRatios = stackReferenceRatios(rows, stackReference);
  const stackFigures =
    typeof stackReference.tbtMs === 'number'
      ? `, CPU after the first paint ${stackReference.cpuAfterFcpMs} ms, TBT ${stackReference.tbtMs} ms, performance ${stackReference.performance} (${stackReference.runs})`
      : typeof stackReference.performance === 'string'
        ? ' (Lighthouse could not measure it)'
        : '';
  console.log(
    `\nBeside the stack reference (a Module Federation host from the site's webpack factory sharing ${STACK_SHARED.join(', ')}; server-rendered, hydrated after the paint; ten styled cards from one dehydrated query, one button, one link): its JS ${stackReference.jsGzipKB} KB gzip in ${stackReference.scripts} scripts${stackFigures}. Targets (#44): JS <= ${STACK_TARGETS.jsLanding}x on the landing page and <= ${STACK_TARGETS.jsRoute}x on every route, CPU after the first paint <= ${STACK_TARGETS.cpuAfterFcp}x, performance ${STACK_TARGETS.performance} where the stack reference scores ${STACK_TARGETS.performance}.`,
  );
  console.table(stackRatios.map((row) => ({ ...row, route: label(row.route) })));
  let inpTable;
  if (interactions) {
    inpTable = interactionTable(interactions.site, interactions.references);
    console.log(
      `\nInteraction to next paint (${INP_VIEWPORT.width} px, ${CPU_SLOWDOWN}x CPU slowdown, Event Timing's worst entry of the interaction; median of the runs, '<16' under the API's threshold). Targets (#44): each <= ${INP_TARGETS.maxMs} ms and <= ${INP_TARGETS.maxRatio}x the stack reference's interaction of its kind (its button for a change in place, its link for a navigation).`,
    );
    console.table(inpTable);
  }
  if (machine)
    console.log(
      `Machine (what TBT is stretched by, shared/build/README.md): a fresh Chromium opening a blank page uses ${machine.blankPage.cpuMs} ms of CPU (${machine.blankPage.userMs} user, ${machine.blankPage.systemMs} system) and takes ${machine.blankPage.pageFaults} page faults; a first touch of memory costs ${machine.firstTouchMicrosPerPage} µs per 4 KiB page`,
    );
  const file = path.join(resultsDir, `routes-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  const results = JSON.stringify(
    {
      measuredAt: new Date().toISOString(),
      machine,
      rows,
      reference,
      stackReference,
      ratios,
      stackRatios,
      interactions,
      interactionTable: inpTable,
      costs: costTable(costs),
    },
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
