"""Installing into Codex CLI: garrepa's entries in the project's `.codex/hooks.json` and its
launcher in `.codex/hooks/garrepa-hook`.

Measured with Codex 0.171.0 (docs/codex-hooks-measured.md, "How Codex runs a hook command"):
Codex runs a hook's command with `/bin/bash -c` in the directory the session started in (which
may be any folder below the project, when the project is a git repository) and sets no
variable naming the project. So the entry names the launcher by its absolute path, quoted as
one shell word, followed by `--host codex`: a relative path fails from a subfolder, and a search
upward from the session's folder would run whatever launcher a subfolder holds. The same path is
what Codex's hook trust is keyed by (the hooks.json's absolute path), so it is per machine
either way: a clone elsewhere runs `garrepa init --host codex` again.

The file is edited like Claude Code's settings.json (install/settings_file.edit_hooks_file):
only the "hooks" member is rewritten, foreign entries are kept, and uninstall restores the
file byte for byte (or removes it when init created it).
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

HOST = "codex"
LAUNCHER_NAME = "garrepa-hook"
TEMPLATE = "codex-hook"
# (event, matcher): the shell tool (Codex calls it Bash in hook events) after and before it runs
# (the PreToolUse entry is for capturing the full output before Codex cuts it), and MCP tools.
SLOTS: tuple[tuple[str, str], ...] = (
    ("PreToolUse", "Bash"),
    ("PostToolUse", "Bash"),
    ("PostToolUse", "mcp__.*"),
)


def hooks_file(project: Path) -> Path:
    return project / ".codex" / "hooks.json"


def launcher_file(project: Path) -> Path:
    return project / ".codex" / "hooks" / LAUNCHER_NAME


def hook_command(project: Path) -> str:
    """The entry's command: the launcher's absolute path as one shell word, then the host."""
    return f"{shlex.quote(str(launcher_file(project)))} --host {HOST}"


def is_ours(handler: object) -> bool:
    """A handler whose command is garrepa's Codex launcher by an absolute path (this project's
    or a moved copy's) with `--host codex`, and nothing else: a user's wrapper is never ours."""
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
            and words[0].endswith(f"/.codex/hooks/{LAUNCHER_NAME}"))


def handler(command: str, timeout: int) -> dict[str, Any]:
    return {"type": "command", "command": command, "timeout": timeout}


def _handlers(group: object) -> list[Any] | None:
    if isinstance(group, dict) and isinstance(group.get("hooks"), list):
        return group["hooks"]  # type: ignore[no-any-return]
    return None


def _drop(groups: list[Any], group: object) -> None:
    """Remove this very group: list.remove would take the first equal one, a user's empty
    group with the same matcher (found by the property test)."""
    groups[:] = [g for g in groups if g is not group]


def _kept_timeout(found: object, timeout: int) -> int:
    current = found.get("timeout") if isinstance(found, dict) else None
    if isinstance(current, int) and not isinstance(current, bool) and current > 0:
        return current
    return timeout


def add_entries(data: dict[str, Any], command: str, timeout: int) -> dict[str, Any]:
    """`data` with exactly one garrepa handler per slot, in a group of its own; idempotent. A
    handler of ours already in place is rewritten in place (a moved project's path, a timeout
    the user did not set), duplicates and handlers in slots no longer used are dropped."""
    check_shape(data)
    result = copy.deepcopy(data)
    hooks = result.setdefault("hooks", {})
    filled: set[tuple[str, str]] = set()
    for event in list(hooks):
        groups = hooks[event] if isinstance(hooks[event], list) else []
        for group in list(groups):
            handlers = _handlers(group)
            if handlers is None or not any(is_ours(h) for h in handlers):
                continue
            for index in reversed(range(len(handlers))):
                if not is_ours(handlers[index]):
                    continue
                slot = (event, group.get("matcher"))
                if slot in SLOTS and slot not in filled:
                    handlers[index] = handler(command, _kept_timeout(handlers[index], timeout))
                    filled.add(slot)
                else:
                    del handlers[index]
            if not handlers:
                _drop(groups, group)
                if not groups and not any(e == event for e, _ in SLOTS):
                    del hooks[event]
    for event, matcher in SLOTS:
        if (event, matcher) not in filled:
            hooks.setdefault(event, []).append(
                {"matcher": matcher, "hooks": [handler(command, timeout)]})
    return result


def remove_entries(data: dict[str, Any]) -> dict[str, Any]:
    """`data` without garrepa's handlers, dropping only the containers that held nothing else
    (the one remover, with Codex's own idea of which handlers are garrepa's)."""
    from garrepa_py.install.settings_merge import remove_entries as remove

    return remove(data, ours=is_ours)

def entry_problems(data: object, command: str) -> list[str]:
    """What `doctor` says about the entries: empty when every slot holds this project's
    launcher command."""
    found: dict[tuple[str, Any], dict[str, Any]] = {}
    hooks = data.get("hooks") if isinstance(data, dict) else None
    if isinstance(hooks, dict):
        for event, groups in hooks.items():
            for group in groups if isinstance(groups, list) else []:
                for item in _handlers(group) or []:
                    if is_ours(item):
                        found.setdefault((event, group.get("matcher")), item)
    problems = []
    for event, matcher in SLOTS:
        item = found.pop((event, matcher), None)
        if item is None:
            problems.append(f"{event} {matcher}: missing")
        elif item.get("command") != command:
            problems.append(f"{event} {matcher}: names another launcher path "
                            f"({item.get('command')}; the project moved?)")
    problems += [f"{event} {matcher}: no longer used by this garrepa" for event, matcher in found]
    return problems


def has_entries(data: object) -> bool:
    return isinstance(data, dict) and remove_entries(data) != data


def detected(project: Path) -> bool:
    """A project Codex uses and Claude Code does not: `.codex/` and no `.claude/`."""
    return (project / ".codex").is_dir() and not (project / ".claude").exists()


def installed(project: Path) -> bool:
    """garrepa's entries are in the project's hooks.json, or its launcher is there."""
    from garrepa_py.errors import GarrepaError
    from garrepa_py.install.settings_file import read_settings

    if os.path.lexists(launcher_file(project)):
        return True
    try:
        data, _ = read_settings(hooks_file(project))
    except GarrepaError:
        return False
    return has_entries(data)


def install(project: Path, timeout: int, dry_run: bool) -> list[Change]:
    """The hooks.json entries and the launcher; every check before the first write."""
    path = hooks_file(project)
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
    path = hooks_file(project)
    changes = []
    if os.path.lexists(path):
        inside_project(project, path)
        changes.append(edit_hooks_file(path, remove_entries, remove_entries, dry_run, "remove"))
    launcher = launcher_file(project)
    changes.append(remove_managed(project, launcher, dry_run))
    if not dry_run:  # .codex/ itself stays: it may have been there, empty, before init
        prune_empty_dirs(launcher.parent, launcher.parent.parent)
    return changes
