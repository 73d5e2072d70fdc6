"""Installing into Qwen Code: garrepa's entry in the project's `.qwen/settings.json` and its
launcher in `.qwen/hooks/garrepa-hook`.

Measured with Qwen Code 0.24.4 (docs/qwen-code-hooks-measured.md): project hooks live in the
`hooks` member of `.qwen/settings.json` (Claude Code's shape: event → groups of `matcher` and
`hooks` handlers, `timeout` in seconds), and the shell tool's name is `run_shell_command`. The
entry names the launcher by its absolute path, quoted as one shell word, then `--host
qwen-code`, as Codex's does (hosts/codex/install.py).

The file is edited like Claude Code's settings.json (install/settings_file.edit_hooks_file): only
the "hooks" member is rewritten, every other setting and foreign entry is kept, and uninstall
restores the file byte for byte (or removes it when init created it).
"""

from __future__ import annotations

import copy
import os
import shlex
from pathlib import Path
from typing import Any

from garrepa_py.install.change import Change
from garrepa_py.install.managed_files import (
    managed_now,
    place_managed,
    prune_empty_dirs,
    remove_managed,
    template,
)
from garrepa_py.install.project_bounds import inside_project
from garrepa_py.install.settings_file import edit_hooks_file
from garrepa_py.install.settings_merge import check_shape

HOST = "qwen-code"
LAUNCHER_NAME = "garrepa-hook"
TEMPLATE = "qwen-hook"
# (event, matcher): the shell tool and MCP tools (a matcher is a name or a regex), after they ran
SLOTS: tuple[tuple[str, str], ...] = (("PostToolUse", "run_shell_command"),
                                      ("PostToolUse", "mcp__.*"))


def settings_file(project: Path) -> Path:
    return project / ".qwen" / "settings.json"


def launcher_file(project: Path) -> Path:
    return project / ".qwen" / "hooks" / LAUNCHER_NAME


def hook_command(project: Path) -> str:
    return f"{shlex.quote(str(launcher_file(project)))} --host {HOST}"


def is_ours(handler: object) -> bool:
    """A handler whose command is garrepa's Qwen Code launcher by an absolute path with
    `--host qwen-code`, and nothing else."""
    if not isinstance(handler, dict) or handler.get("type") != "command":
        return False
    command = handler.get("command")
    if not isinstance(command, str):
        return False
    try:
        words = shlex.split(command)
    except ValueError:
        return False
    return (len(words) == 3 and words[1:] == ["--host", HOST] and words[0].startswith("/")
            and words[0].endswith(f"/.qwen/hooks/{LAUNCHER_NAME}"))


def _handler(command: str, timeout: int) -> dict[str, Any]:
    return {"type": "command", "command": command, "timeout": timeout}


def add_entries(data: dict[str, Any], command: str, timeout: int) -> dict[str, Any]:
    """`data` with exactly one garrepa handler per slot, in a group of its own; idempotent
    (a handler of ours is rewritten in place, duplicates dropped)."""
    check_shape(data)
    result = copy.deepcopy(data)
    hooks = result.setdefault("hooks", {})
    filled: set[tuple[str, str]] = set()
    for event in list(hooks):
        groups = hooks[event] if isinstance(hooks[event], list) else []
        for group in list(groups):
            handlers = group.get("hooks") if isinstance(group, dict) else None
            if not isinstance(handlers, list) or not any(is_ours(h) for h in handlers):
                continue
            for index in reversed(range(len(handlers))):
                if not is_ours(handlers[index]):
                    continue
                slot = (event, group.get("matcher"))
                if slot in SLOTS and slot not in filled:
                    kept = handlers[index].get("timeout")
                    handlers[index] = _handler(command, kept if isinstance(kept, int) and
                                               not isinstance(kept, bool) and kept > 0
                                               else timeout)
                    filled.add(slot)
                else:
                    del handlers[index]
            if not handlers:
                groups[:] = [g for g in groups if g is not group]
                if not groups and not any(e == event for e, _ in SLOTS):
                    del hooks[event]
    for event, matcher in SLOTS:
        if (event, matcher) not in filled:
            hooks.setdefault(event, []).append(
                {"matcher": matcher, "hooks": [_handler(command, timeout)]})
    return result


def remove_entries(data: dict[str, Any]) -> dict[str, Any]:
    from garrepa_py.install.settings_merge import remove_entries as remove

    return remove(data, ours=is_ours)


def has_entries(data: object) -> bool:
    return isinstance(data, dict) and remove_entries(data) != data


def installed(project: Path) -> bool:
    """garrepa's entry is in the project's settings.json, or its launcher is there."""
    from garrepa_py.errors import GarrepaError
    from garrepa_py.install.settings_file import read_settings

    if os.path.lexists(launcher_file(project)):
        return True
    try:
        data, _ = read_settings(settings_file(project))
    except GarrepaError:
        return False
    return has_entries(data)


def install(project: Path, timeout: int, dry_run: bool) -> list[Change]:
    """The settings.json entry and the launcher; every check before the first write."""
    path = settings_file(project)
    inside_project(project, path.parent)
    inside_project(project, path)
    launcher = launcher_file(project)
    launcher_now = managed_now(project, launcher)
    command = hook_command(project)
    changes = [edit_hooks_file(path, lambda data: add_entries(data, command, timeout),
                               remove_entries, dry_run, "add")]
    changes.append(place_managed(launcher, template(TEMPLATE), 0o755, dry_run, launcher_now))
    return changes


def uninstall(project: Path, dry_run: bool) -> list[Change]:
    path = settings_file(project)
    changes = []
    if os.path.lexists(path):
        inside_project(project, path)
        changes.append(edit_hooks_file(path, remove_entries, remove_entries, dry_run, "remove"))
    launcher = launcher_file(project)
    changes.append(remove_managed(project, launcher, dry_run))
    if not dry_run:  # .qwen/ itself stays: it may have been there, empty, before init
        prune_empty_dirs(launcher.parent, launcher.parent.parent)
    return changes
