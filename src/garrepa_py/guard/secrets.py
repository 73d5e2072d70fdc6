"""The secret guard: secret paths are never read; secret content is masked, not refused.

Paths (`.env*`, keys, `.ssh/`, …, symlink targets and hard links too) are never read, sent or
spilled. Content is scanned for findings — a kind, a line and a span — so that what goes to a
model has each one replaced by `[secret: KIND]` and the agent's briefing says which line held
what. Standard library only, with no import on the way (it runs on the hook path): a cheap
prefilter (str.find of a few words) picks the candidate lines, and the finders of
`guard.shapes` (vendor tokens, keyword assignments in every syntax, URL passwords, headers,
shell flags) and of `guard.forms` (call arguments, netrc, XML, `.pgpass`, cookies, name/value
pairs) give exact spans on them; `guard.yaml_blocks` follows a candidate line into the lines
below it (a k8s Secret's data, a block scalar, a `value:` under `name:`). Private-key blocks
are masked line for line, a secret file's hunks in a diff whole (`guard.diff_files`), and JSON
value by value so it still parses (`guard.json_values`).
"""

from __future__ import annotations

import fnmatch
import os
import re
from typing import Any

# Matched against each path component, lower-cased.
SECRET_NAME_GLOBS = (
    ".env", ".env.*", "*.env", "*.pem", "*.key", "*.p12", "*.pfx", "*.jks", "*.keystore",
    "id_rsa*", "id_dsa*", "id_ed25519*", "id_ecdsa*", "*credentials*", ".netrc", "_netrc",
    ".npmrc", ".pypirc", ".pgpass", "kubeconfig", "*.kubeconfig", ".git-credentials",
    "*.tfvars", "*.tfstate", "*secret*.json", "*secret*.yaml", "*secret*.yml",
    "secrets.toml", "secrets.ini", "secrets.env", "secrets.txt", "secrets.conf",
    "secrets.properties", "secrets.xml", ".envrc", ".dockercfg",
)  # `secrets.*` once matched `secrets.py` too: source code is scanned and masked, not hidden
SECRET_DIRS = ("secrets", ".ssh", ".aws", ".gnupg", ".kube", ".docker", ".azure", ".gcloud")
MAX_SIBLINGS = 4096  # entries looked at for a hard link's other names


def secret_name(path: str) -> str | None:
    """Why a path is secret by its name alone ('name:<glob>' or 'dir:<name>'), or None."""
    parts = [p.lower() for p in path.replace("\\", "/").split("/") if p]
    if not parts:
        return None
    for directory in parts[:-1]:
        if directory in SECRET_DIRS:
            return f"dir:{directory}"
    name = parts[-1]
    for glob in SECRET_NAME_GLOBS:
        if fnmatch.fnmatchcase(name, glob):
            return f"name:{glob}"
    return None


def secret_path(path: str) -> str | None:
    """Why a path is secret ('name:<glob>', 'dir:<name>', 'link:<glob>'), or None. Symlinks
    are resolved; a hard link is secret when its directory names the same file secretly."""
    candidates = {os.path.normpath(path)}
    try:
        candidates.add(os.path.realpath(path))
    except (OSError, ValueError):
        pass
    for candidate in sorted(candidates):
        hit = secret_name(candidate)
        if hit:
            return hit
    return _hard_link(path)


def _hard_link(path: str) -> str | None:
    """A file with more than one name whose sibling name is secret (`notes.md` ≡ `.env`)."""
    try:
        info = os.stat(path)
        if info.st_nlink < 2 or not os.path.isfile(path):
            return None
        with os.scandir(os.path.dirname(os.path.abspath(path))) as entries:
            for count, entry in enumerate(entries):
                if count > MAX_SIBLINGS:
                    return None
                hit = secret_name(entry.name)
                if hit and entry.is_file(follow_symlinks=False):
                    other = entry.stat(follow_symlinks=False)
                    if (other.st_ino, other.st_dev) == (info.st_ino, info.st_dev):
                        return "link:" + hit.split(":", 1)[1]
    except (OSError, ValueError):
        return None
    return None


_PEM_BEGIN = re.compile(r"-----BEGIN (?P<label>(?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?)-----")

