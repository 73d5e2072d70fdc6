"""The one place garrepa touches files it does not fully control (standard library only).

Every read is bounded and refuses FIFOs, devices and sockets without blocking on them; every
directory garrepa writes or deletes in must be its own: a real directory (never a symlink),
owned by this user, tightened to 0700. Deletion walks by directory descriptor with
`follow_symlinks=False`, so a link planted in the tree can never redirect it.
"""

from __future__ import annotations

import os
import stat

_READ_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
NOFOLLOW = _NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_DIRECTORY = getattr(os, "O_DIRECTORY", 0)


class Refused(OSError):
    """A path garrepa will not use: not a regular file, too large, a symlink, not ours."""

    def __init__(self, reason: str, path: str = "") -> None:
        super().__init__(f"{reason}: {path}" if path else reason)
        self.reason = reason


def read_bounded(path: str, limit: int, follow: bool = True) -> bytes:
    """The whole of a regular file of at most `limit` bytes.

    Raises FileNotFoundError, Refused("not-a-file") for FIFOs/devices/directories (opened
    non-blocking, so a FIFO never hangs us), Refused("too-large") past `limit`, and with
    follow=False Refused("symlink") for a link in the last component.
    """
    if "\0" in path:
        raise Refused("bad-path")
    flags = _READ_FLAGS | (0 if follow else _NOFOLLOW)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        if not follow and exc.errno in (40, 31):  # ELOOP / EMLINK: the last part is a link
            raise Refused("symlink", path) from None
        raise
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise Refused("not-a-file", path)
        if info.st_size > limit:
            raise Refused("too-large", path)
        return _read_all(fd, limit, path)
    finally:
        os.close(fd)


def _read_all(fd: int, limit: int, path: str) -> bytes:
    os.set_blocking(fd, True)
    chunks: list[bytes] = []
    size = 0
    while True:
        chunk = os.read(fd, min(1 << 20, limit + 1 - size))
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
        if size > limit:  # grew while we read it
            raise Refused("too-large", path)
    return b"".join(chunks)


def read_owned(root: str, parts: tuple[str, ...], limit: int) -> bytes:
    """The file `root/parts…` when every step is this user's own: each folder below `root` a
    real directory (opened by descriptor, never through a link) owned by this user, and the
    file a regular file of at most `limit` bytes owned by this user, readable by nobody else
    (garrepa writes 0600), with one link only (a hard link could be anyone's file).

    Raises FileNotFoundError, or Refused with reason "symlink", "not-a-file",
    "not-our-directory", "not-ours", "shared-mode", "hard-link" or "too-large".
    """
    if not parts or any("/" in part or part in ("", ".", "..") or "\0" in part
                        for part in parts):
        raise Refused("bad-path")
    fd_dir = os.open(root, os.O_RDONLY | _DIRECTORY)
    try:
        for folder in parts[:-1]:
            try:
                fd_next = os.open(folder, os.O_RDONLY | _DIRECTORY | _NOFOLLOW, dir_fd=fd_dir)
            except OSError as exc:
                if exc.errno in (20, 40):  # ENOTDIR / ELOOP: a file or a link where a folder is
                    raise Refused("not-our-directory", folder) from None
                raise
            os.close(fd_dir)
            fd_dir = fd_next
            if os.fstat(fd_dir).st_uid != os.geteuid():
                raise Refused("not-our-directory", folder)
        try:
            fd = os.open(parts[-1], _READ_FLAGS | _NOFOLLOW, dir_fd=fd_dir)
        except OSError as exc:
            if exc.errno in (40, 31):  # ELOOP / EMLINK: the name is a link
                raise Refused("symlink", parts[-1]) from None
            raise
    finally:
        os.close(fd_dir)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise Refused("not-a-file", parts[-1])
        if info.st_uid != os.geteuid():
            raise Refused("not-ours", parts[-1])
        if info.st_mode & 0o077:
            raise Refused("shared-mode", parts[-1])
        if info.st_nlink != 1:
            raise Refused("hard-link", parts[-1])
        if info.st_size > limit:
            raise Refused("too-large", parts[-1])
        return _read_all(fd, limit, parts[-1])
    finally:
        os.close(fd)


def regular_file_size(path: str) -> int | None:
    """The size of a regular file (symlinks followed), or None for anything else or nothing."""
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return None
    return info.st_size if stat.S_ISREG(info.st_mode) else None


def own_dir(path: str, create: bool = True, follow: bool = False) -> bool:
    """Make sure `path` is a real directory owned by this user with mode 0700.

    Creates it (and missing parents) when asked. False when it is a symlink (unless `follow`:
    only for garrepa's home, which the user chose, never for a folder inside a repository),
    not a directory, or someone else's: the caller must then not write or delete anything there.
    """
    look = os.stat if follow else os.lstat
    try:
        info = look(path)
    except FileNotFoundError:
        if not create:
            return False
        try:
            os.makedirs(path, mode=0o700, exist_ok=True)
            info = look(path)
        except OSError:
            return False
    except (OSError, ValueError):
        return False
    if not stat.S_ISDIR(info.st_mode) or info.st_uid != os.geteuid():
        return False
    if info.st_mode & 0o077:
        try:
            os.chmod(path, 0o700, follow_symlinks=follow)
        except (OSError, NotImplementedError):
            return False
    return True


