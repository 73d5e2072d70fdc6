"""Secret shapes of particular formats, found on one line: a keyword argument in a call
(`OpenAI(api_key='…')`), a `(user, password)` pair (`auth=(…)`, `HTTPBasicAuth(…)`), a netrc
`password <value>`, an XML element named for a secret (`<password>…</password>`), a `.pgpass`
line, the session values of a `Cookie:` header, and a `name`/`value` pair on one line whose
name is a secret's (`{"name": "DB_PASSWORD", "value": "…"}`).

Standard library only (the hook path); each finder returns (kind, start, end) spans of the
value, judged by the same rules as every keyword finding (`guard.values`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from garrepa_py.guard import names, values

Span = tuple[str, int, int]

# `f(x, api_key='…')`: a keyword argument, after `(` or `,` (an assignment's bare value would
# swallow `OpenAI(api_key=` whole).
KWARG = re.compile(r"[(,][ \t]*(?P<name>[A-Za-z_][A-Za-z0-9_]{0,120})[ \t]*=(?!=)[ \t]*"
                   r"[rbuRBU]?(?P<q>['\"])(?P<v>[^'\"\n]{1,4096})(?P=q)")
# `auth=('user', 'pw')`, `HTTPBasicAuth("user", "pw")`: the second of the pair.
AUTH_PAIR = re.compile(r"(?:\bauth[ \t]*[=:][ \t]*[(\[]|\b\w*(?:Basic|Digest|Proxy)Auth\()"
                       r"[ \t]*(?P<uq>['\"])[^'\"\n]*(?P=uq)[ \t]*,[ \t]*"
                       r"(?P<q>['\"])(?P<v>[^'\"\n]{1,4096})(?P=q)")
# netrc: `machine h login u password p`, or `password p` alone on its line (multi-line form).
NETRC_INLINE = re.compile(r"\b(?:machine[ \t]+\S+|default)(?:[ \t]+(?:login|account)[ \t]+\S+)*"
                          r"[ \t]+(?:password|passwd)[ \t]+(?P<v>[^\s'\"]+)")
NETRC_LINE = re.compile(r"^[+\- ]?[ \t]*(?:password|passwd)[ \t]+(?P<v>\S+)[ \t]*$")
XML_ELEMENT = re.compile(r"<(?P<name>[A-Za-z_][\w.\-:]{0,120})(?:[ \t][^<>\n]{0,512})?>"
                         r"(?P<v>[^<>\n]{1,4096})</(?P=name)[ \t]*>")
# `.pgpass`: hostname:port:database:username:password, the whole line.
PGPASS = re.compile(r"^[+\- ]?(?:[\w.\-]+|\*):(?:\d{1,5}|\*):[^\s:]+:[^\s:]+:(?P<v>[^\s:]+)[ \t]*$")
PGPASS_START = re.compile(r"(?m)^[+\- ]?[\w.\-*]+:(?:\d{1,5}|\*):[^\s:]+:[^\s:]+:[^\s:]")
COOKIE_HEADER = re.compile(r"(?i)\b(?:set-)?cookie[ \t]*:[ \t]*")
COOKIE_PAIR = re.compile(r"(?P<name>[^\s=;,]{1,128})=(?P<v>[^\s;,]{1,4096})")
SESSION_WORDS = ("sess", "sid", "auth", "token", "jwt", "remember", "login", "credential")
NAME_VALUE = re.compile(r"(?P<nq>[\"']?)\b(?:[Nn]ame|NAME|[Kk]ey|KEY)(?P=nq)[ \t]*[:=][ \t]*"
                        r"(?P<q1>[\"']?)(?P<name>[A-Za-z_][A-Za-z0-9_.\-]{0,120})(?P=q1)(?:[ \t]*,|[ \t])"
                        r"[ \t]*(?P<vq>[\"']?)\b(?:[Vv]alue|VALUE)(?P=vq)[ \t]*[:=][ \t]*"
                        r"(?P<q>[\"'])(?P<v>[^\"'\n]{1,4096})(?P=q)")


def _strong(name: str) -> bool:
    return names.strength(name) == names.STRONG


def kwargs(line: str) -> Iterator[Span]:
    if "=" not in line or "(" not in line and "," not in line:
        return
    for match in KWARG.finditer(line):
        name = match.group("name")
        if _strong(name) and values.secret_value(match.group("v"), quoted=True, strong=True):
            yield names.kind(name), match.start("v"), match.end("v")


def auth_pairs(line: str) -> Iterator[Span]:
    if "uth" not in line or "," not in line:
        return
    for match in AUTH_PAIR.finditer(line):
        if values.secret_value(match.group("v"), quoted=True, strong=True):  # code's rules
            yield "credential", match.start("v"), match.end("v")


def netrc(line: str) -> Iterator[Span]:
    if "pass" not in line:
        return
    inline = NETRC_INLINE.finditer(line) if "machine" in line or "default" in line else ()
    for match in (*inline, *filter(None, [NETRC_LINE.match(line)])):
        value = match.group("v")
        if not values.placeholder(value) and not values.code_or_prose(value):
            yield "credential", match.start("v"), match.end("v")


def xml_elements(line: str) -> Iterator[Span]:
    if "</" not in line:
        return
    for match in XML_ELEMENT.finditer(line):
        name = match.group("name").rsplit(":", 1)[-1]
        if _strong(name) and values.secret_value(match.group("v"), quoted=True, strong=True,
                                                 data=True):
            yield names.kind(name), match.start("v"), match.end("v")


def pgpass(line: str) -> Iterator[Span]:
    if line.count(":") < 4:
        return
    match = PGPASS.match(line)
    if match and not values.placeholder(match.group("v")) \
            and not values.code_or_prose(match.group("v")):
        yield "credential", match.start("v"), match.end("v")


def cookies(line: str) -> Iterator[Span]:
    if "ookie" not in line and "OOKIE" not in line:
        return
    header = COOKIE_HEADER.search(line)
    if header is None:
        return
    for match in COOKIE_PAIR.finditer(line, header.end()):
        name, value = match.group("name"), match.group("v")
        lower = name.lower()
        if "csrf" in lower or "xsrf" in lower or values.placeholder(value):
            continue  # an anti-forgery nonce is sent in pages anyway
        if any(word in lower for word in SESSION_WORDS) or values.random_looking(value):
            yield "session-cookie", match.start("v"), match.end("v")


def name_values(line: str) -> Iterator[Span]:
    if "alue" not in line and "ALUE" not in line or "," not in line and "<" not in line:
        return
    for match in NAME_VALUE.finditer(line):
        name = match.group("name")
        if _strong(name) and values.secret_value(match.group("v"), quoted=True, strong=True,
                                                 data=True):
            yield names.kind(name), match.start("v"), match.end("v")


FINDERS = (kwargs, auth_pairs, netrc, xml_elements, pgpass, cookies, name_values)


def line_spans(line: str) -> list[Span]:
    spans: list[Span] = []
    for finder in FINDERS:
        spans += finder(line)
    return spans
