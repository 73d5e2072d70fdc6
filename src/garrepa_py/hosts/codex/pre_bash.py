"""Codex's shell call before it runs: the PreToolUse reply that tees its output into a private
spill (hosts/codex/capture.py decides, hook/tee_runner.py runs, capture_store.py reads back),
or why the call is left alone. The capture route (routes/capture.py) asks for it through the
host; everything that could fail here fails open (the call runs as the model made it).
"""

from __future__ import annotations

import sys

from garrepa_py.hosts.host import Pass

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from garrepa_py.event import ToolEvent

def runner_words() -> str | None:
    """The runner's command as shell words: this interpreter, isolated, running the runner's FILE
    from the garrepa_py this hook runs (the launcher appends its root by hand, `-I -S`: a
    `-m garrepa_py…` would find no garrepa_py when that root is not the interpreter's own —
    `pip install --user`, a source checkout — and the command's whole output would be lost)."""
    import os

    from garrepa_py.hook_commands import shell_word
    from garrepa_py.hosts.codex.capture import RUNNER_FLAGS, RUNNER_SCRIPT

    package = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    script = os.path.dirname(package) + RUNNER_SCRIPT
    python, script_word = shell_word(sys.executable), shell_word(script)
    if python is None or script_word is None or not os.path.isfile(script):
        return None
    return f"{python}{RUNNER_FLAGS}{script_word}"


def rewrite(event: ToolEvent) -> dict[str, Any] | Pass:
    """The PreToolUse reply that runs the call's command through the tee, or why not."""
    from garrepa_py.hook_commands import shell_word
    from garrepa_py.hosts.codex import call_lookup, capture, capture_store, delivery

    tool_input = event.tool_input
    if not event.pre or event.tool != "Bash" or not isinstance(tool_input, dict):
        return Pass("unknown-shape")
    if set(tool_input) != {"command"}:
        return Pass("unknown-input")  # a newer Codex's input: not measured
    command = tool_input.get("command")
    if not isinstance(command, str):
        return Pass("no-command")
    why = capture.simple(command)
    if why is not None:
        return Pass(why)  # decided before any file is read
    call = call_lookup.call_arguments(event.transcript, event.tool_use_id)
    directory = capture_store.capture_dir()
    decision = capture.decide(command, call, call_lookup.login_shell(), runner_words(),
                              shell_word(directory), event.session, event.tool_use_id)
    if decision.command is None:
        return Pass(decision.reason)
    if not capture_store.ready(directory):
        return Pass("capture-dir-unusable")
    import time

    capture_store.prune(directory, time.time())  # what killed sessions left behind
    return delivery.allow_rewrite(tool_input, decision.command)
