"""What one install step did to one file, and the diff `--dry-run` shows for it.

Every step of `init` and `uninstall` (settings, managed files, the config, the interpreter record,
the runner's allow rule) reports one Change, so the CLI renders them all one way.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Change:
    path: Path
    action: str  # "create" | "update" | "remove" | "keep"
    detail: str
    diff: str = ""


def diff(path: Path, old: str | None, new: str | None) -> str:
    """The unified diff from `old` to `new` (None: the file is absent on that side)."""
    lines = difflib.unified_diff(
        (old or "").splitlines(keepends=True),
        (new or "").splitlines(keepends=True),
        fromfile=str(path) if old is not None else "/dev/null",
        tofile=str(path) if new is not None else "/dev/null",
    )
    return "".join(lines)
