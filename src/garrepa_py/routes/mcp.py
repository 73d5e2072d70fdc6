"""The MCP route: a large MCP result becomes one briefing block; images stay where they are.

The host hands over the result's text blocks (or its own saved file of a result past its cap)
and puts the briefing back in its reply shape (hosts/*/mcp.py). Errors fire PostToolUseFailure
and never reach here.
"""

from __future__ import annotations

from garrepa_py.routes.route import Route
from garrepa_py.routes.verdict import Verdict, passed

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from garrepa_py.config.settings import McpSettings, Settings
    from garrepa_py.event import ToolEvent
    from garrepa_py.hosts.host import McpResult
    from garrepa_py.routes.verdict import HookContext

SENSITIVE_WORDS = frozenset({"secret", "secrets", "credential", "credentials", "password",
                             "passwords", "passwd", "token", "tokens", "apikey", "apikeys"})
KEY_VERBS = frozenset({"get", "list", "create", "read", "fetch", "show", "rotate", "reveal",
                       "generate", "new", "add", "api", "private", "access", "ssh", "signing"})


def sensitive_tool(tool: str) -> bool:
    """Tool names about secrets: `get_secret`, `list_tokens`, `create_api_key`, not `get_issue_by_key`."""
    words = [w for w in tool.lower().replace("-", "_").replace(".", "_").split("_") if w]
    tool_words = words[2:] if words[:1] == ["mcp"] else words  # skip the mcp + server prefix
    if any(word in SENSITIVE_WORDS for word in tool_words):
        return True
    for position, word in enumerate(tool_words):
        if word in ("key", "keys") and position and tool_words[position - 1] in KEY_VERBS:
            return True
    return False


def excluded(tool: str, mcp: McpSettings) -> bool:
    import fnmatch

    for pattern in mcp.exclude_tools:
        if tool == pattern or fnmatch.fnmatchcase(tool, pattern) or tool.startswith(pattern + "__"):
            return True
    return False


def _strings(value: Any, depth: int = 0) -> list[str]:
    if depth > 4:
        return []
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for child in value.values() for s in _strings(child, depth + 1)]
    if isinstance(value, list):
        return [s for child in value[:100] for s in _strings(child, depth + 1)]
    return []


def _names_secret_path(tool_input: Any) -> str | None:
    from garrepa_py.guard.secrets import secret_path

    for text in _strings(tool_input):
        if len(text) < 1024 and "\n" not in text and ("/" in text or text.startswith(".")):
            hit = secret_path(text)
            if hit:
                return hit
    return None


def handle(event: ToolEvent, context: HookContext, route: str = "mcp",
           instruction: str | None = None) -> Verdict:
    """`route` and `instruction`: the MCP route's own, or a route serving some MCP tools with
    an instruction of its own (routes/figma.py)."""
    from garrepa_py.hosts.host import Pass

    tool = str(event.tool)
    result = event.host.mcp_result(event)
    if result is None:
        return passed("unknown-shape")  # a host without MCP tools
    if isinstance(result, Pass):
        return passed(result.reason)
    saved = result.saved()
    if saved is None and result.size < context.settings.threshold("mcp"):
        return passed("under-threshold")
    # Only now, for a large result, the checks that need fnmatch and the secret guard.
    if excluded(tool, context.settings.mcp):
        return passed("excluded-tool")
    if sensitive_tool(tool):
        return passed("sensitive-tool")
    if _names_secret_path(event.tool_input):
        return passed("secret-input")
    texts = result.texts()
    if isinstance(texts, Pass):
        return passed(texts.reason)
    return _brief(tool, result, texts, saved, context, route, instruction or INSTRUCTION)


def _brief(tool: str, result: McpResult, texts: list[str], saved: str | None,
           context: HookContext, route: str, instruction: str) -> Verdict:
    """`saved`: the host's own file of the exact result, named as the exact original; the
    agent is pointed at garrepa's readable copy when that differs (one long JSON line)."""
    from garrepa_py.engine import compressors
    from garrepa_py.engine.brief import brief
    from garrepa_py.engine.types import BriefRequest

    source = "\n\n".join(texts)
    readable = compressors.json_readable(texts)
    recovery = None
    if saved is not None:
        laid_out = readable(source)
        if laid_out == source:  # already line-oriented: Claude Code's file is the one to read
            recovery = (f"[exact original: {saved} (saved by Claude Code) | Read it with "
                        "offset/limit for any part]")
        readable = compressors.json_readable(texts, (source, laid_out))  # laid out once
    briefed = brief(BriefRequest(route, source, tool, compressors.json_blocks(texts),
                                 instruction=instruction, recovery=recovery, readable=readable,
                                 exact_copy=saved),
                    context.config, context.project, context.deadline)
    if briefed.decision != "compress":
        return Verdict("pass", briefed.reason, chars_in=len(source), engine=briefed.notes)
    return Verdict("compress", "briefed", result.reply(briefed.text), chars_in=len(source),
                   chars_out=len(briefed.text), engine=briefed.notes)


INSTRUCTION = ("Brief this tool result: what it says, every item with its id/key/number and URL, "
               "owners, statuses, dates, decisions, errors and exact values.")


def quick_pass(event: ToolEvent, settings: Settings) -> str | None:
    return "under-threshold" if event.host.mcp_small(event, settings.threshold("mcp")) else None


def is_mcp_result(event: ToolEvent) -> bool:
    # errors fire PostToolUseFailure, which cannot rewrite
    return event.post and event.tool is not None and event.tool.startswith("mcp__")


ROUTE = Route(
    "mcp", summary="large MCP tool results → one briefing block (images kept)",
    event="PostToolUse", matcher="mcp__.*",  # the size is unknown until the result exists
    claims=is_mcp_result, quick_pass=quick_pass, handle=handle, instruction=INSTRUCTION)
