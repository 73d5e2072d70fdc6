"""The Codex PreToolUse entry for the capture rewrite (hosts/codex/capture.py): the event on
stdin, the reply on stdout, nothing at all when the call is left alone. Fails open: any error
leaves the call as the model made it.

Until the Codex host's own hook entry takes this over it runs as
`python -I -m garrepa_py.hosts.codex.pre_capture` from a `.codex/hooks.json` PreToolUse handler.
"""

from __future__ import annotations

import json
import sys

RUNNER_MODULE = "garrepa_py.hook.tee_runner"


def runner_words() -> str | None:
    """The runner's command as shell words: this interpreter, isolated, running the module."""
    from garrepa_py.hook_commands import shell_word

    python = shell_word(sys.executable)
    return None if python is None else f"{python} -I -m {RUNNER_MODULE}"


def reply(event: object) -> dict[str, object] | None:
    """The PreToolUse reply that rewrites the call, or None to leave it alone."""
    from garrepa_py.hook_commands import shell_word
    from garrepa_py.hosts.codex import call_lookup, capture, capture_store

    if not isinstance(event, dict) or event.get("hook_event_name") != "PreToolUse" or \
            event.get("tool_name") != "Bash":
        return None
    tool_input = event.get("tool_input")
    if not isinstance(tool_input, dict) or set(tool_input) != {"command"}:
        return None
    command = tool_input.get("command")
    if not isinstance(command, str) or capture.simple(command) is not None:
        return None  # decided before any file is read
    call = call_lookup.call_arguments(event.get("transcript_path"), event.get("tool_use_id"))
    directory = capture_store.capture_dir()
    decision = capture.decide(command, call, call_lookup.login_shell(), runner_words(),
                              shell_word(directory), event.get("session_id"),
                              event.get("tool_use_id"))
    if decision.command is None or not capture_store.ready(directory):
        return None
    return {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow",
                                   "updatedInput": dict(tool_input, command=decision.command)}}


def main() -> None:
    try:
        found = reply(json.loads(sys.stdin.buffer.read()))
        if found is not None:
            sys.stdout.write(json.dumps(found))
            sys.stdout.flush()
    except Exception:
        pass  # fail open: the call runs as the model made it


if __name__ == "__main__":
    main()
