import {
  clampMemoryBytes,
  clampUnpackedBytes,
  clampWallMs,
  MEMORY_DEFAULT_BYTES,
  MEMORY_MAX_BYTES,
  MEMORY_MIN_BYTES,
  UNPACKED_MAX_BYTES,
  WALL_DEFAULT_MS,
  WALL_MAX_MS,
  WALL_MIN_MS,
  workFolderBytes,
} from './limits';

const MIB = 1024 * 1024;

describe('run limits', () => {
  it('keeps memory between 256 MiB and 2 GiB, 1 GiB by default', () => {
    expect(clampMemoryBytes(undefined)).toBe(MEMORY_DEFAULT_BYTES);
    expect(MEMORY_DEFAULT_BYTES).toBe(1024 * MIB);
    expect(clampMemoryBytes(1)).toBe(MEMORY_MIN_BYTES);
    expect(clampMemoryBytes(64 * 1024 * MIB)).toBe(MEMORY_MAX_BYTES);
    expect(clampMemoryBytes(300 * MIB)).toBe(300 * MIB);
    expect(clampMemoryBytes(Number.NaN)).toBe(MEMORY_DEFAULT_BYTES);
  });

  it('keeps the wall clock between 10 s and 600 s, 120 s by default', () => {
    expect(clampWallMs(undefined)).toBe(WALL_DEFAULT_MS);
    expect(clampWallMs(0)).toBe(WALL_MIN_MS);
    expect(clampWallMs(Number.POSITIVE_INFINITY)).toBe(WALL_DEFAULT_MS);
    expect(clampWallMs(3_600_000)).toBe(WALL_MAX_MS);
    expect(clampWallMs(45_000)).toBe(45_000);
  });

  it('never lets an archive unpack to more than 200 MB', () => {
    expect(clampUnpackedBytes(undefined)).toBe(UNPACKED_MAX_BYTES);
    expect(clampUnpackedBytes(10 ** 12)).toBe(UNPACKED_MAX_BYTES);
    expect(clampUnpackedBytes(5_000_000)).toBe(5_000_000);
    expect(clampUnpackedBytes(-1)).toBe(0);
  });

  it('gives the tmpfs work folder half the memory, in whole pages', () => {
    expect(workFolderBytes(256 * MIB)).toBe(128 * MIB);
    expect(workFolderBytes(256 * MIB + 3) % 4096).toBe(0);
  });
});
