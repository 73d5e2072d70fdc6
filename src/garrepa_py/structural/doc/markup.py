"""Which markup a document is written in, told from what it contains, not from its name.

Several large projects write reStructuredText in `.txt` files (Django's docs, docutils' own), and
a Markdown parser takes their `~~~~` underlines for code fences and loses whole runs of headings.
So the first SAMPLE_CHARS of the text are scored, one pass over their lines, for the signs each
markup has and the others do not (RST adornments as long as their title, directives and roles;
Markdown ATX headings and fences; AsciiDoc `== Section`, block attributes, admonitions and
labeled lists; Org `#+` keywords, drawers and TODO headings),
and the extension only breaks a near tie. Pure, deterministic, linear, standard library.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

SAMPLE_CHARS = 64 * 1024
DECISIVE = 6  # the least score that says a markup is there at all (two strong signs)
MARKUPS = ("markdown", "rst", "asciidoc", "org")
EXTENSIONS = {"md": "markdown", "mdx": "markdown", "markdown": "markdown", "rst": "rst",
              "adoc": "asciidoc", "asciidoc": "asciidoc", "org": "org", "html": "html",
              "htm": "html"}

_ADORNMENT = re.compile(r"^([=\-~^\"'`#*+:._<>!$%&,;?@\\/|])\1{2,}[ \t]*$")
_RST_DIRECTIVE = re.compile(r"^[ \t]*\.\. [A-Za-z][\w:.+-]*::(?:[ \t]|$)")
_RST_TARGET = re.compile(r"^\.\. _[^:`]+:(?:[ \t]|$)")
_RST_ROLE = re.compile(r"(?<![\w`]):[a-z][\w.+:-]{0,40}:`[^`]")
_RST_LINK = re.compile(r"`[^`<\n]+<[^`>\n]+>`__?")  # `text <url>`_
_RST_LITERAL = re.compile(r"\S[ \t]*::[ \t]*$")
_ATX = re.compile(r"^ {0,3}#{1,6}[ \t]+\S")
_BACKTICK_FENCE = re.compile(r"^ {0,3}(`{3,})")
_MD_LINK = re.compile(r"\[[^\[\]\n]{1,300}\]\((?:https?://|#|\.{0,2}/|[\w-]+\.)")  # bounded: linear
_ADOC_HEADING = re.compile(r"^={1,6}[ \t]+\S")
_ADOC_ATTRIBUTE = re.compile(r"^\[(?:source|listing|literal|quote|verse|NOTE|TIP|IMPORTANT|"
                             r"WARNING|CAUTION|cols=|options=|\[[\w-]+\]$)")
_ADOC_MACRO = re.compile(r"^(?:include|image|ifdef|ifndef|toc)::\S*\[.*\]$")
_ADOC_ADMONITION = re.compile(r"^(?:NOTE|TIP|IMPORTANT|WARNING|CAUTION): \S")
_ADOC_DELIMITER = re.compile(r"^(?:-{4,}|\.{4,}|={4,}|\*{4,}|\+{4,}|_{4,})[ \t]*$")
_ADOC_LABELED = re.compile(r"^\S.*\S::$")
_ORG_KEYWORD = re.compile(r"^[ \t]*#\+(?:BEGIN_|END_|TITLE:|AUTHOR:|OPTIONS:|STARTUP:|PROPERTY:)",
                          re.I)
_ORG_DRAWER = re.compile(r"^[ \t]*:(?:PROPERTIES|END|LOGBOOK):[ \t]*$")
_ORG_TODO = re.compile(r"^\*+ (?:TODO|DONE) \S")
_ORG_HEADING = re.compile(r"^\*{2,}[ \t]+\S|^\*+[ \t]+\S.*[ \t]:[\w@#%:]+:[ \t]*$")  # ** or :tags:


@dataclass(frozen=True)
class Sniffed:
    kind: str  # markdown | rst | asciidoc | org | html | text
    scores: dict[str, int]
    by: str  # "content" | "extension" | "nothing": what decided

    @property
    def strength(self) -> int:
        return max(self.scores.values(), default=0)


def extension_kind(path: str) -> str | None:
    name = path.replace("\\", "/").rsplit("/", 1)[-1].lower()
    stem, dot, extension = name.rpartition(".")
    return EXTENSIONS.get(extension) if dot and stem else None


def scores(text: str) -> dict[str, int]:
    """Each markup's score over the first SAMPLE_CHARS of `text`."""
    sample = text[:SAMPLE_CHARS]
    if len(text) > SAMPLE_CHARS:
        sample = sample.rsplit("\n", 1)[0]
    lines = sample.split("\n")
    md = rst = adoc = org = 0
    fence: str | None = None
    blocks: dict[str, int] = {}  # an open AsciiDoc delimited block: its delimiter, where
    previous = ""
    for index, line in enumerate(lines):
        if fence is not None:  # inside a Markdown fence: its code says nothing of the markup
            close = _BACKTICK_FENCE.match(line) if "`" in line[:4] else None
            if close and len(close.group(1)) >= len(fence) and not line.strip("` \t"):
                fence = None
            previous = line
            continue
        if not line.strip():
            previous = line
            continue
        head = line[:4]
        opening = _BACKTICK_FENCE.match(line) if "`" in head else None
        if opening:
            md += 3
            fence = opening.group(1)
        elif "#" in head and _ATX.match(line):
            md += 3
        elif line[0] == "=" and _ADOC_HEADING.match(line):
            adoc += 3
        elif line.startswith(".."):
            if _RST_DIRECTIVE.match(line) or _RST_TARGET.match(line):
                rst += 3
        elif line[0] == "[" and (_ADOC_ATTRIBUTE.match(line) or line.rstrip().endswith("]") and
                                 index + 1 < len(lines) and _ADOC_DELIMITER.match(lines[index + 1])):
            adoc += 3  # a block attribute: `[source,python]` over a `----` block
        elif line[0] in "NTIWC" and _ADOC_ADMONITION.match(line):
            adoc += 3
        elif ":" in line and _ADOC_MACRO.match(line):
            adoc += 3
        elif "#+" in line[:8] and _ORG_KEYWORD.match(line):
            org += 4
        elif line.lstrip().startswith(":") and _ORG_DRAWER.match(line):
            org += 3
        elif line[0] == "*" and _ORG_TODO.match(line):
            org += 3
        elif line[0] == "*" and _ORG_HEADING.match(line):
            org += 2
        elif _ADORNMENT.match(line):
            delimiter = line.rstrip()
            if index - blocks.get(delimiter, index) >= 3:  # closes a block: not an underline
                adoc += 2
                del blocks[delimiter]
            else:
                md, rst = _underline(lines, index, previous, md, rst)
                if _ADOC_DELIMITER.match(line) and index + 1 < len(lines) and \
                        lines[index + 1].strip() and (not previous.strip() or previous[:1] in
                                                      "[." and not previous[:2] == ".."):
                    blocks[delimiter] = index
        elif line.lstrip().startswith(".. ") and _RST_DIRECTIVE.match(line):
            rst += 3  # a nested directive
        if "`" in line:
            rst += len(_RST_ROLE.findall(line)) + 2 * len(_RST_LINK.findall(line))
        if "](" in line:
            md += len(_MD_LINK.findall(line))
        if line.endswith(":") and _RST_LITERAL.search(line) and index + 2 < len(lines):
            if not lines[index + 1].strip() and lines[index + 2][:1] in (" ", "\t"):
                rst += 1  # `::` and an indented literal block after a blank line
            elif lines[index + 1][:1] in (" ", "\t") and _ADOC_LABELED.match(line):
                adoc += 2  # `term::` over its indented definition: an AsciiDoc labeled list
        previous = line
    return {"markdown": md, "rst": rst, "asciidoc": adoc, "org": org}


