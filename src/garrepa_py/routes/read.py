"""The Read route: a large documentation Read becomes a document map plus the opening lines.

Cheap checks first (extension, instruction files, a stat): a Read of source code or of a small
document is decided without opening the file and without importing the engine.
"""

from __future__ import annotations

import os

from garrepa_py.routes.verdict import Verdict, passed

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from garrepa_py.config.settings import ReadSettings, Settings
    from garrepa_py.routes.verdict import HookContext

MAX_READ_BYTES = 16 * 1024 * 1024
MAP_CHARS = 8000  # the harness persists additionalContext over 10,000 chars
AVERAGE_LINE_CHARS = 100  # to judge an explicit offset/limit window without opening the file
OPENING_CHARS = 6000
# Files the agent must read whole: never mapped, whatever the config says.
INSTRUCTION_FILES = ("claude.md", "claude.local.md", "agents.md", "gemini.md", "skill.md")


def is_documentation(path: str, read: ReadSettings) -> bool:
    name = os.path.basename(path)
    lower = name.lower()
    if lower in INSTRUCTION_FILES:
        return False
    parts = [part.lower() for part in path.replace("\\", "/").split("/")]
    if ".claude" in parts[:-1]:
        return False
    stem, dot, extension = lower.rpartition(".")
    if not dot or not stem:
        return lower in read.doc_names
    if extension in read.doc_extensions:
        return True
    if extension in ("html", "htm"):
        return any(part in read.html_dirs for part in parts[:-1])
    return False


def quick_pass(event: dict[str, Any], settings: Settings) -> str | None:
    """What `handle` would decide from the path alone (no stat, no engine)."""
    tool_input = event.get("tool_input")
    if not isinstance(tool_input, dict) or not isinstance(tool_input.get("file_path"), str):
        return "no-file-path"
    path: str = tool_input["file_path"]
    if "\0" in path or not path:
        return "bad-path"
    if not is_documentation(path, settings.read):
        return "not-documentation"
    return None


def _excluded(path: str, project: str, read: ReadSettings) -> bool:
    import fnmatch

    patterns = read.exclude
    name = os.path.basename(path).lower()
    relative = os.path.relpath(path, project).replace(os.sep, "/") if os.path.isabs(path) else path
    for pattern in patterns:
        target = relative if "/" in pattern else name
        if fnmatch.fnmatch(target.lower(), pattern.lower().replace("**", "*")):
            return True
    return False


