"""Which writing systems a text is written in: a briefing sentence in a script its source does
not use is not a description of that source.

Scripts come from code point ranges (the common ones) and, for any other letter, from its
Unicode name. Counting in the source is linear and only done for the scripts the briefing
uses, so a 5 MB source costs a few regex passes.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter

_RANGES: dict[str, str] = {
    "latin": "A-Za-z\u00c0-\u024f\u1e00-\u1eff\u2c60-\u2c7f\ua720-\ua7ff",
    "cyrillic": "\u0400-\u052f\u1c80-\u1c8f\u2de0-\u2dff\ua640-\ua69f",
    "greek": "\u0370-\u03ff\u1f00-\u1fff",
    "armenian": "\u0530-\u058f",
    "hebrew": "\u0590-\u05ff",
    "arabic": "\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff",
    "indic": "\u0900-\u0dff",
    "thai": "\u0e00-\u0eff",
    "georgian": "\u10a0-\u10ff",
    "hangul": "\u1100-\u11ff\u3130-\u318f\uac00-\ud7af",
    "cherokee": "\u13a0-\u13ff\uab70-\uabbf",
    "kana": "\u3040-\u30ff\u31f0-\u31ff",
    "han": "\u2e80-\u2fdf\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0002ffff",
}
_MATCH = {name: re.compile(f"[{chars}]") for name, chars in _RANGES.items()}
_ANY_KNOWN = re.compile("[" + "".join(_RANGES.values()) + "]")
MIN_SHARE = 0.02  # a script with at least this share of the source's characters is its own
MIN_LETTERS = 1000  # or at least this many letters (a translated section)
MIN_LATIN = 100  # identifiers and commands: Latin is the document's when it has this many
MIN_IN_SENTENCE = 2  # one stray letter (a µ, an Ω) does not make a sentence foreign


def script_of(char: str) -> str | None:
    """The script of a letter, None for anything that is not a letter."""
    if not char.isalpha():
        return None
    for name, pattern in _MATCH.items():
        if pattern.match(char):
            return name
    return "other:" + unicodedata.name(char, "UNKNOWN").split(" ")[0].lower()


def used(text: str) -> Counter[str]:
    """Letters per script in a (short) text."""
    counts: Counter[str] = Counter()
    for char in text:
        if char.isascii():
            if char.isalpha():
                counts["latin"] += 1
            continue
        script = script_of(char)
        if script:
            counts[script] += 1
    return counts


def _count(source: str, script: str, sample: str, enough: int) -> int:
    """Letters of `script` in `source`, counted up to `enough` (a script that is the source's
    is found that often long before the end)."""
    if script not in _MATCH:
        return sum(source.count(char) for char in set(sample) if script_of(char) == script)
    count = 0
    for _ in _MATCH[script].finditer(source):
        count += 1
        if count >= enough:
            break
    return count


class SourceScripts:
    """The scripts a source is written in, counted lazily, once per script asked about."""

    def __init__(self, source: str) -> None:
        self.source = source
        self._holds: dict[str, bool] = {}

    def holds(self, script: str, sample: str) -> bool:
        if script not in self._holds:
            if script == "latin":
                need = MIN_LATIN
            else:  # a share of the source's characters (letters are most of them)
                need = min(MIN_LETTERS, max(int(MIN_SHARE * len(self.source)), 1))
            self._holds[script] = _count(self.source, script, sample, need) >= need
        return self._holds[script]


def foreign(sentence: str, source: SourceScripts) -> str | None:
    """The first script this sentence writes in (2+ letters) that its source is not written in."""
    if sentence.isascii() and source.holds("latin", sentence):
        return None
    for script, count in used(sentence).items():
        if count >= MIN_IN_SENTENCE and not source.holds(script, sentence):
            return script
    return None