def _underline(lines: list[str], index: int, previous: str, md: int, rst: int) -> tuple[int, int]:
    """A line of one repeated punctuation character under a title: an RST adornment when it is
    at least as long as the title (Markdown setext does not care), and RST alone has overlines
    and underlines of other characters than = and -."""
    title = previous.strip()
    if title.startswith("[") and title.endswith("]"):
        return md, rst  # an AsciiDoc block attribute over its delimited block
    if not title or _ADORNMENT.match(previous) or previous[:1] in (" ", "\t"):
        above = lines[index - 2] if index >= 2 else ""
        below = lines[index + 1] if index + 1 < len(lines) else ""
        after = lines[index + 2].rstrip() if index + 2 < len(lines) else ""
        # an overline: title below, the same adornment under it
        if not title and below.strip() and after == lines[index].rstrip() \
                and len(below.strip()) <= len(after) and not above.strip():
            rst += 3
        return md, rst
    adornment = lines[index].rstrip()
    char = adornment[0]
    if len(adornment) >= len(previous.rstrip()):
        rst += 3 if char not in "=-" else 2
    if char in "=-":
        md += 2
    return md, rst


def sniff(text: str, path: str = "") -> Sniffed:
    """The document's markup: the best-scoring one when its score is decisive, unless the
    extension's own markup scores at least half as much; else the extension's; else text."""
    hinted = extension_kind(path)
    if hinted == "html" or text[:200].lstrip().lower().startswith(("<!doctype html", "<html")):
        return Sniffed("html", {}, "extension" if hinted == "html" else "content")
    found = scores(text)
    best = max(MARKUPS, key=lambda kind: found[kind])  # first of MARKUPS on a tie
    if found[best] < DECISIVE:
        return Sniffed(hinted or "text", found, "extension" if hinted else "nothing")
    if hinted in found and found[hinted] * 2 >= found[best]:
        return Sniffed(hinted, found, "extension")
    return Sniffed(best, found, "content")
