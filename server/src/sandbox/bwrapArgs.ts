// The bubblewrap command line of one run, and the plan the in-sandbox harness follows. bwrap, running as the
// sandbox uid, could not reach a folder under DATA_DIR (0700), so the launcher, still root, first binds each host
// folder into a staging tmpfs in a private mount namespace (STAGE_DIR/<name>), and bwrap binds from there. No host
// path reaches bwrap's argv (bwrap's init, pid 1 inside, is readable by the entry): its options come on FD.args.

import { ARCHIVE_MAX_FILES, workFolderBytes } from './limits';
import { FIXED_ENV, HARNESS_SANDBOX_DIR, OUT_DIR, SCRATCH_NAME, WORK_DIR, type PreparedJob } from './job';

/** Where each descriptor sits in the launcher's (and so bwrap's) descriptor table. */
export const FD = {
  seccomp: 3,
  channel: 4,
  args: 5,
  archive: 6,
} as const;

/** A host folder, 0755 and empty, over which each run's launcher mounts its own staging tmpfs. */
export const STAGE_DIR = '/run/side-quest-sandbox';

/** What the launcher binds into the staging folder: [name under STAGE_DIR, host path]. */
export function stagedBinds(job: PreparedJob, harnessHostDir: string): Array<[string, string]> {
  const binds: Array<[string, string]> = [['harness', harnessHostDir]];
  if (job.outputDir) binds.push(['out', job.outputDir]);
  job.layers.forEach((layer, index) => binds.push([`layer-${index}`, layer.hostPath]));
  return binds;
}

export const PYTHON = '/usr/bin/python3';
export const HARNESS_SCRIPT = `${HARNESS_SANDBOX_DIR}/sandbox_init.py`;

/** What harness/sandbox_init.py reads from its argv. */
export interface HarnessSpec {
  channelFd: number;
  archiveFd: number | null;
  archiveFormat: string | null;
  maxFiles: number;
  maxUnpackedBytes: number;
  reservedPaths: string[];
  unpackInto: string;
  command: string[];
  resultsPath: string | null;
  /** A preparation job's command wrote into /out: check what it left by the archive rules. */
  checkOutput: boolean;
}

export function harnessSpec(job: PreparedJob): HarnessSpec {
  return {
    channelFd: FD.channel,
    archiveFd: job.archive ? FD.archive : null,
    archiveFormat: job.archive?.format ?? null,
    maxFiles: ARCHIVE_MAX_FILES,
    maxUnpackedBytes: job.archive?.maxUnpackedBytes ?? 0,
    reservedPaths: job.reservedPaths,
    unpackInto: job.outputDir ? OUT_DIR : WORK_DIR,
    command: job.command,
    resultsPath: job.resultsPath,
    checkOutput: job.outputDir !== null && job.command.length > 0,
  };
}

/** bwrap's options (passed NUL-separated on FD.args, so no host detail shows in bwrap's argv). */
export function bwrapOptions(job: PreparedJob): string[] {
  const args = [
    // Namespaces: no network, no view of the host's processes, and no nested user namespace in which the entry
    // could make itself root (bwrap 0.8 wants --unshare-user spelled out for --disable-userns).
    '--unshare-all',
    '--unshare-user',
    '--disable-userns',
    '--assert-userns-disabled',
    '--die-with-parent',
    '--new-session',
    '--cap-drop',
    'ALL',
    '--hostname',
    'sandbox',
    '--clearenv',
  ];
  for (const [name, value] of Object.entries({ ...FIXED_ENV, ...job.env }))
    args.push('--setenv', name, value);
  args.push(
    '--ro-bind',
    '/usr',
    '/usr',
    '--symlink',
    'usr/lib',
    '/lib',
    '--symlink',
    'usr/lib64',
    '/lib64',
    '--symlink',
    'usr/bin',
    '/bin',
    '--symlink',
    'usr/sbin',
    '/sbin',
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    '--size',
    String(workFolderBytes(job.memoryBytes)),
    '--tmpfs',
    WORK_DIR,
    '--dir',
    `${WORK_DIR}/${SCRATCH_NAME}`,
    '--symlink',
    `${WORK_DIR}/${SCRATCH_NAME}`,
    '/tmp',
    '--ro-bind',
    `${STAGE_DIR}/harness`,
    HARNESS_SANDBOX_DIR,
  );
  if (job.outputDir) args.push('--bind', `${STAGE_DIR}/out`, OUT_DIR);
  job.layers.forEach((layer, index) =>
    args.push('--ro-bind', `${STAGE_DIR}/layer-${index}`, layer.sandboxPath),
  );
  args.push('--remount-ro', '/', '--chdir', WORK_DIR, '--seccomp', String(FD.seccomp));
  return args;
}

/** What bwrap runs, after `--` on its own command line (bwrap takes the command from argv only). */
export function harnessCommand(job: PreparedJob): string[] {
  return [PYTHON, '-I', '-S', '-B', HARNESS_SCRIPT, JSON.stringify(harnessSpec(job))];
}

/** bwrap's --args format: each argument followed by a NUL. */
export function encodeArgs(args: string[]): Buffer {
  return Buffer.concat(args.map((arg) => Buffer.from(`${arg}\0`, 'utf8')));
}
