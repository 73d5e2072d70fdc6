"""A model reply as the agent would read it, with every disguise taken off, for the detector.

Text can hide what it says from a pattern and still say it to a language model: invisible
format characters (zero-width, bidi controls, soft hyphens), Unicode tag characters that spell
ASCII invisibly, HTML entities, compatibility forms (fullwidth, mathematical bold, circled),
lookalike letters from other scripts, combining marks, markdown emphasis, links and code,
letters spelled out one by one, reversed or base64-encoded. `plain` undoes the encodings that
keep the meaning; `views` gives each sentence in every spelling a rule must also see. Pure,
standard library only, linear in the text.
"""

from __future__ import annotations

import base64
import binascii
import codecs
import html
import re
import unicodedata

# Default-ignorable code points that are not category Cf: Hangul fillers, the combining
# grapheme joiner, Khmer inherent vowels, variation selectors, the Mongolian vowel separator.
_IGNORABLE_EXTRA = {0x115F, 0x1160, 0x3164, 0xFFA0, 0x034F, 0x17B4, 0x17B5, 0x180E}
_JOINERS = {0x200C, 0x200D}  # kept in what is delivered: scripts and emoji need them
_SPACES = {0x2800, 0x2028, 0x2029, 0x0085}  # braille blank and line separators read as space


def _is_invisible(code: int) -> bool:
    return (code in _IGNORABLE_EXTRA or 0xFE00 <= code <= 0xFE0F or 0xE0100 <= code <= 0xE01EF
            or unicodedata.category(chr(code)) == "Cf")


def visible(text: str) -> str:
    """`text` without the characters a reader cannot see (joiners kept): what is delivered."""
    if text.isascii():
        return text
    return "".join(ch for ch in text
                   if ord(ch) < 0x80 or ord(ch) in _JOINERS or not _is_invisible(ord(ch)))


def hidden(text: str) -> str:
    """What tag characters (U+E0020-E007E) spell: ASCII a reader cannot see but a model can."""
    if text.isascii():
        return ""
    return "".join(chr(ord(ch) - 0xE0000) if 0xE0020 <= ord(ch) <= 0xE007E else " "
                   for ch in text if ord(ch) >= 0xE0000 or ch == "\n").strip()


def _reveal(text: str) -> str:
    """Every invisible goes (what tag characters spell is `hidden`'s business)."""
    if text.isascii():
        return text
    out = []
    for ch in text:
        code = ord(ch)
        if code < 0x80:
            out.append(ch)
        elif code in _SPACES:
            out.append(" ")
        elif not _is_invisible(code):
            out.append(ch)
    return "".join(out)


_FENCE_LINE = re.compile(r"^[ \t]*(?:`{3,}|~{3,})[^\n]*$", re.M)
_IMAGE_OR_LINK = re.compile(r"!?\[([^\]\n]{0,300})\]\(([^)\s]{0,500})[^)\n]{0,200}\)")
_REF_LINK = re.compile(r"!?\[([^\]\n]{0,300})\]\[[^\]\n]{0,100}\]")
_AUTOLINK = re.compile(r"<((?:https?|mailto|ftp):[^>\s]{1,2000})>")
_HTML_COMMENT = re.compile(r"<!--|-->")
_TAG = re.compile(r"</?[A-Za-z][A-Za-z0-9:_-]{0,60}(?:\s[^<>\n]{0,300})?/?>")
_EMPHASIS = re.compile(r"(?<![\w*])[*~]{1,3}(?=\S)|(?<=\S)[*~]{1,3}(?![\w*])"
                       r"|(?<![\w])_{1,3}(?=\S)|(?<=\S)_{1,3}(?!\w)")
_HEADING = re.compile(r"^[ \t]{0,3}#{1,6}[ \t]+", re.M)
_QUOTE = re.compile(r"^[ \t]{0,3}(?:>[ \t]?)+", re.M)
_LIST = re.compile(r"^[ \t]*(?:[-*+•·▪◦‣]|\(?\d{1,3}[.)]|\(?[a-zA-Z][.)])[ \t]+", re.M)


_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u02bc": "'", "\u02b9": "'",
                              "\u2032": "'", "\u00b4": "'", "`": "`"})


# Parenthesized letters and digits (⒭ ⑴): NFKC spells them "(r)", "(1)"; read as the letter.
_ENCLOSED = str.maketrans({**{chr(0x249C + n): chr(97 + n) for n in range(26)},
                           **{chr(0x2474 + n): str(n + 1) for n in range(9)}})


def revealed(text: str) -> str:
    """Entities decoded, invisibles dropped, parenthesized letters bare, NFKC: markup kept."""
    text = _reveal(html.unescape(_reveal(text)))
    if not text.isascii():
        text = text.translate(_ENCLOSED)
    return unicodedata.normalize("NFKC", text).translate(_APOSTROPHES)


