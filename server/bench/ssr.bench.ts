/**
 * Server rendering on the production build (run `npm run build` first): the real server process on
 * loopback, measured from outside. Prints its figures; not a test.
 *   - render latency of each route with the HTML cache off (p50/p99 over --requests sequential GETs);
 *   - /bounties served from the HTML cache: requests per second with autocannon, gzip accepted (as
 *     browsers ask) and not;
 *   - the dehydrated state each route carries (the JSON the browser hydrates from).
 *
 *   node node_modules/.bin/tsx server/bench/ssr.bench.ts [--requests 200] [--seconds 10]
 */
import autocannon from 'autocannon';
import { startSite, type RunningSite } from '@side-quest/build/e2e';
import { benchRoutes } from './benchRoutes';

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : fallback;
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

const REQUESTS = option('requests', 200);
const SECONDS = option('seconds', 10);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

async function timeRoute(site: RunningSite, route: string) {
  // Warm: code loaded, data cached by the API.
  for (let i = 0; i < 5; i++) await (await fetch(site.baseUrl + route)).text();
  const times: number[] = [];
  let html = '';
  for (let i = 0; i < REQUESTS; i++) {
    const started = process.hrtime.bigint();
    const response = await fetch(site.baseUrl + route);
    html = await response.text();
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  times.sort((a, b) => a - b);
  const state = /<script type="application\/json" id="sq-ssr">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
  return { p50: percentile(times, 50), p99: percentile(times, 99), html: html.length, state: state.length };
}

async function main() {
  const uncached = await startSite({ env: { HTML_CACHE_MS: '0' } });
  const rows: string[] = [];
  try {
    for (const route of await benchRoutes(uncached.baseUrl)) {
      const figures = await timeRoute(uncached, route);
      rows.push(
        `| ${route.length > 28 ? `${route.slice(0, 25)}...` : route} | ${figures.p50.toFixed(1)} | ${figures.p99.toFixed(1)} | ${(figures.html / 1024).toFixed(1)} | ${(figures.state / 1024).toFixed(1)} |`,
      );
    }
  } finally {
    await uncached.stop();
  }
  console.log(`\nServer render, HTML cache off (${REQUESTS} sequential requests per route, loopback)\n`);
  console.log('| route | p50 ms | p99 ms | HTML KB | dehydrated state KB |');
  console.log('|---|---|---|---|---|');
  rows.forEach((row) => console.log(row));

  const cached = await startSite();
  try {
    const url = `${cached.baseUrl}/bounties`;
    await (await fetch(url)).text();
    // As a browser asks (gzip accepted), and as a client that takes the bytes as they are.
    for (const [label, encoding] of [
      ['gzip', 'gzip, deflate, br'],
      ['plain', 'identity'],
    ] as const) {
      const result = await autocannon({
        url,
        connections: 10,
        duration: SECONDS,
        headers: { 'accept-encoding': encoding },
      });
      console.log(
        `\n/bounties from the HTML cache (${label}): ${Math.round(result.requests.average)} requests/s, ` +
          `latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${result.non2xx} non-2xx, ` +
          `${result.errors} errors (autocannon, 10 connections, ${SECONDS} s)`,
      );
    }
  } finally {
    await cached.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
