"""Cross-process locks for the commands that edit shared files (settings, configs, trust).

Lock files live in garrepa's own home, never beside the user's files. Not on the hook path:
the hook only reads, and writes its own content-addressed files by rename.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
from collections.abc import Iterator

from garrepa_py import fs, paths


@contextlib.contextmanager
def locked(target: str | os.PathLike[str], timeout: float = 10.0) -> Iterator[None]:
    from filelock import FileLock

    home = paths.garrepa_home()
    fs.own_dir(home, follow=True)  # 0700: the journal, trust records and errors live here
    lock_dir = os.path.join(home, "locks")
    fs.own_dir(lock_dir)
    name = hashlib.sha256(os.path.realpath(target).encode()).hexdigest()[:24]
    with FileLock(os.path.join(lock_dir, f"{name}.lock"), timeout=timeout):
        yield
