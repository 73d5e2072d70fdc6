"""The Read route: a large documentation Read becomes its opening lines plus a document map,
delivered as the Read's own output (PostToolUse `updatedToolOutput`), never as system context.

Cheap checks first (extension, instruction files, a stat): a Read of source code or of a small
document is decided without opening the file and without importing the engine.
"""

from __future__ import annotations

import os

from garrepa_py import paths
from garrepa_py.routes import read_reply
from garrepa_py.routes.route import Route
from garrepa_py.routes.verdict import Verdict, passed

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from garrepa_py.config.settings import ReadSettings, Settings
    from garrepa_py.event import ToolEvent
    from garrepa_py.hosts.host import Host, ReadWindow
    from garrepa_py.routes.verdict import HookContext

MAX_READ_BYTES = 16 * 1024 * 1024
READ_CAP_BYTES = 256 * 1024  # Claude Code refuses a larger Read (PostToolUseFailure)
AVERAGE_LINE_CHARS = 100  # to judge an explicit offset/limit window without opening the file
OPENING_CHARS = 6000
MAP_CHARS, capped = read_reply.MAP_CHARS, read_reply.capped  # where they were
# A PreToolUse Read event outside deny mode (an install from before issue 24, not yet upgraded):
# the PostToolUse handler decides and journals that Read, so this pass is not journaled.
STEPS_ASIDE = "read-in-post"
INSTRUCTION = ("Write a map of this document: its purpose in one line, then what each major "
               "section decides or defines (APIs, options, requirements, named terms kept "
               "literally) with its line range, and where to read for what.")
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


def quick_pass(event: ToolEvent, settings: Settings) -> str | None:
    """What `handle` would decide from the path and the event alone (no stat, no engine): not
    documentation, a result under the threshold, a PreToolUse event outside deny mode."""
    tool_input, path = event.tool_input, event.input_text("file_path")
    if tool_input is None or path is None:
        return "no-file-path"
    if "\0" in path or not path:
        return "bad-path"
    if paths.names_spill(path):
        return None  # a recovery, whatever its size: the handler journals it
    if not is_documentation(path, settings.read):
        return "not-documentation"
    if event.post:
        window = event.host.read_window(event)
        # from line 1 the file may be over Claude Code's cap (its error asks for this window):
        # handle() decides with the file's size
        if window is not None and len(window.content) <= _passes_up_to(
                tool_input, window, settings, over_cap=window.first == 1):
            return _small(tool_input, window)
    elif settings.read.mode != "deny":
        return STEPS_ASIDE
    return None


def _small(tool_input: dict[str, Any], window: ReadWindow) -> str:
    """Why a Read result under the threshold passes: the agent's own window, or a small file."""
    return "small-window" if _windowed(tool_input, window.first) else "under-threshold"


def _windowed(tool_input: dict[str, Any], first: int) -> bool:
    """A Read that asked for part of the file (offset past line 1, or a limit)."""
    return _int(tool_input.get("limit")) is not None or first > 1


def _window_chars(settings: Settings) -> int:
    """Up to how many chars a window Read passes whole (budgets.READ_WINDOW_CHARS, or the
    user's threshold when that is higher)."""
    from garrepa_py.config import budgets

    return max(settings.min_chars, budgets.READ_WINDOW_CHARS)


def _passes_up_to(tool_input: dict[str, Any], window: ReadWindow,
                  settings: Settings, over_cap: bool) -> int:
    """A window the agent asked for passes whole up to the window threshold: following a map's
    range must return those lines, never the map again. A whole-file Read, up to min_chars;
    so is the window from line 1 of a file over Claude Code's 256 KB cap (`over_cap`): the
    Read its size error asks for, the agent's first look, gets the whole document's map."""
    if not _windowed(tool_input, window.first) or (over_cap and window.first == 1):
        return settings.min_chars
    return _window_chars(settings)


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


def handle(event: ToolEvent, context: HookContext) -> Verdict:
    """PostToolUse: a large result becomes the opening lines and the map, as the Read's own
    output. PreToolUse (`read.mode: deny` only): a large document is denied with the map as
    the reason, which Claude Code puts inside the Read's tool_result. Neither uses
    `additionalContext`: it arrives as a system-role message, with more authority than the
    file's own text had.

    A document over Claude Code's 256 KB Read cap gets Claude Code's own error (its Read fails
    as PostToolUseFailure, which cannot rewrite), which tells the agent to Read with offset and
    limit; a window of it over the threshold is then mapped like any large Read."""
    tool_input, path = event.tool_input, event.input_text("file_path")
    if tool_input is None or path is None:
        return passed("no-file-path")
    if "\0" in path or not path:
        return passed("bad-path")
    read = context.settings.read
    if paths.names_spill(path):  # garrepa's spills sit under ~/.claude/: before the kind check
        from garrepa_py.engine import store

        if store.is_spill_path(path, context.project):
            return _spill_read(path)
    if not is_documentation(path, read):
        return passed("not-documentation")
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
    window: ReadWindow | None = None
    if event.post:
        window = event.host.read_window(event)
        if window is None:
            return passed("unknown-shape")
        if len(window.content) <= _passes_up_to(tool_input, window, context.settings,
                                                info.st_size > READ_CAP_BYTES):
            return passed(_small(tool_input, window))
    elif read.mode != "deny":
        return passed(STEPS_ASIDE)
    else:
        limit = _int(tool_input.get("limit"))
        if limit is not None and limit * AVERAGE_LINE_CHARS <= threshold:
            return passed("small-window")
        if _windowed(tool_input, _int(tool_input.get("offset")) or 1) and \
                info.st_size <= _window_chars(context.settings):
            return passed("small-window")  # the whole file is under the window threshold
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
    return _map(tool_input, path, context, window, event.host)


