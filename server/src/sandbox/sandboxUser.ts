// The unprivileged uids sandboxes run as. Started by root, bwrap's sandbox would be host root (the spike), so the
// launcher drops to one of these before bwrap: a fixed range with no /etc/passwd entry, one uid per concurrent run
// of this process, so runs share no per-user kernel counter (inotify instances, pending signals) with each other.

export const SANDBOX_UID_BASE = 64_000;
export const SANDBOX_UID_COUNT = 100;

const inUse = new Set<number>();

/** A free uid (also the gid), or null when every slot is taken. */
export function claimSandboxUid(): number | null {
  for (let uid = SANDBOX_UID_BASE; uid < SANDBOX_UID_BASE + SANDBOX_UID_COUNT; uid += 1) {
    if (!inUse.has(uid)) {
      inUse.add(uid);
      return uid;
    }
  }
  return null;
}

export function releaseSandboxUid(uid: number): void {
  inUse.delete(uid);
}

/** The /etc/passwd lines whose uid or gid falls in the range (the range must belong to nobody else). */
export function passwdClashes(passwd: string): string[] {
  return passwd.split('\n').filter((line) => {
    const fields = line.split(':');
    if (fields.length < 4) return false;
    return [fields[2], fields[3]].some((id) => {
      const value = Number(id);
      return value >= SANDBOX_UID_BASE && value < SANDBOX_UID_BASE + SANDBOX_UID_COUNT;
    });
  });
}
