"""Which route an event takes, and the one registry mapping routes to their handlers.

Standard library only. A route handler takes the event and the context and returns a Verdict;
compressors plug in here and nowhere else.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from garrepa_py.config.settings import Settings
    from garrepa_py.routes.verdict import HookContext, Verdict

    RouteHandler = Callable[[dict[str, Any], HookContext], Verdict]


def _read(event: dict[str, Any], context: HookContext) -> Verdict:
    from garrepa_py.routes import read

    return read.handle(event, context)


def _mcp(event: dict[str, Any], context: HookContext) -> Verdict:
    from garrepa_py.routes import mcp

    return mcp.handle(event, context)


def _git(event: dict[str, Any], context: HookContext) -> Verdict:
    from garrepa_py.routes import git

    return git.handle(event, context)


def _logs(event: dict[str, Any], context: HookContext) -> Verdict:
    from garrepa_py.routes import logs

    return logs.handle(event, context)


ROUTES: dict[str, RouteHandler] = {
    "read": _read,
    "mcp": _mcp,
    "git": _git,
    "logs": _logs,  # opt-in (`init --logs`): test and build commands, before they run
}


def quick_pass(route: str, event: dict[str, Any], settings: Settings) -> str | None:
    """The reason to pass without any work, decided from the event and settings alone (no file
    read, no thread, no import beyond the route's own); None: the route must look closer. The
    routes check all of this again: this is a shortcut, never the guard."""
    if route == "read":
        from garrepa_py.routes import read

        return read.quick_pass(event, settings)
    if route == "logs":
        return None if settings.logs.enabled else "logs-off"
    threshold = settings.threshold(route)
    response = event.get("tool_response")
    if route == "mcp":
        if isinstance(response, str) and not response.startswith("Error: result (") \
                and len(response) < threshold:
            return "under-threshold"
        if isinstance(response, list) and all(isinstance(b, dict) for b in response):
            texts = [b.get("text") for b in response if b.get("type") == "text"]
            if sum(len(t) for t in texts if isinstance(t, str)) < threshold and all(
                    b.get("type") in ("text", "image") for b in response):
                return "under-threshold"
    if route == "git" and isinstance(response, dict) and "persistedOutputPath" not in response:
        stdout = response.get("stdout")
        if isinstance(stdout, str) and len(stdout) < threshold:
            return "under-threshold"
    return None


def classify(event: dict[str, Any]) -> str:
    """'read', 'mcp', 'git', 'logs', or 'pass' for everything we do not handle."""
    name = event.get("hook_event_name")
    tool = event.get("tool_name")
    if not isinstance(tool, str):
        return "pass"
    if name in ("PreToolUse", "PostToolUse") and tool == "Read":
        return "read"  # mapped after the Read; before it only over Claude Code's 256 KB cap
    if name == "PreToolUse" and tool == "Bash":
        return "logs"
    if name == "PostToolUse" and tool.startswith("mcp__"):
        return "mcp"
    if name == "PostToolUse" and tool == "Bash":
        return "git"
    return "pass"


def response_chars(event: dict[str, Any]) -> int | None:
    """The size of what the tool returned, in characters, without copying it."""
    response = event.get("tool_response")
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
        file = response.get("file")
        if isinstance(file, dict) and isinstance(file.get("content"), str):
            return len(file["content"])
    return None