# A line is a candidate when it holds one of these (case-insensitive): secret names, header
# words, tools with password flags. Found with str.find on the lower-cased text, which runs at
# memory speed (a regex alternation took 5 s on 12 MB) and never holds the GIL for long.
_CANDIDATE_WORDS = ("pass", "pwd", "pw", "secret", "token", "auth", "cred", "key", "bearer",
                    "basic", "mysql", "mariadb", "-u ", "--user", "private", "cookie", "login",
                    "\\u00")  # `\u0070assword`: an escaped key name
_CANDIDATE_RE = re.compile("|".join(map(re.escape, _CANDIDATE_WORDS)))
SMALL_TEXT = 4096
_URL_CREDENTIALS = re.compile(r"://[^\s/@]{0,256}:[^\s/@]{1,256}@")  # user:password@host, bounded
MAX_CANDIDATE_LINES = 100_000  # past this, the scan would not fit the hook's deadline
MAX_CANDIDATE_VALUES = 60_000  # JSON string values scanned as text, the same bound
MAX_DEPTH = 3  # JSON inside a JSON string inside …: deeper is masked as plain text


class Finding:
    """A secret on one line: its kind and where it is (`end` = -1: to the end of the line).
    `replacement`: the text to put in its place, when not `[secret: KIND]` (a JSON literal)."""

    __slots__ = ("kind", "line", "start", "end", "replacement")

    def __init__(self, kind: str, line: int, start: int, end: int,
                 replacement: str | None = None) -> None:
        self.kind, self.line, self.start, self.end = kind, line, start, end
        self.replacement = replacement

    def __repr__(self) -> str:
        return f"Finding({self.kind!r}, line {self.line}, {self.start}:{self.end})"


