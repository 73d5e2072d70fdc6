"""What a JSON table becomes when its rows no longer fit, and where each row is.

`Places` answers, for any object of a (pruned) value, its line range in the readable copy of the
original (`json_lines`); a `RenderPass` carries that and which tables are shown as an index.
`index` gives each item one line with every id, number, key and sha in it; `bare` packs each
item's own handles and first line many to a line, for the longest lists.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from garrepa_py.structural.json.json_lines import Span, span_text


class Places:
    """Where each dict and list of the original value sits in its readable copy (json_lines)."""

    def __init__(self, spans: dict[int, Span], origin: dict[int, int]) -> None:
        self.spans = spans
        self.origin = origin

    def of(self, node: Any) -> str:
        span = self.spans.get(self.origin.get(id(node), -1))
        return span_text(span) if span else ""


class RenderPass:
    """One rendering: which lists are shown as an index of handles, and what each table took."""

    def __init__(self, places: Places | None) -> None:
        self.places = places
        self.object_ranges = False  # each nested object's name line ends with its lines
        self.compact: set[int] = set()  # id(list) → shown as an index
        self.bare: set[int] = set()  # id(list) → shown as a bare index: start line, own handles
        self.compacted: dict[int, int] = {}  # id(list) → chars its index took
        # id(list) → (chars its rows took, the items, what every item shares)
        self.sizes: dict[int, tuple[int, list[dict[str, Any]], dict[str, Any]]] = {}
        # (what, id(list)) → what the digest worked out about that list: the same in every
        # render, and the digest renders up to seven times
        self.memo: dict[tuple[str, int], Any] = {}

    def place(self, node: Any) -> str:
        return self.places.of(node) if self.places else ""

    def index(self, items: list[dict[str, Any]], shared: dict[str, Any]
              ) -> tuple[list[str], list[str]]:
        """`index(items, shared)`, once per list."""
        found = self.memo.get(("index", id(items)))
        if found is None:
            found = self.memo[("index", id(items))] = index(items, shared)
        result: tuple[list[str], list[str]] = found
        return result


INDEX_KEYS = ("id", "number", "key", "sha")
# Named ids spelled as strings (`ghsa_id`, `cve_id`): the handle an agent asks about, often the
# only one an advisory or alert has besides its number. Not `node_id`: GitHub's opaque copy of
# the numeric `id` already listed (the answerability benchmark's advisory task, issue 27).
STRING_ID_SUFFIX = "_id"
OPAQUE_IDS = frozenset({"node_id"})
INDEX_LABELS = ("full_name", "name", "login", "title", "filename", "path", "key")
INDEX_LABEL_CHARS = 60


def _label(text: str) -> str:
    """The first line, cut at a space before INDEX_LABEL_CHARS: a word (a URL, a hash) is
    never cut in two, where it would read as a handle the source does not hold."""
    first = text.strip().split("\n", 1)[0]
    if len(first) <= INDEX_LABEL_CHARS:
        return first
    space = first.rfind(" ", 0, INDEX_LABEL_CHARS)
    if space > INDEX_LABEL_CHARS // 2:
        return first[:space] + " …"
    word = first.split(" ", 1)[0]
    return word if len(word) <= 500 else ""  # one huge token: no label rather than half of it


def _is_index_key(key: str, value: object) -> bool:
    """An id, number, key or sha, or a named id spelled as a string (`ghsa_id`)."""
    if isinstance(value, bool):
        return False
    return key in INDEX_KEYS or (isinstance(value, str) and key.endswith(STRING_ID_SUFFIX)
                                 and key not in OPAQUE_IDS and bool(value))


def _handle_groups(item: dict[str, Any]) -> list[tuple[str, list[str]]]:
    """Every id, number, key, sha and string id in an item, at any depth: (dotted path,
    values)."""
    groups: dict[str, list[str]] = {}
    stack: list[tuple[str, Any]] = [("", item)]
    while stack:
        path, node = stack.pop()
        if isinstance(node, list):
            stack.extend((path, child) for child in reversed(node))
            continue
        if not isinstance(node, dict):
            continue
        children = []
        for key, child in node.items():
            where = f"{path}.{key}" if path else key
            if isinstance(child, (dict, list)):
                children.append((where, child))
            elif _is_index_key(key, child):
                values = groups.setdefault(where, [])
                if str(child) not in values:
                    values.append(str(child))
        stack.extend(reversed(children))
    return list(groups.items())


LINK_KEYS = (("from", "to"), ("source", "target"))  # an edge is named by its two ends
LABEL_DEPTH = 3  # objects walked down for a name when an item has none of its own


def _own_label(item: dict[str, Any]) -> str:
    """The item's name-like field, or its two ends (`from→to`) when it is an edge."""
    for key in INDEX_LABELS:
        if isinstance(item.get(key), str):
            return _label(item[key])
    for start, end in LINK_KEYS:
        ends = item.get(start), item.get(end)
        if all(isinstance(v, (str, int)) and not isinstance(v, bool) for v in ends):
            return f"{_label(str(ends[0]))}→{_label(str(ends[1]))}"
    return ""


