"""What the engine noted while briefing one source: labels and numbers, never content.

The engine's steps fill one `EngineNotes` (typed attributes, checked by mypy, no dict keys
spelt in seven files); the route hands it to its Verdict, and the hook's entry point writes it
into the event's journal line with everything else (journal.py `Record`), once.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from garrepa_py.journal import Record

# the journal's keys, in the order a line shows them
_FIELDS = ("masked", "unmaskable", "structural", "provider", "fallback", "retry", "cache",
           "model", "instruction_rule", "model_input", "model_input_why", "input_tokens",
           "output_tokens", "model_ms", "restored", "readable", "spills", "prune", "method")


class EngineNotes:
    """Each attribute is None until a step has something to say."""

    __slots__ = _FIELDS

    def __init__(self) -> None:
        self.masked: str | None = None  # kinds and counts of masked secrets, never a value
        self.unmaskable: str | None = None
        self.structural: str | None = None  # the generic compressor stood in, and why
        self.provider: str | None = None  # how the model client was chosen
        self.fallback: str | None = None  # why the model's briefing was not used
        self.retry: str | None = None  # a withheld cached briefing asked for again
        self.cache: str | None = None  # hit | miss | unwritable
        self.model: str | None = None
        self.instruction_rule: str | None = None  # a validation label, never the text
        self.model_input: str | None = None  # the model saw the structural digest
        self.model_input_why: str | None = None
        self.input_tokens: int | None = None
        self.output_tokens: int | None = None
        self.model_ms: int | None = None
        self.restored: int | None = None  # must-keep handles garrepa added back
        self.readable: str | None = None  # the readable copy failed, and how
        self.spills: list[str] | None = None  # spill ids of the exact bytes (and readable copy)
        self.prune: str | None = None
        self.method: str | None = None  # model | structural

    def fields(self) -> Record:
        """The journal keys of what was noted (the unset left out)."""
        found: dict[str, object] = {}
        for name in _FIELDS:
            value = getattr(self, name)
            if value is not None:
                found[name] = value
        return found  # type: ignore[return-value]  # each key is one of Record's

    def __repr__(self) -> str:
        return f"EngineNotes({self.fields()!r})"
