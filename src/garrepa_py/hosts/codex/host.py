"""Codex CLI as a host (measured against 0.171.0: docs/codex-hooks-measured.md).

Its tool shapes: bash.py (the shell tool, reported as "Bash"; its output already cut by Codex)
and mcp.py; delivery.py says what Codex alone delivers and renders garrepa's reply as
`{"decision":"block","reason":TEXT}`. Codex has no Read, Grep or Glob tool: those shapes are
None and their routes pass. Before a shell call runs, pre_bash.py rewrites it to tee its whole
output into a spill (the capture route asks `capture_rewrite`), which bash.py then digests in
place of Codex's cut; sessions.py reads Codex's session files for `report` (arrival).
"""

from __future__ import annotations

from garrepa_py.hosts.host import Host

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from garrepa_py.event import ToolEvent
    from garrepa_py.hosts.codex.bash import CodexCommand
    from garrepa_py.hosts.codex.mcp import CodexMcp
    from garrepa_py.hosts.host import Pass


class Codex(Host):
    name = "codex"
    captures_output = True
    # Codex cuts a block reason as it cuts a shell output, at about 10,000 bytes (measured in
    # tests/e2e/test_codex_e2e.py: an 11,108-char digest arrived as Codex's 10,101-char cut)
    reply_limit = 9_000  # what a route aims under, leaving room for Codex's way of counting
    uncut_bytes = 10_000  # past this a replacement is not delivered at all (hook/pipeline.py)

    def parse(self, raw: dict[str, Any]) -> ToolEvent:
        from garrepa_py.hosts.codex import bash

        return super().parse(bash.unwrapped(raw))  # the model's command, not the capture's

    def capture_rewrite(self, event: ToolEvent) -> dict[str, Any] | Pass:
        from garrepa_py.hosts.codex import pre_bash

        return pre_bash.rewrite(event)

    def response_chars(self, event: ToolEvent) -> int | None:
        from garrepa_py.hosts.codex.delivery import response_chars

        return response_chars(event.tool_response)

    def command_result(self, event: ToolEvent) -> CodexCommand | Pass:
        from garrepa_py.hosts.codex import bash

        return bash.take(event)

    def command_small(self, event: ToolEvent, threshold: int) -> bool:
        from garrepa_py.hosts.codex import bash

        return bash.small(event, threshold)

    def mcp_result(self, event: ToolEvent) -> CodexMcp | Pass:
        from garrepa_py.hosts.codex import mcp

        return mcp.take(event)

    def mcp_small(self, event: ToolEvent, threshold: int) -> bool:
        from garrepa_py.hosts.codex import mcp

        return mcp.small(event, threshold)

    def event_baseline(self, event: ToolEvent) -> int | None:
        from garrepa_py.hosts.codex import delivery

        return delivery.event_baseline(event.raw)

    def reply_delivered(self, event: ToolEvent, reply: dict[str, Any]) -> int | None:
        from garrepa_py.hosts.codex import delivery

        return delivery.reply_delivered(reply)

    def replacement_text(self, reply: dict[str, Any]) -> str | None:
        from garrepa_py.hosts.codex import delivery

        return delivery.replacement_text(reply)

    def transcript_results(self, path: str) -> dict[str, object] | None:
        from garrepa_py.hosts.codex import sessions

        return sessions.results(path)

    def arrived(self, print_: str, content: object, tool: str | None) -> bool | None:
        from garrepa_py.hosts.codex import sessions

        return sessions.arrived(print_, content)


HOST = Codex()
