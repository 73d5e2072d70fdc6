"""One line of `garrepa doctor`: what was checked, how it stands, and the fix (shared by the
checks of every host: actions/doctor.py, actions/doctor_codex.py)."""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass


@dataclass(frozen=True)
class Check:
    name: str
    status: str  # "ok" | "warn" | "fail"
    detail: str
    hint: str = ""

    def as_dict(self) -> dict[str, str]:
        return asdict(self)


def parse_version(text: str) -> tuple[int, ...] | None:
    """The first `X.Y.Z` in a `--version` line, as numbers."""
    match = re.search(r"(\d+)\.(\d+)\.(\d+)", text)
    return tuple(int(part) for part in match.groups()) if match else None
