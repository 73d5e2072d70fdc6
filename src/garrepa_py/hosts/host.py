"""What a host is: the agent harness that runs the hook (Claude Code, Codex), as one small protocol
(standard library only, no typing or dataclasses at run time: the hook path imports it).

Everything a harness decides lives behind this class: the shape of its events (parsed into the
typed `ToolEvent`), its project directory, the tool shapes the routes work on, the shape of a
replacement in its reply, what it delivers to the model on its own (the report's baseline) and
of a reply, and where a reply can be found again (arrival). A route asks `event.host.<shape>
(event)` and never builds a reply or reads a harness's paths itself; a host that has no such
tool answers None and the route passes. Each host is one package under hosts/ with one module
per tool shape, registered in hosts/registry.py (docs/hosts.md).
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Protocol

    from garrepa_py.event import ToolEvent

    class CommandResult(Protocol):
        """A shell command's result: its text, its whole size, and the reply in its shape."""

        command: str
        size: int  # the whole output's size, in chars

        def source(self) -> str | Pass: ...  # the WHOLE output, or why it cannot be had

        def reply(self, text: str) -> dict[str, Any]: ...

    class McpResult(Protocol):
        size: int  # chars of its text blocks (of the notice, for a saved result)

        def saved(self) -> str | None: ...  # the host's own file of the exact result

        def texts(self) -> list[str] | Pass: ...  # its text blocks (a saved file's text)

        def reply(self, text: str) -> dict[str, Any]: ...

    class SearchResult(Protocol):
        text: str  # the matches or paths, one a line

        def reply(self, text: str) -> dict[str, Any]: ...

    class ReadWindow(Protocol):
        content: str
        first: int  # the window's first line number
        lines: list[str]


class Pass:
    """Why a host's shape cannot be worked on: the route passes the original with `reason`."""

    __slots__ = ("reason",)

    def __init__(self, reason: str) -> None:
        self.reason = reason

    def __repr__(self) -> str:
        return f"Pass({self.reason!r})"


class Host:
    """The protocol, with the answer of a host that has none of the optional tool shapes.

    `name` is what the hook's `--host NAME` says and what the journal writes (`host` key, left
    out for the default host so its lines stay as they were)."""

    name = ""
    default = False  # the host a hook started without `--host` serves
    default_timeout = 600  # seconds the host waits for a handler whose entry names none
    reply_limit: int | None = None  # chars a route's replacement aims under (None: any)
    uncut_bytes: int | None = None  # UTF-8 bytes of a replacement the host delivers uncut

    # events ---------------------------------------------------------------------------------
    def parse(self, raw: dict[str, Any]) -> ToolEvent:
        from garrepa_py.event import ToolEvent

        return ToolEvent(raw, self)

    def project_dir(self, event: ToolEvent) -> str:
        """The project the event belongs to (the hook runs wherever the agent last cd'd)."""
        import os

        return event.cwd or os.getcwd()

    def response_chars(self, event: ToolEvent) -> int | None:
        """The size of what the tool returned, in characters, without copying it."""
        return None

    def installed_handlers(self, project: str, event_name: str | None
                           ) -> list[tuple[str, dict[str, Any]]]:
        """garrepa's handlers for this event in the project's hook settings, with their
        group's matcher (the timeout the host enforces is read from them)."""
        return []

    # tool shapes (None: this host has no such tool, the route passes) --------------------
    def command_result(self, event: ToolEvent) -> CommandResult | Pass | None:
        return None

    def command_small(self, event: ToolEvent, threshold: int) -> bool:
        """Under `threshold`, judged from the event alone (a route's quick pass)."""
        return False

    def mcp_result(self, event: ToolEvent) -> McpResult | Pass | None:
        return None

    def mcp_small(self, event: ToolEvent, threshold: int) -> bool:
        return False

    def search_result(self, event: ToolEvent) -> SearchResult | None:
        return None

    def read_window(self, event: ToolEvent) -> ReadWindow | None:
        return None

    def read_reply(self, window: Any, content: str) -> dict[str, Any] | None:
        """A Read's new content in the Read's own result (PostToolUse)."""
        return None

    def read_deny(self, reason: str) -> dict[str, Any] | None:
        """A Read refused before it runs, `reason` being what the model reads."""
        return None

    captures_output = False  # whether `capture_rewrite` can answer (the capture route claims)

    def capture_rewrite(self, event: ToolEvent) -> dict[str, Any] | Pass | None:
        """A PreToolUse reply that runs a shell call so that its whole output is kept before
        the host cuts it (Codex: hosts/codex/pre_bash.py), or why not; None: no such step."""
        return None

    def rewrite_input(self, event: ToolEvent, command: str) -> dict[str, Any] | None:
        """A PreToolUse reply that runs `command` instead of the call's own (None: this host's
        permission behaviour for a rewrite was not measured, the route passes)."""
        return None

    # what reaches the model ----------------------------------------------------------------
    def event_baseline(self, event: ToolEvent) -> int | None:
        """What the host alone delivers to the model for this event (None: unknown)."""
        return None

    def reply_delivered(self, event: ToolEvent, reply: dict[str, Any]) -> int | None:
        """What the model receives of garrepa's reply, after the host's own rules."""
        return None

    def read_chars(self, content: str, first: int = 1) -> int | None:
        """What a Read of `content` from line `first` delivers (the Read route's baseline)."""
        return None

    def read_refused_chars(self, size_bytes: int) -> int | None:
        """What the host says for a Read over its size limit."""
        return None

    def replacement_text(self, reply: dict[str, Any]) -> str | None:
        """The text of a replacement as the model reads it (fingerprinted for arrival)."""
        return None

    def fingerprint(self, text: str) -> str:
        from garrepa_py.hosts import arrival

        return arrival.fingerprint(text)

    # arrival: the reply found again in the host's transcript ------------------------------
    def thread_transcript(self, path: object, agent: object) -> str | None:
        """The transcript file that holds the results of `agent`'s calls (None: the main
        thread) in the session whose transcript the event named."""
        return path if isinstance(path, str) and agent is None else None

    def transcript_results(self, path: str) -> dict[str, object] | None:
        """tool_use_id → what the model received for that call, from a transcript; None when
        it cannot be read (then every reply in it is `unknown`)."""
        return None

    def arrived(self, print_: str, content: object, tool: str | None) -> bool | None:
        """Whether `content` (one of `transcript_results`) carries the replacement whose
        fingerprint is `print_`; None when the content holds no text to tell."""
        return None