def write_private(directory: str, name: str, data: bytes) -> str:
    """Write `directory/name` (0600); `directory` must pass own_dir. Returns the path."""
    if "/" in name or name in ("", ".", ".."):
        raise Refused("bad-name", name)
    _replace_in(directory, name, data, 0o600)
    return os.path.join(directory, name)


def write_atomic(target: str | os.PathLike[str], data: str | bytes, mode: int | None = None) -> None:
    """Replace `target` with `data` in one step (temp file in the same folder, then rename).

    Keeps the file's mode unless `mode` is given (0644 for a new file); creates missing parent
    folders. The one atomic writer: settings, configs, trust records, spills and caches.
    """
    path = os.fspath(target)
    directory = os.path.dirname(path) or "."
    os.makedirs(directory, exist_ok=True)
    if mode is None:
        try:
            mode = stat.S_IMODE(os.stat(path).st_mode)
        except FileNotFoundError:
            mode = 0o644
    payload = data.encode("utf-8") if isinstance(data, str) else data
    _replace_in(directory, os.path.basename(path), payload, mode)


def _replace_in(directory: str, name: str, data: bytes, mode: int) -> None:
    fd_dir = os.open(directory, os.O_RDONLY | _DIRECTORY)
    temporary = f".{name}.{os.getpid()}.{os.urandom(4).hex()}.tmp"
    try:
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW, 0o600,
                     dir_fd=fd_dir)
        try:
            view = memoryview(data)
            while view:
                written = os.write(fd, view)
                view = view[written:]
            os.fchmod(fd, mode)
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(temporary, name, src_dir_fd=fd_dir, dst_dir_fd=fd_dir)
    except BaseException:
        try:
            os.unlink(temporary, dir_fd=fd_dir)
        except OSError:
            pass
        raise
    finally:
        os.close(fd_dir)


class PrivateStream:
    """A file written while its bytes stream in (0600, in a directory that passed own_dir), named
    only when it is complete: `commit(name)` renames the temp file into place, `abort()` drops
    it. Nothing is held in memory."""

    def __init__(self, directory: str) -> None:
        self._dir = os.open(directory, os.O_RDONLY | _DIRECTORY)
        self._temporary = f".stream.{os.getpid()}.{os.urandom(4).hex()}.tmp"
        try:
            self._fd = os.open(self._temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW,
                               0o600, dir_fd=self._dir)
        except BaseException:
            os.close(self._dir)
            raise
        self.directory = directory

    def write(self, data: bytes) -> None:
        view = memoryview(data)
        while view:
            view = view[os.write(self._fd, view):]

    def commit(self, name: str) -> str:
        """The complete file, renamed to `directory/name`; returns its path."""
        if "/" in name or name in ("", ".", ".."):
            self.abort()
            raise Refused("bad-name", name)
        try:
            os.close(self._fd)
            self._fd = -1
            os.replace(self._temporary, name, src_dir_fd=self._dir, dst_dir_fd=self._dir)
        except BaseException:
            self.abort()
            raise
        os.close(self._dir)
        self._dir = -1
        return os.path.join(self.directory, name)

    def abort(self) -> None:
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1
        if self._dir >= 0:
            try:
                os.unlink(self._temporary, dir_fd=self._dir)
            except OSError:
                pass
            os.close(self._dir)
            self._dir = -1


def list_files(directory: str) -> list[tuple[str, float, int]]:
    """(name, mtime, size) of the regular files directly in `directory`, links not followed.

    Raises Refused when `directory` is itself a symlink or not a directory.
    """
    try:
        fd_dir = os.open(directory, os.O_RDONLY | _DIRECTORY | _NOFOLLOW)
    except OSError as exc:
        if exc.errno in (20, 40):  # ENOTDIR / ELOOP
            raise Refused("not-our-directory", directory) from None
        raise
    try:
        found = []
        for name in os.listdir(fd_dir):
            try:
                info = os.stat(name, dir_fd=fd_dir, follow_symlinks=False)
            except FileNotFoundError:
                continue
            if stat.S_ISREG(info.st_mode):
                found.append((name, info.st_mtime, info.st_size))
        return found
    finally:
        os.close(fd_dir)


def remove_files(directory: str, names: list[str]) -> int:
    """Unlink these names inside `directory` (never through a link); returns how many went."""
    try:
        fd_dir = os.open(directory, os.O_RDONLY | _DIRECTORY | _NOFOLLOW)
    except OSError:
        return 0
    removed = 0
    try:
        for name in names:
            if "/" in name:
                continue
            try:
                info = os.stat(name, dir_fd=fd_dir, follow_symlinks=False)
                if stat.S_ISREG(info.st_mode) or stat.S_ISLNK(info.st_mode):
                    os.unlink(name, dir_fd=fd_dir)
                    removed += 1
            except FileNotFoundError:
                continue
    finally:
        os.close(fd_dir)
    return removed


def remove_tree(path: str) -> None:
    """Delete a directory tree garrepa owns; a symlink at `path` is removed, never followed."""
    info = os.lstat(path)
    if not stat.S_ISDIR(info.st_mode):
        os.unlink(path)
        return
    import shutil

    shutil.rmtree(path)  # uses fd-based, symlink-safe deletion on this platform


def inside(path: str, root: str) -> bool:
    """Is `path`, with every symlink resolved, inside `root` (also resolved)?"""
    try:
        target = os.path.realpath(path)
        base = os.path.realpath(root)
        return os.path.commonpath([target, base]) == base
    except (OSError, ValueError):
        return False
