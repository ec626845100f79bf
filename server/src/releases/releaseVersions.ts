import { createHash } from 'node:crypto';
import { REMOTE_NAMES, type RemoteName } from '../config/serverConfig';
import type { RemoteReleaseState } from './releaseStore';

/** A tester's chosen releases, `name@version` pairs joined by commas (set by `?release=`). */
export const RELEASE_OVERRIDE_COOKIE = 'sq_release';
/** A browser's slot, 0–99: the canary share a visitor falls in stays the same across reloads. */
export const VISITOR_COOKIE = 'sq_visitor';

/** A version name as `npm run release` makes them: letters, digits, dots, dashes, plus. */
const VERSION = /^[0-9A-Za-z][0-9A-Za-z.+-]{0,63}$/;
const VISITOR_SLOT = /^(?:0|[1-9]\d?)$/;

/** The registry as every page load reads it (cached by the resolver for at most 5 seconds). */
export interface ReleaseSnapshot {
  remotes: Partial<Record<RemoteName, RemoteReleaseState & { versions: ReadonlySet<string> }>>;
}

export type ReleaseChoice = 'live' | 'canary' | 'override';

/** The version of each remote a page load gets, and why; absent: the unversioned build (or REMOTE_*_URL). */
export type ResolvedReleases = Partial<Record<RemoteName, { version: string; choice: ReleaseChoice }>>;

export const isRemoteName = (name: string): name is RemoteName =>
  (REMOTE_NAMES as readonly string[]).includes(name);

/** The golden ratio's fractional part: stepping by it spreads points evenly over [0, 1) for any count. */
const GOLDEN_STEP = (Math.sqrt(5) - 1) / 2;

/**
 * Hands out visitor slots from a low-discrepancy sequence (golden-ratio steps from a random start), not
 * independent random draws: any run of consecutive new visitors then splits by a canary's percentage
 * within a point or two (200 random draws at 30 % stray by more than 6 points one time in twenty).
 */
export function createVisitorSlots(start = Math.random()): () => string {
  let position = start;
  return () => {
    position = (position + GOLDEN_STEP) % 1;
    return String(Math.floor(position * 100));
  };
}

export const newVisitorSlot = createVisitorSlots();

export function parseVisitorSlot(value: string | undefined): string | null {
  return value && VISITOR_SLOT.test(value) ? value : null;
}

/** Each remote's canary starts at its own place among the slots: two canaries need not pick the same visitors. */
const remoteOffset = (name: RemoteName) => createHash('sha256').update(name).digest().readUInt32BE(0) % 100;

/** 0–99, fixed for a visitor and a remote: the visitor is on a canary of N % when it is below N. */
export function canaryBucket(visitorSlot: string, name: RemoteName): number {
  return (Number(visitorSlot) + remoteOffset(name)) % 100;
}

/** The `?release=` value: `name@version` to try a release, `reset` to drop every override. */
export function parseReleaseParam(value: string): { name: RemoteName; version: string } | 'reset' | null {
  if (value === 'reset') return 'reset';
  const at = value.indexOf('@');
  const name = value.slice(0, at);
  const version = value.slice(at + 1);
  if (at <= 0 || !isRemoteName(name) || !VERSION.test(version)) return null;
  return { name, version };
}

export function parseOverrides(cookie: string | undefined): Partial<Record<RemoteName, string>> {
  const overrides: Partial<Record<RemoteName, string>> = {};
  for (const pair of (cookie ?? '').split(',')) {
    const parsed = parseReleaseParam(pair);
    if (parsed && parsed !== 'reset') overrides[parsed.name] = parsed.version;
  }
  return overrides;
}

export function serializeOverrides(overrides: Partial<Record<RemoteName, string>>): string {
  return REMOTE_NAMES.filter((name) => overrides[name])
    .map((name) => `${name}@${overrides[name]}`)
    .join(',');
}

/**
 * Which release of each remote this page load gets: a tester's override when that release is in the
 * registry, else the canary for the visitors in its share, else the live version.
 */
export function resolveReleases(
  snapshot: ReleaseSnapshot,
  visitor: { visitorSlot: string | null; overrides: Partial<Record<RemoteName, string>> },
): ResolvedReleases {
  const resolved: ResolvedReleases = {};
  for (const name of REMOTE_NAMES) {
    const state = snapshot.remotes[name];
    if (!state) continue;
    const override = visitor.overrides[name];
    if (override && state.versions.has(override)) resolved[name] = { version: override, choice: 'override' };
    else if (
      state.canary &&
      visitor.visitorSlot &&
      canaryBucket(visitor.visitorSlot, name) < state.canary.percent
    )
      resolved[name] = { version: state.canary.version, choice: 'canary' };
    else if (state.live) resolved[name] = { version: state.live, choice: 'live' };
  }
  return resolved;
}

/** True when a remote has a canary running: new visitors must be given a visitor id first. */
export const hasCanary = (snapshot: ReleaseSnapshot) =>
  Object.values(snapshot.remotes).some((state) => state?.canary);
