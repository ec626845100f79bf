// probeSandbox: the host's readiness, then a real sandbox that reports which runtimes it sees inside.

import { hostReadiness } from './readiness';
import { runInSandbox } from './runInSandbox';
import type { RuntimeId, SandboxProbe } from './types';

const RUNTIME_REPORT = [
  'v=$(/usr/bin/node --version 2>/dev/null) && echo "node=$v"',
  '/usr/bin/python3 -c "import pytest" 2>/dev/null && echo "pytest=yes"',
  'exit 0',
].join('\n');

/** The runtimes named by the trial sandbox's output. */
export function runtimesFromReport(log: string): RuntimeId[] {
  const runtimes: RuntimeId[] = [];
  if (/^node=v20\./m.test(log)) runtimes.push('node20');
  if (/^pytest=yes$/m.test(log)) runtimes.push('python3-pytest');
  return runtimes;
}

export async function probeSandbox(): Promise<SandboxProbe> {
  const reason = await hostReadiness();
  if (reason) return { ok: false, reason, runtimes: [] };
  const trial = await runInSandbox({
    command: ['/bin/sh', '-c', RUNTIME_REPORT],
    layers: [],
    resultsPath: null,
    memoryBytes: 512 * 1024 * 1024,
    wallMs: 30_000,
  });
  if (trial.status !== 'completed' || trial.exitCode !== 0) {
    const detail = trial.failure ?? trial.log.trim().slice(-500);
    return { ok: false, reason: `a trial sandbox ended '${trial.status}': ${detail}`, runtimes: [] };
  }
  return { ok: true, reason: null, runtimes: runtimesFromReport(trial.log) };
}
