"""The records passed between the hook entry and the routes (standard library only)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from garrepa_py.config.load import Config


@dataclass(frozen=True)
class HookContext:
    config: Config
    project: Path
    deadline: float  # time.monotonic() value by which the reply must be printed


@dataclass(frozen=True)
class Verdict:
    """What a route decided: a reply for the harness (None: pass through) and why."""

    decision: str  # "pass" | "compress" | "audit"
    reason: str
    reply: dict[str, Any] | None = None
    chars_out: int | None = None
    extra: dict[str, Any] = field(default_factory=dict)  # journaled as-is (numbers, never content)


def passed(reason: str) -> Verdict:
    return Verdict("pass", reason)
