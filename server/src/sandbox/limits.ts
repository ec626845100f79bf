// The limits of one run (issue 56 items 2 and 3), and the clamping of the ones a job may choose.

const MIB = 1024 * 1024;

export const MEMORY_MIN_BYTES = 256 * MIB;
export const MEMORY_MAX_BYTES = 2048 * MIB;
export const MEMORY_DEFAULT_BYTES = 1024 * MIB;

export const WALL_MIN_MS = 10_000;
export const WALL_MAX_MS = 600_000;
export const WALL_DEFAULT_MS = 120_000;

export const UNPACKED_MAX_BYTES = 200 * 1000 * 1000;
export const ARCHIVE_MAX_FILES = 20_000;

/** More output than this stops the run; the last LOG_KEPT_BYTES of it are kept. */
export const OUTPUT_MAX_BYTES = 16 * MIB;
export const LOG_KEPT_BYTES = 1 * MIB;

export const RESULTS_MAX_BYTES = 10 * 1000 * 1000;

export const PIDS_MAX = 256;
/** One core: the CFS quota equals its period. */
export const CPU_PERIOD_US = 100_000;
export const CPU_QUOTA_US = 100_000;
/**
 * The CPU weight of all sandboxes together, as one task at nice 10 (the kernel's weight for it): the runner
 * works at nice 10, but a cgroup's tasks compete with the web process as their group, whose weight is
 * otherwise that of a nice 0 task (1024), whatever their own nice.
 */
export const SANDBOXES_CPU_SHARES = 110;

function clamp(value: number | undefined, min: number, max: number, fallback: number): number {
  if (value === undefined || !Number.isFinite(value)) return fallback;
  return Math.min(max, Math.max(min, Math.round(value)));
}

export function clampMemoryBytes(requested: number | undefined): number {
  return clamp(requested, MEMORY_MIN_BYTES, MEMORY_MAX_BYTES, MEMORY_DEFAULT_BYTES);
}

export function clampWallMs(requested: number | undefined): number {
  return clamp(requested, WALL_MIN_MS, WALL_MAX_MS, WALL_DEFAULT_MS);
}

export function clampUnpackedBytes(requested: number | undefined): number {
  return clamp(requested, 0, UNPACKED_MAX_BYTES, UNPACKED_MAX_BYTES);
}

/** The work folder is a tmpfs, which is memory: half of the run's budget, in whole pages. */
export function workFolderBytes(memoryBytes: number): number {
  return Math.floor(memoryBytes / 2 / 4096) * 4096;
}
