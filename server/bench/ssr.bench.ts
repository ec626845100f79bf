/**
 * Server rendering on the production build (run `npm run build` first): the real server process on
 * loopback, measured from outside. Prints its figures; not a test.
 *   - render latency of each route with the HTML cache off (p50/p99 over --requests sequential GETs);
 *   - /bounties served from the HTML cache: requests per second with autocannon, gzip accepted (as
 *     browsers ask) and not;
 *   - the dehydrated state each route carries (the JSON the browser hydrates from).
 *
 *   node node_modules/.bin/tsx server/bench/ssr.bench.ts [--requests 200] [--seconds 10]
 *     [--only uncached|cached] [--cpu-prof DIR]
 *
 * Each figure also has the server process's own CPU time per request (user + system, from /proc), which
 * moves less with the machine's load than the rates do. `--cpu-prof DIR` takes a V8 CPU profile of the
 * server during each measured load (uncached /bounties, cached gzip, cached plain) into DIR (summarise
 * one with profileTop.ts); `--only` runs one half.
 */
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { startSite, type RunningSite } from '@side-quest/build/e2e';
import { benchRoutes } from './benchRoutes';
import { benchOption } from './benchOption';

function textOption(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

const REQUESTS = benchOption('requests', 200);
const SECONDS = benchOption('seconds', 10);
const ONLY = textOption('only');
const PROFILE_DIR = textOption('cpu-prof');

/** Where each profiled server's preload writes its profiles (`<prefix>-<n>.cpuprofile`). */
const profilePrefixes = new Map<RunningSite, string>();

/** Starts the server; with --cpu-prof, with the preload that profiles it on SIGUSR2. */
async function startMeasuredSite(name: string, extraEnv: Record<string, string> = {}): Promise<RunningSite> {
  // The demo data: its sponsors' records and talent profiles are among the measured routes.
  const env = { SEED_DEMO: '1', ...extraEnv };
  if (!PROFILE_DIR) return startSite({ env });
  fs.mkdirSync(PROFILE_DIR, { recursive: true });
  const prefix = path.resolve(PROFILE_DIR, `${name}-${process.pid}`);
  const preload = path.join(import.meta.dirname, 'cpuProfilePreload.cjs');
  const site = await startSite({
    env: {
      ...env,
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require ${preload}`.trim(),
      SQ_CPU_PROFILE: prefix,
    },
  });
  profilePrefixes.set(site, prefix);
  return site;
}

/** The server's own process: startSite runs tsx, which runs the server in a child process. */
function serverPid(site: RunningSite): number {
  const pid = site.pid as number;
  try {
    const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/);
    return Number(children[0]) || pid;
  } catch {
    return pid;
  }
}

/** CPU time (user + system) the process has used so far, in ms. */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  // utime and stime are fields 14 and 15 of stat, in clock ticks (100 a second on Linux).
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** How many profiles each profiled server has written (the preload numbers its files). */
const profilesTaken = new Map<RunningSite, number>();

/**
 * Runs `load` and returns what it returned with the server's CPU ms it cost. With --cpu-prof and a
 * `profile` name, the server is profiled meanwhile; resolves once the profile is written and says where.
 */
async function measured<T>(
  site: RunningSite,
  profile: string | null,
  load: () => Promise<T>,
): Promise<{ result: T; cpu: number }> {
  const pid = serverPid(site);
  const profiled = PROFILE_DIR !== undefined && profile !== null;
  if (profiled) process.kill(pid, 'SIGUSR2');
  const before = cpuMs(pid);
  const result = await load();
  const cpu = cpuMs(pid) - before;
  if (profiled) {
    process.kill(pid, 'SIGUSR2');
    const taken = (profilesTaken.get(site) ?? 0) + 1;
    profilesTaken.set(site, taken);
    const file = `${profilePrefixes.get(site)}-${taken}.cpuprofile`;
    for (let i = 0; i < 300 && !fs.existsSync(file); i++) await new Promise((done) => setTimeout(done, 100));
    const named = path.join(PROFILE_DIR, `${profile}.cpuprofile`);
    fs.renameSync(file, named);
    console.log(`CPU profile: ${named}`);
  }
  return { result, cpu };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

async function timeRoute(site: RunningSite, route: string) {
  // Warm: code loaded, data cached by the API.
  for (let i = 0; i < 5; i++) await (await fetch(site.baseUrl + route)).text();
  const times: number[] = [];
  let html = '';
  const run = async () => {
    for (let i = 0; i < REQUESTS; i++) {
      const started = process.hrtime.bigint();
      const response = await fetch(site.baseUrl + route);
      html = await response.text();
      times.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
  };
  // Only /bounties (issue 34's figure) is profiled.
  const { cpu } = await measured(site, route === '/bounties' ? 'uncached-bounties' : null, run);
  times.sort((a, b) => a - b);
  const state = /<script type="application\/json" id="sq-ssr">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
  return {
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    cpuPerRequest: cpu / REQUESTS,
    html: html.length,
    state: state.length,
  };
}

async function main() {
  if (ONLY !== 'cached') await measureUncached();
  if (ONLY !== 'uncached') await measureCached();
}

async function measureUncached() {
  const uncached = await startMeasuredSite('uncached', { HTML_CACHE_MS: '0' });
  const rows: string[] = [];
  try {
    for (const route of await benchRoutes(uncached.baseUrl)) {
      const figures = await timeRoute(uncached, route);
      rows.push(
        `| ${route.length > 28 ? `${route.slice(0, 25)}...` : route} | ${figures.p50.toFixed(1)} | ${figures.p99.toFixed(1)} | ${figures.cpuPerRequest.toFixed(1)} | ${(figures.html / 1024).toFixed(1)} | ${(figures.state / 1024).toFixed(1)} |`,
      );
    }
  } finally {
    await uncached.stop();
  }
  console.log(`\nServer render, HTML cache off (${REQUESTS} sequential requests per route, loopback)\n`);
  console.log('| route | p50 ms | p99 ms | server CPU ms per request | HTML KB | dehydrated state KB |');
  console.log('|---|---|---|---|---|---|');
  rows.forEach((row) => console.log(row));
}

async function measureCached() {
  const cached = await startMeasuredSite('cached');
  try {
    const url = `${cached.baseUrl}/bounties`;
    await (await fetch(url)).text();
    // As a browser asks (gzip accepted), and as a client that takes the bytes as they are.
    for (const [label, encoding] of [
      ['gzip', 'gzip, deflate, br'],
      ['plain', 'identity'],
    ] as const) {
      const { result, cpu } = await measured(cached, `cached-${label}`, () =>
        autocannon({ url, connections: 10, duration: SECONDS, headers: { 'accept-encoding': encoding } }),
      );
      const cpuPerRequest = (1000 * cpu) / result.requests.total;
      console.log(
        `\n/bounties from the HTML cache (${label}): ${Math.round(result.requests.average)} requests/s, ` +
          `latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${result.non2xx} non-2xx, ` +
          `${result.errors} errors, server CPU ${cpuPerRequest.toFixed(0)} µs per request ` +
          `(autocannon, 10 connections, ${SECONDS} s)`,
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
