import fs from 'node:fs';
import path from 'node:path';
import { createRunGroups, limitWrites, ownGroupPaths, parentDirs, removeRunGroups } from './cgroups';

describe('cgroup v1 groups', () => {
  it("finds this process's group per controller, joined controllers included", () => {
    const procSelfCgroup = [
      '9:name=systemd:/',
      '8:pids:/',
      '4:memory:/runner/a1',
      '2:cpu,cpuacct:/',
      '0::/',
    ].join('\n');
    expect(ownGroupPaths(procSelfCgroup)).toEqual({ pids: '/', memory: '/runner/a1', cpu: '/' });
  });

  it('limits memory (and memory+swap when accounted), 256 processes and one core', () => {
    expect(limitWrites(300, true)).toEqual([
      ['memory', 'memory.limit_in_bytes', '300'],
      ['memory', 'memory.memsw.limit_in_bytes', '300'],
      ['pids', 'pids.max', '256'],
      ['cpu', 'cpu.cfs_period_us', '100000'],
      ['cpu', 'cpu.cfs_quota_us', '100000'],
    ]);
    expect(limitWrites(300, false).map(([, file]) => file)).not.toContain('memory.memsw.limit_in_bytes');
  });

  // Needs root and writable cgroup v1 (as the runner does; .ci/run runs as root, so never skipped there).
  it('weighs all sandboxes together as one task at nice 10, so the web process comes first', async () => {
    const groups = await createRunGroups(`cgroups-test-${process.pid}`, 256 * 1024 * 1024);
    try {
      const shares = fs.readFileSync(path.join(parentDirs().cpu, 'cpu.shares'), 'utf8').trim();
      expect(shares).toBe('110');
      expect(fs.readFileSync(path.join(groups.dirs.cpu, 'cpu.cfs_quota_us'), 'utf8').trim()).toBe('100000');
    } finally {
      await removeRunGroups(groups);
    }
  });
});
