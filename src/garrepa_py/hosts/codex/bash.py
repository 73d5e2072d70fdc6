"""Codex's shell result (tool_name "Bash", `tool_input {"command"}`, `tool_response` the output as
one string) as the command and git routes take it and give it back.

Codex cuts a long output to about 10,100 chars of head and tail BEFORE the PostToolUse hook
sees it (measured, 0.171.0: `seq 1 50000`, 288,894 chars, arrived as 10,107; the text starts
`Warning: truncated output (original token count: N)`). A digest of that cut would claim to
account for an output it never saw, so a cut output passes (`host-output-cut`) unless the whole
output was captured before Codex cut it: `full_output`.
"""

from __future__ import annotations

from garrepa_py.hosts.host import Pass

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from garrepa_py.event import ToolEvent

CUT_MARK = "Warning: truncated output"  # how Codex's head-and-tail cut begins


def full_output(event: ToolEvent) -> str | None:
    """The command's WHOLE output, captured before Codex cut it, or None.

    The capture is a PreToolUse rewrite that tees the command's output into a private spill
    keyed by the call's session and tool_use_id (hosts/codex/capture.py, capture_store.py); it
    is used only when whole and in agreement with what Codex showed the hook (stdout alone:
    a call whose stderr carried anything gets None)."""
    from garrepa_py.hosts.codex import capture_store

    key = (event.session, event.tool_use_id)
    if key in _READ:  # asked again in this process (a quick pass, then the route)
        return _READ[key]
    directory = capture_store.capture_dir()
    try:
        _READ[key] = capture_store.full_output(directory, event.session, event.tool_use_id,
                                               event.tool_response)
    finally:
        capture_store.forget(directory, event.session, event.tool_use_id)  # read once
    return _READ[key]


_READ: dict[tuple[str | None, str | None], str | None] = {}  # one hook process: one event


def unwrapped(raw: dict[str, Any]) -> dict[str, Any]:
    """The event with the model's own command in place of the capture form Codex ran and
    reports (hosts/codex/capture.py `unwrap`); the event itself when it is not that."""
    tool_input = raw.get("tool_input")
    if raw.get("tool_name") != "Bash" or raw.get("hook_event_name") != "PostToolUse" or \
            not isinstance(tool_input, dict):
        return raw
    command = tool_input.get("command")
    if not isinstance(command, str) or not command.startswith("set -o posix"):
        return raw  # decided without importing the tokenizer
    from garrepa_py.hosts.codex.capture import unwrap

    original = unwrap(command, raw.get("session_id"), raw.get("tool_use_id"))
    if original is None:
        return raw
    return dict(raw, tool_input=dict(tool_input, command=original))


def is_cut(text: str) -> bool:
    return text.startswith(CUT_MARK)


class CodexCommand:
    __slots__ = ("command", "text", "size", "exit_code")

    def __init__(self, command: str, text: str, exit_code: int) -> None:
        self.command = command
        self.text = text  # the whole output (Codex's own text when it did not cut it)
        self.size = len(text)
        self.exit_code = exit_code

    def source(self) -> str | Pass:
        return self.text

    def reply(self, text: str) -> dict[str, Any]:
        """A block reason replaces Codex's whole output item, its header too (measured), so
        the header's one fact the model needs comes first, in Codex's own words."""
        from garrepa_py.hosts.codex.delivery import block

        return block(f"{EXIT_LINE}{self.exit_code}\n{text}")


EXIT_LINE = "Process exited with code "


def take(event: ToolEvent) -> CodexCommand | Pass:
    command, response = event.input_text("command"), event.tool_response
    if command is None or not isinstance(response, str):
        return Pass("unknown-shape")
    full = full_output(event)
    if full is None and is_cut(response):
        return Pass("host-output-cut")  # never a digest of a cut text
    from garrepa_py.hosts.codex.call_lookup import exit_code

    code = exit_code(event.transcript, event.tool_use_id)
    if code is None:  # a digest would hide whether the command failed: Codex's own passes
        return Pass("exit-code-unknown")
    return CodexCommand(command, response if full is None else full, code)


def small(event: ToolEvent, threshold: int) -> bool:
    """Under the threshold and whole, from the event alone (a cut output never is: the
    handler says why it passes)."""
    response = event.tool_response
    return isinstance(response, str) and not is_cut(response) and len(response) < threshold
