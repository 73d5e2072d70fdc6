"""What a route is: one small protocol every route module fills in (standard library only).

A route serves one kind of tool event. It says where it hooks in (the event, the matcher and
the `if` rules Claude Code filters by, so a call no rule matches starts no process), whether it
is on for a project's settings, which events are its own, a quick pass decided from the event
alone, the handler that does the work, the instruction its cheap model gets (None: structural
only, no model), and the text it targets (a path, a command: the journal keeps its
fingerprint). routes/registry.py lists the routes; the hook, the installer, `preview`, `doctor`
and `report` all take them from there.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from garrepa_py.config.settings import Settings
    from garrepa_py.event import ToolEvent
    from garrepa_py.routes.verdict import HookContext, Verdict

    Rules = Callable[[Settings], "tuple[str, ...] | None"]


class Slot:
    """One handler garrepa installs: an event, a matcher, and its `if` rule (None: none)."""

    __slots__ = ("event", "matcher", "condition")

    def __init__(self, event: str, matcher: str, condition: str | None) -> None:
        self.event = event
        self.matcher = matcher
        self.condition = condition

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Slot) and (self.event, self.matcher, self.condition) == (
            other.event, other.matcher, other.condition)

    def __hash__(self) -> int:
        return hash((self.event, self.matcher, self.condition))

    def __repr__(self) -> str:
        return f"Slot({self.event!r}, {self.matcher!r}, {self.condition!r})"

    def handler(self, timeout: int, command: str | None = None) -> dict[str, Any]:
        """The handler as settings.json holds it (`command`: the project's launcher unless
        given, e.g. the plugin's)."""
        from garrepa_py.hook_commands import HOOK_COMMAND

        handler: dict[str, Any] = {"type": "command"}
        if self.condition:
            handler["if"] = self.condition
        handler["command"] = command or HOOK_COMMAND
        handler["timeout"] = timeout
        return handler


def always(settings: Settings) -> bool:
    return True


def no_quick_pass(event: ToolEvent, settings: Settings) -> str | None:
    return None


def no_target(event: ToolEvent) -> str | None:
    return None


class Route:
    """One route. Every field but `name`, `claims` and `handle` has a default that suits most.

    `event` is the hook event it serves, or a function of the settings (the Read route moves to
    PreToolUse with `read.mode: deny`); `rules` gives its `if` rules (one handler each; None:
    one handler without a rule, started for every call of the matcher's tools); `claims` says
    whether an event is this route's (routes are asked in the registry's order, the first to
    claim an event takes it); `quick_pass` is a shortcut, never the guard: `handle` checks all
    of it again.
    """

    __slots__ = ("name", "summary", "event", "matcher", "rules", "enabled", "claims",
                 "quick_pass", "handle", "instruction", "target")

    def __init__(self, name: str, *, summary: str, event: str | Callable[[Settings], str],
                 matcher: str, claims: Callable[[ToolEvent], bool],
                 handle: Callable[[ToolEvent, HookContext], Verdict],
                 rules: Rules | None = None,
                 enabled: Callable[[Settings], bool] = always,
                 quick_pass: Callable[[ToolEvent, Settings], str | None] = no_quick_pass,
                 instruction: str | None = None,
                 target: Callable[[ToolEvent], str | None] = no_target) -> None:
        self.name = name
        self.summary = summary  # what it briefs, in a few words (doctor, report)
        self.event = event
        self.matcher = matcher
        self.rules = rules
        self.enabled = enabled
        self.claims = claims
        self.quick_pass = quick_pass
        self.handle = handle
        self.instruction = instruction
        self.target = target

    def event_for(self, settings: Settings) -> str:
        return self.event if isinstance(self.event, str) else self.event(settings)

    def slots(self, settings: Settings, on: bool | None = None) -> tuple[Slot, ...]:
        """The handlers this route needs in a project with these settings (none when off;
        `on` overrides `enabled`, e.g. for `init --logs` before the config says so)."""
        if not (self.enabled(settings) if on is None else on):
            return ()
        rules = self.rules(settings) if self.rules is not None else None
        event = self.event_for(settings)
        if rules is None:
            return (Slot(event, self.matcher, None),)
        return tuple(Slot(event, self.matcher, rule) for rule in rules)

    def __repr__(self) -> str:
        return f"Route({self.name!r})"
