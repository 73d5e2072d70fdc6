"""Qwen Code's shell result (tool_name `run_shell_command`, `tool_input {"command"}`,
`tool_response {"llmContent", "returnDisplay"}`) as the command and git routes take it and give
it back (standard library only).

Measured, 0.24.4 (docs/qwen-code-hooks-measured.md): `llmContent` wraps the output as
`Command: C\nDirectory: D\nOutput: OUT\nError: E\nExit Code: N\nSignal: S\nProcess Group PGID: P`.
Up to 30,000 chars it reaches the hook whole. Past that Qwen Code saves the whole wrapped text
to `~/.qwen/tmp/<project hash>/run_shell_command_<id>.output` and gives the model (and the hook)
a notice naming that file and a 4,000-char head and tail: the file is the source. Its own capture
is cut before that on very long outputs (`seq 1 50000` kept 31,889 of 50,000 lines, with no
mark), so a saved output is used only up to SAVED_LINES lines, measured whole; past it the
result passes (`host-output-cut`).
"""

from __future__ import annotations

from garrepa_py.hosts.host import Pass

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from garrepa_py.event import ToolEvent

CUT_MARK = "Tool output was too large and has been truncated.\nThe full output has been saved to: "
HEAD_MARK = "\nTruncated part of the output:\n"
SAVED_LINES = 20_000  # measured whole at 20,000 lines (108,894 chars) and 5,000 (1 MB)
MAX_SOURCE_BYTES = 32 * 1024 * 1024


def output_of(wrapped: str, command: str) -> str | None:
    """OUT of Qwen Code's `Command: …\nOutput: OUT\nError: …` text; None: not that shape."""
    prefix = f"Command: {command}\nDirectory: "
    if not wrapped.startswith(prefix):
        return None
    line_end = wrapped.find("\n", len(prefix))
    if line_end < 0 or not wrapped.startswith("Output: ", line_end + 1):
        return None
    start = line_end + 1 + len("Output: ")
    end = wrapped.rfind("\nError: ")
    if end < start or "\nExit Code: " not in wrapped[end:]:
        return None
    return wrapped[start:end]


def saved_path(content: str) -> str | None:
    """The file a cut `llmContent` names, when it is Qwen Code's own kind of file."""
    import re

    if not content.startswith(CUT_MARK):
        return None
    path = content[len(CUT_MARK):].split("\n", 1)[0]
    pattern = r"/[^\n]*/\.qwen/tmp/[0-9a-f]{16,128}/run_shell_command_[0-9A-Za-z_-]+\.output"
    if "/../" in path or "/./" in path or not re.fullmatch(pattern, path):
        return None
    return path


class QwenCommand:
    __slots__ = ("command", "text", "saved", "head", "size")

    def __init__(self, command: str, text: str | None, saved: str | None, head: str,
                 size: int) -> None:
        self.command = command
        self.text = text  # the whole output, when Qwen Code did not cut it
        self.saved = saved  # Qwen Code's file of the whole output, when it did
        self.head = head  # the start of the cut view, checked against the file
        self.size = size

    def source(self) -> str | Pass:
        """The whole output: Qwen Code's own text, or its saved file when that is whole."""
        if self.text is not None:
            return self.text
        from garrepa_py import fs

        assert self.saved is not None
        try:
            data = fs.read_bounded(self.saved, MAX_SOURCE_BYTES, follow=False)
        except fs.Refused as exc:
            return Pass(f"saved-output-{exc.reason}")
        except OSError:
            return Pass("saved-output-unreadable")
        wrapped = data.decode("utf-8", "replace")
        if not wrapped.startswith(self.head):
            return Pass("saved-output-differs")  # not the file of this call's output
        output = output_of(wrapped, self.command)
        if output is None:
            return Pass("unknown-shape")
        if output.count("\n") >= SAVED_LINES:
            return Pass("host-output-cut")  # Qwen Code's capture may have dropped its end
        self.size = len(output)
        return output

    def reply(self, text: str) -> dict[str, Any]:
        from garrepa_py.hosts.qwen_code.delivery import stop

        return stop(text)


def take(event: ToolEvent) -> QwenCommand | Pass:
    from garrepa_py.hosts.qwen_code.delivery import llm_content

    command, content = event.input_text("command"), llm_content(event.tool_response)
    if command is None or content is None:
        return Pass("unknown-shape")
    if content.startswith(CUT_MARK):
        path = saved_path(content)
        if path is None:
            return Pass("saved-path-refused")
        at = content.find(HEAD_MARK)
        head = content[at + len(HEAD_MARK):][:200] if at >= 0 else ""
        if not head.startswith("Command: "):
            return Pass("unknown-shape")
        # the size is the file's (a 4,000-char view stands for it): over any threshold
        import os

        try:
            size = os.lstat(path).st_size
        except OSError:
            return Pass("saved-output-unreadable")
        return QwenCommand(command, None, path, head, size)
    output = output_of(content, command)
    if output is None:
        return Pass("unknown-shape")
    return QwenCommand(command, output, None, "", len(output))


def small(event: ToolEvent, threshold: int) -> bool:
    """Under the threshold and whole, from the event alone (the quick pass)."""
    from garrepa_py.hosts.qwen_code.delivery import llm_content

    content = llm_content(event.tool_response)
    return content is not None and not content.startswith(CUT_MARK) and len(content) < threshold
