"""Reading the three path-like listings into a directory tree (structural/tree/listing.py): `grep`
output by file (`path:N:text`, `path-N-context`, `path:text`, `--`, binary-file notices), path
lists by directory (`find`, `fd`, `git ls-files`, `rg --files`), and `ls -R` sections (`dir:`,
`total N`, long or short rows). A line that is none of these is handed back by number, for the
digest to show if it looks like an error. One pass each, standard library only.
"""

from __future__ import annotations

import re

from garrepa_py.structural.tree.listing import NAMES_SHOWN, Leaf, Tree, parent_of

GREP_NUMBERED = re.compile(r"(?P<path>\S[^\n]*?)(?P<sep>[:-])(?P<line>\d+)(?P=sep)")
GREP_PLAIN = re.compile(r"(?P<path>[^\s:]+):")
BINARY = re.compile(r"(?:grep: (?P<new>.+): binary file matches|Binary file (?P<old>.+) matches)$")
LS_LONG = re.compile(r"[-dlcbpsD?][rwxsStTl-]{9}\S*\s+\d+\s+\S+\s+\S+\s+(?:\d+,\s*)?\d+\s+"
                     r"\S+\s+\S+\s+\S+\s(?P<name>.*)$")
LS_TOTAL = re.compile(r"total \d+(?:[.,]\d+)?[KMGT]?$")


def path_line(line: str) -> bool:
    """A path a listing prints: no indent, no `key: value`, no spaces unless it is rooted
    (`./a b/c`), and a slash or a dot in it."""
    return bool(line) and not line[0].isspace() and ": " not in line and "\t" not in line and \
        (" " not in line or line.startswith(("./", "/", "../"))) and \
        (line == "." or "/" in line or "." in line)


def grep_line(line: str, current: Leaf | None) -> tuple[str, bool, str] | None:
    """(path, is a match, text) of a grep line, or None. A context line `path-N-text` is
    attributed to the file being read when it starts with that file's path."""
    if current is not None and line.startswith(current.path) and \
            line[len(current.path):len(current.path) + 1] in ("-", ":"):
        rest = line[len(current.path):]
        found = GREP_NUMBERED.match("x" + rest)
        if found:
            return current.path, found.group("sep") == ":", rest[found.end() - 1:]
    found = GREP_NUMBERED.match(line)
    if found and looks_like_path(found.group("path")):
        return found.group("path"), found.group("sep") == ":", line[found.end():]
    plain = GREP_PLAIN.match(line)
    if plain and looks_like_path(plain.group("path")) and "://" not in line[:plain.end() + 2]:
        return plain.group("path"), True, line[plain.end():]
    return None


def looks_like_path(path: str) -> bool:
    name = path.rsplit("/", 1)[-1]
    return ("/" in path or "." in name[1:]) and not path.endswith(" ") and len(path) < 4096


def read_grep(lines: list[str], tree: Tree, leftover: list[int]) -> int:
    leaves: dict[str, Leaf] = {}
    current: Leaf | None = None
    matches = 0
    for number, line in enumerate(lines, start=1):
        if line == "--":
            continue
        binary = BINARY.match(line)
        if binary:
            path, is_match, said = binary.group("new") or binary.group("old"), False, ""
        else:
            parsed = grep_line(line, current)
            if parsed is None:
                leftover.append(number)
                continue
            path, is_match, said = parsed
        leaf = leaves.get(path)
        if leaf is None:
            leaf = leaves[path] = Leaf(path)
            tree.node(parent_of(path)).leaves.append(leaf)
        if binary:
            leaf.binary = True
        if leaf.runs and (leaf.runs[-1][1] == number - 1 or  # or across one `--` (grep -C)
                          (leaf.runs[-1][1] == number - 2 and lines[number - 2] == "--")):
            leaf.runs[-1][1] = number
        else:
            leaf.runs.append([number, number])
        if is_match:
            leaf.matches += 1
            matches += 1
            if leaf.first is None:
                leaf.first = (number, said)
        tree.touch(tree.nodes[parent_of(path)], number)
        current = leaf
    return matches


def read_paths(lines: list[str], tree: Tree, leftover: list[int]) -> int:
    seen: dict[str, int] = {}
    entries = 0
    for number, line in enumerate(lines, start=1):
        if not path_line(line):
            leftover.append(number)
            continue
        path = line.rstrip("/") or "/"
        seen[path] = number
        parent = parent_of(path)
        node = tree.node(parent)
        if not node.start and parent in seen:
            tree.touch(node, seen[parent])
        node.entries += 1
        entries += 1
        if len(node.names) < NAMES_SHOWN:
            node.names.append(path.rsplit("/", 1)[-1])
        tree.touch(node, number)
    return entries


def read_ls(lines: list[str], tree: Tree, leftover: list[int]) -> int:
    current = None
    entries = 0
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            current = None
            continue
        if line.endswith(":") and (number == 1 or not lines[number - 2].strip()):
            current = tree.node(line[:-1])
            current.own = (number, number)
            tree.touch(current, number)
            continue
        if current is None or (line.startswith("ls: ") and not LS_LONG.match(line)):
            leftover.append(number)
            continue
        assert current.own is not None
        current.own = (current.own[0], number)
        tree.touch(current, number)
        if LS_TOTAL.match(line):
            continue
        row = LS_LONG.match(line)
        name = row.group("name") if row else line
        if name in (".", ".."):
            continue
        current.entries += 1
        entries += 1
        if len(current.names) < NAMES_SHOWN:
            current.names.append(name.split(" -> ", 1)[0])
    return entries
