/*
 * The rules an entry's or a sponsor's archive must keep (issue 56 items 3-4), over its listing only:
 * counts, sizes, kinds, modes, names and link targets. Pure: archiveListing.ts feeds it a ZIP's
 * directory or a tar's headers as they stream; the sandbox still enforces the same limits while it
 * unpacks (a listing can be checked on the host, the bytes are only ever unpacked inside).
 */

export interface ArchiveRules {
  /** Entries: files, folders and links. */
  maxFiles: number;
  /** The files' sizes added up. */
  maxUnpackedBytes: number;
  /** Paths (relative, no slashes at either end) the archive may not hold, nor anything under them. */
  reservedPaths: readonly string[];
}

const MB = 1024 * 1024;
export const ARCHIVE_RULES: ArchiveRules = {
  maxFiles: 20_000,
  maxUnpackedBytes: 200 * MB,
  reservedPaths: [],
};
export const MAX_ARCHIVE_PROBLEMS = 20;
/** Links resolved through more links than this are a loop (Linux's own limit is 40). */
const MAX_LINK_HOPS = 40;

export type MemberKind =
  'file' | 'directory' | 'symlink' | 'hardlink' | 'device' | 'fifo' | 'socket' | 'other';

export interface ArchiveMember {
  /** The name as the archive gives it. */
  path: string;
  kind: MemberKind;
  /** Permission bits and setuid/setgid/sticky (the low 12 bits of st_mode). */
  mode: number;
  /** Bytes, for files. */
  size: number;
  /** A symlink's target (relative to its folder) or a hard link's (relative to the archive's root). */
  linkTarget?: string;
}

const count = (n: number) => n.toLocaleString('en-US');
const show = (path: string) => `“${path.length > 120 ? `${path.slice(0, 119)}…` : path}”`;

/** A name's components with `.` and empty ones dropped; null where it is absolute or climbs with `..`. */
export function memberPathParts(path: string): string[] | null {
  if (path.startsWith('/') || /^[A-Za-z]:/.test(path) || path.includes('\0')) return null;
  const parts = path.split('/').filter((part) => part !== '' && part !== '.');
  return parts.includes('..') ? null : parts;
}

/**
 * Follows `parts` from the archive's root through the archive's symlinks, as the kernel would once it
 * is unpacked. Returns 'outside' when any step climbs above the root or meets an absolute target,
 * 'loop' past MAX_LINK_HOPS links, else 'inside'.
 */
export function resolveInside(
  parts: readonly string[],
  symlinks: ReadonlyMap<string, string>,
): 'inside' | 'outside' | 'loop' {
  const resolved: string[] = [];
  const pending = [...parts];
  let hops = 0;
  while (pending.length > 0) {
    const part = pending.shift() as string;
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (resolved.length === 0) return 'outside';
      resolved.pop();
      continue;
    }
    resolved.push(part);
    const target = symlinks.get(resolved.join('/'));
    if (target === undefined) continue;
    if (++hops > MAX_LINK_HOPS) return 'loop';
    if (target.startsWith('/')) return 'outside';
    resolved.pop(); // a link's target is relative to the link's folder
    pending.unshift(...target.split('/'));
  }
  return 'inside';
}

/**
 * Collects an archive's members one at a time and says what breaks the rules, in sentences. `add`
 * returns false once reading should stop (a limit is passed or MAX_ARCHIVE_PROBLEMS are found).
 */
export class ArchiveChecker {
  private readonly problems: string[] = [];
  private readonly seen = new Set<string>();
  private readonly symlinks = new Map<string, string>();
  private readonly hardlinks: { path: string; target: string }[] = [];
  private readonly reservedHits = new Map<string, { count: number; first: string }>();
  private files = 0;
  private bytes = 0;
  private stopped = false;

  constructor(private readonly rules: ArchiveRules) {}

  get memberCount(): number {
    return this.files;
  }

  get unpackedBytes(): number {
    return this.bytes;
  }

  /** A problem found outside the listing (the archive is damaged, not of its format...). */
  fail(problem: string): void {
    this.problem(problem);
    this.stopped = true;
  }

