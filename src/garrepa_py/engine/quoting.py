"""The one rule for content quoted in a briefing: no line of it can look like garrepa's own.

garrepa speaks in a few line shapes (`[garrepa briefing | …]`, `[exact original: …]`,
`[exact text: …]`, `garrepa: …`, the notes' `│` fence); content quoted in a digest (headings,
file and directory names, match lines, log lines, JSON keys) must never start a line that way,
nor carry a chat or tool-protocol tag (`</tool_result>`, `<|im_start|>`). The check reads each
line as a model would: after every line-break character Python knows (CR, LF, VT, FF, FS, GS,
RS, NEL, U+2028, U+2029), without invisible characters (zero-width, soft hyphen, bidi controls,
tag characters, variation selectors), NFKC-folded, with Cyrillic and Greek lookalikes read as
Latin. What it escapes is the original, visibly and reversibly: the line's first visible
character as a numeric reference (`&#91;exact original: …`), a tag's angle brackets as
`&lt;`/`&gt;`. garrepa never writes a line that way, so an escaped line is always the
content's. Pure, standard library only, linear in the text.
"""

from __future__ import annotations

import re
import unicodedata

from garrepa_py.engine.normalise import _CONFUSABLE, _is_invisible
from garrepa_py.textlines import BREAKS

# How garrepa's own lines begin, once their opening brackets and marks are set aside: in a
# bracket any mention of garrepa (`[garrepa says …]`), bare only the shapes garrepa writes.
_BRACKETED = re.compile(r"garrepa(?![\w.-])|notes a model|end of the model|exact (?:original|text"
                        r"|log|copy)|readable copy|below: the source|also in the source"
                        r"|secrets masked|(?:…|\.\.\.) the map|the map was cut|image: source:")
_BARE = re.compile(r"garrepa\s*[:|]|garrepa (?:briefing|log|notes?)\b|notes a model"
                   r"|end of the model|exact (?:original|text|log|copy)\s*:|readable copy:"
                   r"|below: the source|also in the source|secrets masked")
_WORDS = ("garrepa", "notes a model", "end of the model", "exact", "readable copy",
          "below: the source", "also in the source", "secrets masked", "the map", "image: source")
FENCES = "\u2502\u2503\u2551\uffe8\u23b8\u23b9\u254e\u254f\u2506\u250a"  # │ and its lookalikes

# Every line break str.splitlines() knows: the harness and the model may both break there.
_LINE = re.compile(f"[^{BREAKS}]*(?:\r\n|[{BREAKS}]|$)")
_ANY_BREAK = re.compile(f"[{BREAKS}]")
# What may stand before an opener and still let the line read as garrepa's: blanks, opening
# brackets and quotes, markdown marks (`> `, `**`, `# `, `- `, `` ` ``).
_LEAD_MARKS = set(" \t<>*_#`~|:./\\-+•\"'") | {"\u00a0", "\u3000"}  # `./`: a path's start
PROBE_CHARS = 48  # an opener is short: only a line's first visible characters are read

# Chat-template tokens and role or tool-protocol tags, as a model reads them.
_TAG = re.compile(
    r"<\|[^|<>]{1,40}\|>|<</?sys>>|<(?:start|end)_of_turn>"
    r"|</?(?:system(?:[-_]reminder)?|assistant|user|human|developer|instructions?|prompt"
    r"|im_start|im_end|tool_calls?|tool_use|tool_results?|tool_response|function_calls?"
    r"|function_results?|untrusted[-_]content|antml:[a-z_-]{1,30}|invoke|thinking)"
    r"(?![\w-])[^<>]{0,80}>")
_CANDIDATE = re.compile(f"[<\uff1c\ufe64]{{1,2}}[^<>\uff1c\uff1e\ufe64\ufe65{BREAKS}]{{1,120}}"
                        f"[>\uff1e\ufe65]>?")
_ESCAPES = str.maketrans({"<": "&lt;", ">": "&gt;", "\uff1c": "&#65308;",
                          "\uff1e": "&#65310;", "\ufe64": "&#65124;", "\ufe65": "&#65125;"})


_TAGS = {code: code - 0xE0000 for code in range(0xE0020, 0xE007F)}  # ASCII spelled invisibly
_BLANKS = re.compile(r"\s+")  # a run of blanks, a tab, an ogham space: one space
_NON_ASCII = re.compile(r"[^\x00-\x7f]")


