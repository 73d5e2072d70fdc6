"""Secrets that span lines of YAML: the values of a Kubernetes `kind: Secret`'s `data:` and
`stringData:` (all of them, whatever their keys), a block scalar under a secret key
(`password: |` and the indented lines below it), and a `name: DB_PASSWORD` item whose
`value:` is on a following line (Kubernetes `env:`, ECS, GitHub Actions inputs).

Standard library only (the hook path). Each finder starts from a line the caller already
flagged (the prefilter's candidate lines), so the cost follows the secrets, not the text.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from garrepa_py.guard import names, values

Span = tuple[int, int, int]  # line (1-based), start, end (-1: to the end of the line)
KIND_LINE = re.compile(r"^[+\- ]?[ \t]*[\"']?kind[\"']?[ \t]*:[ \t]*[\"']?Secret[\"']?[ \t]*$")
DATA_LINE = re.compile(r"^(?P<indent>[+\- ]?[ \t]*)(?:data|stringData)[ \t]*:[ \t]*$")
CHILD = re.compile(r"^(?P<indent>[+\- ]?[ \t]*)[\"']?[^\s:\"'#][^:\"']{0,252}[\"']?[ \t]*:"
                   r"[ \t]*(?P<v>\S.*?)[ \t]*$")
BLOCK_KEY = re.compile(r"^(?P<indent>[+\- ]?[ \t]*)(?:-[ \t]+)?[\"']?(?P<name>[A-Za-z_][\w.\-]{0,120})"
                       r"[\"']?[ \t]*:[ \t]*[|>][+\-]?[0-9]?[ \t]*(?:#.*)?$")
NAME_ITEM = re.compile(r"^(?P<indent>[+\- ]?[ \t]*(?:-[ \t]+)?)[\"']?(?:name|key|Name|Key)[\"']?"
                       r"[ \t]*:[ \t]*[\"']?(?P<name>[A-Za-z_][\w.\-]{0,120})[\"']?[ \t]*,?[ \t]*$")
VALUE_ITEM = re.compile(r"^[+\- ]?[ \t]*[\"']?(?:value|Value)[\"']?[ \t]*:[ \t]*"
                        r"(?:(?P<q>[\"'])(?P<qv>.*?)(?P=q)|(?P<bv>[^\s\"'#][^#]*?))[ \t]*,?[ \t]*$")
MAX_BLOCK = 2000  # lines looked at below one `data:` or block scalar
NEARBY = 3  # lines after `name:` where its `value:` may be


def secret_data(lines: list[str], number: int) -> Iterator[Span]:
    """From `kind: Secret` on line `number`: every value under `data:`/`stringData:` of the
    same YAML document (bounded by `---`)."""
    start = number - 1
    while start > 0 and not lines[start - 1].lstrip("+- ").startswith("---") and \
            number - start < MAX_BLOCK:
        start -= 1
    index = start
    while index < len(lines) and index - start < MAX_BLOCK * 2:
        line = lines[index]
        if index > start and line.lstrip("+ ").startswith("---"):
            break
        data = DATA_LINE.match(line)
        index += 1
        if data is None:
            continue
        depth = len(data.group("indent").lstrip("+-"))
        while index < len(lines):
            child = lines[index]
            if not child.strip(" \t+-"):
                index += 1
                continue
            body = child[1:] if child[:1] in "+-" else child
            if len(body) - len(body.lstrip(" \t")) <= depth:
                break
            match = CHILD.match(child)
            if match and not values.placeholder(match.group("v")):
                yield index + 1, match.start("v"), match.end("v")
            index += 1


def block_scalar(lines: list[str], number: int) -> Iterator[Span]:
    """`password: |` on line `number`: every more-indented line below it, whole."""
    match = BLOCK_KEY.match(lines[number - 1])
    if match is None or names.strength(match.group("name")) != names.STRONG:
        return
    marker = 1 if lines[number - 1][:1] in "+-" else 0
    depth = len(match.group("indent")) - marker
    for index in range(number, min(len(lines), number + MAX_BLOCK)):
        line = lines[index]
        body = line[marker:] if marker and line[:1] in "+- " else line
        if not body.strip():
            continue
        if len(body) - len(body.lstrip(" \t")) <= depth:
            return
        yield index + 1, len(line) - len(body.lstrip(" \t")), -1


def name_value(lines: list[str], number: int) -> Iterator[Span]:
    """`- name: DB_PASSWORD` on line `number`, `value: …` within the next lines."""
    match = NAME_ITEM.match(lines[number - 1])
    if match is None or names.strength(match.group("name")) != names.STRONG:
        return
    for index in range(number, min(len(lines), number + NEARBY)):
        value = VALUE_ITEM.match(lines[index])
        if value is None:
            continue
        group = "qv" if value.group("q") else "bv"
        text = value.group(group)
        if values.secret_value(text, quoted=True, strong=True, data=True):
            yield index + 1, value.start(group), value.end(group)
        return


def spans(lines: list[str], candidates: list[int]) -> Iterator[Span]:
    """Multi-line findings, starting from the candidate lines (1-based numbers)."""
    for number in candidates:
        line = lines[number - 1]
        if "Secret" in line and KIND_LINE.match(line):
            yield from secret_data(lines, number)
        if ":" in line:
            if "|" in line or ">" in line:
                yield from block_scalar(lines, number)
            if "ame" in line or "ey" in line:
                yield from name_value(lines, number)
