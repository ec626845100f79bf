/**
 * The sandbox's own cost (server/src/sandbox): `node -e 0` and `python3 -c 0` run bare (spawned directly, as root,
 * no limits) and through runInSandbox (cgroups, unshare + setpriv launcher, bwrap, seccomp, the Python harness,
 * the results channel, cleanup), interleaved, with the median and p90 of each; then the sandbox's parts for
 * `true` alone. Needs root, bubblewrap and cgroup v1. Prints its figures; not a test.
 *
 *   node node_modules/.bin/tsx server/bench/sandbox-overhead.bench.ts [--runs 15]
 */
import { spawnSync } from 'node:child_process';
import { probeSandbox, runInSandbox } from '../src/sandbox';
import { benchOption } from './benchOption';

const RUNS = benchOption('runs', 15);

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

function bare(command: string[]): number {
  const start = performance.now();
  const result = spawnSync(command[0] ?? '', command.slice(1), { stdio: 'ignore' });
  if (result.status !== 0) throw new Error(`${command.join(' ')} failed bare`);
  return performance.now() - start;
}

async function sandboxed(command: string[]): Promise<number> {
  const start = performance.now();
  const outcome = await runInSandbox({
    command,
    layers: [],
    resultsPath: null,
    memoryBytes: 512 * 1024 * 1024,
  });
  if (outcome.status !== 'completed' || outcome.exitCode !== 0) {
    throw new Error(
      `${command.join(' ')} in the sandbox: ${outcome.status} ${outcome.failure ?? outcome.log}`,
    );
  }
  return performance.now() - start;
}

async function main(): Promise<void> {
  const probe = await probeSandbox();
  if (!probe.ok) throw new Error(`no sandbox here: ${probe.reason}`);
  const commands: Record<string, string[]> = {
    'node -e 0': ['/usr/bin/node', '-e', '0'],
    'python3 -c 0': ['/usr/bin/python3', '-c', '0'],
    true: ['/usr/bin/true'],
  };
  const times: Record<string, { bare: number[]; sandboxed: number[] }> = {};
  for (const name of Object.keys(commands)) times[name] = { bare: [], sandboxed: [] };
  for (let run = 0; run < RUNS; run += 1) {
    for (const [name, command] of Object.entries(commands)) {
      times[name]?.bare.push(bare(command));
      times[name]?.sandboxed.push(await sandboxed(command));
    }
  }
  console.log(`sandbox overhead, ${RUNS} interleaved runs each (ms; p50 / p90)`);
  console.log('command        bare p50  bare p90  sandboxed p50  sandboxed p90  added p50');
  for (const [name, { bare: b, sandboxed: s }] of Object.entries(times)) {
    const row = [percentile(b, 50), percentile(b, 90), percentile(s, 50), percentile(s, 90)].map((v) =>
      v.toFixed(0),
    );
    const added = (percentile(s, 50) - percentile(b, 50)).toFixed(0);
    console.log(
      `${name.padEnd(14)} ${row[0]?.padStart(8)}  ${row[1]?.padStart(8)}  ${row[2]?.padStart(13)}  ${row[3]?.padStart(13)}  ${added.padStart(9)}`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