def seen(text: str) -> str:
    """`text` as a model reads it: tag characters as the ASCII they spell, other invisibles
    gone, NFKC, lookalike letters as Latin, case folded."""
    if text.isascii():
        text = text.casefold()
        return _BLANKS.sub(" ", text) if "  " in text or "\t" in text else text
    text = "".join(ch for ch in text.translate(_TAGS)
                   if ord(ch) < 0x80 or not _is_invisible(ord(ch)))
    # combining marks go (`ex̣act` reads as `exact`); lookalikes are read again after case
    # folding, which turns Cherokee small letters into the capitals the table knows
    text = "".join(ch for ch in unicodedata.normalize("NFKD", text)
                   if unicodedata.category(ch) not in ("Mn", "Me"))
    text = unicodedata.normalize("NFKC", text).translate(_CONFUSABLE).casefold()
    return _BLANKS.sub(" ", text.translate(_CONFUSABLE).casefold())


def _first_visible(line: str) -> int:
    """Index of the line's first character that a model reads (neither blank nor invisible;
    a tag character spells one), or -1."""
    for index, ch in enumerate(line):
        code = ord(ch)
        if not (ch.isspace() or (code >= 0x80 and code not in _TAGS and _is_invisible(code))):
            return index
    return -1


def _unseen(ch: str) -> bool:
    code = ord(ch)
    return code not in _TAGS and (_is_invisible(code) or unicodedata.combining(ch) != 0)


def _probe(line: str, at: int) -> str:
    """The line from `at` up to its PROBE_CHARS-th character a model reads: invisibles,
    combining marks and variation selectors padding an opener do not push it out of reach.
    Each character is looked at once (only the non-ASCII ones by Python)."""
    begin, end = at, at + PROBE_CHARS
    while end < len(line):
        hidden = sum(1 for found in _NON_ASCII.finditer(line, begin, end)
                     if _unseen(found.group()))
        if not hidden:
            break
        begin, end = end, end + hidden
    return line[at:end]


def imitates(line: str) -> bool:
    """Whether `line` would read as one of garrepa's own: its fence, or an opener after
    brackets, quotes and markdown marks."""
    at = _first_visible(line)
    if at < 0:
        return False
    probe = seen(_probe(line, at))
    if not probe:
        return False
    if probe[0] in FENCES:
        return True
    start, bracketed = 0, False
    while start < len(probe):
        if unicodedata.category(probe[start]) in ("Ps", "Pi", "Pf"):
            bracketed = True
        elif probe[start] not in _LEAD_MARKS:
            break
        start += 1
    return bool((_BRACKETED if bracketed else _BARE).match(probe, start))


def _escape_line(line: str) -> str:
    at = _first_visible(line)
    return f"{line[:at]}&#{ord(line[at])};{line[at + 1:]}"


def neutral_tags(text: str) -> str:
    """Chat-template tokens and role or tool-protocol tags shown with escaped angle brackets
    (`&lt;/tool_result&gt;`); a tag disguised by invisibles, lookalikes or fullwidth brackets
    is read through its disguise."""
    if "<" not in text and "\uff1c" not in text and "\ufe64" not in text:
        return text

    def swap(match: re.Match[str]) -> str:
        found = match.group(0)
        return found.translate(_ESCAPES) if _TAG.search(seen(found)) else found

    return _CANDIDATE.sub(swap, text)


def quote(text: str) -> str:
    """`text`, quoted content, as it may stand in a briefing: every line of it (after any
    line-break character) that begins like one of garrepa's shown with its first character
    escaped, every protocol tag escaped. Line breaks and all other characters are kept."""
    text = neutral_tags(text)
    if text.isascii():  # no lookalike, no invisible, no fence: a plain search decides
        lower = text.lower()
        if "  " in lower or "\t" in lower:  # `exact  original`: words apart by any blanks
            lower = " ".join(lower.split())
        if not any(word in lower for word in _WORDS):
            return text
    out: list[str] = []
    for match in _LINE.finditer(text):
        piece = match.group(0)
        if not piece:
            continue
        out.append(_escape_line(piece) if imitates(piece) else piece)
    return "".join(out)


def one_line(text: str) -> str:
    """A content value garrepa writes inside one of its own lines (a label, a path): every
    line-break character shown as its escape, so it cannot start a line of its own."""
    if not _ANY_BREAK.search(text):
        return text
    return _ANY_BREAK.sub(lambda m: ascii(m.group(0))[1:-1], text)

