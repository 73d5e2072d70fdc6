"""Digests of `git diff`, `git log [-p]` and `git show` output that stay valid, grep-able patches.

Pure and deterministic. A diff becomes a --stat-style table of every file, then whole file
sections (headers and hunks intact, so what is included still applies with `git apply`) in a
useful order — source before lockfiles, generated and vendored files — while they fit, then the
files left out, each with the exact command that shows it. A log keeps every commit's SHA,
author, date and subject and the first lines of its body; with patches, each commit's stat and
hunks while they fit.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

BUDGET = 24000  # Claude Code persists Bash output over 30,000 chars: stay well under
BODY_LINES = 3
STAT_LINES = 40  # file lines of --stat/--name-status kept per commit
LOCKFILES = frozenset({"package-lock.json", "yarn.lock", "pnpm-lock.yaml", "poetry.lock",
                       "uv.lock", "cargo.lock", "go.sum", "gemfile.lock", "composer.lock",
                       "pipfile.lock", "flake.lock", "bun.lockb", "mix.lock", "pubspec.lock"})
GENERATED = re.compile(r"(\.min\.(js|css)$|\.map$|_pb2(_grpc)?\.py$|\.pb\.go$|\.snap$|"
                       r"(^|/)(dist|build|generated|__generated__)/)", re.I)
VENDORED = re.compile(r"(^|/)(vendor|node_modules|third_party|thirdparty|_vendor)/", re.I)
COMMIT = re.compile(r"^commit ([0-9a-f]{7,64})\b")
DIFF_GIT = re.compile(r"^diff --git (\"?a/.*?\"?) (\"?b/.*\"?)$")


@dataclass
class FileDiff:
    old: str
    new: str
    header: list[str] = field(default_factory=list)  # diff --git … up to the first @@
    hunks: list[list[str]] = field(default_factory=list)
    binary: bool = False

    @property
    def path(self) -> str:
        return self.new if self.new != "/dev/null" else self.old

    @property
    def renamed(self) -> bool:
        return self.old != self.new and "/dev/null" not in (self.old, self.new)

    @property
    def name(self) -> str:
        return f"{self.old} => {self.new}" if self.renamed else self.path

    @property
    def added(self) -> int:
        return sum(1 for h in self.hunks for line in h[1:] if line.startswith("+"))

    @property
    def removed(self) -> int:
        return sum(1 for h in self.hunks for line in h[1:] if line.startswith("-"))

    def text(self, hunks: list[list[str]] | None = None) -> str:
        chosen = self.hunks if hunks is None else hunks
        return "\n".join(self.header + [line for hunk in chosen for line in hunk])

    def counts(self) -> tuple[int, int]:
        """(added, removed) in one pass over the lines."""
        added = removed = 0
        for hunk in self.hunks:
            for line in hunk[1:]:
                first = line[:1]
                if first == "+":
                    added += 1
                elif first == "-":
                    removed += 1
        return added, removed

    def stat(self, counts: tuple[int, int] | None = None) -> str:
        name = self.path if self.old in (self.new, "/dev/null") else f"{self.old} => {self.new}"
        if any(line.startswith("new file mode") for line in self.header):
            name += " (new)"
        elif any(line.startswith("deleted file mode") for line in self.header):
            name += " (deleted)"
        if self.binary:
            return f"{name} | binary"
        added, removed = self.counts() if counts is None else counts
        return f"{name} | +{added} -{removed}"


@dataclass
class Commit:
    sha: str
    header: list[str]  # commit/Merge/Author/Date lines
    message: list[str]  # without the four-space indent
    files: list[FileDiff]
    stat_lines: list[str]  # a --stat block printed by git, kept as is

    def summary(self) -> list[str]:
        author = next((h[7:].strip() for h in self.header if h.startswith("Author:")), "")
        date = next((h[5:].strip() for h in self.header if h.startswith("Date:")), "")
        merge = next((h for h in self.header if h.startswith("Merge:")), "")
        text = [line for line in self.message]
        while text and not text[0].strip():
            text.pop(0)
        subject = text[0].strip() if text else ""
        body = [line for line in text[1:] if line.strip()]
        out = [f"commit {self.sha} | {author} | {date}" + (f" | {merge}" if merge else ""),
               f"    {subject}"]
        out += [f"    {line.strip()}" for line in body[:BODY_LINES]]
        if len(body) > BODY_LINES:
            out.append(f"    … {len(body) - BODY_LINES} more body lines")
        return out


def _strip_prefix(path: str) -> str:
    path = path.strip('"')
    return path[2:] if path[:2] in ("a/", "b/") else path


def parse_files(lines: list[str]) -> list[FileDiff]:
    files: list[FileDiff] = []
    current: FileDiff | None = None
    for line in lines:
        start = DIFF_GIT.match(line)
        if start:
            current = FileDiff(_strip_prefix(start.group(1)), _strip_prefix(start.group(2)),
                               [line])
            files.append(current)
            continue
        if current is None:
            continue
        if line.startswith("@@"):
            current.hunks.append([line])
        elif current.hunks:
            current.hunks[-1].append(line)
        else:
            current.header.append(line)
            if line.startswith("Binary files ") or line == "GIT binary patch":
                current.binary = True
            elif line.startswith("rename from "):
                current.old = line[12:]
            elif line.startswith("rename to "):
                current.new = line[10:]
            elif line.startswith("--- ") and line[4:] == "/dev/null":
                current.old = "/dev/null"
            elif line.startswith("+++ ") and line[4:] == "/dev/null":
                current.new = "/dev/null"
    for diff in files:  # drop a trailing blank line git log -p puts between commits
        if diff.hunks and diff.hunks[-1] and diff.hunks[-1][-1] == "":
            diff.hunks[-1].pop()
    return files


def parse_commits(text: str) -> list[Commit]:
    commits: list[Commit] = []
    lines = text.split("\n")
    starts = [i for i, line in enumerate(lines) if COMMIT.match(line)]
    for position, start in enumerate(starts):
        end = starts[position + 1] if position + 1 < len(starts) else len(lines)
        block = lines[start:end]
        sha = COMMIT.match(block[0]).group(1)  # type: ignore[union-attr]
        header, message, rest_at = [block[0]], [], len(block)
        index = 1
        while index < len(block) and block[index].strip() and not block[index].startswith("    "):
            header.append(block[index])
            index += 1
        while index < len(block):
            line = block[index]
            if line.startswith("    ") or not line.strip():
                message.append(line[4:] if line.startswith("    ") else "")
                index += 1
                continue
            rest_at = index
            break
        rest = block[rest_at:]
        # --stat, --numstat, --name-status, --name-only: every non-blank line after the message
        stat = [line for line in rest if line.strip()] \
            if rest and not any(DIFF_GIT.match(line) for line in rest) else []
        while message and not message[-1].strip():
            message.pop()
        commits.append(Commit(sha, header, message, parse_files(rest), stat))
    return commits


TESTS = re.compile(r"(^|/)(tests?|spec|specs|__tests__|testing)/|(^|/)test_[^/]*$|"
                   r"_test\.[a-z]+$|\.(test|spec)\.[a-z]+$|(^|/)conftest\.py$", re.I)
DOCS = re.compile(r"(^|/)(docs?|documentation)/|\.(md|mdx|rst|txt|adoc|org)$|(^|/)(readme|"
                  r"changelog|changes|history|news|authors|contributors|license|copying|notice)"
                  r"([._-][^/]*)?$", re.I)
BUILD_CONFIG = re.compile(r"(^|/)(setup\.py|setup\.cfg|pyproject\.toml|tox\.ini|noxfile\.py|"
                          r"requirements[^/]*\.txt|package\.json|tsconfig[^/]*\.json|Cargo\.toml|"
                          r"go\.mod|Makefile|Dockerfile|\.pre-commit-config\.yaml)$|"
                          r"(^|/)\.github/", re.I)
BUILD_METADATA = re.compile(r"(^|/)(PKG-INFO|SOURCES\.txt|MANIFEST(\.in)?|RECORD|WHEEL)$|"
                            r"\.(egg|dist)-info/|(^|/)__snapshots__/", re.I)


def priority(path: str) -> int:
    """Code first: source 0, tests 1, docs and changelogs 2, build configuration 3, build
    metadata and generated files 4, lockfiles 5, vendored code 6. Within a rank, diff order."""
    name = path.rsplit("/", 1)[-1].lower()
    if VENDORED.search(path):
        return 6
    if name in LOCKFILES or name.endswith(".lock"):
        return 5
    if GENERATED.search(path) or BUILD_METADATA.search(path):
        return 4
    if BUILD_CONFIG.search(path):
        return 3
    if TESTS.search(path):
        return 1
    if DOCS.search(path):
        return 2
    return 0


@dataclass
class Packer:
    """Fills a budget with whole file sections, then whole hunks, in priority order."""

    budget: int
    used: int = 0

    def fits(self, text: str) -> bool:
        return self.fits_chars(len(text))

    def fits_chars(self, chars: int) -> bool:
        return self.used + chars + 1 <= self.budget

    def take(self, text: str) -> None:
        self.used += len(text) + 1


PER_FILE_COMMANDS = 12  # longer left-out lists give one command pattern instead of one per file


@dataclass(frozen=True)
class FileFacts:
    """What packing needs to know of each file, worked out once per digest (the digest packs
    again with a smaller allowance when the first try does not fit)."""

    ranks: list[int]
    header_chars: list[int]  # the header lines, each with its newline
    hunk_chars: list[list[int]]  # each hunk's lines, each with its newline
    stats: list[str]  # diff.stat()

    @classmethod
    def of(cls, files: list[FileDiff]) -> FileFacts:
        return cls.of_known(files, [diff.stat() for diff in files])

    @classmethod
    def of_known(cls, files: list[FileDiff], stats: list[str]) -> FileFacts:
        return cls([priority(diff.path) for diff in files],
                   [sum(len(line) + 1 for line in diff.header) for diff in files],
                   [[sum(len(line) + 1 for line in hunk) for hunk in diff.hunks]
                    for diff in files], stats)


def pack_files(files: list[FileDiff], packer: Packer,
               show_command: Callable[[FileDiff], str],
               facts: FileFacts | None = None) -> tuple[list[str], list[str]]:
    """(patch lines included, left-out lines naming what is missing and how to see it).

    Sizes are summed, not measured on joined text: a file or hunk that does not fit is never
    joined, so packing stays linear in the diff."""
    known = facts or FileFacts.of(files)
    ranks = known.ranks
    # Within a rank the smallest changes go in first, so one big file cannot crowd out many
    # small ones; the patch is then printed in rank and diff order.
    sizes = [sum(hunks) for hunks in known.hunk_chars]
    order = sorted(range(len(files)), key=lambda i: (ranks[i], sizes[i], i))
    included: dict[int, str] = {}
    missing: list[tuple[FileDiff, str]] = []
    for index in order:
        diff = files[index]
        chars = known.header_chars[index]  # len(diff.text(hunks)) + 1 as hunks are added
        if packer.fits_chars(chars + sizes[index] - 1):
            whole = diff.text()
            packer.take(whole)
            included[index] = whole
            continue
        count = 0
        for hunk_chars in known.hunk_chars[index]:
            if not packer.fits_chars(chars + hunk_chars - 1):
                break
            chars += hunk_chars
            count += 1
        if count:
            text = diff.text(diff.hunks[:count])
            packer.take(text)
            included[index] = text
            missing.append((diff, f"hunks {count + 1}-{len(diff.hunks)} of "
                                  f"{len(diff.hunks)} left out"))
        else:
            missing.append((diff, known.stats[index].split(" | ")[-1]))
    patch = [included[i] for i in sorted(included, key=lambda i: (ranks[i], i))]  # code first
    if len(missing) <= PER_FILE_COMMANDS:
        left = [f"- {diff.name} ({what}); see: {show_command(diff)}" for diff, what in missing]
    else:
        pattern = show_command(FileDiff("<path>", "<path>"))
        if any(diff.renamed for diff, _ in missing):
            renamed = show_command(FileDiff("<old path>", "<new path>"))
            pattern += f"; for a rename: {renamed}"
        left = [f"(see each with: {pattern})",
                *(f"- {diff.name} ({what})" for diff, what in missing)]
    return patch, left


def fit_lines(lines: list[str], budget: int, more: str) -> str:
    """The lines within `budget`; if cut, a last line counts what is missing and says `more`."""
    text = "\n".join(lines)
    if len(text) <= budget:
        return text
    kept, used = [], 0
    for line in lines:
        if used + len(line) + 1 > budget - 200:
            break
        kept.append(line)
        used += len(line) + 1
    return "\n".join([*kept, f"… {len(lines) - len(kept)} more lines not shown; {more}"])


def _within(budget: int, build: Callable[[int], list[str]]) -> list[str]:
    """Build with a patch allowance that shrinks until the whole digest fits the budget."""
    allowance = budget
    lines = build(allowance)
    for _ in range(5):
        size = sum(len(line) + 1 for line in lines)
        if size <= budget or allowance <= 0:
            break
        allowance -= size - budget + 200
        lines = build(max(allowance, 0))
    return lines


def digest_diff(text: str, show_command: Callable[[FileDiff], str],
                budget: int = BUDGET) -> str:
    files = parse_files(text.split("\n"))
    if not files:
        return ""
    counts = [diff.counts() for diff in files]
    stats = [diff.stat(count) for diff, count in zip(files, counts, strict=True)]
    facts = FileFacts.of_known(files, stats)
    added = sum(count[0] for count in counts)
    removed = sum(count[1] for count in counts)
    head = [f"{len(files)} files changed, +{added} -{removed}:", *(f" {s}" for s in stats)]

    def build(allowance: int) -> list[str]:
        patch, left = pack_files(files, Packer(allowance - sum(len(x) + 1 for x in head)),
                                 show_command, facts)
        out = head + ["", "Patch (whole hunks; applies with git apply):", *patch]
        if left:
            count = sum(1 for line in left if line.startswith("- "))
            out += ["", f"Left out ({count}):", *left]
        return out

    return fit_lines(_within(budget, build), budget, "the exact output is in the file below")


def _oneline(commit: Commit) -> str:
    date = next((h[5:].strip() for h in commit.header if h.startswith("Date:")), "")
    subject = next((line.strip() for line in commit.message if line.strip()), "")
    return f"{commit.sha} {date} | {subject}"


def digest_log(text: str, show_command: Callable[[str, FileDiff], str],
               budget: int = BUDGET) -> str:
    commits = parse_commits(text)
    if not commits:
        return ""
    title = f"{len(commits)} commits, in the order git printed them:"
    summaries = [line for commit in commits for line in commit.summary()]
    if sum(len(line) + 1 for line in summaries) > budget * 0.8:
        # Too many commits for full summaries: one line each, then a count of the rest.
        lines = [title, *(_oneline(commit) for commit in commits)]
        return fit_lines(lines, budget, "the exact output is in the file below")

    facts = {id(commit): FileFacts.of(commit.files) for commit in commits if commit.files}

    def build(allowance: int) -> list[str]:
        packer = Packer(allowance - sum(len(line) + 1 for line in summaries))
        out = [title]
        for commit in commits:
            out += commit.summary()
            out += [f"  {line.strip()}" for line in commit.stat_lines[:STAT_LINES]]
            if len(commit.stat_lines) > STAT_LINES:
                out.append(f"  … {len(commit.stat_lines) - STAT_LINES} more file lines")
            if not commit.files:
                continue
            known = facts[id(commit)]
            out.append(f"  {len(commit.files)} files: " + "; ".join(known.stats))
            patch, left = pack_files(commit.files, packer, _bound(show_command, commit.sha),
                                     known)
            out += patch
            if left:
                out += [f"  left out of {commit.sha[:12]}:", *[f"  {line}" for line in left]]
        return out

    return fit_lines(_within(budget, build), budget, "the exact output is in the file below")


def _bound(show_command: Callable[[str, FileDiff], str], sha: str) -> Callable[[FileDiff], str]:
    def command(diff: FileDiff) -> str:
        return show_command(sha, diff)

    return command


ONELINE = re.compile(r"^[*|\\/ _.-]*?([0-9a-f]{7,40})\b ")
GRAPH_ONLY = re.compile(r"^[*|\\/ _.-]+$")
ONELINE_CHARS = 160


def digest_oneline(text: str, budget: int = BUDGET) -> str:
    """`git log --oneline` (with or without --graph): the lines as printed while they fit, then
    the SHA of every further commit, then where the rest starts. Empty if it is not one."""
    lines = text.split("\n")
    commits = [line for line in lines if ONELINE.match(line)]
    other = sum(1 for line in lines if GRAPH_ONLY.match(line) or not line)
    if len(commits) < 3 or len(commits) + other < len(lines):
        return ""
    out = [f"{len(commits)} commits, one line each as git printed them:"]
    used = len(out[0]) + 1
    shown = 0
    # Whole lines while they fit, leaving room for the SHA of every commit after them.
    sha_room = sum(len(match.group(1)) + 1 for match in map(ONELINE.match, commits) if match)
    verbatim = budget if len(text) <= budget else max(budget * 0.2, budget - 300 - sha_room)
    for line in lines:
        if not line:
            continue
        row = line if len(line) <= ONELINE_CHARS else line[:ONELINE_CHARS] + " …"
        if used + len(row) + 1 > verbatim:
            break
        out.append(row)
        used += len(row) + 1
        shown += 1 if ONELINE.match(line) else 0
    rest = commits[shown:]
    if not rest:
        return "\n".join(out)
    shas = [ONELINE.match(line).group(1) for line in rest]  # type: ignore[union-attr]
    out.append(f"the next {len(shas)} commits by SHA, in order:")
    row, listed = "", 0
    for sha in shas:
        if used + len(row) + len(sha) + 2 > budget - 200:
            break
        row = f"{row} {sha}" if row else sha
        listed += 1
        if len(row) > 100:
            out.append(row)
            used += len(row) + 1
            row = ""
    if row:
        out.append(row)
    if listed < len(shas):
        after = shas[listed - 1] if listed else "these"
        out.append(f"… and {len(shas) - listed} more commits after {after}; the exact output "
                   "is in the file below")
    return "\n".join(out)


BLAME = re.compile(r"^\^?([0-9a-f]{7,40})(?: [^(]*?)? ?\((.*?) +(\d{4}-\d\d-\d\d)[^)]*? (\d+)\) ?")


def digest_blame(text: str, budget: int = BUDGET) -> str:
    """`git blame` (default format): who last changed which lines — one row per run of lines
    from the same commit — without the code, which is the file itself. Empty if not blame."""
    lines = [line for line in text.split("\n") if line]
    parsed = [BLAME.match(line) for line in lines]
    if not lines or any(match is None for match in parsed):
        return ""
    runs: list[list[str]] = []  # [first line, last line, sha, author, date]
    authors: dict[str, int] = {}
    for match in parsed:
        sha, author, date, number = match.groups()  # type: ignore[union-attr]
        authors[author.strip()] = authors.get(author.strip(), 0) + 1
        if runs and runs[-1][2] == sha and int(runs[-1][1]) + 1 == int(number):
            runs[-1][1] = number
        else:
            runs.append([number, number, sha, author.strip(), date])
    commits = len({run[2] for run in runs})
    busiest = sorted(authors.items(), key=lambda kv: -kv[1])[:8]
    out = [f"git blame of {len(lines):,} lines: {commits} commits, {len(authors)} authors ("
           + ", ".join(f"{a} {n} lines" for a, n in busiest) + "). Runs of lines last "
           "changed by the same commit (lines | commit | author | date); the code itself is "
           "the file:"]
    rows = [f"{first}-{last} | {sha} | {author} | {date}" if first != last
            else f"{first} | {sha} | {author} | {date}" for first, last, sha, author, date in runs]
    return fit_lines([*out, *rows], budget, "the exact output is in the file below")
