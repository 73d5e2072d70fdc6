"""Claude Code as a host (standard library only; every module behind it is imported when a route
asks, so a pass-through event pays for none of them).

Its facts, one module per tool shape: bash.py (the Bash result and its saved file), read.py (a
Read's window and the two channels a map travels in), mcp.py (content blocks, the saved-result
notice: saved_output.py), search.py (Grep/Glob), delivery.py (what Claude Code alone delivers:
the report's baseline), transcript.py (arrival), settings.py (garrepa's installed handlers).
Measured: ../shared/claude-code-hooks-measured.md, docs/measured-search-tools.md.
"""

from __future__ import annotations

import os

from garrepa_py.hosts.host import Host

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from garrepa_py.event import ToolEvent
    from garrepa_py.hosts.claude_code.bash import BashResult
    from garrepa_py.hosts.claude_code.mcp import McpResult
    from garrepa_py.hosts.claude_code.read import Window
    from garrepa_py.hosts.claude_code.search import SearchResult
    from garrepa_py.hosts.host import Pass


def response_chars(response: object) -> int | None:
    """The size of what a Claude Code tool returned, in characters, without copying it."""
    if isinstance(response, str):
        return len(response)
    if isinstance(response, list):
        return sum(len(b.get("text", "")) for b in response
                   if isinstance(b, dict) and isinstance(b.get("text"), str))
    if isinstance(response, dict):
        persisted = response.get("persistedOutputSize")
        if isinstance(persisted, int):
            return persisted
        text = response.get("stdout")
        if isinstance(text, str):
            return len(text) + len(str(response.get("stderr") or ""))
        for key in ("content", "filenames"):  # Grep / Glob
            value = response.get(key)
            if isinstance(value, str):
                return len(value)
            if isinstance(value, list) and key == "filenames":
                return sum(len(v) + 1 for v in value if isinstance(v, str))
        file = response.get("file")
        if isinstance(file, dict) and isinstance(file.get("content"), str):
            return len(file["content"])
    return None


class ClaudeCode(Host):
    name = "claude-code"
    default = True
    default_timeout = 600  # what Claude Code waits for a handler with no `timeout`

    def project_dir(self, event: ToolEvent) -> str:
        # Hooks run wherever the agent last cd'd; the launch directory is the project.
        return os.environ.get("CLAUDE_PROJECT_DIR") or event.cwd or os.getcwd()

    def response_chars(self, event: ToolEvent) -> int | None:
        return response_chars(event.tool_response)

    def installed_handlers(self, project: str, event_name: str | None
                           ) -> list[tuple[str, dict[str, Any]]]:
        from garrepa_py.hosts.claude_code.settings import installed_handlers

        return installed_handlers(project, event_name)

    def command_result(self, event: ToolEvent) -> BashResult | Pass:
        from garrepa_py.hosts.claude_code import bash

        return bash.take(event)

    def command_small(self, event: ToolEvent, threshold: int) -> bool:
        from garrepa_py.hosts.claude_code import bash

        return bash.small(event, threshold)

    def mcp_result(self, event: ToolEvent) -> McpResult | Pass:
        from garrepa_py.hosts.claude_code import mcp

        return mcp.take(event)

    def mcp_small(self, event: ToolEvent, threshold: int) -> bool:
        from garrepa_py.hosts.claude_code import mcp

        return mcp.small(event, threshold)

    def search_result(self, event: ToolEvent) -> SearchResult | None:
        from garrepa_py.hosts.claude_code import search

        return search.take(event.tool, event.tool_response)

    def read_window(self, event: ToolEvent) -> Window | None:
        from garrepa_py.hosts.claude_code.read import Window

        return Window.of(event.tool_response)

    def read_reply(self, window: Any, content: str) -> dict[str, Any]:
        from garrepa_py.hosts.claude_code import read

        return read.post_reply(window, content)

    def read_deny(self, reason: str) -> dict[str, Any]:
        from garrepa_py.hosts.claude_code import read

        return read.deny_reply(reason)

    def rewrite_input(self, event: ToolEvent, command: str) -> dict[str, Any]:
        """The call's own input with `command` changed (measured: the user's permission rules
        apply to the rewritten command part by part; routes/logs.py)."""
        return {"hookSpecificOutput": {"hookEventName": "PreToolUse",
                                       "updatedInput": dict(event.tool_input or {},
                                                            command=command)}}

    def event_baseline(self, event: ToolEvent) -> int | None:
        from garrepa_py.hosts.claude_code import delivery

        return delivery.event_baseline(event.raw)

    def reply_delivered(self, event: ToolEvent, reply: dict[str, Any]) -> int | None:
        from garrepa_py.hosts.claude_code import delivery

        return delivery.reply_delivered(event.raw, reply)

    def read_chars(self, content: str, first: int = 1) -> int:
        from garrepa_py.hosts.claude_code import delivery

        return delivery.numbered_chars(content, first)

    def read_refused_chars(self, size_bytes: int) -> int:
        from garrepa_py.hosts.claude_code import delivery

        return delivery.read_error_chars(size_bytes)

    def replacement_text(self, reply: dict[str, Any]) -> str | None:
        from garrepa_py.hosts.claude_code import delivery

        return delivery.replacement_text(reply)

    def thread_transcript(self, path: object, agent: object) -> str | None:
        from garrepa_py.hosts.claude_code import transcript

        return transcript.thread_transcript(path, agent)

    def transcript_results(self, path: str) -> dict[str, object] | None:
        from garrepa_py.hosts.claude_code import transcript

        return transcript.results(path)

    def arrived(self, print_: str, content: object, tool: str | None) -> bool | None:
        from garrepa_py.hosts.claude_code import transcript

        if transcript.model_text(content, tool) is None:
            return None
        return transcript.arrived(print_, content, tool)


HOST = ClaudeCode()
