"""The MCP route: a large MCP result becomes one briefing block; images stay where they are.

The harness hands over Anthropic content blocks, a compact-JSON string (structuredContent), or,
past its token cap, a string naming the file it saved the result to. The reply keeps that shape:
blocks for blocks, a string for a string. Errors fire PostToolUseFailure and never reach here.
"""

from __future__ import annotations

from garrepa_py.routes.route import Route
from garrepa_py.routes.verdict import Verdict, passed

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from garrepa_py.config.settings import McpSettings, Settings
    from garrepa_py.event import ToolEvent
    from garrepa_py.routes.verdict import HookContext

MAX_SAVED_BYTES = 16 * 1024 * 1024
IMAGE_POINTER = "[Image: source:"
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
    tool = str(event.tool)
    response = event.tool_response
    from garrepa_py.routes.saved_output import mcp_notice_path

    saved = mcp_notice_path(event, response) if isinstance(response, str) else None
    if isinstance(response, str):
        size = len(response)
    elif isinstance(response, list) and all(isinstance(b, dict) for b in response):
        if any(b.get("type") not in ("text", "image") for b in response):
            return passed("unknown-block-type")
        texts = [b["text"] for b in response if b.get("type") == "text"
                 and isinstance(b.get("text"), str) and not b["text"].startswith(IMAGE_POINTER)]
        size = sum(len(t) for t in texts)
    else:
        return passed("unknown-shape")
    if saved is None and size < context.settings.threshold("mcp"):
        return passed("under-threshold")
    # Only now, for a large result, the checks that need fnmatch and the secret guard.
    if excluded(tool, context.settings.mcp):
        return passed("excluded-tool")
    if sensitive_tool(tool):
        return passed("sensitive-tool")
    if _names_secret_path(event.tool_input):
        return passed("secret-input")
    if isinstance(response, str):
        if saved is not None:
            from garrepa_py import fs

            try:
                data = fs.read_bounded(saved, MAX_SAVED_BYTES, follow=False)
            except fs.Refused as exc:
                return passed(f"saved-file-{exc.reason}")  # never cut: the agent keeps it whole
            except OSError:
                return passed("saved-file-unreadable")
            texts = [data.decode("utf-8", "replace")]
        else:
            texts = [response]
    return _brief(tool, response, texts, saved, context, route, instruction or INSTRUCTION)


def _brief(tool: str, response: Any, texts: list[str], saved: str | None,
           context: HookContext, route: str, instruction: str) -> Verdict:
    """`saved`: Claude Code's own file of the exact result, named as the exact original; the
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
    result = brief(BriefRequest(route, source, tool, compressors.json_blocks(texts),
                                instruction=instruction, recovery=recovery, readable=readable,
                                exact_copy=saved),
                   context.config, context.project, context.deadline)
    if result.decision != "compress":
        return Verdict("pass", result.reason, chars_in=len(source), engine=result.notes)
    output: Any
    if isinstance(response, str):
        output = result.text
    else:
        output = []
        placed = False
        for block in response:
            is_text = block.get("type") == "text" and not str(block.get("text", "")).startswith(
                IMAGE_POINTER)
            if not is_text:
                output.append(block)  # images and their pointers stay in place, untouched
            elif not placed:
                output.append({"type": "text", "text": result.text})
                placed = True
    reply = {"hookSpecificOutput": {"hookEventName": "PostToolUse", "updatedToolOutput": output}}
    return Verdict("compress", "briefed", reply, chars_in=len(source),
                   chars_out=len(result.text), engine=result.notes)


INSTRUCTION = ("Brief this tool result: what it says, every item with its id/key/number and URL, "
               "owners, statuses, dates, decisions, errors and exact values.")


def quick_pass(event: ToolEvent, settings: Settings) -> str | None:
    threshold = settings.threshold("mcp")
    response = event.tool_response
    if isinstance(response, str) and not response.startswith("Error: result (") \
            and len(response) < threshold:
        return "under-threshold"
    if isinstance(response, list) and all(isinstance(b, dict) for b in response):
        texts = [b.get("text") for b in response if b.get("type") == "text"]
        if sum(len(t) for t in texts if isinstance(t, str)) < threshold and all(
                b.get("type") in ("text", "image") for b in response):
            return "under-threshold"
    return None


def is_mcp_result(event: ToolEvent) -> bool:
    # errors fire PostToolUseFailure, which cannot rewrite
    return event.post and event.tool is not None and event.tool.startswith("mcp__")


ROUTE = Route(
    "mcp", summary="large MCP tool results → one briefing block (images kept)",
    event="PostToolUse", matcher="mcp__.*",  # the size is unknown until the result exists
    claims=is_mcp_result, quick_pass=quick_pass, handle=handle, instruction=INSTRUCTION)
