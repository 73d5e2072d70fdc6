"""The records passed between the hook entry and the routes (standard library only).

Plain classes with slots: `dataclasses` would cost the hook ~30 ms of imports per event.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from garrepa_py.config.load import Config


class HookContext:
    """What a route works with: the typed settings (and the layered config they came from, for
    trust and the model), the project, and the deadline."""

    __slots__ = ("config", "settings", "project", "deadline")

    def __init__(self, config: Config, project: str, deadline: float) -> None:
        self.config = config
        self.settings = config.settings
        self.project = project
        self.deadline = deadline  # time.monotonic() value by which the reply must be printed


class Verdict:
    """What a route decided: a reply for the harness (None: pass through) and why."""

    __slots__ = ("decision", "reason", "reply", "chars_out", "extra")

    def __init__(self, decision: str, reason: str, reply: dict[str, Any] | None = None,
                 chars_out: int | None = None, extra: dict[str, Any] | None = None) -> None:
        self.decision = decision  # "pass" | "compress"
        self.reason = reason
        self.reply = reply
        self.chars_out = chars_out
        self.extra = extra or {}  # journaled as-is: numbers and labels, never content


def passed(reason: str) -> Verdict:
    return Verdict("pass", reason)
