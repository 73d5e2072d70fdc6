"""Pure edits of Claude Code's settings.json: add or remove garrepa's hook entries, nothing else.

Our handlers are recognised by a marker in their command (with prior forms for upgrades);
foreign handlers, groups, keys and key order are kept.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from typing import Any

from garrepa_py.hook_commands import HOOK_COMMAND, is_hook_command
from garrepa_py.routes.route import Slot

EVENTS = ("PreToolUse", "PostToolUse")


def default_slots() -> tuple[Slot, ...]:
    """Every handler garrepa installs with the default settings (the plugin's hooks.json)."""
    from garrepa_py.config import schema
    from garrepa_py.config.settings import Settings
    from garrepa_py.routes import registry

    return registry.slots(Settings(schema.flatten(schema.defaults_tree()), {}))


def project_slots(project: str | None, on: Mapping[str, bool] | None = None
                  ) -> tuple[Slot, ...]:
    """Every handler for a project's effective config (its read.* settings decide the Read
    rules, logs.enabled the logs route's, commands.* the command route's; `on` switches routes
    on or off by name whatever the config says); the defaults' when the config cannot be
    read."""
    from garrepa_py.config.load import load_config
    from garrepa_py.errors import GarrepaError
    from garrepa_py.routes import registry

    try:
        settings = load_config(project).settings
    except (GarrepaError, OSError, ValueError):
        settings = load_config(None).settings
    return registry.slots(settings, on)


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
    for event in EVENTS:
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


def add_entries(settings: dict[str, Any], timeout: int, slots: tuple[Slot, ...] | None = None,
                keep_timeouts: bool = True) -> dict[str, Any]:
    """Return settings with exactly one garrepa handler for each slot and none elsewhere;
    idempotent. A handler is a slot's when its event, group matcher and `if` rule are the slot's.

    With `keep_timeouts`, a handler already installed keeps the timeout it has (a user may have
    raised it by hand); `timeout` applies to new handlers and, without it, to all.
    """
    check_shape(settings)
    slots = default_slots() if slots is None else slots
    result = copy.deepcopy(settings)
    hooks = result.setdefault("hooks", {})
    filled: set[Slot] = set()
    wanted = {(slot.event, slot.matcher, slot.condition): slot for slot in slots}
    kept_timeout: int | None = None

    for event in list(hooks):
        for group in list(_groups(hooks, event)):
            handlers = _handlers(group)
            if handlers is None or not any(is_ours(h) for h in handlers):
                continue
            for index in range(len(handlers)):
                if is_ours(handlers[index]) and keep_timeouts and kept_timeout is None:
                    current = _kept_timeout(handlers[index], 0)
                    kept_timeout = current or None
            for index in reversed(range(len(handlers))):
                if not is_ours(handlers[index]):
                    continue
                condition = handlers[index].get("if")
                slot = wanted.get((event, group.get("matcher"), condition))
                if slot is not None and slot not in filled:
                    kept = _kept_timeout(handlers[index], timeout) if keep_timeouts else timeout
                    handlers[index] = slot.handler(kept)  # upgrade in place
                    filled.add(slot)
                else:
                    del handlers[index]  # a duplicate, or a rule or placement no longer used
            if not handlers:  # by identity: a user's equal empty group stays
                hooks[event][:] = [g for g in hooks[event] if g is not group]
                if not hooks[event] and not any(slot.event == event for slot in slots):
                    del hooks[event]  # emptied by us (the Read handlers moved to PostToolUse)

    new_timeout = kept_timeout if keep_timeouts and kept_timeout else timeout
    for slot in slots:
        if slot in filled:
            continue
        groups = hooks.setdefault(slot.event, [])
        for group in groups:
            handlers = _handlers(group)
            if handlers is not None and group.get("matcher") == slot.matcher:
                handlers.append(slot.handler(new_timeout))
                break
        else:
            groups.append({"matcher": slot.matcher, "hooks": [slot.handler(new_timeout)]})
    return result


def remove_entries(settings: dict[str, Any],
                   ours: Callable[[object], bool] | None = None) -> dict[str, Any]:
    """Return settings without garrepa's handlers (`ours`: which handlers are, for a host's
    own file; Claude Code's by default), dropping only the containers we emptied."""
    is_ours_ = ours or is_ours
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
            if handlers is None or not any(is_ours_(h) for h in handlers):
                continue
            handlers[:] = [h for h in handlers if not is_ours_(h)]
            removed_any = True
            if not handlers:  # by identity: a user's equal empty group stays
                groups[:] = [g for g in groups if g is not group]
        if removed_any and not groups:
            del hooks[event]
    if not hooks and "hooks" in settings and settings["hooks"] != {}:
        del result["hooks"]
    return result


def has_all_entries(settings: object, timeout: int | None = None,
                    slots: tuple[Slot, ...] | None = None) -> list[str]:
    """What is missing, altered or no longer wanted, as lines for `doctor`; empty when the
    installed handlers are exactly the slots (the defaults' when not given)."""
    slots = default_slots() if slots is None else slots
    def name(slot: Slot) -> str:
        return f"{slot.event} {slot.matcher}" + (f" if {slot.condition}" if slot.condition else "")

    if not isinstance(settings, dict) or not isinstance(settings.get("hooks"), dict):
        return [f"{name(slot)}: missing" for slot in slots]
    hooks = settings["hooks"]
    installed: dict[tuple[str, Any, Any], dict[str, Any]] = {}
    for event in EVENTS:
        for group in _groups(hooks, event):
            for handler in _handlers(group) or []:
                if is_ours(handler):
                    key = (event, group.get("matcher"), handler.get("if"))
                    installed.setdefault(key, handler)
    problems = []
    for slot in slots:
        found = installed.pop((slot.event, slot.matcher, slot.condition), None)
        if found is None:
            problems.append(f"{name(slot)}: missing")
        elif found.get("command") != HOOK_COMMAND:
            problems.append(f"{name(slot)}: written by an older garrepa "
                            "(upgrade due: run garrepa init)")
        elif timeout is not None and found != slot.handler(_kept_timeout(found, timeout)):
            problems.append(f"{name(slot)}: altered (re-run garrepa init)")
    stale_reads = [key for key in installed if key[:2] == ("PreToolUse", "Read")]
    if stale_reads and any(s.event == "PostToolUse" and s.matcher == "Read" for s in slots):
        # the Read handlers of a garrepa before issue 24: the map went out as additionalContext
        problems.append(f"PreToolUse Read ({len(stale_reads)} entries): an older garrepa's, "
                        "which gave the map as system context; the map now comes after the "
                        "Read, as its own output (upgrade due: run garrepa init)")
        for key in stale_reads:
            del installed[key]
    for event, matcher, condition in installed:
        rule = f" if {condition}" if condition else ""
        problems.append(f"{event} {matcher}{rule}: no longer matches the config "
                        "(re-run garrepa init)")
    # the telling lines first: an older garrepa, a changed config, a hand edit; then the gaps
    order = ("upgrade due", "no longer matches", "altered", "missing")
    return sorted(problems, key=lambda line: next(i for i, k in enumerate(order) if k in line))
