"""Does a model's briefing say anything to its reader? A briefing describes its source; a
sentence that addresses the reader or asks for an action is not delivered.

Layers, each on the reply with its disguises removed (`normalise`), sentence by sentence:
  1. markers of a turn or a role: chat-template tokens, `[INST]`, `<system>`, `SYSTEM:`,
     `### Instruction`, and requests to drop earlier instructions, anywhere (also reversed);
  2. the reader addressed: second-person pronouns in 20-odd languages, or the assistant,
     agent, AI, model, Claude, LLM named as the one who must act;
  3. a request for an action: an imperative opening (after "please", "now", "next", "first",
     "before replying", a label, or a leading "to/if/when … ," clause), "make sure", "be
     sure", "don't forget", in English, French, German, Spanish, Portuguese, Italian, Russian,
     Chinese, Japanese and Korean;
  4. a script the source is not written in (`scripts`);
  5. a command the source holds, repeated in anything but a neutral reference to where or
     what it is (`source_commands`: no actor, obligation, time, order or question around it);
  and, before all of them, a message spelled in invisible tag characters.
The patterns and word lists are in `directive_words`. A quoted span that is one of the
source's own lines (a heading, say) is the source speaking, not the model: it is read as a
quotation, so "Before you begin" (lines 3-9) passes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from garrepa_py.engine import directive_words as words
from garrepa_py.engine import normalise, quoting, scripts, source_commands

VERSION = "2"  # part of the cache key: a changed detector asks the model again
MIN_HIDDEN_LETTERS = 3  # letters spelled in invisible tag characters: a message to a model
_QUOTED = re.compile(r"\"([^\"\n]{2,120})\"|“([^”\n]{2,120})”|«\s?([^»\n]{2,120}?)\s?»"
                     r"|「([^」\n]{2,120})」|『([^』\n]{2,120})』|(?<!\w)'([^'\n]{2,120})'(?!\w)")
_HEADING_MARKUP = re.compile(r"^[\s#=*>_~`-]+|[\s#=*_~`-]+$")


@dataclass(frozen=True)
class Flag:
    rule: str  # hidden | marker | override | reader | second-person | imperative | command
    # | script:<name>
    sentence: str  # the sentence as normalised, for tests and `preview`, never journaled


MAX_QUOTE_LOOKUPS = 20  # occurrences of one quotation looked at in the source


def _own_line(inner: str, source: str) -> bool:
    """Is `inner` one of the source's lines (a heading, a label), markup aside?"""
    at = source.find(inner)
    for _ in range(MAX_QUOTE_LOOKUPS):
        if at < 0:
            return False
        start = source.rfind("\n", 0, at) + 1
        end = source.find("\n", at)
        line = source[start:end if end >= 0 else len(source)]
        if len(line) <= 160 and _HEADING_MARKUP.sub("", line) == inner:
            return True
        at = source.find(inner, at + 1)
    return False


def _unquote(text: str, source: str) -> str:
    """Quotations of the source's own lines read as `"…"`: the source speaking, not the model."""
    if not _QUOTED.search(text):
        return text

    def quote(match: re.Match[str]) -> str:
        inner = next(group for group in match.groups() if group is not None).strip()
        if _own_line(inner, source) and not words.OVERRIDE.search(normalise.fold(inner)):
            return '"…"'
        return match.group(0)

    return _QUOTED.sub(quote, text)


_LEADING = re.compile(r"^[^\w]+")


def _opening(view: str) -> str:
    view = _LEADING.sub("", view)
    for _ in range(4):
        stripped = words.OPENERS.sub("", view, count=1)
        if stripped == view:
            break
        view = stripped
    return view


def _sentence_flag(sentence: str, plain_sentence: str) -> str | None:
    views = normalise.views(sentence)
    for view in views:
        if words.ROLE.search(view):
            return "marker"
        backwards = view[::-1]
        if words.OVERRIDE.search(view) or words.OVERRIDE.search(backwards) or words.STRONG.search(backwards):
            return "override"
        if words.ADDRESSED.search(view):
            return "reader"
        if words.YOU.search(view):
            return "second-person"
        opening = _opening(view)
        noun = words.NOUN_USE.search(opening) or (
            words.NOUN_HEAD.search(opening) and not words.STRONG.search(opening))
        if (words.VERBS.search(opening) and not noun) or words.RU_IMPERATIVE.search(opening):
            return "imperative"
    if words.VI_REQUEST.search(_LEADING.sub("", plain_sentence)):
        return "imperative"
    if words.SIE.search(plain_sentence):
        return "second-person"
    return None


def flags(reply: str, source: str, first_only: bool = True) -> list[Flag]:
    """What in `reply` is said to its reader rather than about `source` (empty: nothing)."""
    found: list[Flag] = []
    smuggled = normalise.hidden(reply)
    if sum(char.isalpha() for char in smuggled) >= MIN_HIDDEN_LETTERS:
        found.append(Flag("hidden", smuggled))
        if first_only:
            return found
    revealed = normalise.fold(normalise.revealed(reply))
    marker = words.MARKERS.search(revealed)
    if marker:
        found.append(Flag("marker", marker.group(0)))
        if first_only:
            return found
    text = _unquote(normalise.plain(reply), source)
    source_scripts = scripts.SourceScripts(source)
    commands = source_commands.SourceCommands(source)
    for line in source_commands.expanded(text).split("\n"):
        for sentence in normalise.sentences(line):
            rule = _sentence_flag(sentence, sentence)
            if rule is None:
                script = scripts.foreign(sentence, source_scripts)
                rule = f"script:{script}" if script else None
            if rule is None and commands.repeated(sentence) and source_commands.requests(
                    sentence, line):
                rule = "command"
            if rule is not None:
                found.append(Flag(rule, sentence))
                if first_only:
                    return found
    return found


def neutralise(text: str) -> str:
    """Role markers, chat-template and tool-protocol tokens in the source's own text, shown
    escaped (`&lt;|im_start|&gt;`): engine/quoting.py's rule for tags."""
    return quoting.neutral_tags(text)
