"""Prints the sandbox's seccomp filter as BPF on stdout (run once per process by seccomp.ts, with /usr/bin/python3
and Debian's python3-seccomp). Everything is allowed except the calls below, which fail with EPERM: kernel
surfaces an entry never needs and that carry most sandbox escapes (io_uring, keyrings, BPF, perf, userfaultfd),
and the ways one process reads or writes another's memory or descriptors (ptrace and its relatives). Other
architectures' system calls (32-bit int 0x80, x32) are killed by libseccomp's default bad-architecture action."""

import errno
import sys

import seccomp

DENIED = [
    'io_uring_setup',
    'io_uring_enter',
    'io_uring_register',
    'add_key',
    'request_key',
    'keyctl',
    'bpf',
    'perf_event_open',
    'userfaultfd',
    'ptrace',
    'process_vm_readv',
    'process_vm_writev',
    'pidfd_getfd',
    'kcmp',
    'open_by_handle_at',
    'name_to_handle_at',
    'fanotify_init',
    'kexec_load',
    'kexec_file_load',
    'init_module',
    'finit_module',
    'delete_module',
    'mount',
    'umount2',
    'pivot_root',
    'swapon',
    'swapoff',
    'reboot',
    'acct',
    'quotactl',
    'setns',
]

sandbox_filter = seccomp.SyscallFilter(seccomp.ALLOW)
for name in DENIED:
    sandbox_filter.add_rule(seccomp.ERRNO(errno.EPERM), name)
sandbox_filter.export_bpf(sys.stdout)
