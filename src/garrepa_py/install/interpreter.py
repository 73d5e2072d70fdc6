"""The interpreter record: which Python (and which garrepa_py) the hook launcher runs for this
user, written by `init` into garrepa's home so the launcher never guesses from PATH."""

from __future__ import annotations

import sys
from pathlib import Path

from garrepa_py import paths
from garrepa_py.fs import write_atomic
from garrepa_py.install.change import Change
from garrepa_py.locks import locked


def interpreter_record_text() -> str:
    package_root = Path(__file__).resolve().parent.parent.parent  # the folder holding garrepa_py
    return f"{sys.executable}\n{package_root}\n"


def record_interpreter(dry_run: bool) -> Change:
    path = Path(paths.interpreter_record())
    text = interpreter_record_text()
    try:
        current: str | None = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        current = None
    if current == text:
        return Change(path, "keep", "interpreter recorded")
    if not dry_run:
        with locked(path):
            write_atomic(path, text, mode=0o600)
    return Change(path, "create" if current is None else "update",
                  "the interpreter the launcher runs for this user")
