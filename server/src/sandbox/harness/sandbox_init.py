"""The first process of every sandbox (started by bwrap, pid 2 of the sandbox's pid namespace).

Order: report 'started' on the results channel; unpack the archive (archive_rules); run the command as a child
that holds only descriptors 0-2; kill every other process of the sandbox; open the results file with O_NOFOLLOW
through O_NOFOLLOW folders; send one length-framed 'final' frame with the results bytes. The channel is a
descriptor the command never had, and this process is non-dumpable, so the command cannot reach the channel
through /proc/<pid>/fd. Frame layout (server/src/sandbox/frames.ts reads it):
    b'SQSB' + kind (1 byte: b'S' started, b'F' final) + payload length (uint32 big-endian) + payload
    final payload = JSON length (uint32 big-endian) + JSON + the results bytes
"""

import ctypes
import errno
import json
import os
import signal
import stat
import struct
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import archive_rules  # noqa: E402  (the harness folder is not on sys.path under -I)

MAGIC = b'SQSB'
MAX_RESULTS_BYTES = 10 * 1000 * 1000
PR_SET_DUMPABLE = 4
STOP_EVERYONE_SECONDS = 5


def send(channel, kind, payload):
    data = MAGIC + kind + struct.pack('>I', len(payload)) + payload
    view = memoryview(data)
    while view:
        view = view[os.write(channel, view) :]


def close_other_descriptors(keep):
    """bwrap passes on every descriptor it was given (the archive, the --args pipe): keep only 0-2 and `keep`."""
    for name in os.listdir('/proc/self/fd'):
        fd = int(name)
        if fd > 2 and fd not in keep:
            try:
                os.close(fd)
            except OSError:
                pass


def run_command(argv):
    """Runs the command with cwd /work and descriptors 0-2 only; returns (exit code, signal name)."""
    try:
        child = subprocess.Popen(argv, cwd='/work', close_fds=True, restore_signals=True)
    except OSError as error:
        sys.stderr.write('sandbox: the command could not start: %s\n' % error)
        sys.stderr.flush()
        return 127, None
    code = child.wait()
    if code < 0:
        return None, signal.Signals(-code).name
    return code, None


def stop_everyone_else():
    """kill(-1) from inside the pid namespace reaches every process of the sandbox but its init and this one."""
    me = os.getpid()
    deadline = time.monotonic() + STOP_EVERYONE_SECONDS
    while time.monotonic() < deadline:
        try:
            os.kill(-1, signal.SIGKILL)
        except ProcessLookupError:
            pass
        try:
            while os.waitpid(-1, os.WNOHANG)[0] > 0:
                pass
        except ChildProcessError:
            pass
        others = [p for p in os.listdir('/proc') if p.isdigit() and int(p) not in (1, me)]
        if not others:
            return True
        time.sleep(0.005)
    return False


def read_results(relative):
    """(bytes, None) for a regular file of at most 10 MB, else (None, problem) with state 'missing' or 'refused'."""
    parts = relative.split('/')
    fd = os.open('/work', os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW)
    try:
        for part in parts[:-1]:
            try:
                inner = os.open(part, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW, dir_fd=fd)
            except FileNotFoundError:
                return None, ('missing', 'no results file was written')
            except OSError:
                return None, ('refused', '%s is not a folder (a link or a file stands in its place)' % part)
            os.close(fd)
            fd = inner
        try:
            results = os.open(
                parts[-1], os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_NOCTTY, dir_fd=fd
            )
        except FileNotFoundError:
            return None, ('missing', 'no results file was written')
        except OSError as error:
            if error.errno == errno.ELOOP:
                return None, ('refused', '%s is a symlink' % relative)
            return None, ('refused', '%s cannot be opened (%s)' % (relative, error.strerror))
    finally:
        os.close(fd)
    try:
        info = os.fstat(results)
        if not stat.S_ISREG(info.st_mode):
            kind = 'a FIFO' if stat.S_ISFIFO(info.st_mode) else 'not a regular file'
            return None, ('refused', '%s is %s' % (relative, kind))
        if info.st_size > MAX_RESULTS_BYTES:
            return None, ('refused', '%s is larger than 10 MB' % relative)
        chunks = []
        size = 0
        while True:
            chunk = os.read(results, 1 << 20)
            if not chunk:
                break
            size += len(chunk)
            if size > MAX_RESULTS_BYTES:
                return None, ('refused', '%s is larger than 10 MB' % relative)
            chunks.append(chunk)
        return b''.join(chunks), None
    finally:
        os.close(results)


def main():
    spec = json.loads(sys.argv[1])
    channel = spec['channelFd']
    archive_fd = spec.get('archiveFd')
    close_other_descriptors({channel} if archive_fd is None else {channel, archive_fd})
    # Non-dumpable: /proc/<this pid>/fd and /mem belong to root, so the command cannot reach the channel.
    if ctypes.CDLL(None, use_errno=True).prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), 'prctl(PR_SET_DUMPABLE) failed')
    send(channel, b'S', b'')
    final = {
        'exitCode': None,
        'signal': None,
        'archiveProblems': [],
        'results': 'none',
        'resultsProblem': None,
        'harnessError': None,
        'commandStarted': False,
    }
    try:
        results = run(spec, archive_fd, final)
    except Exception as error:  # reported to the host, which tells its own failure from the entry's doing
        final['harnessError'] = '%s: %s' % (type(error).__name__, error)
        results = b''
        if final['commandStarted']:
            stop_everyone_else()
    send(channel, b'F', frame_payload(final, results))


def run(spec, archive_fd, final):
    """Unpacks, runs the command, stops everyone and reads the results; fills `final`, returns the results bytes."""
    if archive_fd is not None:
        rules = archive_rules.Rules(spec['maxFiles'], spec['maxUnpackedBytes'], spec['reservedPaths'])
        try:
            with os.fdopen(archive_fd, 'rb') as archive:
                archive_rules.unpack(spec['archiveFormat'], archive, spec['unpackInto'], rules, '/work/.tmp')
        except archive_rules.ArchiveRefused as refused:
            final['archiveProblems'] = refused.problems
            return b''

    if spec['command']:
        final['commandStarted'] = True
        final['exitCode'], final['signal'] = run_command(spec['command'])
    if not stop_everyone_else():
        final['results'] = 'refused'
        final['resultsProblem'] = 'a process of the sandbox could not be stopped'
        return b''

    if spec['checkOutput']:
        rules = archive_rules.Rules(spec['maxFiles'], spec['maxUnpackedBytes'], [])
        try:
            archive_rules.check_tree(spec['unpackInto'], rules)
        except archive_rules.ArchiveRefused as refused:
            final['archiveProblems'] = refused.problems
            return b''

    if spec['resultsPath']:
        try:
            data, problem = read_results(spec['resultsPath'])
        except OSError as error:
            data, problem = None, ('refused', '%s cannot be read (%s)' % (spec['resultsPath'], error.strerror))
        if problem is None:
            final['results'] = 'read'
            return data
        final['results'], final['resultsProblem'] = problem
    return b''


def frame_payload(final, results):
    header = json.dumps(final).encode('utf-8')
    return struct.pack('>I', len(header)) + header + results


if __name__ == '__main__':
    main()
