import { claimSandboxUid, passwdClashes, releaseSandboxUid, SANDBOX_UID_BASE } from './sandboxUser';

describe('sandbox uids', () => {
  it('gives concurrent runs different uids and reuses a released one', () => {
    const first = claimSandboxUid();
    const second = claimSandboxUid();
    expect(first).toBe(SANDBOX_UID_BASE);
    expect(second).toBe(SANDBOX_UID_BASE + 1);
    releaseSandboxUid(SANDBOX_UID_BASE);
    expect(claimSandboxUid()).toBe(SANDBOX_UID_BASE);
    releaseSandboxUid(SANDBOX_UID_BASE);
    releaseSandboxUid(SANDBOX_UID_BASE + 1);
  });

  it('finds accounts that already use the range', () => {
    const passwd = [
      'root:x:0:0:root:/root:/bin/bash',
      'builder:x:64010:100::/home/b:/bin/sh',
      'nobody:x:65534:65534::/:/usr/sbin/nologin',
    ];
    expect(passwdClashes(passwd.join('\n'))).toEqual(['builder:x:64010:100::/home/b:/bin/sh']);
  });
});
