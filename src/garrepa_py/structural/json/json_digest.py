"""Structural briefings of JSON (MCP results, API responses) without a model.

Pure and deterministic. Prunes plumbing (etags, request ids, avatars, signed URLs, URL families
derivable from the object's own `url`, nulls and empty containers), hoists values repeated
identically across a list, turns lists of similar objects into one table (a header, a row per
item), and cuts long free text to its first line with a count of what was cut. Handles — ids,
keys, numbers, node ids, urls, names, titles, states, dates, people — are kept.
"""

from __future__ import annotations

import functools
import json
import re
from typing import Any

from garrepa_py.structural.json import json_index
from garrepa_py.structural.json.json_index import Places, RenderPass
from garrepa_py.structural.json.json_lines import Span, scalar

PLUMBING_KEYS = frozenset({
    "etag", "_etag", "request_id", "requestid", "x-request-id", "x_request_id", "_links", "links",
    "avatar_url", "gravatar_id", "__typename", "trace_id", "traceid", "correlation_id",
})
HANDLE_KEYS = ("id", "key", "number", "node_id", "name", "title", "login", "state", "status",
               "url", "html_url", "web_url", "permalink", "email", "sha", "slug", "path", "type")
LABEL_KEYS = ("name", "login", "title", "key", "slug", "filename", "email", "id")
SIGNED = re.compile(r"[?&](X-Amz-Signature|Signature|Expires|sig|se|token|X-Goog-Signature)=", re.I)
TEXT_CELL = 80  # a longer string in a table is cut to its first line, up to this many chars
TEXT_FIELD = 300  # a longer string outside tables likewise
LONG_RUN, HEAD_RUN, TAIL_RUN = 40, 15, 10  # long lists of scalars and flat maps show both ends


HANDLE_KEY_SET = frozenset(HANDLE_KEYS)
HANDLE_SUFFIXES = ("_id", "_at", "_key", "_number", "_date", "_url")


@functools.lru_cache(maxsize=4096)  # keys repeat across the items of a list
def _is_handle_key(key: str) -> bool:
    lower = key.lower()
    return lower in HANDLE_KEY_SET or lower.endswith(HANDLE_SUFFIXES)


def _plumbing(key: str, value: Any, parent: dict[str, Any]) -> bool:
    lower = key.lower()
    if lower in PLUMBING_KEYS:
        return True
    if isinstance(value, str):
        if lower.endswith("_url") and lower not in ("html_url", "web_url", "download_url"):
            bases = [parent.get(k) for k in ("url", "html_url")]
            if "{" in value or any(isinstance(b, str) and value.startswith(b) and value != b
                                   for b in bases):
                return True  # a URI template, or derivable from the object's own url
        if value.startswith("http") and SIGNED.search(value):
            return True  # expiring signed URL: useless to the agent later
    return False


def prune(value: Any, origin: dict[int, int] | None = None) -> Any:
    """Drop plumbing, nulls and empty containers, recursively. Returns None if nothing is left.

    `origin`, when given, maps id(each pruned dict or list) → id(the one it was made from), so
    a row can name its lines in the readable copy of the unpruned value.
    """
    if isinstance(value, dict):
        kept = {}
        for key, child in value.items():
            key = str(key)
            # `_plumbing` asks more only of strings: the key alone decides for anything else
            if (_plumbing(key, child, value) if isinstance(child, str)
                    else key.lower() in PLUMBING_KEYS):
                continue
            if isinstance(child, (dict, list)):
                pruned = prune(child, origin)
                if pruned is not None:
                    kept[key] = pruned
            elif child is not None and child != "":
                kept[key] = child
        if kept and origin is not None:
            origin[id(kept)] = id(value)
        return kept or None
    if isinstance(value, list):
        items = [p for p in (prune(item, origin) if isinstance(item, (dict, list)) else
                             None if item is None or item == "" else item
                             for item in value) if p is not None]
        if items and origin is not None:
            origin[id(items)] = id(value)
        return items or None
    if value is None or value == "":
        return None
    return value


def _scalar(value: Any) -> str:
    if isinstance(value, str):
        return value
    return scalar(value)


