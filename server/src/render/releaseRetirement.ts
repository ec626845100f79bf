/** A release kept in a process of its own, as the retirement rules see it. */
export interface KeptRelease {
  /** `name@version` */
  key: string;
  /** When a page last asked for it (or it was started). */
  lastUsed: number;
  /** The registry's canary right now: kept while it is (its visitors come back). */
  pinned: boolean;
  /** Pages it is rendering (or waiting to render, while it starts) now. */
  inFlight: number;
}

/**
 * Which kept release makes room for another: none while fewer than `max` are kept; else the one used
 * least recently among those that are not a running canary; 'full' when every kept one is (the new
 * release's sections are then rendered by the browser).
 */
export function releaseToEvict(kept: readonly KeptRelease[], max: number): string | null | 'full' {
  if (kept.length < max) return null;
  let oldest: KeptRelease | null = null;
  for (const release of kept) {
    if (!release.pinned && (!oldest || release.lastUsed < oldest.lastUsed)) oldest = release;
  }
  return oldest ? oldest.key : 'full';
}

/**
 * The kept releases no page has asked for in `idleMs`, rendering none now, that are not a running
 * canary: retired.
 */
export function idleReleases(kept: readonly KeptRelease[], now: number, idleMs: number): string[] {
  return kept
    .filter((release) => !release.pinned && release.inFlight === 0 && now - release.lastUsed >= idleMs)
    .map((release) => release.key);
}