def _spill_read(path: str) -> Verdict:
    """Never briefed again, and journaled as a recovery: the agent went back for the exact
    bytes of a briefing (`garrepa report` counts it against the briefing's spill ids)."""
    from garrepa_py.engine.store import spill_id

    return Verdict("pass", "spill-file", recovers=spill_id(path))


def _map(tool_input: dict[str, Any], path: str, context: HookContext,
         window: ReadWindow | None, host: Host) -> Verdict:
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
    from garrepa_py import textlines

    lines = textlines.split(text)
    from garrepa_py.engine import compressors
    from garrepa_py.engine.brief import brief
    from garrepa_py.engine.types import BriefRequest

    label = os.path.relpath(path, context.project) if path.startswith(context.project) else path
    from garrepa_py.structural import sniff
    from garrepa_py.structural.doc import markup

    # What the text is, not what its name says (structural/sniff.py, the MCP and command
    # routes' own question): a saved test run gets the logs route's digest (or passes whole), a
    # .txt written in reStructuredText the RST outline, and data (a lockfile, a word list, CSV
    # or JSON, a golden output) passes whole, as Claude Code alone delivers it.
    found, detail = sniff.kind_of(text, path=path)
    if found == "log":
        from garrepa_py.routes import read_log

        asked = _int(tool_input.get("limit")) is not None or (_int(tool_input.get("offset")) or 1) > 1
        return read_log.handle(text, len(lines), path, label, detail, context, window, host, asked,
                               INSTRUCTION)
    sniffed = markup.sniff(text, path)
    if markup.extension_kind(path) is None and (found not in ("document", "text") or
                                                 not structured(text, sniffed.kind)):
        return passed(f"data-{found}")  # a .txt or bare name: an .md stays the author's document
    kind = compressors.KINDS["document"]
    recovery = (f"[exact text: {path} itself, {len(lines):,} lines | the line ranges in this "
                "map are the file's own: Read it with offset=<first line> and "
                "limit=<line count>]")
    first = window.first if window is not None else (_int(tool_input.get("offset")) or 1)
    if _windowed(tool_input, first) and not (first == 1 and len(data) > READ_CAP_BYTES):
        if window is not None and not _same_lines(window, lines):
            return passed("changed-since-read")  # a map of lines the file no longer has
        return _map_window(tool_input, path, label, text, lines, sniffed.kind, context, window,
                           host, recovery)
    result = brief(BriefRequest(kind.route, text, label, compressors.document(path, label, sniffed.kind),
                                instruction=INSTRUCTION, recovery=recovery, combine=kind.combine,
                                model_chars=kind.model_chars),
                   context.config, context.project, context.deadline)
    if result.decision != "compress":
        return Verdict("pass", result.reason, chars_in=len(text), engine=result.notes)
    if window is None:
        reason = read_reply.denied(result.text, len(lines), len(data))
        # denied before it ran: what the Read would have delivered, from the file itself
        alone = host.read_refused_chars(len(data)) if len(data) > READ_CAP_BYTES \
            else host.read_chars(text)
        return Verdict("compress", "mapped-deny", host.read_deny(reason),
                       chars_in=len(text), chars_out=len(reason),
                       engine=result.notes, baseline_chars=alone)
    count = _opening(window.lines, 1, context.settings.read.opening_lines)
    content = read_reply.narrowed(window, count, result.text, len(lines))
    return Verdict("compress", "mapped-narrow", host.read_reply(window, content),
                   chars_in=len(window.content), chars_out=len(content), engine=result.notes)


SAME_LINE_CHARS = 2000  # a longer line may come back from Claude Code cut: not compared


def _same_lines(window: ReadWindow, lines: list[str]) -> bool:
    """Whether the window Claude Code read is still the file's lines there: within the file,
    its first and last lines the file's own. The file can change between the Read and this
    hook (a formatter, another agent); a window map of the old lines would point past the
    file, or at lines that now say something else."""
    from garrepa_py import textlines

    count = textlines.count(window.content)
    if count == 0:
        return True
    if window.first - 1 + count > len(lines):
        return False
    for shown, own in ((window.lines[0], lines[window.first - 1]),
                       (window.lines[count - 1], lines[window.first + count - 2])):
        if len(own) < SAME_LINE_CHARS and shown.strip("\r\ufeff") != own.strip("\r\ufeff"):
            return False
    return True


