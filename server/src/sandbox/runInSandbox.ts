// One run: checks the job, makes the run's cgroups, starts the launcher (which joins them as root, drops to the
// sandbox uid and execs bwrap), reads output and the results channel, enforces the wall clock from outside, then
// kills whatever is left in the groups and removes them. No code runs unless every step of the sandbox is in place.

import { spawn, type StdioOptions } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { constants, promises as fs } from 'node:fs';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { bwrapOptions, encodeArgs, FD, harnessCommand, STAGE_DIR, stagedBinds } from './bwrapArgs';
import {
  createRunGroups,
  killRunGroups,
  procsFiles,
  readRunStats,
  removeRunGroups,
  type RunGroups,
} from './cgroups';
import { CHANNEL_MAX_BYTES, parseChannel } from './frames';
import { prepareJob, type PreparedJob } from './job';
import { decideOutcome, type StopReason } from './outcome';
import { OutputTail } from './outputTail';
import { hostReadiness } from './readiness';
import { claimSandboxUid, releaseSandboxUid } from './sandboxUser';
import { seccompFilter } from './seccomp';
import type { SandboxJob, SandboxOutcome } from './types';

export const HARNESS_HOST_DIR = path.join(__dirname, 'harness');

/**
 * Runs as root, in a private mount namespace (`unshare --mount`): mounts a staging tmpfs over STAGE_DIR and binds
 * each host folder into it, writes its own pid into each group's cgroup.procs, then becomes the sandbox uid with
 * no groups, no capabilities and no_new_privs, and execs bwrap, whose options wait on FD.args.
 * argv: STAGE_DIR, bind count, (name, host path) per bind, group count, the cgroup.procs files, uid, gid, command.
 */
const LAUNCHER = `
stage=$1; shift
mount -t tmpfs -o mode=0755,size=65536 side-quest-stage "$stage" || exit 125
n=$1; shift
while [ "$n" -gt 0 ]; do
  if [ -d "$2" ]; then mkdir "$stage/$1"; else : > "$stage/$1"; fi || exit 125
  mount --bind "$2" "$stage/$1" || exit 125
  shift 2; n=$((n - 1))
done
n=$1; shift
while [ "$n" -gt 0 ]; do
  echo $$ > "$1" || exit 125
  shift; n=$((n - 1))
done
uid=$1; gid=$2; shift 2
exec /usr/bin/setpriv --reuid="$uid" --regid="$gid" --clear-groups --inh-caps=-all --bounding-set=-all --no-new-privs -- /usr/bin/bwrap --args ${FD.args} -- "$@"
`;

let runCounter = 0;

function failed(failure: string, startedAt: number): SandboxOutcome {
  return {
    status: 'sandbox-failed',
    exitCode: null,
    signal: null,
    log: '',
    logTruncated: false,
    results: null,
    resultsProblem: null,
    archiveProblems: [],
    failure,
    wallMs: Date.now() - startedAt,
    maxMemoryBytes: null,
  };
}

/**
 * The archive, opened by root and handed to the harness as FD.archive (so the sandbox uid needs no permission on
 * it), and the output folder made the sandbox uid's.
 */
async function openArchive(job: PreparedJob, uid: number): Promise<fs.FileHandle | null> {
  if (job.outputDir) {
    const info = await fs.lstat(job.outputDir);
    if (!info.isDirectory()) throw new Error('outputDir is not a folder');
    if ((await fs.readdir(job.outputDir)).length > 0) throw new Error('outputDir is not empty');
    await fs.chown(job.outputDir, uid, uid);
  }
  if (!job.archive) return null;
  const archive = await fs.open(job.archive.hostPath, constants.O_RDONLY | constants.O_NOFOLLOW);
  if (!(await archive.stat()).isFile()) {
    await archive.close();
    throw new Error('the archive is not a regular file');
  }
  return archive;
}

export async function runInSandbox(
  job: SandboxJob,
  options: { signal?: AbortSignal } = {},
): Promise<SandboxOutcome> {
  const startedAt = Date.now();
  const prepared = prepareJob(job);
  if ('problem' in prepared) return failed(prepared.problem, startedAt);
  const notReady = await hostReadiness();
  if (notReady) return failed(notReady, startedAt);
  if (options.signal?.aborted) return failed('the run was stopped by its caller', startedAt);
  const uid = claimSandboxUid();
  if (uid === null) return failed('every sandbox uid is in use', startedAt);
  try {
    return await runPrepared(prepared.job, uid, startedAt, options.signal);
  } finally {
    releaseSandboxUid(uid);
  }
}

