"""Unpacks an entrant's or sponsor's archive INSIDE the sandbox, enforcing the archive rules (issue 56 item 3).

Runs as the sandbox's unprivileged uid with the archive open on a descriptor the host passed in; nothing here trusts
a size, a name or a type the archive states. Every file is created through directory descriptors opened with
O_NOFOLLOW, so no write can pass through a link; links are made last, and only when they resolve inside the tree.
A refusal is an ArchiveRefused listing each broken rule in a sentence (the host shows at most 20).
"""

import errno
import gzip
import os
import stat
import struct
import subprocess
import tarfile
import zipfile
import zlib

MAX_PROBLEMS = 20
CHUNK = 1 << 16
MAX_LINK_TARGET = 1024
MAX_LINK_HOPS = 40


class ArchiveRefused(Exception):
    def __init__(self, problems):
        super().__init__('; '.join(problems))
        self.problems = problems[:MAX_PROBLEMS]


class Rules:
    """The limits of one unpacking: counts and bytes are checked as entries arrive, never after."""

    def __init__(self, max_files, max_bytes, reserved):
        self.max_files = max_files
        self.max_bytes = max_bytes
        self.reserved = [r.strip('/') for r in reserved if r.strip('/')]
        self.files = 0
        self.folders = 0
        self.bytes = 0
        self.problems = []

    def refuse(self, problem):
        if len(self.problems) < MAX_PROBLEMS:
            self.problems.append(problem)

    def stop(self, problem):
        self.refuse(problem)
        raise ArchiveRefused(self.problems)

    def check_problems(self):
        if self.problems:
            raise ArchiveRefused(self.problems)

    def count_file(self):
        self.files += 1
        if self.files > self.max_files:
            self.stop('The archive holds more than %d files.' % self.max_files)

    def count_folder(self):
        self.folders += 1
        if self.folders > self.max_files:
            self.stop('The archive holds more than %d folders.' % self.max_files)

    def count_bytes(self, n):
        self.bytes += n
        if self.bytes > self.max_bytes:
            self.stop('The archive unpacks to more than %d MB.' % (self.max_bytes // 1_000_000))

    def clean_path(self, name):
        """The archive path as components, or None (with a problem recorded) when it may not be unpacked."""
        if '\0' in name:
            self.refuse('A path holds a NUL character.')
            return None
        if name.startswith('/'):
            self.refuse('%s is an absolute path.' % shown(name))
            return None
        parts = [p for p in name.split('/') if p not in ('', '.')]
        if '..' in parts:
            self.refuse('%s leaves its folder (..).' % shown(name))
            return None
        if not parts:
            return []
        joined = '/'.join(parts)
        for r in self.reserved:
            if joined == r or joined.startswith(r + '/'):
                self.refuse('%s is a reserved path (%s belongs to the test harness).' % (shown(joined), r))
                return None
        return parts


def shown(name):
    text = name if len(name) <= 200 else name[:200] + '...'
    return repr(text)


def resolve_inside(link_parts, target, links):
    """Whether `target`, a link at `link_parts`, resolves inside the tree, following the tree's other links as the
    kernel would (so 'a -> ..' plus 'b -> a/../..' is caught, which a lexical check misses)."""
    if target.startswith('/') or '\0' in target:
        return False
    todo = target.split('/') + []
    current = list(link_parts[:-1])
    hops = 0
    while todo:
        part = todo.pop(0)
        if part in ('', '.'):
            continue
        if part == '..':
            if not current:
                return False
            current.pop()
            continue
        candidate = '/'.join(current + [part])
        if candidate in links:
            hops += 1
            if hops > MAX_LINK_HOPS:
                return False
            inner = links[candidate]
            if inner.startswith('/'):
                return False
            todo = inner.split('/') + todo
            continue
        current.append(part)
    return True


class Tree:
    """Writes into the destination folder through descriptors, never through a link."""

    def __init__(self, dest, rules):
        self.rules = rules
        self.root = os.open(dest, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW)
        self.regular = set()
        self.links = {}

    def close(self):
        os.close(self.root)

    def _folder(self, parts, create):
        fd = os.dup(self.root)
        try:
            for part in parts:
                if create:
                    try:
                        os.mkdir(part, 0o755, dir_fd=fd)
                        self.rules.count_folder()
                    except FileExistsError:
                        pass
                try:
                    inner = os.open(part, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW, dir_fd=fd)
                except OSError as error:
                    if error.errno in (errno.ELOOP, errno.ENOTDIR):
                        self.rules.stop('%s goes through a file or a link.' % shown('/'.join(parts)))
                    raise
                os.close(fd)
                fd = inner
            return fd
        except BaseException:
            os.close(fd)
            raise

    def folder(self, parts):
        os.close(self._folder(parts, True))

    def write_file(self, parts, source, declared_size, executable):
        """Copies `source` to the file at `parts`, counting the bytes actually written (headers lie)."""
        self.rules.count_file()
        parent = self._folder(parts[:-1], True)
        try:
            mode = 0o755 if executable else 0o644
            try:
                fd = os.open(
                    parts[-1], os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, mode, dir_fd=parent
                )
            except FileExistsError:
                self.rules.stop('%s appears twice in the archive.' % shown('/'.join(parts)))
            try:
                written = 0
                while True:
                    chunk = source.read(CHUNK)
                    if not chunk:
                        break
                    written += len(chunk)
                    if declared_size is not None and written > declared_size:
                        self.rules.stop(
                            '%s inflates to more bytes than its header states.' % shown('/'.join(parts))
                        )
                    self.rules.count_bytes(len(chunk))
                    view = memoryview(chunk)
                    while view:
                        view = view[os.write(fd, view) :]
            finally:
                os.close(fd)
        except OSError as error:
            if error.errno == errno.ENOSPC:
                self.rules.stop('The archive does not fit in the work folder.')
            raise
        finally:
            os.close(parent)
        self.regular.add('/'.join(parts))

    def hard_link(self, parts, target_parts):
        """A tar hard link: only to a regular file this archive already unpacked."""
        self.rules.count_file()
        target = '/'.join(target_parts)
        if target not in self.regular:
            self.rules.refuse('%s links to %s, which is not a file of the archive.' % (shown('/'.join(parts)), shown(target)))
            return
        source_parent = self._folder(target_parts[:-1], False)
        parent = self._folder(parts[:-1], True)
        try:
            os.link(target_parts[-1], parts[-1], src_dir_fd=source_parent, dst_dir_fd=parent, follow_symlinks=False)
        except FileExistsError:
            self.rules.stop('%s appears twice in the archive.' % shown('/'.join(parts)))
        finally:
            os.close(parent)
            os.close(source_parent)
        self.regular.add('/'.join(parts))

    def note_link(self, parts, target):
        self.rules.count_file()
        if len(target) > MAX_LINK_TARGET or not target:
            self.rules.refuse('%s is a link with an unusable target.' % shown('/'.join(parts)))
            return
        self.links['/'.join(parts)] = target

    def make_links(self):
        """Links are checked against the whole tree and made last, so no file is ever written through one."""
        for path, target in self.links.items():
            if not resolve_inside(path.split('/'), target, self.links):
                self.rules.refuse('%s is a link to %s, outside the archive.' % (shown(path), shown(target)))
        self.rules.check_problems()
        for path, target in self.links.items():
            parts = path.split('/')
            parent = self._folder(parts[:-1], True)
            try:
                os.symlink(target, parts[-1], dir_fd=parent)
            except FileExistsError:
                self.rules.stop('%s appears twice in the archive.' % shown(path))
            finally:
                os.close(parent)


def special_problem(name, mode):
    """A sentence when the entry's mode is a device, FIFO, socket or setuid/setgid file, else None."""
    kind = stat.S_IFMT(mode)
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return '%s is a device file.' % shown(name)
    if stat.S_ISFIFO(mode):
        return '%s is a FIFO.' % shown(name)
    if stat.S_ISSOCK(mode):
        return '%s is a socket.' % shown(name)
    if kind not in (0, stat.S_IFREG, stat.S_IFDIR, stat.S_IFLNK):
        return '%s has an unknown file type.' % shown(name)
    if mode & (stat.S_ISUID | stat.S_ISGID):
        return '%s is a setuid or setgid file.' % shown(name)
    return None


def unpack_zip(fileobj, dest, rules):
    try:
        archive = zipfile.ZipFile(fileobj)
    except (zipfile.BadZipFile, OSError, ValueError) as error:
        rules.stop('The file is not a readable ZIP archive (%s).' % error)
    with archive:
        entries = archive.infolist()
        # The central directory is checked whole before a byte is inflated.
        files = sum(1 for e in entries if not e.is_dir())
        if files > rules.max_files:
            rules.stop('The archive holds more than %d files.' % rules.max_files)
        if len(entries) - files > rules.max_files:
            rules.stop('The archive holds more than %d folders.' % rules.max_files)
        if sum(e.file_size for e in entries) > rules.max_bytes:
            rules.stop('The archive unpacks to more than %d MB.' % (rules.max_bytes // 1_000_000))
        planned = []
        for entry in entries:
            parts = rules.clean_path(entry.filename)
            if parts is None:
                continue
            mode = entry.external_attr >> 16 if entry.create_system == 3 else 0
            problem = special_problem(entry.filename, mode)
            if problem:
                rules.refuse(problem)
                continue
            if entry.flag_bits & 0x1:
                rules.refuse('%s is encrypted.' % shown(entry.filename))
                continue
            planned.append((entry, parts, mode))
        rules.check_problems()
        tree = Tree(dest, rules)
        try:
            for entry, parts, mode in planned:
                if not parts:
                    continue
                if entry.is_dir():
                    tree.folder(parts)
                    continue
                with archive.open(entry) as source:
                    if stat.S_ISLNK(mode):
                        target = source.read(MAX_LINK_TARGET + 1)
                        tree.note_link(parts, target.decode('utf-8', 'replace'))
                    else:
                        tree.write_file(parts, source, entry.file_size, bool(mode & 0o111))
            tree.make_links()
        except (zipfile.BadZipFile, EOFError, NotImplementedError, RuntimeError) as error:
            rules.stop('The archive is damaged or uses an unsupported feature (%s).' % error)
        finally:
            tree.close()


class CountingReader:
    """Counts the decompressed stream so that headers, padding and metadata are bounded too, not only file bodies."""

    def __init__(self, inner, rules, limit):
        self.inner = inner
        self.rules = rules
        self.limit = limit
        self.count = 0

    def read(self, size=-1):
        data = self.inner.read(size if size is not None and size >= 0 else CHUNK)
        self.count += len(data)
        if self.count > self.limit:
            self.rules.stop('The archive unpacks to more than %d MB.' % (self.rules.max_bytes // 1_000_000))
        return data


def unpack_tar_stream(stream, dest, rules):
    """Unpacks a tar stream read once, front to back (tar.gz entries and a git bundle's `git archive` output)."""
    # Each entry costs at most a few 512-byte header blocks beyond its bytes.
    counted = CountingReader(stream, rules, rules.max_bytes + (rules.max_files * 2 + 10) * 4096)
    tree = Tree(dest, rules)
    try:
        try:
            archive = tarfile.open(fileobj=counted, mode='r|')
        except tarfile.TarError as error:
            rules.stop('The file is not a readable tar archive (%s).' % error)
        with archive:
            for member in archive:
                parts = rules.clean_path(member.name)
                if parts is None:
                    continue
                if member.issparse():
                    rules.refuse('%s is a sparse file.' % shown(member.name))
                    continue
                if member.ischr() or member.isblk():
                    rules.refuse('%s is a device file.' % shown(member.name))
                    continue
                if member.isfifo():
                    rules.refuse('%s is a FIFO.' % shown(member.name))
                    continue
                if member.mode & (stat.S_ISUID | stat.S_ISGID):
                    rules.refuse('%s is a setuid or setgid file.' % shown(member.name))
                    continue
                if rules.problems or not parts:
                    # Keep reading to report every problem, but write nothing once one is found.
                    if member.isreg():
                        rules.count_file()
                        rules.count_bytes(member.size)
                    continue
                if member.isdir():
                    tree.folder(parts)
                elif member.isreg():
                    source = archive.extractfile(member)
                    tree.write_file(parts, source, member.size, bool(member.mode & 0o111))
                elif member.issym():
                    tree.note_link(parts, member.linkname)
                elif member.islnk():
                    target = rules.clean_path(member.linkname)
                    if target:
                        tree.hard_link(parts, target)
                else:
                    rules.refuse('%s has an unsupported entry type.' % shown(member.name))
            rules.check_problems()
            tree.make_links()
    except (tarfile.TarError, EOFError, zlib.error, gzip.BadGzipFile) as error:
        rules.stop('The archive is damaged (%s).' % error)
    finally:
        tree.close()


def unpack_tar_gz(fileobj, dest, rules):
    with gzip.GzipFile(fileobj=fileobj, mode='rb') as stream:
        unpack_tar_stream(stream, dest, rules)


def unpack_git_bundle(fileobj, dest, rules, scratch):
    """Clones the bundle without network or configuration, then unpacks `git archive HEAD` as a tar stream: the tree
    passes the same checks as any archive, and a git bomb stops at the file limit instead of being checked out."""
    # git wants a path: the bundle is copied from the host's descriptor into the sandbox's scratch folder.
    bundle_path = os.path.join(scratch, 'entry.bundle')
    with open(bundle_path, 'wb') as copy:
        while True:
            chunk = fileobj.read(CHUNK)
            if not chunk:
                break
            copy.write(chunk)
    env = {
        'PATH': '/usr/bin:/bin',
        'HOME': '/work',
        'LANG': 'C.UTF-8',
        'GIT_CONFIG_NOSYSTEM': '1',
        'GIT_CONFIG_GLOBAL': '/dev/null',
        'GIT_TERMINAL_PROMPT': '0',
        'GIT_ATTR_NOSYSTEM': '1',
    }
    repo = os.path.join(scratch, 'entry.git')
    options = ['-c', 'transfer.fsckObjects=true', '-c', 'core.bigFileThreshold=1m', '-c', 'protocol.allow=never', '-c', 'protocol.file.allow=always']
    clone = subprocess.run(
        ['git'] + options + ['clone', '--quiet', '--bare', '--', bundle_path, repo],
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        close_fds=True,
    )
    if clone.returncode != 0:
        rules.stop('The git bundle cannot be cloned (%s).' % first_line(clone.stderr))
    count_tree_entries(options, repo, env, rules)
    # export-subst and export-ignore would let the bundle's .gitattributes change what is unpacked.
    with open(os.path.join(repo, 'info', 'attributes'), 'w') as attributes:
        attributes.write('* -export-subst -export-ignore\n')
    archive = subprocess.Popen(
        ['git'] + options + ['--git-dir', repo, 'archive', '--format=tar', 'HEAD'],
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        close_fds=True,
    )
    try:
        unpack_tar_stream(archive.stdout, dest, rules)
    finally:
        archive.kill()
        _, errors = archive.communicate()
        subprocess.run(['rm', '-rf', '--', repo, bundle_path], env=env, close_fds=True)
    if archive.returncode not in (0, -9) and not rules.problems:
        rules.stop('The git bundle has no readable HEAD (%s).' % first_line(errors))


def count_tree_entries(options, repo, env, rules):
    """Counts HEAD's files from its listing before a byte is written, as a ZIP's directory is: a git bomb's six
    objects list 100,000 files, and the listing is stopped at the limit."""
    listing = subprocess.Popen(
        ['git'] + options + ['--git-dir', repo, 'ls-tree', '-r', '-z', '--name-only', 'HEAD'],
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        close_fds=True,
    )
    files = 0
    try:
        while files <= rules.max_files:
            chunk = listing.stdout.read(CHUNK)
            if not chunk:
                break
            files += chunk.count(b'\0')
    finally:
        listing.kill()
        listing.wait()
    if files > rules.max_files:
        rules.stop('The archive holds more than %d files.' % rules.max_files)


def first_line(data):
    text = (data or b'').decode('utf-8', 'replace').strip().splitlines()
    return text[0][:300] if text else 'no message'


def check_tree(dest, rules):
    """Checks a folder a command filled (a preparation job's /out) by the same rules, walking without following links."""
    links = {}
    stack = [[]]
    while stack:
        parts = stack.pop()
        folder = os.path.join(dest, *parts)
        for name in sorted(os.listdir(folder)):
            inner = parts + [name]
            path = '/'.join(inner)
            info = os.lstat(os.path.join(folder, name))
            problem = special_problem(path, info.st_mode)
            if problem:
                rules.refuse(problem)
            elif stat.S_ISDIR(info.st_mode):
                rules.count_folder()
                stack.append(inner)
            elif stat.S_ISLNK(info.st_mode):
                rules.count_file()
                links[path] = os.readlink(os.path.join(folder, name))
            else:
                rules.count_file()
                rules.count_bytes(info.st_size)
    for path, target in links.items():
        if not resolve_inside(path.split('/'), target, links):
            rules.refuse('%s is a link to %s, outside the folder.' % (shown(path), shown(target)))
    rules.check_problems()


UNPACKERS = {'zip': unpack_zip, 'tar.gz': unpack_tar_gz}


def unpack(archive_format, fileobj, dest, rules, scratch):
    """Unpacks one archive into `dest`; raises ArchiveRefused with every broken rule found."""
    try:
        if archive_format == 'git-bundle':
            unpack_git_bundle(fileobj, dest, rules, scratch)
        else:
            UNPACKERS[archive_format](fileobj, dest, rules)
    except OSError as error:
        if error.errno == errno.ENOSPC:
            rules.stop('The archive does not fit in the work folder.')
        # A name too long, a file where a folder must go...: the archive's fault, not the site's.
        rules.stop('A file of the archive cannot be created (%s).' % (error.strerror or error))
    except (ValueError, KeyError, IndexError, OverflowError, UnicodeError, struct.error) as error:
        # Malformed headers the standard library does not wrap in its own error: refused, never a harness failure
        # (which the host would retry as the site's own).
        rules.stop('The archive could not be read (%s: %s).' % (type(error).__name__, error))
