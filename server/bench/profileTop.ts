/**
 * Summarises a V8 CPU profile (`node --cpu-prof`, e.g. `ssr.bench.ts --cpu-prof DIR`): the functions
 * with the most self time, the most total time (self plus everything they called, each sample counted
 * once per function even when it recurses), and self time per package. Prints; not a test.
 *
 *   node node_modules/.bin/tsx server/bench/profileTop.ts FILE.cpuprofile [--top 25]
 */
import fs from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** A function's name as the tables print it: `name (file:line)`, the file shortened to what tells it apart. */
export function frameLabel(frame: ProfileNode['callFrame']): string {
  const name = frame.functionName || '(anonymous)';
  if (!frame.url) return name;
  const file = frame.url
    .replace(/^file:\/\//, '')
    .replace(/^.*\/node_modules\//, '')
    .replace(/^.*\/(server|shared|shell|mfe-[a-z]+)\//, '$1/');
  return `${name} (${file}:${frame.lineNumber + 1})`;
}

/** Where a function lives: an npm package, node's own code, V8's pseudo-frames, or this repo. */
export function packageOf(url: string): string {
  if (!url) return '(V8: gc, idle, program, native)';
  if (url.startsWith('node:')) return 'node core';
  const match = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (match) return match[1] as string;
  return '(this repo)';
}

export interface ProfileSummary {
  totalMs: number;
  /** Sampled time outside the idle pseudo-frame. */
  busyMs: number;
  self: Array<[label: string, ms: number]>;
  total: Array<[label: string, ms: number]>;
  packages: Array<[name: string, ms: number]>;
}

export function summarise(profile: CpuProfile): ProfileSummary {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

  const selfMs = new Map<string, number>();
  const totalMs = new Map<string, number>();
  const packageMs = new Map<string, number>();
  const add = (map: Map<string, number>, key: string, ms: number) => map.set(key, (map.get(key) ?? 0) + ms);
  let all = 0;
  let idle = 0;

  profile.samples.forEach((id, index) => {
    // A sample's time is the gap to the next one (V8 records the delta before each sample).
    const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000;
    all += ms;
    const node = byId.get(id);
    if (!node) return;
    if (node.callFrame.functionName === '(idle)') {
      idle += ms;
      return;
    }
    add(selfMs, frameLabel(node.callFrame), ms);
    add(packageMs, packageOf(node.callFrame.url), ms);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)?.callFrame;
      if (!frame || frame.functionName === '(root)') continue;
      const label = frameLabel(frame);
      if (seen.has(label)) continue;
      seen.add(label);
      add(totalMs, label, ms);
    }
  });

  const sorted = (map: Map<string, number>) => [...map].sort((a, b) => b[1] - a[1]);
  return {
    totalMs: all,
    busyMs: all - idle,
    self: sorted(selfMs),
    total: sorted(totalMs),
    packages: sorted(packageMs),
  };
}

function printTable(title: string, rows: Array<[string, number]>, busyMs: number, top: number) {
  console.log(`\n${title}\n`);
  console.log('| ms | % of busy | function |');
  console.log('|---|---|---|');
  for (const [label, ms] of rows.slice(0, top))
    console.log(
      `| ${ms.toFixed(0)} | ${((100 * ms) / busyMs).toFixed(1)} | ${label.replace(/\|/g, '\\|')} |`,
    );
}

function main() {
  const file = process.argv[2];
  if (!file || file.startsWith('--')) {
    console.error('Usage: profileTop.ts FILE.cpuprofile [--top 25]');
    process.exit(2);
  }
  const topIndex = process.argv.indexOf('--top');
  const top = topIndex > 0 ? Number(process.argv[topIndex + 1]) || 25 : 25;
  const summary = summarise(JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile);
  console.log(
    `${file}: ${(summary.totalMs / 1000).toFixed(1)} s sampled, ${(summary.busyMs / 1000).toFixed(1)} s busy (not idle)`,
  );
  printTable('Self time', summary.self, summary.busyMs, top);
  printTable('Total time (self and callees)', summary.total, summary.busyMs, top);
  printTable('Self time by package', summary.packages, summary.busyMs, 12);
}

if (process.argv[1]?.endsWith('profileTop.ts')) main();