async function runPrepared(
  job: PreparedJob,
  uid: number,
  startedAt: number,
  abortSignal: AbortSignal | undefined,
): Promise<SandboxOutcome> {
  let filter: Buffer;
  let archive: fs.FileHandle | null;
  let groups: RunGroups;
  try {
    filter = await seccompFilter();
    archive = await openArchive(job, uid);
  } catch (error) {
    return failed((error as Error).message, startedAt);
  }
  try {
    runCounter += 1;
    groups = await createRunGroups(
      `${process.pid}-${runCounter}-${randomBytes(4).toString('hex')}`,
      job.memoryBytes,
    );
  } catch (error) {
    await archive?.close();
    return failed(`the run's cgroups could not be made: ${(error as Error).message}`, startedAt);
  }

  const files = procsFiles(groups);
  const stdio: StdioOptions = [
    'ignore',
    'pipe',
    'pipe',
    'pipe',
    'pipe',
    'pipe',
    archive ? archive.fd : 'ignore',
  ];
  const binds = stagedBinds(job, HARNESS_HOST_DIR);
  const child = spawn(
    '/usr/bin/unshare',
    [
      '--mount',
      '--propagation',
      'private',
      '--',
      '/bin/sh',
      '-c',
      LAUNCHER,
      'side-quest-sandbox',
      STAGE_DIR,
      String(binds.length),
      ...binds.flat(),
      String(files.length),
      ...files,
      String(uid),
      String(uid),
      ...harnessCommand(job),
    ],
    {
      stdio,
      // Nothing of the server's environment: bwrap's init (pid 1 inside) keeps the environment it was started with.
      env: {},
      cwd: '/',
    },
  );
  await archive?.close();

  const tail = new OutputTail();
  const channelChunks: Buffer[] = [];
  let channelBytes = 0;
  let channelOverflowed = false;
  let stoppedBy: StopReason | null = null;
  let killing: Promise<boolean> | null = null;
  const stop = (reason: StopReason) => {
    stoppedBy ??= reason;
    // The launcher itself too: stopped before it has joined the groups, it would start bwrap outside their reach
    // (bwrap's --die-with-parent then ends the sandbox with it).
    child.kill('SIGKILL');
    killing ??= killRunGroups(groups);
  };

  const onOutput = (chunk: Buffer) => {
    if (!tail.push(chunk)) stop('output-overflow');
  };
  const streams = child.stdio as ReadonlyArray<Readable | Writable | null | undefined>;
  (streams[1] as Readable).on('data', onOutput);
  (streams[2] as Readable).on('data', onOutput);
  (streams[4] as Readable).on('data', (chunk: Buffer) => {
    channelBytes += chunk.length;
    if (channelBytes > CHANNEL_MAX_BYTES) channelOverflowed = true;
    else channelChunks.push(chunk);
  });
  for (const [fd, bytes] of [
    [FD.seccomp, filter],
    [FD.args, encodeArgs(bwrapOptions(job))],
  ] as const) {
    const stream = streams[fd] as Writable;
    stream.on('error', () => undefined); // bwrap gone before reading: the exit says why
    stream.end(bytes);
  }

  const timer = setTimeout(() => stop('timed-out'), job.wallMs);
  const onAbort = () => stop('aborted');
  abortSignal?.addEventListener('abort', onAbort);
  // An abort between the first check and the listener fires no event: look again, or the run would go on to its wall limit.
  if (abortSignal?.aborted) onAbort();
  const exit = await new Promise<{ code: number | null; signal: string | null; spawnError: Error | null }>(
    (resolve) => {
      child.on('error', (error) => resolve({ code: null, signal: null, spawnError: error }));
      child.on('close', (code, signal) => resolve({ code, signal, spawnError: null }));
    },
  );
  clearTimeout(timer);
  abortSignal?.removeEventListener('abort', onAbort);

  const stats = await readRunStats(groups);
  await (killing ?? killRunGroups(groups));
  await removeRunGroups(groups);
  const wallMs = Date.now() - startedAt;
  if (exit.spawnError) return failed(`the launcher could not start: ${exit.spawnError.message}`, startedAt);

  const log = tail.text();
  const decided = decideOutcome({
    stoppedBy,
    oomKills: stats.oomKills,
    channel: parseChannel(Buffer.concat(channelChunks), channelOverflowed),
    exitCode: exit.code,
    signal: exit.signal,
    logTail: log,
    expectsResults: job.resultsPath !== null,
  });
  return { ...decided, log, logTruncated: tail.truncated, wallMs, maxMemoryBytes: stats.maxMemoryBytes };
}
