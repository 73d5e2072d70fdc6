"""The records passed between the hook entry and the routes (standard library only).

Plain classes with slots: `dataclasses` would cost the hook ~30 ms of imports per event.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from garrepa_py.config.load import Config
    from garrepa_py.engine.notes import EngineNotes


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
    """What a route decided.

    `reply` goes to the harness (None: pass through). `chars_in` is the size of the source the
    route worked on, measured once where it was read (None: the entry's estimate from the event
    stands); `chars_out` what the agent receives instead; `engine` the engine's numbers and
    labels (method, model, tokens, masked kinds); the route's own notes: `baseline_chars` (what
    the host alone would have delivered, when the route knows it better than the event does: a
    Read denied before it ran), `recovers` (the spill a read brings back), `saved_log` (the
    runner family a saved log was read as) — never content. The hook's entry point writes it all
    into the event's journal line (hook/journal_line.py).
    """

    __slots__ = ("decision", "reason", "reply", "chars_in", "chars_out", "engine",
                 "baseline_chars", "recovers", "saved_log")

    def __init__(self, decision: str, reason: str, reply: dict[str, Any] | None = None,
                 chars_in: int | None = None, chars_out: int | None = None,
                 engine: EngineNotes | None = None, *, baseline_chars: int | None = None,
                 recovers: str | None = None, saved_log: str | None = None) -> None:
        self.decision = decision  # "pass" | "compress"
        self.reason = reason
        self.reply = reply
        self.chars_in = chars_in
        self.chars_out = chars_out
        self.engine = engine
        self.baseline_chars = baseline_chars
        self.recovers = recovers
        self.saved_log = saved_log

    def __repr__(self) -> str:
        return f"Verdict({self.decision!r}, {self.reason!r})"


def passed(reason: str) -> Verdict:
    return Verdict("pass", reason)