  private problem(sentence: string): void {
    if (this.problems.length < MAX_ARCHIVE_PROBLEMS) this.problems.push(sentence);
    if (this.problems.length >= MAX_ARCHIVE_PROBLEMS) this.stopped = true;
  }

  add(member: ArchiveMember): boolean {
    if (this.stopped) return false;
    this.files += 1;
    if (this.files > this.rules.maxFiles) {
      this.fail(
        `The archive holds more than ${count(this.rules.maxFiles)} files and folders; at most that many are accepted.`,
      );
      return false;
    }
    if (member.kind === 'file') this.bytes += member.size;
    if (this.bytes > this.rules.maxUnpackedBytes) {
      this.fail(
        `The archive unpacks to more than ${count(this.rules.maxUnpackedBytes / MB)} MB; at most that is accepted.`,
      );
      return false;
    }

    const parts = memberPathParts(member.path);
    if (parts === null) {
      this.problem(
        `The archive holds ${show(member.path)}, a name that leaves its folder (an absolute path or “..”).`,
      );
      return !this.stopped;
    }
    const path = parts.join('/');
    if (path === '') return !this.stopped; // the archive's own root folder ("./")
    if (this.seen.has(path)) this.problem(`The archive holds ${show(path)} twice.`);
    this.seen.add(path);

    const reserved = this.rules.reservedPaths.find((root) => path === root || path.startsWith(`${root}/`));
    if (reserved !== undefined) {
      const hit = this.reservedHits.get(reserved);
      if (hit) hit.count += 1;
      else this.reservedHits.set(reserved, { count: 1, first: path });
    }

    switch (member.kind) {
      case 'device':
      case 'fifo':
      case 'socket':
      case 'other': {
        const what = {
          device: 'a device file',
          fifo: 'a FIFO',
          socket: 'a socket',
          other: 'of a kind no archive needs',
        }[member.kind];
        this.problem(
          `The archive holds ${show(path)}, ${what}; archives may hold only files, folders and links.`,
        );
        break;
      }
      case 'symlink':
        if (!member.linkTarget) this.problem(`The archive holds ${show(path)}, a link without a target.`);
        else this.symlinks.set(path, member.linkTarget);
        break;
      case 'hardlink':
        this.hardlinks.push({ path, target: member.linkTarget ?? '' });
        break;
      default:
        break;
    }
    if ((member.mode & 0o6000) !== 0)
      this.problem(`The archive holds ${show(path)} with its setuid or setgid bit set; no archive may.`);
    return !this.stopped;
  }

  /** Every problem found, at most MAX_ARCHIVE_PROBLEMS sentences; none when the archive keeps the rules. */
  finish(): string[] {
    if (this.stopped) return [...this.problems];
    for (const [reserved, hit] of this.reservedHits) {
      const what =
        hit.count === 1
          ? show(hit.first)
          : `${count(hit.count)} entries under ${show(`${reserved}/`)} (${show(hit.first)} first)`;
      this.problem(
        `The archive holds ${what}, where the bounty puts its own files (${this.rules.reservedPaths.map((r) => show(r)).join(', ')}); leave ${hit.count === 1 ? 'it' : 'them'} out.`,
      );
    }
    for (const [path, target] of this.symlinks) {
      const where = target.startsWith('/')
        ? 'outside'
        : resolveInside([...path.split('/').slice(0, -1), ...target.split('/')], this.symlinks);
      if (where === 'outside')
        this.problem(
          `The archive holds a link, ${show(path)} → ${show(target)}, that points outside the archive.`,
        );
      if (where === 'loop')
        this.problem(`The archive holds a link, ${show(path)} → ${show(target)}, in a loop of links.`);
    }
    for (const { path, target } of this.hardlinks) {
      const parts = memberPathParts(target);
      const where = parts === null || parts.length === 0 ? 'outside' : resolveInside(parts, this.symlinks);
      if (where !== 'inside')
        this.problem(
          `The archive holds a hard link, ${show(path)} → ${show(target)}, to something outside the archive.`,
        );
    }
    return [...this.problems];
  }
}