def plain(text: str) -> str:
    """The reply's readable text (`revealed`), markdown reduced to its words, one item a line."""
    text = revealed(text)
    text = _FENCE_LINE.sub("", text)
    text = _IMAGE_OR_LINK.sub(r"\1 (\2)", text)
    text = _REF_LINK.sub(r"\1", text)
    text = _AUTOLINK.sub(r"\1", text)
    text = _HTML_COMMENT.sub("\n", text)
    text = _TAG.sub(" ", text)
    text = text.replace("`", "")
    text = _EMPHASIS.sub("", text)
    text = _HEADING.sub("", text)
    text = _QUOTE.sub("", text)
    text = _LIST.sub("", text)
    return "\n".join(" ".join(line.split()) for line in text.split("\n"))


# Sentence ends: . ! ? and their CJK forms, ; and : (a label then its request), a dash set off
# by spaces, a table cell's bar; a newline always ends one.
_SENTENCE_END = re.compile(r"(?<=[.!?;:…])[\"'”’»)\]]*\s+|(?<=[!?;:])(?=[^\x00-\x7f])|[。！？；：]+"
                           r"|\s+[-–—]{1,2}\s+|\s*\|\s*|\n+")


def sentences(text: str) -> list[str]:
    return [part.strip() for part in _SENTENCE_END.split(text) if part and part.strip()]


# Letters of other scripts (and Latin small capitals and the like) that a reader takes for
# Latin ones. Mapped case by case, before case folding: Cyrillic Н is H, Greek η is n.
_CONFUSABLE: dict[int, str] = str.maketrans({
    **dict(zip("АВЕЅІЈКМНОРСТХУԚԜ", "ABESIJKMHOPCTXYQW", strict=True)),
    **dict(zip("аеѕіјорсхуԁԛԝһӏɡүѵ", "aesijopcxydqwhlgyv", strict=True)),
    **dict(zip("ΑΒΕΖΗΙΚΜΝΟΡΤΥΧ", "ABEZHIKMNOPTYX", strict=True)),
    **dict(zip("αεικνορτυχγωηϲ", "aeikvoptuxywnc", strict=True)),
    **dict(zip("ıȷɑɩᴀʙᴄᴅᴇꜰɢʜɪᴊᴋʟᴍɴᴏᴘǫʀꜱᴛᴜᴠᴡʏᴢ", "ijaiabcdefghijklmnopqrstuvwyz", strict=True)),
    **dict(zip("օոսհցԽ", "onuhgX", strict=True)),
    **dict(zip("ᎪᏴᏟᎠᎬᏀᎻᎫᏦᏞᎷᏢᏚᎢᏙᏔ", "ABCDEGHJKLMPSTVW", strict=True)),
    # negative circled, negative squared and regional-indicator letters: no NFKC form
    **{chr(0x1F150 + n): chr(65 + n) for n in range(26)},
    **{chr(0x1F170 + n): chr(65 + n) for n in range(26)},
    **{chr(0x1F1E6 + n): chr(65 + n) for n in range(26)},
})
_LEET = str.maketrans("0134570@$|", "oieastoasi")  # "3x3cut3", "d3l3t3"
_SPELLED = re.compile(r"(?<![^\W\d_])(?:[^\W\d_][ .\-_*·/]{1,2}){2,}[^\W\d_](?![^\W\d_])")
_LEETISH = re.compile(r"[a-z][0-9@$|]|[0-9@$|][a-z]")
_BASE64 = re.compile(r"[A-Za-z0-9+/]{16,}={0,2}")


def fold(text: str, latin: bool = True) -> str:
    """Case and accents folded; with `latin`, lookalike letters of other scripts read as Latin."""
    if text.isascii():
        return text.lower()
    if latin:
        text = text.translate(_CONFUSABLE)
    decomposed = unicodedata.normalize("NFD", text)
    bare = "".join(ch for ch in decomposed if unicodedata.category(ch) not in ("Mn", "Me"))
    return unicodedata.normalize("NFC", bare).casefold()


def _unspelled(text: str) -> str:
    """"r u n", "r.u.n", "r-u-n" read as "run"."""
    return _SPELLED.sub(lambda m: re.sub(r"[ .\-_*·/]", "", m.group(0)), text)


def _decoded(text: str) -> list[str]:
    """Base64 runs that decode to readable ASCII text, as that text."""
    found = []
    for match in _BASE64.finditer(text):
        chunk = match.group(0)
        try:
            raw = base64.b64decode(chunk + "=" * (-len(chunk) % 4), validate=True)
        except (binascii.Error, ValueError):
            continue
        if raw.isascii() and raw.decode().isprintable() and " " in raw.decode():
            found.append(raw.decode())
    return found


def views(sentence: str) -> list[str]:
    """Every spelling of one (plain) sentence that a rule must see: folded with lookalikes as
    Latin, folded as written (for Cyrillic and Greek words), letters joined up, in ROT13, with
    digits read as letters ("3x3cut3"), and what any base64 in it says. (Reversed text is the
    detector's business: only some rules apply.)"""
    latin = fold(sentence)
    seen = [latin, fold(sentence, latin=False), _unspelled(latin), codecs.encode(latin, "rot13")]
    if _LEETISH.search(latin):
        seen.append(latin.translate(_LEET))
    seen += [fold(plain(text)) for text in _decoded(sentence)]
    return list(dict.fromkeys(seen))
