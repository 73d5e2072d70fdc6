"""Finding and reading the files a person names: globs, directories, bounded reads."""

from __future__ import annotations

import glob
import os
import re
from collections.abc import Iterator
from pathlib import Path

MAX_BYTES = 16 * 1024 * 1024
SKIP_DIRS = frozenset({".git", ".garrepa", "node_modules", "__pycache__", ".venv", "venv",
                       ".mypy_cache", ".pytest_cache", ".ruff_cache", ".tox", "dist", "build"})


def natural(text: str) -> list[object]:
    """A sort key that orders doc2 before doc10 (numbers by value, the rest case-folded)."""
    return [int(part) if part.isdigit() else part.casefold()
            for part in re.split(r"(\d+)", text)]


def expand(patterns: list[str]) -> Iterator[Path]:
    """Files named by paths, globs (`**` allowed) and directories (walked), each once, in
    natural order (doc1, doc2, doc10)."""
    seen: set[Path] = set()
    for pattern in patterns:
        matches = (sorted(glob.glob(pattern, recursive=True), key=natural)
                   if glob.has_magic(pattern) else [pattern])
        for match in matches:
            path = Path(match)
            candidates = _walk(path) if path.is_dir() else [path]
            for candidate in candidates:
                if candidate not in seen:
                    seen.add(candidate)
                    yield candidate


def _walk(root: Path) -> list[Path]:
    found = []
    for directory, dirs, names in os.walk(root):
        dirs[:] = sorted((d for d in dirs if d not in SKIP_DIRS), key=natural)
        found += [Path(directory) / name for name in sorted(names, key=natural)]
    return found


class Unreadable(Exception):
    """Why a file cannot be summarized: missing, too large, binary, not UTF-8."""


def read_text(path: Path) -> str:
    from garrepa_py import fs

    try:
        data = fs.read_bounded(str(path), MAX_BYTES)  # never blocks on a FIFO in a tree
    except fs.Refused as exc:
        if exc.reason == "too-large":
            raise Unreadable(f"is larger than {MAX_BYTES // (1024 * 1024)} MB") from None
        raise Unreadable("is not a regular file") from None
    except OSError as exc:
        raise Unreadable(f"cannot be read ({exc.strerror or exc})") from None
    if b"\0" in data[:65536]:
        raise Unreadable("is binary")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise Unreadable("is not UTF-8 text") from None
