"""Qwen Code as a host (measured against 0.24.4: docs/qwen-code-hooks-measured.md).

Its shell tool `run_shell_command` is served as the routes' "Bash" (shell.py: the output whole,
or Qwen Code's saved file of it); delivery.py says what Qwen Code alone delivers and renders
garrepa's reply as `{"continue": false, "stopReason": TEXT}`; mcp.py takes an MCP result's text
parts. Its read, grep and glob tools are not measured here: those shapes are None and their
routes pass.
"""

from __future__ import annotations

from garrepa_py.hosts.host import Host

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from garrepa_py.event import ToolEvent
    from garrepa_py.hosts.host import Pass
    from garrepa_py.hosts.qwen_code.mcp import QwenMcp
    from garrepa_py.hosts.qwen_code.shell import QwenCommand


class QwenCode(Host):
    name = "qwen-code"

    def parse(self, raw: dict[str, Any]) -> ToolEvent:
        event = super().parse(raw)
        from garrepa_py.hosts.qwen_code.delivery import SHELL_TOOL

        if event.tool == SHELL_TOOL:
            event.tool = "Bash"  # the routes' name for a shell tool; `raw` keeps Qwen's
        return event

    def response_chars(self, event: ToolEvent) -> int | None:
        from garrepa_py.hosts.qwen_code.delivery import response_chars

        return response_chars(event.tool_response)

    def command_result(self, event: ToolEvent) -> QwenCommand | Pass:
        from garrepa_py.hosts.qwen_code import shell

        return shell.take(event)

    def command_small(self, event: ToolEvent, threshold: int) -> bool:
        from garrepa_py.hosts.qwen_code import shell

        return shell.small(event, threshold)

    def mcp_result(self, event: ToolEvent) -> QwenMcp | Pass:
        from garrepa_py.hosts.qwen_code import mcp

        return mcp.take(event)

    def mcp_small(self, event: ToolEvent, threshold: int) -> bool:
        from garrepa_py.hosts.qwen_code import mcp

        return mcp.small(event, threshold)

    def event_baseline(self, event: ToolEvent) -> int | None:
        from garrepa_py.hosts.qwen_code import delivery

        return delivery.event_baseline(event.raw)

    def reply_delivered(self, event: ToolEvent, reply: dict[str, Any]) -> int | None:
        from garrepa_py.hosts.qwen_code import delivery

        return delivery.reply_delivered(reply)

    def replacement_text(self, reply: dict[str, Any]) -> str | None:
        from garrepa_py.hosts.qwen_code import delivery

        return delivery.replacement_text(reply)


HOST = QwenCode()