def _named_paths(item: dict[str, Any]) -> dict[tuple[str, ...], str]:
    """Name-like strings inside the item's objects (not lists), LABEL_DEPTH levels down."""
    found: dict[tuple[str, ...], str] = {}
    level: list[tuple[tuple[str, ...], dict[str, Any]]] = [((), item)]
    for _ in range(LABEL_DEPTH):
        deeper = []
        for path, node in level:
            for key, child in node.items():
                if isinstance(child, dict):
                    deeper.append(((*path, key), child))
                elif path and key in INDEX_LABELS and isinstance(child, str) and child:
                    found[(*path, key)] = child
        level = deeper
    return found


def labeller(items: list[dict[str, Any]]) -> Callable[[dict[str, Any]], str]:
    """How this list's items are named: each by its own name-like field or ends; when none of
    them has one, by the nested name that tells the most items apart (a Dependabot alert by
    `dependency.package.name`, not by the repository every alert shares)."""
    if any(_own_label(item) for item in items):
        return _own_label
    seen: dict[tuple[str, ...], set[str]] = {}
    for item in items:
        for path, value in _named_paths(item).items():
            seen.setdefault(path, set()).add(value)
    if not seen:
        return _own_label
    best = max(seen, key=lambda p: (len(seen[p]) > 1, len(seen[p]), -len(p)))

    def nested(item: dict[str, Any]) -> str:
        node: Any = item
        for key in best:
            node = node.get(key) if isinstance(node, dict) else None
        return _label(node) if isinstance(node, str) else ""

    return nested


def index(items: list[dict[str, Any]], shared: dict[str, Any]) -> tuple[list[str], list[str]]:
    """(columns, a line per item): each item's label and kind, then its ids, numbers, keys and
    shas, by position for the paths most items have, as path=value for the rest."""
    name_of = labeller(items)
    groups = [dict(_handle_groups(item)) for item in items]
    counts: dict[str, int] = {}
    for found in groups:
        for path, values in found.items():
            if not (path in shared and values == [str(shared[path])]):
                counts[path] = counts.get(path, 0) + 1
    columns = [path for path, count in counts.items() if count * 2 >= len(items)]
    lines = []
    for item, found in zip(items, groups, strict=True):
        label = name_of(item)
        parts = [label] if label else []
        kind = item.get("type")
        if isinstance(kind, str) and len(kind) <= 40 and kind != label:
            parts.append(kind)
        parts += [",".join(found[path]) if path in found else "-" for path in columns]
        parts += [f"{path}={','.join(values)}" for path, values in found.items()
                  if path not in columns and path in counts]
        lines.append(" ".join(parts) or "(no handle)")
    return columns, lines


BARE_LINE = 100
BARE_LABEL = 40


def bare(items: list[dict[str, Any]], rp: RenderPass, indent: str) -> list[str]:
    """Runs of items, a line each: the run's line range, then each item's own ids, numbers,
    keys and shas, or its label (cut short) when it has none. One range per run keeps every item a read away
    for a fraction of a range each."""
    lines: list[str] = []
    name_of = labeller(items)
    run: list[str] = []
    first = last = ""
    for item in items:
        place = rp.place(item)
        own = [str(item[k]) for k in INDEX_KEYS if k in item and not isinstance(item[k],
                                                                               (dict, list))]
        # the label only for an item no id names (a memory graph's entity): the longest
        # lists must stay whole, each item by a handle
        label = "" if own else name_of(item)
        if len(label) > BARE_LABEL and " " in label[BARE_LABEL // 2:BARE_LABEL]:
            label = label[:BARE_LABEL].rsplit(" ", 1)[0] + " …"  # never a token cut in two
        entry = " ".join(([label] if label else []) + own) or "-"
        if run and sum(len(e) + 2 for e in run) + len(entry) > BARE_LINE:
            lines.append(_run(indent, first, last, run))
            run = []
        if not run:
            first = place.split("..", 1)[0]
        last = place.rsplit("..", 1)[-1].lstrip("L")
        run.append(entry)
    if run:
        lines.append(_run(indent, first, last, run))
    return lines


def _run(indent: str, first: str, last: str, entries: list[str]) -> str:
    span = "" if not first else first if first.lstrip("L") == last else f"{first}..{last}"
    return f"{indent}{span + ' ' if span else ''}{'; '.join(entries)}"