class Scan:
    """What a text holds. `unmaskable`: kinds found whose extent is unknown (send nothing)."""

    __slots__ = ("findings", "unmaskable", "detector")

    def __init__(self, findings: list[Finding], unmaskable: tuple[str, ...] = (),
                 detector: str = "builtin") -> None:
        self.findings = findings
        self.unmaskable = unmaskable
        self.detector = detector

    def __bool__(self) -> bool:
        return bool(self.findings or self.unmaskable)

    def kinds(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for finding in self.findings:
            counts[finding.kind] = counts.get(finding.kind, 0) + 1
        return counts

    def locations(self) -> list[tuple[int, str]]:
        """(line, kind) once per line and kind, in order: for messages, never values."""
        return sorted({(f.line, f.kind) for f in self.findings})

    def places(self) -> list[str]:
        """`line 7 credential`, and a run of consecutive lines of one kind as one range
        (`lines 231900-231939 private-key`): for the masking notice, never values."""
        runs: list[list[Any]] = []  # [kind, first, last]
        open_runs: dict[str, list[Any]] = {}
        for line, kind in self.locations():
            run = open_runs.get(kind)
            if run is not None and run[2] == line - 1:
                run[2] = line
                continue
            run = [kind, line, line]
            open_runs[kind] = run
            runs.append(run)
        return [f"line {first} {kind}" if first == last else f"lines {first}-{last} {kind}"
                for kind, first, last in sorted(runs, key=lambda run: (run[1], run[0]))]

    def summary(self) -> str:
        """`aws-key:2,credential:1` for the journal (kinds and counts only)."""
        return ",".join(f"{kind}:{count}" for kind, count in sorted(self.kinds().items()))


_PEM_BODY = re.compile(r"^\s*(?:\d+\t)?(?:[A-Za-z0-9+/=]{8,}|[A-Za-z-]+: .*|)\s*$")


def _pem_blocks(lines: list[str], found: list[Finding]) -> None:
    """Private-key blocks, line by line: the BEGIN line from its marker, the base64 body and
    its headers, the END line. A BEGIN marker quoted in prose masks only itself."""
    index = 0
    while index < len(lines):
        line = lines[index]
        match = _PEM_BEGIN.search(line) if "PRIVATE KEY" in line else None
        if match is None:
            index += 1
            continue
        end_marker = f"-----END {match.group('label')}-----"
        found.append(Finding("private-key", index + 1, match.start(), -1))
        # A prefix the BEGIN line has (a test log's `E   `, a comment's `# `) on every line
        prefix = line[:match.start()] if line[:match.start()].strip() else ""
        index += 1
        while index < len(lines):
            body = lines[index]
            at = body.find(end_marker)
            if at >= 0:
                found.append(Finding("private-key", index + 1, 0, at + len(end_marker)))
                index += 1
                break
            if prefix and body.startswith(prefix):
                body = body[len(prefix):]
            after = lines[index + 1] if index + 1 < len(lines) else ""
            if prefix and after.startswith(prefix):
                after = after[len(prefix):]
            if not _PEM_BODY.match(body) or not body.strip() and index + 1 < len(lines) \
                    and not _PEM_BODY.match(after):
                break
            if body.strip():
                found.append(Finding("private-key", index + 1, 0, -1))
            index += 1



def _candidate_offsets(text: str) -> list[int]:
    """Sorted offsets the prefilter flags: secret words, token prefixes, `user:pw@` in URLs."""
    from garrepa_py.guard import forms, shapes

    lower = text.lower()
    if len(lower) != len(text):  # case-folding moved offsets (rare scripts): every line
        return [0] + [m.start() + 1 for m in re.finditer("\n", text)]
    positions: list[int] = []
    if len(text) <= SMALL_TEXT:  # one C call each: a JSON value, a line
        positions += [m.start() for m in _CANDIDATE_RE.finditer(lower)]
        positions += [m.start() for m in shapes.TOKEN_PREFIX.finditer(text)]
    else:  # str.find runs at memory speed where an alternation would crawl
        for haystack, needles in ((lower, _CANDIDATE_WORDS), (text, shapes.TOKEN_LITERALS)):
            for word in needles:
                at = haystack.find(word)
                while at != -1:
                    positions.append(at)
                    at = haystack.find(word, at + len(word))
    if "://" in text:
        positions.extend(match.start() for match in _URL_CREDENTIALS.finditer(text))
    if ":" in text:  # `.pgpass` lines hold no secret word: host:port:db:user:password
        positions.extend(match.start() for match in forms.PGPASS_START.finditer(text))
    return sorted(set(positions))


def _lines_of(text: str, offsets: list[int]) -> list[int]:
    numbers: list[int] = []
    line, position = 1, 0
    for at in offsets:
        line += text.count("\n", position, at)
        position = at
        if not numbers or numbers[-1] != line:
            numbers.append(line)
    return numbers


def scan(text: str, depth: int = 0) -> Scan:
    """Every secret finding in `text`, by line (1-based) and span. Never raises on content."""
    from garrepa_py.guard import json_values, shapes

    if depth and len(text) <= SMALL_TEXT and "\n" not in text and text[:1] not in "{[" \
            and "PRIVATE KEY" not in text:  # a JSON string value the prefilter flagged: one line
        return Scan(_merged([Finding(kind, 1, start, end)
                             for kind, start, end in shapes.line_spans(text)]))
    found: list[Finding] = []
    unmaskable: set[str] = set()
    offsets = _candidate_offsets(text)
    if depth < MAX_DEPTH and json_values.documents(text):
        seen: dict[str, tuple[str, Scan]] = {}  # the same value in many items: scanned once
        scanned = [0]

        def inner(value: str) -> tuple[str, Scan]:
            known = seen.get(value)
            if known is not None:
                return known
            if scanned[0] >= MAX_CANDIDATE_VALUES:  # cannot be sure in time: send nothing
                return value, Scan([], ("too-many-candidates",))
            scanned[0] += 1
            nested = scan(value, depth + 1)
            result = mask(value, nested), nested
            if len(value) <= SMALL_TEXT:
                seen[value] = result
            return result

        every_line = len(text.lower()) != len(text)  # offsets are line starts, not words
        replaced, missed = json_values.findings(text, None if every_line else offsets, inner)
        found.extend(Finding(kind, line, start, end, literal)
                     for kind, line, start, end, literal in replaced)
        json_scan = Scan(_merged(found), tuple(sorted(missed)))
        if not json_scan.findings or json_values.documents(mask(text, json_scan)):
            return json_scan
        found = []  # never: each replacement is a literal; but if not, mask as plain text
    lines = text.split("\n")
    if "PRIVATE KEY" in text:
        _pem_blocks(lines, found)
    candidates = _lines_of(text, offsets)
    if len(candidates) > MAX_CANDIDATE_LINES:
        unmaskable.add("too-many-candidates")  # cannot be sure in time: send nothing
    else:
        for number in candidates:
            found.extend(Finding(kind, number, start, end)
                         for kind, start, end in shapes.line_spans(lines[number - 1]))
        found.extend(_continued(lines, candidates))
        from garrepa_py.guard import yaml_blocks

        found.extend(Finding("credential", number, start, end) for number, start, end
                     in yaml_blocks.spans(lines, candidates))
    from garrepa_py.guard import diff_files

    if diff_files.is_diff(text):
        found.extend(Finding(diff_files.KIND, number, start, end) for number, start, end
                     in diff_files.secret_hunk_lines(lines, secret_name))
    return Scan(_merged(found), tuple(sorted(unmaskable)))


MAX_CONTINUED = 20  # lines joined by backslash-newline into one command
MAX_JOINED = 8192  # characters of one joined command


def _continued(lines: list[str], candidates: list[int]) -> list[Finding]:
    """Secrets split by a backslash at a line's end (`export TOKEN=\\` and the value below it,
    `docker login \\` … `-p PW`): each candidate line that ends so is joined with the lines it
    continues into, as the shell reads them, and each span found is put back on its lines.
    A line is joined at most once, so the cost stays linear."""
    from garrepa_py.guard import shapes

    out: list[Finding] = []
    joined_up_to = 0
    for number in candidates:
        if number <= joined_up_to or not lines[number - 1].endswith("\\"):
            continue
        pieces: list[tuple[int, int, str]] = []  # (line, offset in the joined text, text)
        at, index = 0, number - 1
        while index < len(lines) and len(pieces) <= MAX_CONTINUED and at < MAX_JOINED:
            line = lines[index]
            piece = line[:-1] if line.endswith("\\") else line
            pieces.append((index + 1, at, piece))
            at += len(piece)
            index += 1
            if not line.endswith("\\"):
                break
        joined_up_to = pieces[-1][0]
        if len(pieces) < 2:
            continue
        text = "".join(piece for _, _, piece in pieces)
        for kind, start, end in shapes.line_spans(text):
            for line_number, offset, piece in pieces:
                left, right = max(start, offset), min(end, offset + len(piece))
                if left < right:
                    out.append(Finding(kind, line_number, left - offset, right - offset))
    return out


def _merged(found: list[Finding]) -> list[Finding]:
    """One finding per overlapping span; whole-line findings swallow the rest of their line."""
    out: list[Finding] = []
    # Where spans overlap the first one sorted here names the kind: a whole-line block first,
    # then the longest, then a specific kind (stripe-key) before a generic one (credential).
    generic = ("credential", "url-password", "bearer-token")
    for finding in sorted(found, key=lambda f: (f.line, f.start, -(f.end if f.end >= 0 else 1 << 30),
                                                f.kind in generic)):
        last = out[-1] if out else None
        if last is not None and last.line == finding.line and (
                last.end < 0 or finding.start < last.end):
            if last.end >= 0 and (finding.end < 0 or finding.end > last.end):
                last.end = finding.end
            continue
        out.append(Finding(finding.kind, finding.line, finding.start, finding.end,
                           finding.replacement))
    return out


def mask(text: str, found: Scan) -> str:
    """`text` with every finding replaced by `[secret: KIND]`; the line count is unchanged."""
    if not found.findings:
        return text
    lines = text.split("\n")
    by_line: dict[int, list[Finding]] = {}
    for finding in found.findings:
        by_line.setdefault(finding.line, []).append(finding)
    for number, findings in by_line.items():
        line = lines[number - 1]
        pieces, at = [], 0
        for finding in sorted(findings, key=lambda f: f.start):  # merged: none overlap
            pieces += [line[at:finding.start], finding.replacement or f"[secret: {finding.kind}]"]
            at = len(line) if finding.end < 0 else finding.end
        lines[number - 1] = "".join(pieces) + line[at:]
    return "\n".join(lines)


def masked(text: str) -> tuple[str, Scan]:
    """The one code path: what a model would get, and what was found."""
    found = scan(text)
    return mask(text, found), found
