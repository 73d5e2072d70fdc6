"""The records the engine takes and gives."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from garrepa_py.engine.notes import EngineNotes
from garrepa_py.engine.prompt import GENERIC_INSTRUCTION
from garrepa_py.structural.briefing import Structural


@dataclass(frozen=True)
class BriefRequest:
    route: str  # the route's name (routes/registry.py), or "generic": stamp, cache, journal
    source: str  # the exact text the agent would otherwise receive
    label: str  # what it is, for the model and the stamp: a path, a tool name, a command
    structural: Callable[[str], Structural]  # pure: text in, structural briefing out
    # what the cheap model is asked (the route's own, `Route.instruction`); None: no model,
    # the structural briefing only
    instruction: str | None = GENERIC_INSTRUCTION
    recovery: str | None = None  # where the exact bytes are when not spilled (Read: the file)
    question: str | None = None
    # True: the model's notes come first and the structural briefing stays below them (doc maps)
    combine: bool = False
    model_chars: int | None = None  # the most the model's text may take
    # The source laid out to be Read in parts (JSON one value per line), which the structural
    # briefing's line ranges refer to; spilled beside the exact bytes. None: the source itself.
    readable: Callable[[str], str] | None = None
    exact_copy: str | None = None  # a file that already holds the exact bytes (Claude Code's)


@dataclass(frozen=True)
class Briefing:
    """The result: `text` is the stamped briefing when decision is "compress"."""

    decision: str  # "compress" | "pass"
    reason: str
    text: str = ""
    spill_path: str | None = None
    notes: EngineNotes = field(default_factory=EngineNotes)  # labels and numbers, never content
