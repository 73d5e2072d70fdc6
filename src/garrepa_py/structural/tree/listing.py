"""Path-like listings told by directory: `grep -r` matches by file, `find`/path lists and `ls -R`
sections by directory, every one reachable by a line range of the spill.

The three shapes share one tree: a node per directory, with the lines it covers. `grep -r`,
`find` and `ls -R` all walk depth first, so a directory's whole subtree is one run of lines;
when the listing is too long for the budget the deepest directories are rolled up into one
line each (their files or entries counted, their lines given), shallower ones only after. What
is rolled up is said to be, so nothing is dropped without a range that leads back to it.
Pure, deterministic, standard library; near linear (one sort of the directories by depth).
"""

from __future__ import annotations

from dataclasses import dataclass, field

NAMES_SHOWN = 3  # a few names per directory of a path listing
FIRST_MATCH_CHARS = 100


@dataclass
class Leaf:
    """A file of a grep listing: its match count and the runs of lines that are its own."""

    path: str
    matches: int = 0
    binary: bool = False
    runs: list[list[int]] = field(default_factory=list)  # [first, last] line numbers
    first: tuple[int, str] | None = None  # its first match: line number, text

    @property
    def start(self) -> int:
        return self.runs[0][0]


@dataclass
class Node:
    """A directory: its own leaves (grep files) or entry count, and the span of its subtree."""

    path: str
    depth: int
    parent: Node | None = None
    children: list[Node] = field(default_factory=list)
    leaves: list[Leaf] = field(default_factory=list)
    entries: int = 0  # direct entries of a path listing or an ls section
    names: list[str] = field(default_factory=list)
    own: tuple[int, int] | None = None  # an ls section's own lines
    start: int = 0
    end: int = 0
    # filled by _totals: the whole subtree's
    files: int = 0
    matches: int = 0
    dirs: int = 0
    below: int = 0  # entries in the subtree, its own included
    size: int = 0  # chars of its current rendering
    collapsed: bool = False


MAX_DEPTH = 32


class Tree:
    """Directories by path, created with their ancestors on first sight."""

    def __init__(self) -> None:
        self.root = Node("", 0)
        self.nodes: dict[str, Node] = {"": self.root}

    def node(self, path: str) -> Node:
        """The node of `path`, its missing ancestors created too (iteratively). A path deeper
        than MAX_DEPTH is held by its ancestor at that depth (a pathological 10,000-part path
        would cost its depth squared); its lines stay inside that ancestor's range."""
        if path.count("/") > MAX_DEPTH:
            path = "/".join(path.split("/", MAX_DEPTH + 1)[:MAX_DEPTH])
        missing: list[str] = []
        walk = path
        while walk not in self.nodes:
            missing.append(walk)
            walk = parent_of(walk)
        parent = self.nodes[walk]
        for name in reversed(missing):
            child = Node(name, parent.depth + 1, parent)
            parent.children.append(child)
            self.nodes[name] = child
            parent = child
        return self.nodes[path]

    def touch(self, node: Node, line: int) -> None:
        """Widen the spans of `node` and its ancestors to hold `line`."""
        walk: Node | None = node
        while walk is not None:
            if walk is not self.root and walk.start and walk.start <= line <= walk.end:
                break
            walk.start = min(walk.start, line) if walk.start else line
            walk.end = max(walk.end, line)
            walk = walk.parent


def parent_of(path: str) -> str:
    cut = path.rstrip("/").rfind("/")
    return path[:cut] if cut > 0 else ("/" if cut == 0 else "")


def span(start: int, end: int) -> str:
    return f"line {start:,}" if start == end else f"lines {start:,}-{end:,}"


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit] + f" …[+{len(text) - limit:,} chars]"


def leaf_line(leaf: Leaf, with_first: bool) -> str:
    ranges = ", ".join(span(a, b) for a, b in leaf.runs)
    what = "binary file matches" if leaf.binary and not leaf.matches else \
        _count(leaf.matches, "match", "matches")
    line = f"{leaf.path}: {what}, {ranges}"
    if with_first and leaf.first is not None:
        line += f"; {leaf.first[0]:,}: {clip(leaf.first[1].strip(), FIRST_MATCH_CHARS)}"
    return line


def _count(count: int, one: str, many: str) -> str:
    return f"{count:,} {one if count == 1 else many}"


def _group_line(node: Node, kind: str) -> str:
    name = node.path.rstrip("/") + "/"
    if kind == "grep":
        return (f"{name} (rolled up): {_count(node.files, 'file', 'files')}, "
                f"{_count(node.matches, 'match', 'matches')}, {span(node.start, node.end)}")
    return (f"{name} (rolled up): {_count(node.below, 'entry', 'entries')} in "
            f"{_count(node.dirs + 1, 'directory', 'directories')}, {span(node.start, node.end)}")


def _dir_line(node: Node, kind: str) -> str:
    """A shown directory of a path listing or ls -R: counts, its lines, a few names."""
    name = (node.path.rstrip("/") + "/" if kind == "paths" else node.path) + ":"
    lines = node.own if kind == "ls" and node.own is not None else (node.start, node.end)
    below = node.below - node.entries
    more = f", {below:,} below" if below else ""
    names = ", ".join(node.names[:NAMES_SHOWN]) + (", …" if node.entries > NAMES_SHOWN else "")
    return (f"{name} {node.entries:,} entr{'y' if node.entries == 1 else 'ies'}{more}, "
            f"{span(*lines)}" + (f"; {names}" if names else ""))


