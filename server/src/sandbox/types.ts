// The sandbox's contract with test-scoring and the runner (/tmp/tools/SANDBOX-CONTRACT.md): index.ts re-exports it.

export type RuntimeId = 'node20' | 'python3-pytest';

export interface SandboxProbe {
  /** Whether this machine can make a sandbox at all (namespaces, bwrap, writable cgroup v1, the uid, seccomp). */
  ok: boolean;
  /** Why not, for the operator's log (null when ok). */
  reason: string | null;
  /** The runtimes found INSIDE a test sandbox: node20 = /usr/bin/node major 20; python3-pytest = /usr/bin/python3 with pytest importable. */
  runtimes: RuntimeId[];
}

/** A read-only bind: a host file or folder made visible at `sandboxPath` (absolute, under /work or /opt/side-quest). */
export interface ReadOnlyLayer {
  hostPath: string;
  sandboxPath: string;
}

export type ArchiveFormat = 'zip' | 'tar.gz' | 'git-bundle';

export interface SandboxJob {
  /**
   * The entrant's or sponsor's archive, a host file opened by the host and unpacked/cloned INSIDE the sandbox into
   * /work (the tmpfs work folder) before the command runs, with the archive rules of issue 56 item 3 enforced
   * while unpacking (20,000 files, 200 MB unpacked unless `maxUnpackedBytes` says less, links only inside,
   * no device/FIFO/setuid, no path leaving its folder; a cloned bundle's tree checked the same way).
   */
  archive?: { hostPath: string; format: ArchiveFormat; maxUnpackedBytes?: number };
  /** Paths (relative to /work) that the unpacked archive must not contain, e.g. ['tests', 'results.xml']. */
  reservedPaths?: string[];
  /** Read-only binds laid over the work folder (the sponsor's tests at /work/tests, node_modules...). */
  layers: ReadOnlyLayer[];
  /**
   * For preparation jobs only (unpacking a sponsor's tests or dependencies archive into a layer): a host folder,
   * empty, bound read-write at /out; the archive is unpacked there instead of /work and `command` may be empty.
   */
  outputDir?: string;
  /** argv run with cwd /work, after unpacking; [] = unpack only. */
  command: string[];
  /** Where the command writes its results, relative to /work (e.g. 'results.xml'); null = no results file. */
  resultsPath: string | null;
  /** The ONLY environment variables passed in, besides PATH=/usr/bin:/bin, HOME=/work, TMPDIR=/work/.tmp, LANG=C.UTF-8. */
  env?: Record<string, string>;
  /** cgroup memory limit: 256 MiB to 2 GiB (default 1 GiB); the tmpfs is capped at half of it. */
  memoryBytes?: number;
  /** Wall-clock limit, enforced from outside (kills the whole sandbox): 10 s to 600 s (default 120 s). */
  wallMs?: number;
}

export type SandboxStatus =
  | 'completed' // the command ran to its end (any exit code); results read (or null if absent)
  | 'timed-out' // the wall-clock limit killed it
  | 'out-of-memory' // the cgroup's memory limit killed something (memory.oom_control's oom_kill)
  | 'output-overflow' // more than 16 MiB of stdout+stderr: stopped
  | 'harness-altered' // the results channel held anything but the harness's frames, or results were not a regular file
  | 'archive-refused' // the archive broke a rule (archiveProblems say which); nothing ran
  | 'sandbox-failed'; // the site's own failure (could not make the sandbox, cgroup write failed...): retry elsewhere

export interface SandboxOutcome {
  status: SandboxStatus;
  exitCode: number | null;
  signal: string | null;
  /** The last 1 MiB of stdout+stderr interleaved as read (UTF-8, invalid bytes replaced). */
  log: string;
  logTruncated: boolean;
  /** The results file's bytes (<= 10 MB, a regular file opened with O_NOFOLLOW inside the sandbox), or null. */
  results: Buffer | null;
  /** Why results are null or refused, in a sentence ('no results file was written', 'results.xml is a symlink'...). */
  resultsProblem: string | null;
  /** archive-refused: each broken rule in a sentence, at most 20. */
  archiveProblems: string[];
  /** sandbox-failed: what failed, for the operator (never shown to entrants). */
  failure: string | null;
  wallMs: number;
  maxMemoryBytes: number | null;
}
