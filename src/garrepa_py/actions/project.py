"""Which project a command run from a shell belongs to: the enclosing git work tree, else cwd."""

from __future__ import annotations

from pathlib import Path


def project_root(start: Path | None = None) -> Path:
    here = (start or Path.cwd()).resolve()
    for candidate in (here, *here.parents):
        if (candidate / ".git").exists():
            return candidate
    return here
