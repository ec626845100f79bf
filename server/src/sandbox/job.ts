// Checks a SandboxJob and turns it into the plan the sandbox is built from. A job that breaks the contract is
// the caller's bug: it runs nothing and ends 'sandbox-failed' with the reason.

import path from 'node:path';
import { clampMemoryBytes, clampUnpackedBytes, clampWallMs } from './limits';
import type { ArchiveFormat, ReadOnlyLayer, SandboxJob } from './types';

export const WORK_DIR = '/work';
export const SCRATCH_NAME = '.tmp';
export const OUT_DIR = '/out';
export const HARNESS_SANDBOX_DIR = '/opt/side-quest/harness';

/** The variables every run gets; a job's `env` adds to them and may not replace them. */
export const FIXED_ENV: Readonly<Record<string, string>> = {
  PATH: '/usr/bin:/bin',
  HOME: WORK_DIR,
  TMPDIR: `${WORK_DIR}/${SCRATCH_NAME}`,
  LANG: 'C.UTF-8',
};

export interface PreparedJob {
  archive: { hostPath: string; format: ArchiveFormat; maxUnpackedBytes: number } | null;
  /** Paths relative to the unpacking folder that the archive may not hold: the job's, each layer's, the scratch folder. */
  reservedPaths: string[];
  layers: ReadOnlyLayer[];
  outputDir: string | null;
  command: string[];
  resultsPath: string | null;
  env: Record<string, string>;
  memoryBytes: number;
  wallMs: number;
}

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const FORMATS: ArchiveFormat[] = ['zip', 'tar.gz', 'git-bundle'];

/** 'a/./b' -> 'a/b'; null for an absolute path, a '..' component, a NUL or nothing at all. */
export function normalizeRelativePath(value: string): string | null {
  if (value.includes('\0') || value.startsWith('/')) return null;
  const parts = value.split('/').filter((part) => part !== '' && part !== '.');
  if (parts.length === 0 || parts.includes('..')) return null;
  return parts.join('/');
}

/** A layer's place in the sandbox: strictly under /work (not the scratch folder) or under /opt/side-quest (not the harness). */
export function checkLayerPath(sandboxPath: string): string | null {
  if (!sandboxPath.startsWith('/')) return 'is not absolute';
  const relative = normalizeRelativePath(sandboxPath.slice(1));
  if (relative === null) return 'is not a clean absolute path';
  const clean = `/${relative}`;
  const underWork = clean.startsWith(`${WORK_DIR}/`);
  const underOpt = clean.startsWith('/opt/side-quest/');
  if (!underWork && !underOpt) return 'is not under /work or /opt/side-quest';
  const scratch = `${WORK_DIR}/${SCRATCH_NAME}`;
  if (clean === scratch || clean.startsWith(`${scratch}/`)) return 'is inside the scratch folder';
  if (clean === HARNESS_SANDBOX_DIR || clean.startsWith(`${HARNESS_SANDBOX_DIR}/`))
    return "is the harness's folder";
  return null;
}

export function prepareJob(job: SandboxJob): { job: PreparedJob } | { problem: string } {
  const problems: string[] = [];
  if (
    !Array.isArray(job.command) ||
    job.command.some((arg) => typeof arg !== 'string' || arg.includes('\0'))
  ) {
    problems.push('command must be an array of strings without NUL');
  } else if (job.command.length > 0 && job.command[0] === '') {
    problems.push('command[0] is empty');
  }

  let archive: PreparedJob['archive'] = null;
  if (job.archive) {
    if (!path.isAbsolute(job.archive.hostPath)) problems.push('archive.hostPath must be absolute');
    if (!FORMATS.includes(job.archive.format))
      problems.push(`archive.format must be one of ${FORMATS.join(', ')}`);
    archive = {
      hostPath: job.archive.hostPath,
      format: job.archive.format,
      maxUnpackedBytes: clampUnpackedBytes(job.archive.maxUnpackedBytes),
    };
  }

  const unpackRoot = job.outputDir ? OUT_DIR : WORK_DIR;
  const reserved = new Set<string>(job.outputDir ? [] : [SCRATCH_NAME]);
  for (const reservedPath of job.reservedPaths ?? []) {
    const clean = normalizeRelativePath(reservedPath);
    if (clean === null)
      problems.push(`reserved path ${JSON.stringify(reservedPath)} is not a clean relative path`);
    else reserved.add(clean);
  }

  const layers: ReadOnlyLayer[] = [];
  for (const layer of job.layers ?? []) {
    const problem = checkLayerPath(layer.sandboxPath);
    if (problem) problems.push(`layer ${JSON.stringify(layer.sandboxPath)} ${problem}`);
    if (!path.isAbsolute(layer.hostPath))
      problems.push(`layer ${JSON.stringify(layer.hostPath)} is not absolute`);
    if (problem || !path.isAbsolute(layer.hostPath)) continue;
    const sandboxPath = path.posix.normalize(layer.sandboxPath);
    layers.push({ hostPath: path.resolve(layer.hostPath), sandboxPath });
    // An archive may not put files where a layer is mounted: they would be hidden, or written through it.
    if (sandboxPath.startsWith(`${unpackRoot}/`)) reserved.add(sandboxPath.slice(unpackRoot.length + 1));
  }

  if (job.outputDir !== undefined && !path.isAbsolute(job.outputDir))
    problems.push('outputDir must be absolute');

  let resultsPath: string | null = null;
  if (job.resultsPath !== null) {
    resultsPath = typeof job.resultsPath === 'string' ? normalizeRelativePath(job.resultsPath) : null;
    if (resultsPath === null) problems.push('resultsPath must be a clean path relative to /work');
  }

  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(job.env ?? {})) {
    if (!ENV_NAME.test(name)) problems.push(`env name ${JSON.stringify(name)} is not a variable name`);
    else if (name in FIXED_ENV) problems.push(`env ${name} is set by the sandbox`);
    else if (typeof value !== 'string' || value.includes('\0'))
      problems.push(`env ${name} must be a string without NUL`);
    else env[name] = value;
  }

  if (problems.length > 0) return { problem: `the job is invalid: ${problems.join('; ')}` };
  return {
    job: {
      archive,
      reservedPaths: [...reserved],
      layers,
      outputDir: job.outputDir ? path.resolve(job.outputDir) : null,
      command: [...job.command],
      resultsPath,
      env,
      memoryBytes: clampMemoryBytes(job.memoryBytes),
      wallMs: clampWallMs(job.wallMs),
    },
  };
}
