"""Pure edits of Claude Code's settings.json: add or remove garrepa's hook entries, nothing else.

Our handlers are recognised by a marker in their command (with prior forms for upgrades);
foreign handlers, groups, keys and key order are kept.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from garrepa_py.install.commands import HOOK_COMMAND, is_hook_command


@dataclass(frozen=True)
class Slot:
    """One place garrepa hooks into: an event, a matcher and the handler that runs there."""

    event: str
    matcher: str
    condition: str | None  # the handler's `if` field

    def handler(self, timeout: int) -> dict[str, Any]:
        handler: dict[str, Any] = {"type": "command"}
        if self.condition:
            handler["if"] = self.condition
        handler["command"] = HOOK_COMMAND
        handler["timeout"] = timeout
        return handler


SLOTS = (
    Slot("PreToolUse", "Read", None),
    Slot("PostToolUse", "mcp__.*", None),
    Slot("PostToolUse", "Bash", "Bash(git *)"),
)


class SettingsShapeError(ValueError):
    """settings.json holds something we must not guess about."""


def is_ours(handler: object) -> bool:
    if not isinstance(handler, dict) or handler.get("type") != "command":
        return False
    return is_hook_command(handler.get("command"))


def check_shape(settings: object) -> None:
    if not isinstance(settings, dict):
        raise SettingsShapeError("the top level must be a JSON object")
    hooks = settings.get("hooks")
    if hooks is None:
        return
    if not isinstance(hooks, dict):
        raise SettingsShapeError('"hooks" must be an object mapping event names to lists')
    for event in {slot.event for slot in SLOTS}:
        if event in hooks and not isinstance(hooks[event], list):
            raise SettingsShapeError(f'"hooks.{event}" must be a list of matcher groups')


def _groups(hooks: dict[str, Any], event: str) -> list[Any]:
    groups = hooks.get(event)
    return groups if isinstance(groups, list) else []


def _handlers(group: object) -> list[Any] | None:
    if isinstance(group, dict) and isinstance(group.get("hooks"), list):
        return group["hooks"]  # type: ignore[no-any-return]
    return None


def _kept_timeout(handler: object, timeout: int) -> int:
    """A timeout the user set on our handler by hand is theirs: keep it."""
    current = handler.get("timeout") if isinstance(handler, dict) else None
    if isinstance(current, int) and not isinstance(current, bool) and current > 0:
        return current
    return timeout


def add_entries(settings: dict[str, Any], timeout: int,
                keep_timeouts: bool = True) -> dict[str, Any]:
    """Return settings with exactly one garrepa handler in each slot; idempotent.

    With `keep_timeouts`, a handler already installed keeps the timeout it has (a user may have
    raised it by hand); `timeout` applies to new handlers and, without it, to all.
    """
    check_shape(settings)
    result = copy.deepcopy(settings)
    hooks = result.setdefault("hooks", {})
    filled: set[Slot] = set()
    wanted = {(slot.event, slot.matcher): slot for slot in SLOTS}

    for event in list(hooks):
        for group in list(_groups(hooks, event)):
            handlers = _handlers(group)
            if handlers is None or not any(is_ours(h) for h in handlers):
                continue
            for index in reversed(range(len(handlers))):
                if not is_ours(handlers[index]):
                    continue
                slot = wanted.get((event, group.get("matcher")))
                if slot is not None and slot not in filled:
                    kept = _kept_timeout(handlers[index], timeout) if keep_timeouts else timeout
                    handlers[index] = slot.handler(kept)  # upgrade in place
                    filled.add(slot)
                else:
                    del handlers[index]  # a duplicate or a placement we no longer use
            if not handlers:
                hooks[event].remove(group)

    for slot in SLOTS:
        if slot in filled:
            continue
        groups = hooks.setdefault(slot.event, [])
        for group in groups:
            handlers = _handlers(group)
            if handlers is not None and group.get("matcher") == slot.matcher:
                handlers.append(slot.handler(timeout))
                break
        else:
            groups.append({"matcher": slot.matcher, "hooks": [slot.handler(timeout)]})
    return result


def remove_entries(settings: dict[str, Any]) -> dict[str, Any]:
    """Return settings without garrepa's handlers, dropping only the containers we emptied."""
    check_shape(settings)
    result = copy.deepcopy(settings)
    hooks = result.get("hooks")
    if not isinstance(hooks, dict):
        return result
    for event in list(hooks):
        groups = hooks[event]
        if not isinstance(groups, list):
            continue
        removed_any = False
        for group in list(groups):
            handlers = _handlers(group)
            if handlers is None or not any(is_ours(h) for h in handlers):
                continue
            handlers[:] = [h for h in handlers if not is_ours(h)]
            removed_any = True
            if not handlers:
                groups.remove(group)
        if removed_any and not groups:
            del hooks[event]
    if not hooks and "hooks" in settings and settings["hooks"] != {}:
        del result["hooks"]
    return result


def has_all_entries(settings: object, timeout: int | None = None) -> list[str]:
    """What is missing or altered, as lines for `doctor`; empty when all slots are intact."""
    if not isinstance(settings, dict) or not isinstance(settings.get("hooks"), dict):
        return [f"{slot.event} {slot.matcher}: missing" for slot in SLOTS]
    hooks = settings["hooks"]
    missing = []
    for slot in SLOTS:
        found = [
            handler
            for group in _groups(hooks, slot.event)
            if isinstance(group, dict) and group.get("matcher") == slot.matcher
            for handler in (_handlers(group) or [])
            if is_ours(handler)
        ]
        if not found:
            missing.append(f"{slot.event} {slot.matcher}: missing")
        elif found[0].get("command") != HOOK_COMMAND:
            missing.append(f"{slot.event} {slot.matcher}: written by an older garrepa "
                           "(upgrade due: run garrepa init)")
        elif timeout is not None and found[0] != slot.handler(_kept_timeout(found[0], timeout)):
            missing.append(f"{slot.event} {slot.matcher}: altered (re-run garrepa init)")
    return missing
