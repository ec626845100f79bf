// What the host must offer before any sandbox is made: root (to make cgroups and join them), bwrap and setpriv,
// user namespaces, writable cgroup v1 groups, a free uid range and the seccomp filter. Checked once per process;
// a failure is the operator's reason, and no code runs.

import { constants, promises as fs } from 'node:fs';
import path from 'node:path';
import { PYTHON, STAGE_DIR } from './bwrapArgs';
import { CONTROLLERS, parentDirs, removeStaleGroups } from './cgroups';
import { passwdClashes, SANDBOX_UID_BASE, SANDBOX_UID_COUNT } from './sandboxUser';
import { seccompFilter } from './seccomp';

const PROGRAMS = ['/usr/bin/bwrap', '/usr/bin/setpriv', '/usr/bin/unshare', '/bin/mount', PYTHON, '/bin/sh'];

async function check(): Promise<string | null> {
  if (process.platform !== 'linux') return 'sandboxes need Linux';
  if (process.getuid?.() !== 0)
    return 'the runner is not root: it must be root to make cgroups and start bwrap as the sandbox uid';
  for (const program of PROGRAMS) {
    try {
      await fs.access(program, constants.X_OK);
    } catch {
      return `${program} is missing (install bubblewrap, util-linux and python3)`;
    }
  }
  const userNamespaces = Number(
    (await fs.readFile('/proc/sys/user/max_user_namespaces', 'utf8').catch(() => '0')).trim(),
  );
  if (!(userNamespaces > 0)) return 'user namespaces are disabled (/proc/sys/user/max_user_namespaces is 0)';
  const clashes = passwdClashes(await fs.readFile('/etc/passwd', 'utf8').catch(() => ''));
  if (clashes.length > 0) {
    return `the sandbox uids ${SANDBOX_UID_BASE}-${SANDBOX_UID_BASE + SANDBOX_UID_COUNT - 1} belong to an account: ${clashes[0]}`;
  }
  try {
    const parents = parentDirs();
    for (const controller of CONTROLLERS) {
      await fs.mkdir(parents[controller], { recursive: true });
      const probe = path.join(parents[controller], `probe-${process.pid}`);
      await fs.mkdir(probe);
      await fs.rmdir(probe);
    }
    await removeStaleGroups();
  } catch (error) {
    return `cgroup v1 groups cannot be made under /sys/fs/cgroup: ${(error as Error).message}`;
  }
  try {
    await fs.mkdir(STAGE_DIR, { recursive: true, mode: 0o755 });
  } catch (error) {
    return `the staging folder ${STAGE_DIR} cannot be made: ${(error as Error).message}`;
  }
  try {
    await seccompFilter();
  } catch (error) {
    return (error as Error).message;
  }
  return null;
}

let cached: Promise<string | null> | null = null;

/** Why this host cannot make sandboxes, or null when it can. A refusal is checked again on the next call. */
export function hostReadiness(): Promise<string | null> {
  const current = (cached ??= check());
  void current.then((reason) => {
    if (reason !== null && cached === current) cached = null;
  });
  return current;
}
