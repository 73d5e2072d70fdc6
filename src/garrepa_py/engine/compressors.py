"""The one registry: which structural compressor serves which kind of content, with its budgets.

The hook routes and `garrepa summarize` both take their compressor, route name and model budget
from here, so a document, a JSON result or a git dump is briefed the same way wherever it comes
from. Every compressor takes the (masked) text it is given and nothing else: what it shows is
what the secret guard let through.
"""

from __future__ import annotations

from collections.abc import Callable

from garrepa_py.config import budgets
from garrepa_py.structural.briefing import Structural

TYPE_CHECKING = False
if TYPE_CHECKING:
    from garrepa_py.structural.git.git_files import FileDiff

Compress = Callable[[str], Structural]

DOCUMENT_MAP_CHARS = budgets.READ_MAP_CHARS  # the outline inside the reply's READ_REPLY_CHARS
DOCUMENT_NOTES_CHARS = 2200
GIT_NOTES_CHARS = 2500


class Kind:
    """A kind of content: the prompt route, and how model notes and the structure combine."""

    __slots__ = ("route", "combine", "model_chars")

    def __init__(self, route: str, combine: bool, model_chars: int | None) -> None:
        self.route = route
        self.combine = combine  # model notes above the structural briefing, both kept
        self.model_chars = model_chars


KINDS: dict[str, Kind] = {
    "document": Kind("read", True, DOCUMENT_NOTES_CHARS),
    "json": Kind("mcp", False, None),
    "git": Kind("git", True, GIT_NOTES_CHARS),
    "generic": Kind("generic", False, None),
}


def document(path: str, label: str, kind: str | None = None) -> Compress:
    """A document map (headings with exact line ranges, and under each section the entries
    people look up: structural/doc/entries.py), parsed as the markup its content shows
    (structural/doc/markup.py; `path`'s extension only breaks a near tie), or as `kind` when the
    caller sniffed it already."""
    from garrepa_py import textlines
    from garrepa_py.structural.doc import document as doc
    from garrepa_py.structural.doc import entries, nested_map

    def compress(text: str) -> Structural:
        outline = doc.outline(text, path, kind)
        found = entries.find(textlines.split(text), outline.kind)
        return Structural(nested_map.render(outline, label, DOCUMENT_MAP_CHARS, found))

    return compress


def document_window(path: str, label: str, kind: str, first: int, total_lines: int,
                    known: dict[int, tuple[int, int]]) -> Compress:
    """The map of one Read window (the text it is given: lines `first`.. of the file): its own
    sections and entries, every range inside the window, numbered as the file's lines. `known`:
    each heading's line → (level, last line) in the whole document, so a section keeps its
    level and its range stops where the document's does (numbers only, no text)."""
    from itertools import accumulate

    from garrepa_py import textlines
    from garrepa_py.structural.doc import document as doc
    from garrepa_py.structural.doc import entries, nested_map

    def compress(text: str) -> Structural:
        lines = textlines.split(text)
        last = first + len(lines) - 1
        own = doc.outline(text, path, kind)
        shift = first - 1
        offsets = list(accumulate((len(line) + 1 for line in lines), initial=0))
        sections = []
        for section in own.sections:
            start = section.start + shift
            level, end = known.get(start, (section.level, section.end + shift))
            end = min(end, last)
            sections.append(doc.Section(level, section.title, start, end,
                                        offsets[end - shift] - offsets[start - 1 - shift]))
        outline = doc.Outline(own.kind, len(lines), len(text), tuple(sections), None,
                              own.code_blocks, own.tables)
        found = [entries.Entry(e.depth, e.kind, e.name, e.start + shift, e.end + shift)
                 for e in entries.find(lines, own.kind)]
        head = (f"Map of lines {first:,}-{last:,} of {label} (the window this Read asked for, "
                f"of {total_lines:,} lines): {len(text):,} chars; {own.code_blocks} code blocks, "
                f"{own.tables} tables. Every range below is inside the window.")
        before = sections[0].start - 1 if sections else last
        if before >= first:
            head += f" Lines {first:,}-{before:,} come before its first heading."
        return Structural(nested_map.render(outline, label, DOCUMENT_MAP_CHARS, found, head))

    return compress


class SavedLog:
    """A log or command output saved to a file: the logs route's digest, whose line ranges are
    the file's own. `complete` after a call: every failure is in the digest, whole or (past
    its budget) named with its lines; False when the digest had to cut its own listing."""

    __slots__ = ("family", "path", "complete")

    def __init__(self, family: str, path: str) -> None:
        self.family = family
        self.path = path
        self.complete = False

    def __call__(self, text: str) -> Structural:
        from garrepa_py.engine import log_brief

        digest = log_brief.digest(text, self.family, self.path)
        # logs.digest names each failure it cannot show whole, unless that listing itself is
        # over its budget: then it cuts it and says so
        self.complete = "\n… (cut)\n" not in digest.text
        return Structural(digest.text, quoted=True)  # its lines quoted by log_brief


def json_blocks(texts: list[str]) -> Compress:
    """MCP text blocks (JSON digests or prose outlines); the joined text is cut back into them."""
    from garrepa_py.structural import mcp_result

    return lambda joined: mcp_result.compress(split_like(joined, texts))


def json_readable(texts: list[str], known: tuple[str, str] | None = None
                  ) -> Callable[[str], str]:
    """The readable copy of MCP text blocks (JSON one value per line) that `json_blocks`
    numbers its rows against; `known`: (joined text, its copy) already laid out."""
    from garrepa_py.structural import mcp_result

    def readable(joined: str) -> str:
        if known is not None and joined is known[0]:
            return known[1]
        return mcp_result.readable(split_like(joined, texts))

    return readable


def git(file_command: Callable[[FileDiff], str],
        commit_file_command: Callable[[str, FileDiff], str]) -> Compress:
    """A git dump: a log digest when it holds commits, else a diff digest, a one-line log or a
    blame; generic at worst."""
    from garrepa_py.structural import generic
    from garrepa_py.structural.git import git_digest

    def compress(text: str) -> Structural:
        has_commits = bool(git_digest.COMMIT.search(text[:4096])) or "\ncommit " in text
        digest = (git_digest.digest_log(text, commit_file_command) if has_commits
                  else git_digest.digest_diff(text, file_command))
        digest = (digest or git_digest.digest_oneline(text) or git_digest.digest_blame(text))
        return Structural(digest) if digest else generic.compress(text)

    return compress


def generic() -> Compress:
    from garrepa_py.structural import generic as plain

    return plain.compress


def split_like(joined: str, texts: list[str]) -> list[str]:
    """`joined` (the texts joined by blank lines, then masked line for line) cut back into
    pieces of the same line counts: masking never adds or removes a line."""
    lines = joined.split("\n")
    pieces, at = [], 0
    for text in texts:
        count = text.count("\n") + 1
        pieces.append("\n".join(lines[at:at + count]))
        at += count + 1  # the blank line "\n\n" put between two texts
    return pieces
