"""One JSON line per hook event, appended by many processes at once (standard library only).

Each line is written with a single `write` on an `O_APPEND` descriptor under an advisory lock,
so parallel hooks never interleave. Lines carry sizes, decisions and timings, never content.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from garrepa_py import paths

ROTATE_BYTES = 20 * 1024 * 1024

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: appends stay atomic enough for one line
    fcntl = None  # type: ignore[assignment]


def append(record: dict[str, Any], target: Path | None = None) -> None:
    path = target or paths.journal_file()
    line = (json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
    try:
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_EX)
        if os.fstat(fd).st_size > ROTATE_BYTES:
            os.replace(path, path.with_suffix(".1.jsonl"))  # the next event starts a fresh file
        os.write(fd, line)
    finally:
        os.close(fd)  # closing releases the lock


def read(since: float | None = None, target: Path | None = None) -> Iterator[dict[str, Any]]:
    """Every well-formed record, oldest first; a torn or foreign line is skipped."""
    path = target or paths.journal_file()
    for source in (path.with_suffix(".1.jsonl"), path):
        with contextlib.suppress(FileNotFoundError), source.open("rb") as handle:
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
