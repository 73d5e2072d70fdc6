"""Claude Code's hook settings, as the hook reads them (standard library only): garrepa's own
handlers in the project's `.claude/settings.json` and `.claude/settings.local.json`."""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

DEFAULT_TIMEOUT = 600  # what Claude Code waits for a handler with no `timeout`
MAX_SETTINGS_BYTES = 4 * 1024 * 1024


def installed_handlers(project: str, event_name: str | None
                       ) -> list[tuple[str, dict[str, Any]]]:
    """garrepa's handlers for this event in the project's settings files, with their group's
    matcher."""
    from garrepa_py import fastjson, fs
    from garrepa_py.hook_commands import is_hook_command

    found: list[tuple[str, dict[str, Any]]] = []
    for name in ("settings.json", "settings.local.json"):
        try:
            data = fastjson.loads(fs.read_bounded(
                os.path.join(project, ".claude", name), MAX_SETTINGS_BYTES))
            groups = data["hooks"][event_name]
        except (OSError, ValueError, KeyError, TypeError, RecursionError):
            continue
        for group in groups if isinstance(groups, list) else ():
            handlers = group.get("hooks") if isinstance(group, dict) else None
            matcher = group.get("matcher") if isinstance(group, dict) else None
            for handler in handlers if isinstance(handlers, list) else ():
                if isinstance(handler, dict) and is_hook_command(handler.get("command")):
                    found.append((matcher if isinstance(matcher, str) else "", handler))
    return found
