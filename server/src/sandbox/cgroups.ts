// cgroup v1 groups of one run (memory, pids, cpu), made under the cgroups this process already belongs to, so a
// sandbox stays inside whatever limits the runner itself is given. The launcher joins them as root before it
// drops to the sandbox's uid; every process of the sandbox inherits them.

import { promises as fs, readFileSync } from 'node:fs';
import path from 'node:path';
import { CPU_PERIOD_US, CPU_QUOTA_US, PIDS_MAX, SANDBOXES_CPU_SHARES } from './limits';

export const CGROUP_ROOT = '/sys/fs/cgroup';
export const CONTROLLERS = ['memory', 'pids', 'cpu'] as const;
export type Controller = (typeof CONTROLLERS)[number];

const GROUP_PARENT = 'side-quest-sandbox';

export interface RunGroups {
  dirs: Record<Controller, string>;
}

/** This process's group path per v1 controller, from /proc/self/cgroup ('4:memory:/a/b' -> '/a/b'). */
export function ownGroupPaths(procSelfCgroup: string): Partial<Record<Controller, string>> {
  const found: Partial<Record<Controller, string>> = {};
  for (const line of procSelfCgroup.split('\n')) {
    const match = /^\d+:([^:]*):(.*)$/.exec(line);
    if (!match) continue;
    for (const controller of (match[1] ?? '').split(',')) {
      if ((CONTROLLERS as readonly string[]).includes(controller))
        found[controller as Controller] = match[2] ?? '/';
    }
  }
  return found;
}

/** The folder under which this process's sandboxes get their groups, per controller; throws naming what is missing. */
export function parentDirs(): Record<Controller, string> {
  const own = ownGroupPaths(readFileSync('/proc/self/cgroup', 'utf8'));
  const dirs = {} as Record<Controller, string>;
  for (const controller of CONTROLLERS) {
    const groupPath = own[controller];
    if (groupPath === undefined) throw new Error(`the cgroup v1 controller "${controller}" is not mounted`);
    dirs[controller] = path.join(CGROUP_ROOT, controller, groupPath, GROUP_PARENT);
  }
  return dirs;
}

/** The files a limit is written to, in order (memsw after memory: it may not be below it). */
export function limitWrites(memoryBytes: number, hasMemsw: boolean): Array<[Controller, string, string]> {
  const writes: Array<[Controller, string, string]> = [
    ['memory', 'memory.limit_in_bytes', String(memoryBytes)],
  ];
  if (hasMemsw) writes.push(['memory', 'memory.memsw.limit_in_bytes', String(memoryBytes)]);
  writes.push(
    ['pids', 'pids.max', String(PIDS_MAX)],
    ['cpu', 'cpu.cfs_period_us', String(CPU_PERIOD_US)],
    ['cpu', 'cpu.cfs_quota_us', String(CPU_QUOTA_US)],
  );
  return writes;
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

/** What the folder of all sandboxes' groups is given: together they weigh as the runner's nice says. */
export const parentWrites = (): Array<[Controller, string, string]> => [
  ['cpu', 'cpu.shares', String(SANDBOXES_CPU_SHARES)],
];

export async function createRunGroups(name: string, memoryBytes: number): Promise<RunGroups> {
  const parents = parentDirs();
  const dirs = {} as Record<Controller, string>;
  for (const controller of CONTROLLERS) {
    await fs.mkdir(parents[controller], { recursive: true });
    dirs[controller] = path.join(parents[controller], name);
    await fs.mkdir(dirs[controller]);
  }
  for (const [controller, file, value] of parentWrites())
    await fs.writeFile(path.join(parents[controller], file), value);
  const groups = { dirs };
  try {
    const hasMemsw = await exists(path.join(dirs.memory, 'memory.memsw.limit_in_bytes'));
    for (const [controller, file, value] of limitWrites(memoryBytes, hasMemsw)) {
      await fs.writeFile(path.join(dirs[controller], file), value);
    }
  } catch (error) {
    await removeRunGroups(groups);
    throw error;
  }
  return groups;
}

/** The files the launcher writes its own pid to. */
export function procsFiles(groups: RunGroups): string[] {
  return CONTROLLERS.map((controller) => path.join(groups.dirs[controller], 'cgroup.procs'));
}

async function members(groups: RunGroups): Promise<number[]> {
  const pids = new Set<number>();
  for (const file of procsFiles(groups)) {
    const text = await fs.readFile(file, 'utf8').catch(() => '');
    for (const line of text.split('\n')) if (line) pids.add(Number(line));
  }
  return [...pids];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** SIGKILLs every process in the run's groups until none is left (a fork bomb forks between two reads). */
export async function killRunGroups(groups: RunGroups): Promise<boolean> {
  for (let round = 0; round < 500; round += 1) {
    const pids = await members(groups);
    if (pids.length === 0) return true;
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    await sleep(round < 10 ? 2 : 20);
  }
  return false;
}

export interface RunStats {
  maxMemoryBytes: number | null;
  oomKills: number;
}

export async function readRunStats(groups: RunGroups): Promise<RunStats> {
  const read = (file: string) => fs.readFile(path.join(groups.dirs.memory, file), 'utf8').catch(() => '');
  const maxUsage = Number((await read('memory.max_usage_in_bytes')).trim());
  const oomControl = await read('memory.oom_control');
  const oomKill = /^oom_kill (\d+)$/m.exec(oomControl);
  // Kernels without the oom_kill counter: a limit hit that the kernel could not reclaim its way out of.
  const oomKills = oomKill ? Number(oomKill[1]) : /^under_oom 1$/m.test(oomControl) ? 1 : 0;
  return { maxMemoryBytes: Number.isFinite(maxUsage) && maxUsage > 0 ? maxUsage : null, oomKills };
}

/** rmdir of each group once it is empty (a killed process leaves its group a moment after it dies). */
export async function removeRunGroups(groups: RunGroups): Promise<boolean> {
  let removed = true;
  for (const dir of Object.values(groups.dirs)) {
    let done = false;
    for (let attempt = 0; attempt < 100 && !done; attempt += 1) {
      try {
        await fs.rmdir(dir);
        done = true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') done = true;
        else await sleep(20);
      }
    }
    removed &&= done;
  }
  return removed;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the empty groups of runners that died mid-run (a group is named after its runner's pid). */
export async function removeStaleGroups(): Promise<void> {
  for (const parent of Object.values(parentDirs())) {
    const names = await fs.readdir(parent).catch(() => [] as string[]);
    for (const name of names) {
      const pid = Number(/^(\d+)-/.exec(name)?.[1]);
      if (pid > 0 && !isAlive(pid)) await fs.rmdir(path.join(parent, name)).catch(() => undefined);
    }
  }
}