def _map_window(tool_input: dict[str, Any], path: str, label: str, text: str, lines: list[str],
                markup_kind: str, context: HookContext, window: ReadWindow | None,
                host: Host, recovery: str) -> Verdict:
    """A window over the window threshold: its opening lines and the map of its own sections
    and entries, every range inside it; never the whole document's map again. No model: its
    notes would be about the whole document. In deny mode the window is cut from the file as
    Claude Code would read it, and passes when it is under the threshold."""
    from garrepa_py.engine import compressors
    from garrepa_py.engine.brief import brief
    from garrepa_py.engine.types import BriefRequest
    from garrepa_py.structural.doc import document

    if window is None:
        first = max(_int(tool_input.get("offset")) or 1, 1)
        limit = _int(tool_input.get("limit"))
        chosen = lines[first - 1:first - 1 + limit if limit is not None else None]
        if not chosen:
            return passed("empty-window")
        content = "\n".join(chosen)
        if len(content) <= _window_chars(context.settings):
            return passed("small-window")
    else:
        first, content = window.first, window.content
    known = {s.start: (s.level, s.end) for s in document.outline(text, path, markup_kind).sections}
    result = brief(BriefRequest("read", content, label,
                                compressors.document_window(path, label, markup_kind, first,
                                                            len(lines), known),
                                instruction=None, recovery=recovery),
                   context.config, context.project, context.deadline)
    if result.decision != "compress":
        return Verdict("pass", result.reason, chars_in=len(content), engine=result.notes)
    if window is None:
        reason = read_reply.denied(result.text, len(lines), len(content), first)
        alone = host.read_chars(content, first)  # the window alone
        return Verdict("compress", "mapped-window-deny", host.read_deny(reason),
                       chars_in=len(content), chars_out=len(reason),
                       engine=result.notes, baseline_chars=alone)
    count = _opening(window.lines, 1, context.settings.read.opening_lines)
    reply = read_reply.narrowed(window, count, result.text, len(lines), whole_window=False)
    return Verdict("compress", "mapped-window", host.read_reply(window, reply),
                   chars_in=len(content), chars_out=len(reply), engine=result.notes)


# A map helps only when its sections part the text: one leaf section over this share of the
# lines (a pip-compile header's three `#` comments over 6,900 chars of pins) is no structure.
LEAF_SHARE = 0.8


def structured(text: str, markup_kind: str) -> bool:
    """Whether `text`, not sniffed as a document, still has sections a map can name: headings
    of `markup_kind` (by its extension) of which no leaf holds most of the lines."""
    from garrepa_py.structural.doc import document

    outline = document.outline(text, "", markup_kind)
    sections = outline.sections
    if len(sections) < 2:
        return False
    leaves = [s for s, after in zip(sections, (*sections[1:], None), strict=True)
              if after is None or after.level <= s.level]
    return max(s.end - s.start + 1 for s in leaves) <= LEAF_SHARE * outline.lines


SAFE_WORD = r"[A-Za-z0-9_+-]+"  # a word a rule can hold without quoting


def rules(settings: Settings) -> tuple[str, ...] | None:
    """One `if` rule per kind of documentation file; None when a configured value cannot be
    written safely as a rule (then the Read handler has no `if` and the route decides alone).

    Measured against Claude Code 2.1.328 (tests/e2e/test_claude_if_rules.py): rules use
    permission-rule syntax and match case-insensitively; `Read(**/*.md)` matches at any depth,
    inside and outside the project, for absolute and relative paths; `Read(**/README)` matches
    the bare name at any depth (`Read(README)` alone misses files outside the project);
    `Read(**/docs/**/*.html)` matches directly under and below any `docs` folder. Every handler
    whose rule matches runs, so the rules are disjoint: one per documentation extension, one per
    extensionless name, html/htm under the html folders only when those extensions are not
    documentation already."""
    import re  # the installer's and doctor's, never a hook event's

    read = settings.read
    extensions, names, folders = (sorted(read.doc_extensions), sorted(read.doc_names),
                                  sorted(read.html_dirs))
    if not all(re.fullmatch(SAFE_WORD, word) for word in (*extensions, *names, *folders)):
        return None
    found = [f"Read(**/*.{extension})" for extension in extensions]
    found += [f"Read(**/{name})" for name in names]
    found += [f"Read(**/{folder}/**/*.{extension})" for folder in folders
              for extension in ("html", "htm") if extension not in read.doc_extensions]
    return tuple(found)


def _claims(event: ToolEvent) -> bool:
    # mapped after the Read; before it only in deny mode
    return event.tool == "Read" and event.hook_event in ("PreToolUse", "PostToolUse")


def _event(settings: Settings) -> str:
    """One Read handler per documentation Read, never two (measured in 2.1.328: a second
    handler on the same Read doubled its cost, 102 → 219 ms)."""
    return "PreToolUse" if settings.read.mode == "deny" else "PostToolUse"


ROUTE = Route(
    "read", summary="large documentation Reads → opening lines + document map",
    event=_event, matcher="Read", rules=rules, claims=_claims, quick_pass=quick_pass,
    handle=handle, target=lambda event: event.input_text("file_path"), instruction=INSTRUCTION)
