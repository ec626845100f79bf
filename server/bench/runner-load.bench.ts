/**
 * Pages beside hostile entries (issue 56 item 6: "while five hostile entries run, uncached pages stay
 * within 1.3× of their idle p50"). The real server process over the production build (demo data, the
 * HTML cache off, its own runner off) on 127.0.0.1; a separate process at nice 10, as a runner works,
 * keeps five hostile entries running through runInSandbox, each started again as soon as it ends: a fork
 * bomb, a memory bomb, endless output, a CPU spin and a disk filler, each with the smallest limits
 * (256 MiB, 10 s). --rounds times, idle then loaded: --requests sequential GETs of each route of
 * benchRoutes, interleaved. Prints idle and loaded p50/p90 per route and the ratio of the p50s.
 * Needs root, bubblewrap and cgroup v1. Prints its figures; not a test.
 *
 *   npm run build && node node_modules/.bin/tsx server/bench/runner-load.bench.ts [--rounds 2] [--requests 5]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { startSite } from '@side-quest/build/e2e';
import { probeSandbox, runInSandbox } from '../src/sandbox';
import { benchRoutes } from './benchRoutes';
import { benchOption } from './benchOption';

const ROUNDS = benchOption('rounds', 2);
const REQUESTS = benchOption('requests', 5);

const python = (source: string) => ['/usr/bin/python3', '-c', source];
const HOSTILE: Record<string, string[]> = {
  'fork bomb': python(
    'import os, time\nwhile True:\n    try:\n        if os.fork() == 0:\n            time.sleep(60)\n            os._exit(0)\n    except OSError:\n        time.sleep(0.01)',
  ),
  'memory bomb': python('blocks = []\nwhile True: blocks.append(bytearray(16 << 20))'),
  'endless output': python('import sys\nwhile True: sys.stdout.write("spam " * 10000)'),
  'CPU spin': ['/usr/bin/node', '-e', 'for (;;) {}'],
  'disk fill': [
    '/bin/sh',
    '-c',
    'while true; do dd if=/dev/zero of=/work/fill bs=1M count=1024 2>/dev/null; rm -f /work/fill; done',
  ],
};

/** The hostile process: each entry run again as soon as it ends, until SIGTERM stops them all. */
async function runHostileEntries(): Promise<void> {
  const probe = await probeSandbox();
  if (!probe.ok) throw new Error(`no sandbox here: ${probe.reason}`);
  const stop = new AbortController();
  process.once('SIGTERM', () => stop.abort());
  const ended: Record<string, string[]> = {};
  await Promise.all(
    Object.entries(HOSTILE).map(async ([name, command]) => {
      while (!stop.signal.aborted) {
        const outcome = await runInSandbox(
          { command, layers: [], resultsPath: null, memoryBytes: 256 * 1024 * 1024, wallMs: 10_000 },
          { signal: stop.signal },
        );
        (ended[name] ??= []).push(outcome.status);
      }
    }),
  );
  for (const [name, statuses] of Object.entries(ended)) {
    const counts = statuses.reduce<Record<string, number>>(
      (all, s) => ({ ...all, [s]: (all[s] ?? 0) + 1 }),
      {},
    );
    console.log(`${name}: ${JSON.stringify(counts)}`);
  }
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

function startHostileProcess(): ChildProcess {
  const tsx = path.resolve(__dirname, '../../node_modules/.bin/tsx');
  return spawn('nice', ['-n', '10', process.execPath, tsx, __filename, '--hostile'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
}

async function main(): Promise<void> {
  const site = await startSite({ env: { SEED_DEMO: '1', HTML_CACHE_MS: '0', RUNNER: 'off' } });
  const hostileSummaries: string[] = [];
  try {
    const routes = await benchRoutes(site.baseUrl);
    const times: Record<string, { idle: number[]; loaded: number[] }> = {};
    for (const route of routes) times[route] = { idle: [], loaded: [] };
    let client = 0;
    const measure = async (phase: 'idle' | 'loaded') => {
      for (let n = 0; n < REQUESTS; n += 1)
        for (const route of routes) {
          const start = performance.now();
          // Each request from its own client address (loopback's X-Forwarded-For is trusted), so per-client
          // limits do not meet.
          client = (client % 250) + 1;
          const headers = { 'X-Forwarded-For': `198.51.100.${client}` };
          const response = await fetch(site.baseUrl + route, { headers });
          await response.text();
          if (response.status !== 200) throw new Error(`${route}: ${response.status}`);
          times[route]?.[phase].push(performance.now() - start);
        }
    };
    for (const route of routes) await (await fetch(site.baseUrl + route)).text(); // warm
    for (let round = 0; round < ROUNDS; round += 1) {
      await measure('idle');
      const hostile = startHostileProcess();
      let output = '';
      hostile.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      // Measure once every hostile entry has started (the fork bomb's first run has ended by then).
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      try {
        await measure('loaded');
      } finally {
        hostile.kill('SIGTERM');
        await once(hostile, 'exit');
      }
      hostileSummaries.push(output.trim());
    }
    console.log(
      `uncached pages, idle and beside five hostile entries: ${ROUNDS} rounds × ${REQUESTS} GETs (ms)`,
    );
    console.log(
      'route                                  idle p50  idle p90  loaded p50  loaded p90  ratio p50',
    );
    const ratios: number[] = [];
    for (const [route, { idle, loaded }] of Object.entries(times)) {
      const ratio = percentile(loaded, 50) / percentile(idle, 50);
      ratios.push(ratio);
      const cells = [
        percentile(idle, 50),
        percentile(idle, 90),
        percentile(loaded, 50),
        percentile(loaded, 90),
      ];
      console.log(
        `${route.slice(0, 38).padEnd(38)} ${cells[0]?.toFixed(0).padStart(8)}  ${cells[1]?.toFixed(0).padStart(8)}  ` +
          `${cells[2]?.toFixed(0).padStart(10)}  ${cells[3]?.toFixed(0).padStart(10)}  ${ratio.toFixed(2).padStart(8)}x`,
      );
    }
    console.log(`worst ratio ${Math.max(...ratios).toFixed(2)}x (target ≤ 1.3x)`);
    console.log(`hostile runs' outcomes per round:\n${hostileSummaries.join('\n---\n')}`);
  } finally {
    await site.stop();
  }
}

(process.argv.includes('--hostile') ? runHostileEntries() : main()).catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
