"""The exact hook commands garrepa writes or wrote (standard library only: the hook reads it).

A handler is garrepa's only when its command is one of these strings, whole: a user's own
handler that merely mentions "garrepa hook" (a wrapper, a logger) is never taken for ours.
"""

from __future__ import annotations

from garrepa_py.paths import LAUNCHER_NAME

HOOK_COMMAND = f'"$CLAUDE_PROJECT_DIR"/.claude/hooks/{LAUNCHER_NAME}'
# Forms earlier garrepa versions wrote; a handler holding one is upgraded in place.
PRIOR_COMMANDS = frozenset({
    f"$CLAUDE_PROJECT_DIR/.claude/hooks/{LAUNCHER_NAME}",
    f'"$CLAUDE_PROJECT_DIR/.claude/hooks/{LAUNCHER_NAME}"',
    f".claude/hooks/{LAUNCHER_NAME}",
    "garrepa hook",
    "garrepa hook read",
    "garrepa hook mcp",
    "garrepa hook git",
    "garrepa-py hook",
    "python -m garrepa_py.hook",
    "python3 -m garrepa_py.hook",
})


def is_hook_command(command: object) -> bool:
    """One of the exact forms above, or the launcher alone by an absolute path."""
    if not isinstance(command, str):
        return False
    command = command.strip()
    if command == HOOK_COMMAND or command in PRIOR_COMMANDS:
        return True
    bare = command[1:-1] if len(command) > 1 and command[0] == command[-1] == '"' else command
    return (bare.startswith("/") and bare.endswith(f"/.claude/hooks/{LAUNCHER_NAME}")
            and not any(c.isspace() or c in "\"'$`;&|<>()" for c in bare))
