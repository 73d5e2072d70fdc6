"""Claude Code's Bash result, as the routes that rewrite one (git, command) take it and give it back.

Output over Claude Code's inline limit reaches the hook cut, with `persistedOutputPath` naming
the full text: that file is the source (accepted only in this session's own tool-results
folder), and the `persisted*` keys are dropped from the reply, or the agent would see the
briefing inside Claude Code's "persisted output" wrapper. The reply keeps the Bash shape the
harness accepts (measured: stdout, stderr and interrupted are required, B01/H06/H07).
"""

from __future__ import annotations

from garrepa_py.hosts.host import Pass

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from garrepa_py.event import ToolEvent

MAX_SOURCE_BYTES = 32 * 1024 * 1024


class BashResult:
    __slots__ = ("command", "response", "persisted", "size")

    def __init__(self, command: str, response: dict[str, Any], persisted: str | None,
                 size: int) -> None:
        self.command = command
        self.response = response
        self.persisted = persisted  # Claude Code's file of the whole output, when it cut it
        self.size = size  # the whole output's size, in chars

    def source(self) -> str | Pass:
        """The whole output: stdout, or the file Claude Code saved it to (bounded, never a
        silent cut: past the bound Claude Code's own wrapper keeps it all)."""
        if self.persisted is None:
            return str(self.response["stdout"])
        from garrepa_py import fs

        try:
            data = fs.read_bounded(self.persisted, MAX_SOURCE_BYTES, follow=False)
        except fs.Refused as exc:
            return Pass(f"persisted-output-{exc.reason}")
        except OSError:
            return Pass("persisted-output-unreadable")
        return data.decode("utf-8", "replace")

    def reply(self, text: str) -> dict[str, Any]:
        output = {k: v for k, v in self.response.items()
                  if k not in ("persistedOutputPath", "persistedOutputSize")}
        output.update(stdout=text, stderr=str(self.response.get("stderr") or ""),
                      interrupted=False)
        return {"hookSpecificOutput": {"hookEventName": "PostToolUse",
                                       "updatedToolOutput": output}}


def take(event: ToolEvent) -> BashResult | Pass:
    """The result, or the reason to pass it untouched (a shape we do not know, an interrupted
    or background command, an image, a saved-output path outside this session's folder)."""
    tool_input, response = event.tool_input, event.tool_response
    if tool_input is None or not isinstance(response, dict):
        return Pass("unknown-shape")
    command = tool_input.get("command")
    stdout = response.get("stdout")
    if not isinstance(command, str) or not isinstance(stdout, str):
        return Pass("unknown-shape")
    if response.get("interrupted") or response.get("isImage"):
        return Pass("interrupted-or-image")
    if response.get("backgroundTaskId") or tool_input.get("run_in_background"):
        return Pass("background-task")
    persisted = response.get("persistedOutputPath")
    if persisted is not None:
        from garrepa_py.hosts.claude_code.saved_output import accepted_path

        if accepted_path(event, persisted) is None:
            return Pass("persisted-path-refused")
    size = response.get("persistedOutputSize") if persisted else len(stdout)
    if not isinstance(size, int):
        return Pass("unknown-shape")
    return BashResult(command, response, persisted if isinstance(persisted, str) else None, size)


def small(event: ToolEvent, threshold: int) -> bool:
    """Under the route's threshold, judged from the event alone (the quick pass)."""
    response = event.tool_response
    if isinstance(response, dict) and "persistedOutputPath" not in response:
        stdout = response.get("stdout")
        return isinstance(stdout, str) and len(stdout) < threshold
    return False
