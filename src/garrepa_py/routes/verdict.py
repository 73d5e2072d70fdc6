"""The records passed between the hook entry and the routes (standard library only).

Plain classes with slots: `dataclasses` would cost the hook ~30 ms of imports per event.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from garrepa_py.config.load import Config
    from garrepa_py.engine.notes import EngineNotes
    from garrepa_py.journal import Record


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
    """What a route decided, and the one journal record of it.

    `reply` goes to the harness (None: pass through). `chars_in` is the size of the source the
    route worked on, measured once where it was read (None: the entry's estimate from the event
    stands); `chars_out` what the agent receives instead; `engine` the engine's numbers and labels
    (method, model, tokens, masked kinds), `notes` the route's own (the spill a read recovers) —
    never content.
    """

    __slots__ = ("decision", "reason", "reply", "chars_in", "chars_out", "notes", "engine")

    def __init__(self, decision: str, reason: str, reply: dict[str, Any] | None = None,
                 chars_in: int | None = None, chars_out: int | None = None,
                 notes: Record | None = None, engine: EngineNotes | None = None) -> None:
        self.decision = decision  # "pass" | "compress"
        self.reason = reason
        self.reply = reply
        self.chars_in = chars_in
        self.chars_out = chars_out
        self.notes: Record = notes or {}
        self.engine = engine

    def record(self) -> Record:
        """The fields this verdict adds to the event's journal line."""
        fields: Record = self.engine.fields() if self.engine is not None else {}
        fields.update(self.notes)
        fields.update({"decision": self.decision, "reason": self.reason})
        if self.chars_in is not None:
            fields["chars_in"] = self.chars_in
        if self.chars_out is not None:
            fields["chars_out"] = self.chars_out
        return fields


def passed(reason: str) -> Verdict:
    return Verdict("pass", reason)
