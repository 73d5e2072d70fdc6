"""The exact commands Claude Code runs for garrepa, written by the installer and recognised by
the hook (standard library only: the hook reads them).

A handler is garrepa's only when its command is one of the hook commands below, whole: a user's
own handler that merely mentions "garrepa hook" (a wrapper, a logger) is never taken for ours.

The logs runner's path is one shell word, the same in the rewritten command and in the allow
rule `init` writes for it. Measured against Claude Code 2.1.328 and 2.1.332: a rewrite
`ORIGINAL 2>&1 | '/p/my proj/runner' …` runs under the allow rule
`Bash('/p/my proj/runner':*)` (single quotes in both) and asks under
`Bash(/p/my proj/runner:*)`; a backslash-escaped space is refused outright ("Contains
backslash-escaped whitespace"). So a path that needs quoting only for its spaces is written
single-quoted; any other character the shell would need quoted (`'`, `$`, `"`, non-ASCII, …) was
not measured, and the route is refused for it.
"""

from __future__ import annotations

import re

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

BARE = re.compile(r"[A-Za-z0-9_@%+=:,./-]+")  # shlex.quote leaves these unquoted
SPACED = re.compile(r"[A-Za-z0-9_@%+=:,./ -]+")


def shell_word(path: str) -> str | None:
    """`path` written as one shell word Claude Code's permission check accepts; None when it
    cannot be (then the logs route stays off for it)."""
    if BARE.fullmatch(path):
        return path
    if SPACED.fullmatch(path):
        return f"'{path}'"
    return None
