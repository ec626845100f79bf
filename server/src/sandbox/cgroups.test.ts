import { limitWrites, ownGroupPaths } from './cgroups';

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
});