def cut_text(text: str, limit: int) -> str:
    """The first line, at most `limit` chars, cut at a space so no token is left half-written."""
    if len(text) <= limit and "\n" not in text:
        return text
    if len(text) <= 500 and not any(c.isspace() for c in text):
        return text  # one token (a URL, a hash): never cut a handle
    first = text.strip().split("\n", 1)[0]
    shown = first[:limit]
    if len(first) > limit:
        space = shown.rfind(" ")
        shown = shown[:space] if space > limit // 2 else ""
    shown = shown.rstrip()
    return f"{shown} …(+{len(text) - len(shown):,} chars)" if shown else f"…({len(text):,} chars)"


def _inline(value: Any, drop: frozenset[str] = frozenset()) -> str:
    """A nested value inside a table cell: dicts by their label and handles, lists joined.
    `drop`: keys left out of the dicts of a list (fields a hoisted template rebuilds)."""
    if drop and isinstance(value, list):
        value = [{k: v for k, v in item.items() if k not in drop} if isinstance(item, dict)
                 else item for item in value]
    return _inline_with(value)[0]


def _inline_with(value: Any) -> tuple[str, bool]:
    """(the cell text, whether any handle key is inside), in one bottom-up pass: asking the
    second question separately at every level made deep values quadratic in their depth."""
    if isinstance(value, dict):
        label = None
        for label_key in LABEL_KEYS:
            if label_key in value:
                label = str(value[label_key])
                break
        extras: list[str] = []
        nested: list[str] = []  # after the scalars, as before: handles first, then inside
        has = False
        for key, child in value.items():
            handle = _is_handle_key(key)
            has = has or handle
            if isinstance(child, (dict, list)):
                text, child_has = _inline_with(child)
                if child_has:
                    nested.append(f"{key}={text}")
                    has = True
            elif handle and (label is None or str(child) != label):
                extras.append(f"{key}={_scalar(child)}")
        inner = ", ".join(extras + nested)
        if label is None:
            return ("{" + inner + "}" if inner else "{…}"), has
        return (f"{label} ({inner})" if inner else label), has
    if isinstance(value, list):
        parts = [_inline_with(item) for item in value]
        return "[" + "; ".join(text for text, _ in parts) + "]", any(h for _, h in parts)
    return cut_text(_scalar(value), TEXT_CELL), False


def _flatten(item: dict[str, Any]) -> dict[str, Any]:
    """One level of nesting becomes dotted columns; deeper values stay inline."""
    flat: dict[str, Any] = {}
    for key, value in item.items():
        if isinstance(value, dict) and len(value) <= 12:
            for child_key, child in value.items():
                flat[f"{key}.{child_key}"] = child
        else:
            flat[key] = value
    return flat


def _column_order(columns: list[str]) -> list[str]:
    first_seen = {column: index for index, column in enumerate(columns)}

    def rank(column: str) -> tuple[int, int]:
        leaf = column.rsplit(".", 1)[-1].lower()
        if "." not in column and leaf in HANDLE_KEYS[:8]:
            return (0, HANDLE_KEYS.index(leaf))
        if _is_handle_key(leaf) and "." not in column:
            return (1, 0)
        if leaf in ("login", "name", "key", "title"):
            return (2, 0)
        return (3, 0)

    return sorted(columns, key=lambda c: (rank(c), first_seen[c]))


TEMPLATE_KEYS = ("number", "id", "key", "login", "name", "sha", "slug")
MAX_TEMPLATE_KEYS = 8  # key columns tried per URL column: bounds the search on wide tables


def _templates(rows: list[dict[str, Any]], columns: list[str],
               having_rows: dict[str, list[int]]) -> dict[str, tuple[str, str]]:
    """Columns every row spells as one pattern around another column's value: column → (key,
    pattern), e.g. url → ("number", "https://api.github.com/repos/o/r/issues/{number}")."""
    found: dict[str, tuple[str, str]] = {}
    keys = [c for c in columns if c.rsplit(".", 1)[-1] in TEMPLATE_KEYS][:MAX_TEMPLATE_KEYS]
    for column in columns:
        having = [rows[i] for i in having_rows[column]]
        values = [row[column] for row in having]
        if len(having) < 3 or not all(isinstance(v, str) and ("://" in v or v.startswith("git@"))
                                      for v in values):
            continue
        for key in keys:
            if key == column:
                continue
            shape = None
            for row, value in zip(having, values, strict=True):
                token = row.get(key)
                if isinstance(token, (dict, list, bool)) or token is None:
                    shape = None
                    break
                token = str(token)
                at = value.rfind(token) if token else -1
                after = value[at + len(token):at + len(token) + 1]
                if at < 1 or value[at - 1] not in "/:=@." or (after and after.isalnum()):
                    shape = None
                    break
                candidate = (value[:at], value[at + len(token):])
                if shape is None:
                    shape = candidate
                elif shape != candidate:
                    shape = None
                    break
            if shape is not None:
                found[column] = (key, f"{shape[0]}{{{key}}}{shape[1]}")
                break
    return found


def _fingerprint(value: Any) -> object:
    """A hashable stand-in for a cell, equal for equal cells (and distinct from a missing one)."""
    if isinstance(value, (dict, list)):
        return ("json", json.dumps(value, sort_keys=True, default=str))
    return (type(value).__name__, value)


def _nested_templates(rows: list[dict[str, Any]], having_rows: dict[str, list[int]]
                      ) -> dict[str, dict[str, str]]:
    """URL fields of the objects in a list column that every such object spells from its own
    key and (at most) one of its row's columns: column → {field: pattern}, e.g.
    payload.commits → {url: "https://api.github.com/repos/{repo.name}/commits/{sha}"}."""
    found: dict[str, dict[str, str]] = {}
    for column, indexes in having_rows.items():
        pairs = [(rows[i], nested) for i in indexes if isinstance(rows[i][column], list)
                 for nested in rows[i][column] if isinstance(nested, dict)]
        if len(pairs) < 3:
            continue
        first_row, first = pairs[0]
        outer = [c for c, v in first_row.items()
                 if isinstance(v, str) and len(v) >= 3 and c != column]
        for key, value in first.items():
            if not (isinstance(value, str) and "://" in value):
                continue
            pattern = _nested_pattern(pairs, key, value, first_row, first, outer)
            if pattern is not None:
                found.setdefault(column, {})[key] = pattern
    return found


def _nested_pattern(pairs: list[tuple[dict[str, Any], dict[str, Any]]], key: str, value: str,
                    first_row: dict[str, Any], first: dict[str, Any],
                    outer: list[str]) -> str | None:
    for token_key in TEMPLATE_KEYS:
        token = first.get(token_key)
        if token is None or isinstance(token, (dict, list, bool)) or not str(token):
            continue
        at = value.rfind(str(token))
        if at < 1 or value[at - 1] not in "/:=@.":
            continue
        prefix, suffix = value[:at], value[at + len(str(token)):]
        options: list[tuple[str | None, str]] = [(None, prefix)]
        options += [(c, prefix.replace(first_row[c], "{" + c + "}", 1)) for c in outer
                     if first_row[c] in prefix]
        for column, shape in options:
            if all(nested.get(key) == _spelled(shape, column, row, f"{nested.get(token_key)}")
                   + suffix for row, nested in pairs):
                return f"{shape}{{{token_key}}}{suffix}"
    return None


def _spelled(shape: str, column: str | None, row: dict[str, Any], token: str) -> str:
    head = shape if column is None else shape.replace("{" + column + "}", str(row.get(column)), 1)
    return head + token


class _Analysis:
    """What a table's rows share, computed once per list and reused by every render pass."""

    def __init__(self, items: list[dict[str, Any]]) -> None:
        rows = [_flatten(item) for item in items]
        having_rows: dict[str, list[int]] = {}
        for index, row in enumerate(rows):
            for column in row:
                having_rows.setdefault(column, []).append(index)
        columns = list(having_rows)
        everywhere = [c for c in columns if len(having_rows[c]) == len(rows)]
        shared = {}
        if len(rows) > 2:
            for column in everywhere:
                first = rows[0][column]
                if not isinstance(first, (dict, list)) and all(row[column] == first
                                                               for row in rows):
                    shared[column] = first
        templates = _templates(rows, [c for c in columns if c not in shared], having_rows)
        self.rows, self.having_rows, self.columns = rows, having_rows, columns
        self.shared, self.templates = shared, templates
        self.nested = _nested_templates(rows, having_rows)
        self._same_as: dict[str, str] | None = None

    def same_as(self) -> dict[str, str]:
        """Columns equal to an earlier one in every row: only columns every row holds can be,
        and equal columns share a fingerprint, so one dictionary finds them."""
        if self._same_as is None:
            rows, having_rows = self.rows, self.having_rows
            self._same_as = {}
            first_with: dict[tuple[object, ...], str] = {}
            for column in self.columns:
                if column in self.shared or column in self.templates or \
                        len(having_rows[column]) != len(rows):
                    continue
                signature = tuple(_fingerprint(row[column]) for row in rows)
                earlier = first_with.get(signature)
                if earlier is None:
                    first_with[signature] = column
                else:
                    self._same_as[column] = earlier
        return self._same_as


def table(items: list[dict[str, Any]], name: str, indent: str,
          render_pass: RenderPass | None = None) -> list[str]:
    """Near-linear in the number of cells: every per-column question is answered from one pass
    that records which rows hold each column, so wide, sparse lists stay cheap; and once per
    list, however many times the digest renders it."""
    rp = render_pass or RenderPass(None)
    analysis = rp.memo.get(("table", id(items)))
    if not isinstance(analysis, _Analysis):
        analysis = rp.memo[("table", id(items))] = _Analysis(items)
    rows, having_rows, columns = analysis.rows, analysis.having_rows, analysis.columns
    shared, templates, nested = analysis.shared, analysis.templates, analysis.nested
    head: list[str] = []
    if shared:
        head.append(f"{indent}  same in every item: " +
                    ", ".join(f"{k}={cut_text(_scalar(v), TEXT_CELL)}" for k, v in shared.items()))
    built = [f"{column} = {pattern}" for column, (_, pattern) in templates.items()]
    built += [f"{column}[].{key} = {pattern}" for column, fields in nested.items()
              for key, pattern in fields.items()]
    if built:
        head.append(f"{indent}  built from each row: " + ", ".join(built))
    where = "its line range in the file named at the end, then " if rp.places else ""
    if id(items) in rp.bare:
        own = [k for k in json_index.INDEX_KEYS if any(k in item for item in items)]
        runs = "runs of items, a line each: the run's line range in the file named at the " \
            "end, then " if rp.places else ""
        return [f"{indent}{name}: {len(items)} items, too many to list one per line; {runs}"
                f"each item's own {' | '.join(own) + ', or ' if own else ''}label",
                *head, *json_index.bare(items, rp, indent + "  ")]
    if id(items) in rp.compact:
        columns, entries = rp.index(items, shared)
        out = [f"{indent}{name}: {len(items)} items, too many to show whole; one line each: "
               f"{where}its label and kind, then every id, number, key and sha in it: "
               f"{' | '.join(columns) or '-'} (+ path=value where present)", *head]
        for item, entry in zip(items, entries, strict=True):
            place = rp.place(item)
            out.append(f"{indent}  {place + ' ' if place else ''}{entry}")
        rp.compacted[id(items)] = sum(len(line) + 1 for line in out)
        return out
    candidates = [c for c in columns if c not in shared and c not in templates]
    same_as = analysis.same_as()
    rest = [c for c in candidates if c not in same_as]
    # Columns most rows lack go after the cells as key=value, instead of a run of "-" cells.
    dense = _column_order([c for c in rest if len(having_rows[c]) * 2 >= len(rows)])
    dense_set = set(dense)
    sparse = {c for c in rest if c not in dense_set}
    varying = dense
    out = [f"{indent}{name}: {len(items)} items, one row each: {where.replace(', then ', '')}"
           f"{' | ' if where else ''}{' | '.join(varying)}"
           + (" (+ key=value where present)" if sparse else ""), *head]
    if same_as:
        out.append(f"{indent}  equal in every row: " +
                   ", ".join(f"{column} = {earlier}" for column, earlier in same_as.items()))
    for item, row in zip(items, rows, strict=True):
        cells = [_inline(row[c], frozenset(nested.get(c, ()))) if c in row else "-"
                 for c in varying]
        extras = [f"{c}={_inline(value, frozenset(nested.get(c, ())))}"
                  for c, value in row.items() if c in sparse]
        line = " | ".join(cell.replace("|", "/") for cell in cells)
        place = rp.place(item)
        out.append(f"{indent}  {place + ' | ' if place else ''}{line}"
                   + (f" | {', '.join(extras)}" if extras else ""))
    rp.sizes[id(items)] = (sum(len(line) + 1 for line in out), items, shared)
    return out


LONG_LIST = 20  # a list of this many objects is a table even when their keys differ


def _similar(items: list[Any]) -> bool:
    if len(items) < 2 or not all(isinstance(item, dict) for item in items):
        return False
    if len(items) >= LONG_LIST:
        return True  # rows with differing keys still beat one block per item
    first = set(items[0])
    return all(len(first & set(item)) >= max(1, len(first) // 2) for item in items[1:])


def render(value: Any, name: str = "result", indent: str = "",
           render_pass: RenderPass | None = None) -> list[str]:
    if isinstance(value, list):
        if _similar(value):
            return table(value, name, indent, render_pass)
        if all(not isinstance(item, (dict, list)) for item in value):
            cells = [cut_text(_scalar(item), TEXT_CELL) for item in value]
            if len(cells) > LONG_RUN:
                cells = [*cells[:HEAD_RUN], f"… {len(cells) - HEAD_RUN - TAIL_RUN} more …",
                         *cells[-TAIL_RUN:]]
            return [f"{indent}{name}: [{len(value)}] " + ", ".join(cells)]
        out = [f"{indent}{name}: {len(value)} items"]
        for index, item in enumerate(value):
            out += render(item, f"[{index}]", indent + "  ", render_pass)
        return out
    if isinstance(value, dict):
        place = render_pass.place(value) if render_pass and render_pass.object_ranges else ""
        out = [f"{indent}{name}:{' ' + place if place else ''}"] if name else []
        items = list(value.items())
        if not name and not indent:  # the top level: its scalars first, then what nests
            items.sort(key=lambda kv: isinstance(kv[1], (dict, list)))
        flat_map = len(items) > LONG_RUN and all(not isinstance(v, (dict, list)) for _, v in items)
        if flat_map:  # e.g. {version: date} with thousands of entries: the two ends matter
            skipped = len(items) - HEAD_RUN - TAIL_RUN
            items = [*items[:HEAD_RUN], (f"… {skipped} more entries …", ""), *items[-TAIL_RUN:]]
        for key, child in items:
            if child == "" and key.startswith("… "):
                out.append(f"{indent}  {key}" if name else f"{indent}{key}")
                continue
            out += render(child, key, indent + "  " if name else indent, render_pass)
        return out
    text = _scalar(value)
    return [f"{indent}{name}: {cut_text(text, TEXT_FIELD)}"]


LEADING_SPAN = re.compile(r"L(\d+)(?:\.\.(\d+))?(?: \| | )")


def fit(lines: list[str], budget: int) -> str:
    """Lines within `budget` chars. Rows that do not fit are named (by their first cell or
    label), and when rows carry their lines in the readable copy, the note says where the
    rows not shown are."""
    text = "\n".join(lines)
    if len(text) <= budget:
        return text
    kept: list[str] = []
    used = 0
    limit = int(budget * 0.8)
    index = 0
    while index < len(lines) and used + len(lines[index]) + 1 <= limit:
        kept.append(lines[index])
        used += len(lines[index]) + 1
        index += 1
    rest = lines[index:]
    firsts: list[str] = []
    first_line = 0
    bare = False  # bare index lines name many items each: the line number says where they are
    for line in rest:
        row = line.strip()
        span = LEADING_SPAN.match(row)
        if span is not None:
            first_line = first_line or int(span.group(1))
            bare = bare or "; L" in row
            if not bare:  # named with its own lines: each row left out stays a read away
                first = row[span.end():].split(" | ", 1)[0].split(" ", 1)[0]
                firsts.append(f"{first} {row[:span.end()].rstrip(' |')}")
            continue
        bare = False
        if " | " in row:
            firsts.append(row.split(" | ", 1)[0])
    note = f"... {len(rest)} more lines not shown ({sum(len(r) + 1 for r in rest):,} chars)"
    if first_line:
        note += f"; the items not shown start at line {first_line} of the file named at the end"
    if firsts:
        room = budget - used - len(note) - 60
        named: list[str] = []
        for first in firsts:
            if room - len(first) - 2 < 0:
                break
            named.append(first)
            room -= len(first) + 2
        more = f" and {len(firsts) - len(named)} more" if len(named) < len(firsts) else ""
        note += f"; first cell of each row{' and its lines' if first_line else ''}: " \
            f"{', '.join(named)}{more}"
    return "\n".join([*kept, note])


MAX_DEPTH = 64  # deeper JSON is shown as text: the walks below recurse once per level


def depth(value: Any, limit: int = MAX_DEPTH) -> int:
    """How deeply `value` nests, counted without recursion and at most `limit` + 1."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        node, level = stack.pop()
        if level > deepest:
            deepest = level
            if deepest > limit:
                return deepest
        if isinstance(node, dict):
            stack.extend((child, level + 1) for child in node.values()
                         if isinstance(child, (dict, list)))
        elif isinstance(node, list):
            stack.extend((child, level + 1) for child in node if isinstance(child, (dict, list)))
    return deepest


MAX_RENDERS = 6  # each turns the largest remaining tables into indexes


def digest(value: Any, budget: int = 20000, spans: dict[int, Span] | None = None,
           depth_checked: bool = False, object_ranges: bool = False) -> str:
    """The briefing of `value` within `budget` chars. With `spans` (json_lines.layout of this
    very value), each row and index line starts with its lines in the readable copy, and with
    `object_ranges` each nested object's name line ends with its lines.

    Tables are shown whole while they fit; then the largest become an index (a line per item
    with every id, number, key and sha in it), as few as needed, so every item stays accounted
    for; only past that does `fit` cut, saying which rows and lines are not shown.
    """
    if not depth_checked and depth(value) > MAX_DEPTH:  # `parse` has checked its values
        raise ValueError(f"JSON nested deeper than {MAX_DEPTH} levels")
    origin: dict[int, int] | None = {} if spans is not None else None
    pruned = prune(value, origin)
    if pruned is None:
        return "(empty after removing nulls and empty values)"
    name = "result" if isinstance(pruned, list) else ""
    render_pass = RenderPass(Places(spans, origin) if spans is not None and origin is not None
                        else None)
    render_pass.object_ranges = object_ranges
    lines = render(pruned, name, "", render_pass)
    for _ in range(MAX_RENDERS):
        total = sum(len(line) + 1 for line in lines)
        if total <= budget:
            break
        # Turn the largest tables into indexes (where an index is smaller) until the estimate
        # fits; then render again and look.
        chosen = False
        for key, (size, items, shared) in sorted(render_pass.sizes.items(),
                                                 key=lambda kv: -kv[1][0]):
            if key in render_pass.compact:
                continue
            index_size = sum(len(entry) + 16 for entry in render_pass.index(items, shared)[1])
            if index_size >= size:
                continue
            render_pass.compact.add(key)
            chosen = True
            total -= size - index_size
            if total <= budget:
                break
        if not chosen:  # indexes everywhere and still too long: the largest go bare
            for key in sorted(render_pass.compact - render_pass.bare,
                              key=lambda k: -render_pass.compacted.get(k, 0)):
                render_pass.bare.add(key)
                chosen = True
                break
        if not chosen:
            break
        render_pass.sizes.clear()
        render_pass.compacted.clear()
        lines = render(pruned, name, "", render_pass)
    return fit(lines, budget)


def parse(text: str) -> tuple[str, Any] | None:
    """(prefix text, JSON value) when the text is JSON or ends in a JSON document; else None."""
    stripped = text.strip()
    if not stripped:
        return None
    try:
        value = json.loads(stripped)
    except (ValueError, RecursionError):
        pass
    else:
        return ("", value) if depth(value) <= MAX_DEPTH else None
    match = re.search(r"^[\[{]", text, re.M)
    if match is None or match.start() > 2000:
        return None
    try:
        value, end = json.JSONDecoder().raw_decode(text, match.start())
    except (ValueError, RecursionError):
        return None
    if text[end:].strip() or depth(value) > MAX_DEPTH:
        return None
    return text[:match.start()].strip(), value