def _totals(node: Node) -> None:
    """Subtree counts, bottom up without recursion (a deep tree must not hit the stack)."""
    order: list[Node] = []
    stack = [node]
    while stack:
        current = stack.pop()
        order.append(current)
        stack.extend(current.children)
    for current in reversed(order):
        current.files = len(current.leaves) + sum(c.files for c in current.children)
        current.matches = sum(leaf.matches for leaf in current.leaves) + \
            sum(c.matches for c in current.children)
        current.dirs = len(current.children) + sum(c.dirs for c in current.children)
        current.below = current.entries + sum(c.below for c in current.children)


def _parts(node: Node, kind: str) -> list[Node | Leaf]:
    """What an opened directory shows, in the order of the lines: its files (grep) and its
    subdirectories."""
    parts: list[Node | Leaf] = [*node.children, *node.leaves] if kind == "grep" \
        else list(node.children)
    parts.sort(key=lambda part: part.start)
    return parts


def _part_size(part: Node | Leaf, kind: str, with_first: bool) -> int:
    if isinstance(part, Leaf):
        return len(leaf_line(part, with_first)) + 1
    return len(_group_line(part, kind)) + 1


def _rest_line(node: Node, rest: list[Node | Leaf], kind: str) -> str:
    files = sum(1 if isinstance(p, Leaf) else p.files for p in rest)
    dirs = sum(0 if isinstance(p, Leaf) else p.dirs + 1 for p in rest)
    what = f"{_count(files, 'more file', 'more files')}, " if kind == "grep" else \
        f"{_count(sum(p.below for p in rest if isinstance(p, Node)), 'entry', 'entries')} in "
    name = (node.path.rstrip("/") + "/") if node.depth else "the rest"
    return (f"{name} (rest rolled up): {what}{_count(dirs, 'more directory', 'more directories')}"
            f", {span(rest[0].start, node.end)}")


def render(tree: Tree, kind: str, budget: int) -> tuple[list[str], list[str]]:
    """(lines of the listing within `budget` chars, the paths it names). Directories are
    opened shallowest first while the whole of what they hold fits; the room left then lists
    the first parts of the directories still closed. `kind` is "grep", "paths" or "ls"."""
    root = tree.root
    _totals(root)
    nodes = sorted(tree.nodes.values(), key=lambda n: (n.depth, n.start))
    for node in nodes:
        node.collapsed = node.depth > 0
    with_first = False
    if kind == "grep":
        everything = sum(len(leaf_line(leaf, True)) + 1 for n in nodes for leaf in n.leaves)
        with_first = everything <= budget
    shown: dict[int, int] = {}  # id(node) -> how many of its parts are shown, when opened
    used = 0
    for partial in (False, True):
        for node in nodes:
            if not node.collapsed and node.depth:
                continue
            parent = node.parent
            if parent is not None and (parent.collapsed or not _visible(node, parent, shown, kind)):
                continue
            if node.depth == 0 and id(node) in shown:
                continue
            parts = _parts(node, kind)
            own = len(_dir_line(node, kind)) + 1 if node.depth and kind != "grep" else 0
            freed = len(_group_line(node, kind)) + 1 if node.depth else 0
            cost = own + sum(_part_size(part, kind, with_first) for part in parts)
            if used + cost - freed <= budget:
                taken = len(parts)
            elif not partial and node.depth:
                continue
            else:
                taken, cost = 0, own
                for part in parts:
                    step = _part_size(part, kind, with_first)
                    rest = len(_rest_line(node, parts[taken + 1:] or parts[taken:], kind)) + 1
                    if used + cost + step + rest - freed > budget:
                        break
                    cost += step
                    taken += 1
                if taken < len(parts):
                    cost += len(_rest_line(node, parts[taken:], kind)) + 1
                if (not taken and node.depth) or used + cost - freed > budget:
                    continue
            node.collapsed = False
            shown[id(node)] = taken
            used += cost - freed
    return _emit(root, kind, with_first, shown)


def _visible(node: Node, parent: Node, shown: dict[int, int], kind: str) -> bool:
    """Is `node` one of the parts its opened parent shows (not inside its rolled-up rest)?"""
    taken = shown.get(id(parent), 0)
    parts = _parts(parent, kind)
    return taken == len(parts) or node in parts[:taken]


def _emit(root: Node, kind: str, with_first: bool,
          shown: dict[int, int]) -> tuple[list[str], list[str]]:
    out: list[str] = []
    named: list[str] = []
    stack: list[Node | Leaf | str] = [root]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            out.append(item)
            continue
        if isinstance(item, Leaf):
            out.append(leaf_line(item, with_first))
            named.append(item.path)
            continue
        if item.collapsed:
            out.append(_group_line(item, kind))
            named.append(item.path)
            continue
        if item.depth and kind != "grep":
            out.append(_dir_line(item, kind))
            named.append(item.path)
        parts = _parts(item, kind)
        taken = shown.get(id(item), len(parts))
        pending: list[Node | Leaf | str] = list(parts[:taken])
        if taken < len(parts):
            pending.append(_rest_line(item, parts[taken:], kind))
            named.append(item.path)
        stack.extend(reversed(pending))
    return out, named
