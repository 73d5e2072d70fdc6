"""Claude Code's transcript: where `report` finds what the model received for a tool call.

A session's transcript is the JSONL file the hook's `transcript_path` names; each line's
`message` holds the model's turns, and a `tool_result` block carries what the model got for a
tool_use_id. Inside a subagent the hook still names the main session's file; the subagent's
results are in `<session>/subagents/agent-<id>.jsonl` beside it (measured, 2.1.332).
"""

from __future__ import annotations

import json
import re

from garrepa_py.hosts.arrival import PROBE, crc, fingerprint
from garrepa_py.hosts.claude_code.delivery import NOTICE_OPEN, READ_DENIED, mcp_text

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

MAX_TRANSCRIPT_BYTES = 64 * 1024 * 1024
AGENT_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")


def thread_transcript(path: object, agent: object) -> str | None:
    """The transcript that holds the tool_results of `agent` (None: the main thread) in the
    session whose transcript is `path`: that file, or for a subagent
    `<session>/subagents/agent-<id>.jsonl` beside it (measured, 2.1.332: the
    hook's `transcript_path` names the main session's file inside a subagent too). None when
    there is no transcript, or an agent id that is not a plain name."""
    if not isinstance(path, str):
        return None
    if agent is None:
        return path
    if not isinstance(agent, str) or not AGENT_ID.fullmatch(agent) or not path.endswith(".jsonl"):
        return None
    import os

    return os.path.join(path[:-len(".jsonl")], "subagents", f"agent-{agent}.jsonl")


def messages(path: str, holding: str = "") -> list[dict[str, Any]] | None:
    """The `message` of every line of a Claude Code transcript (read bounded, not through a
    link; lines not JSON skipped; with `holding`, only lines containing that text are parsed);
    None when it cannot be read."""
    from garrepa_py import fs

    try:
        data = fs.read_bounded(path, MAX_TRANSCRIPT_BYTES, follow=False)
    except (OSError, fs.Refused):
        return None
    found = []
    for line in data.decode("utf-8", "replace").splitlines():
        if holding and holding not in line:
            continue
        try:
            entry = json.loads(line)
        except ValueError:
            continue
        message = entry.get("message") if isinstance(entry, dict) else None
        if isinstance(message, dict):
            found.append(message)
    return found


def results(path: str) -> dict[str, object] | None:
    """tool_use_id → the tool_result content Claude Code recorded (what the model received),
    from a session's transcript; None when it cannot be read."""
    read = messages(path, holding='"tool_result"')
    if read is None:
        return None
    found: dict[str, object] = {}
    for message in read:
        content = message.get("content")
        for block in content if isinstance(content, list) else ():
            if isinstance(block, dict) and block.get("type") == "tool_result" \
                    and isinstance(block.get("tool_use_id"), str):
                found[block["tool_use_id"]] = block.get("content")
    return found


def model_text(content: object, tool: str | None) -> str | None:
    """A transcript tool_result's content as plain text, Read's `N\\t` numbering removed."""
    text = mcp_text(content)
    if text is None:
        return None
    if tool == "Read" and not text.startswith(READ_DENIED):
        text = re.sub(r"(?m)^ *\d+\t", "", text)
    return text


def arrived(print_: str, content: object, tool: str | None) -> bool:
    """Whether the tool_result `content` carries the replacement of fingerprint `print_`: its
    head and tail match, or (a replacement Claude Code persisted again) the notice's preview
    starts with the replacement's head."""
    text = model_text(content, tool)
    if text is None or len(print_) != 16:
        return False
    if text.startswith(NOTICE_OPEN):
        marker = text.find("):\n", text.find("Preview ("))
        shown = text[marker + 3:] if marker >= 0 else ""
        return crc(shown[:PROBE]) == print_[:8]
    return fingerprint(text) == print_
