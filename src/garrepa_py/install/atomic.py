"""Atomic, locked file writes: a temp file in the same directory, then `os.replace`.

Lock files live in the user's garrepa home, never beside the user's files.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

from garrepa_py import fs, paths


@contextlib.contextmanager
def locked(target: Path, timeout: float = 10.0) -> Iterator[None]:
    from filelock import FileLock

    home = paths.garrepa_home()
    fs.own_dir(home, follow=True)  # 0700: the journal, trust records and errors live here
    lock_dir = Path(home) / "locks"
    fs.own_dir(str(lock_dir))
    name = hashlib.sha256(str(target.resolve()).encode()).hexdigest()[:24]
    with FileLock(str(lock_dir / f"{name}.lock"), timeout=timeout):
        yield


def write_atomic(target: Path, text: str, mode: int | None = None) -> None:
    """Replace `target` with `text` in one step; keeps the old mode unless `mode` is given."""
    target.parent.mkdir(parents=True, exist_ok=True)
    if mode is None:
        try:
            mode = target.stat().st_mode & 0o7777
        except FileNotFoundError:
            mode = 0o644
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise
