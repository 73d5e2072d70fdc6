"""One JSON line per hook event, appended by many processes at once (standard library only).

Each line is written with a single `write` on an `O_APPEND` descriptor under an advisory lock,
so parallel hooks never interleave. Lines carry sizes, decisions and timings, never content.
"""

from __future__ import annotations

import os

from garrepa_py import fastjson, paths

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator
    from typing import Any

ROTATE_BYTES = 20 * 1024 * 1024

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: one short O_APPEND write is atomic enough
    fcntl = None  # type: ignore[assignment]


def rotated(path: str) -> str:
    return path[: -len(".jsonl")] + ".1.jsonl" if path.endswith(".jsonl") else path + ".1"


def append(record: dict[str, Any], target: str | None = None) -> None:
    path = target or paths.journal_file()
    line = (fastjson.dumps_flat(record) + "\n").encode("utf-8", "surrogateescape")
    os.makedirs(os.path.dirname(path), mode=0o700, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
    try:
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_EX)
        if os.fstat(fd).st_size > ROTATE_BYTES:
            os.replace(path, rotated(path))  # this line closes the old file; the next starts anew
        os.write(fd, line)
    finally:
        os.close(fd)  # closing releases the lock


def read(since: float | None = None, target: str | os.PathLike[str] | None = None
         ) -> Iterator[dict[str, Any]]:
    """Every well-formed record, oldest first; a torn or foreign line is skipped."""
    import json

    path = os.fspath(target) if target is not None else paths.journal_file()
    for source in (rotated(path), path):
        try:
            handle = open(source, "rb")
        except FileNotFoundError:
            continue
        with handle:
            for raw in handle:
                try:
                    record = json.loads(raw)
                except ValueError:
                    continue
                if not isinstance(record, dict):
                    continue
                if since is not None and float(record.get("ts", 0)) < since:
                    continue
                yield record