def _int(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else None


def _opening(lines: list[str], first: int, count: int) -> int:
    """How many lines from `first` to show: `count`, fewer if they are very long."""
    used = shown = 0
    for line in lines[first - 1:first - 1 + count]:
        used += len(line) + 1
        if used > OPENING_CHARS and shown:
            break
        shown += 1
    return max(shown, 1)


def handle(event: dict[str, Any], context: HookContext) -> Verdict:
    tool_input = event.get("tool_input")
    if not isinstance(tool_input, dict) or not isinstance(tool_input.get("file_path"), str):
        return passed("no-file-path")
    path: str = tool_input["file_path"]
    if "\0" in path or not path:
        return passed("bad-path")
    read = context.settings.read
    if not is_documentation(path, read):
        return passed("not-documentation")
    if "/.garrepa/spill/" in path.replace("\\", "/"):
        from garrepa_py.engine import store

        if store.is_spill_path(path, context.project):
            return _spill_read(path)
    if tool_input.get("allow_large") is True:
        return passed("agent-asked-whole")
    try:
        info = os.stat(path)
    except OSError:
        return passed("missing")
    threshold = context.settings.min_chars
    if not (info.st_mode & 0o170000 == 0o100000):
        return passed("not-a-file")
    if info.st_size <= threshold:
        return passed("under-threshold")
    limit = _int(tool_input.get("limit"))
    if limit is not None and limit * AVERAGE_LINE_CHARS <= threshold:
        return passed("small-window")
    if info.st_size > MAX_READ_BYTES:
        return passed("too-large-to-map")
    if _excluded(path, context.project, read):
        return passed("excluded")
    from garrepa_py.engine import store
    from garrepa_py.guard.secrets import secret_path

    if secret_path(path):
        return passed("secret-path")
    if store.is_spill_path(path, context.project):
        return _spill_read(path)
    return _map(event, tool_input, path, context)


def _spill_read(path: str) -> Verdict:
    """Never briefed again, and journaled as a recovery: the agent went back for the exact
    bytes of a briefing (`garrepa report` counts it against the briefing's spill ids)."""
    from garrepa_py.engine.store import spill_id

    return Verdict("pass", "spill-file", notes={"recovers": spill_id(path)})


def _map(event: dict[str, Any], tool_input: dict[str, Any], path: str,
         context: HookContext) -> Verdict:
    from garrepa_py import fs

    try:
        data = fs.read_bounded(path, MAX_READ_BYTES)  # a FIFO swapped in after the stat: refused
    except fs.Refused as exc:
        return passed(exc.reason)
    except OSError:
        return passed("unreadable")
    if b"\0" in data[:65536]:
        return passed("binary")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return passed("undecodable")
    from garrepa_py.engine import compressors
    from garrepa_py.engine.brief import brief
    from garrepa_py.engine.types import BriefRequest

    label = os.path.relpath(path, context.project) if path.startswith(context.project) else path
    from garrepa_py import textlines

    lines = textlines.split(text)
    kind = compressors.KINDS["document"]
    recovery = (f"[exact text: {path} itself, {len(lines):,} lines | the line numbers above are "
                "the file's own: Read it with offset=<first line> and limit=<line count>]")
    result = brief(BriefRequest(kind.route, text, label, compressors.document(path, label),
                                recovery=recovery, combine=kind.combine,
                                model_chars=kind.model_chars),
                   context.config, context.project, context.deadline)
    if result.decision != "compress":
        return Verdict("pass", result.reason, chars_in=len(text), notes=result.journal)
    first = _int(tool_input.get("offset")) or 1
    mode = context.settings.read.mode
    if mode == "deny":
        note = ("This document is large, so garrepa gave you its map instead of the whole file. "
                "Read the section you need with offset and limit.")
        context_text = capped(result.text, note)
        reply: dict[str, Any] = {"hookEventName": "PreToolUse", "permissionDecision": "deny",
                 "permissionDecisionReason": "garrepa: large document; its map is in the context. "
                                             "Read a section with offset and limit.",
                 "additionalContext": context_text}
        shown = 0
    else:
        count = _opening(lines, first, context.settings.read.opening_lines)
        last = min(first + count - 1, len(lines))
        note = (f"garrepa: this Read was cut to lines {first}-{last} of {len(lines):,} because the "
                "document is large. For any section, Read the same file with offset=<first line> "
                "and limit=<line count> from the map above.")
        context_text = capped(result.text, note)
        reply = {"hookEventName": "PreToolUse",
                 "updatedInput": dict(tool_input, offset=first, limit=count),
                 "additionalContext": context_text}
        shown = sum(len(line) + 1 for line in lines[first - 1:last])
    return Verdict("compress", f"mapped-{mode}", {"hookSpecificOutput": reply},
                   chars_in=len(text), chars_out=len(context_text) + shown, notes=result.journal)


MAP_CUT = "[… the map was cut here to fit; every line is in the file itself]"


def capped(briefing: str, note: str) -> str:
    """The briefing and the note within MAP_CHARS, checked once, on the final text: the map
    is cut at a line, and the pointer to the exact text (the stamp's last line) always stays."""
    text = f"{briefing}\n{note}"
    if len(text) <= MAP_CHARS:
        return text
    lines = briefing.split("\n")
    pointer = lines.pop()
    room = MAP_CHARS - len(note) - len(pointer) - len(MAP_CUT) - 3
    kept: list[str] = []
    for line in lines:
        room -= len(line) + 1
        if room < 0:
            break
        kept.append(line)
    return "\n".join([*kept, MAP_CUT, pointer, note])[:MAP_CHARS]
