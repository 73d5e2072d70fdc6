"""The Read route's replies: the text a mapped Read hands back (standard library only); the
host puts it in its Read result or its refusal (hosts/claude_code/read.py).

Measured on Claude Code 2.1.328 and 2.1.332 (tests/e2e/test_claude_channels.py): text in
`additionalContext` becomes a system-role message for the current models, with more authority
than the file it came from had; a PostToolUse `updatedToolOutput` in the Read shape and a
PreToolUse deny reason both arrive inside the Read's own tool_result. So the map, which carries
the file's headings and the model's notes about it, only ever travels in those two.

Claude Code numbers the lines of a rewritten Read from its `startLine`, so the opening lines go
first and keep the file's own numbers; the map follows, and says that the numbers at the left
of its lines are not the file's while the line ranges inside it are. An opening line of the
file that begins like one of garrepa's own (its header, the notes' fence or closing line) is
shown escaped (`stamp.inert`), so only garrepa's lines read as garrepa's.
"""

from __future__ import annotations

from garrepa_py.config import budgets

TYPE_CHECKING = False
if TYPE_CHECKING:
    from garrepa_py.hosts.host import ReadWindow

MAP_CHARS = budgets.READ_REPLY_CHARS  # the map and its closing note, checked on the final text
MAP_CUT = "[… the map was cut here to fit; every line is in the file itself]"
SECTION_NOTE = ("garrepa: for any section, Read the same file with offset=<first line> and "
                "limit=<line count> from the map above.")


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


def narrowed(window: ReadWindow, count: int, briefing: str, total_lines: int,
             whole_window: bool = True) -> str:
    """The new `file.content`: the window's first `count` lines, then the map (of the whole
    document, or with `whole_window` False of the window the agent asked for)."""
    last = window.first + count - 1
    what = ("the document is large, so its map follows" if whole_window else
            f"the window asked for (lines {window.first:,}-{window.first + len(window.lines) - 1:,})"
            " is large, so the map of what is inside it follows")
    header = (f"[garrepa: this Read stops here, at line {last:,} of {total_lines:,}: {what}. "
              "The numbers at the left from here on only count the lines of this reply; the "
              "line ranges inside the map are the file's own.]")
    from garrepa_py.engine import stamp  # here: deciding a Read never imports the engine

    opening = stamp.inert("\n".join(_bounded(line) for line in window.lines[:count])).split("\n")
    return "\n".join([*opening, header, capped(briefing, SECTION_NOTE)])


LINE_CHARS = 6000  # one opening line shown at most this long (a 5 MB one-line file is one line)


def _bounded(line: str) -> str:
    if len(line) <= LINE_CHARS:
        return line
    return (f"{line[:LINE_CHARS]} [garrepa: this line goes on for {len(line) - LINE_CHARS:,} "
            "more chars; Claude Code's Read cannot show a line in parts]")


def denied(briefing: str, total_lines: int, size: int, first: int | None = None) -> str:
    """A deny reason that carries the map (it lands inside the Read's tool_result); `first`:
    the map is of the window from that line, `size` its chars."""
    if first is not None:
        return (f"garrepa: the window asked for, from line {first:,} of this document "
                f"({total_lines:,} lines), is large ({size:,} chars), so here is the map of "
                "what is inside it; the line ranges in it are the file's own.\n"
                + capped(briefing, SECTION_NOTE))
    why = ("over Claude Code's 256 KB Read limit" if size > 256 * 1024 else "large")
    return (f"garrepa: this document ({total_lines:,} lines) is {why}, so here is its map "
            "instead of the whole file; the line ranges in it are the file's own.\n"
            + capped(briefing, SECTION_NOTE))
