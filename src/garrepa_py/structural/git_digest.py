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
    def added(self) -> int:
        return sum(1 for h in self.hunks for line in h[1:] if line.startswith("+"))

    @property
    def removed(self) -> int:
        return sum(1 for h in self.hunks for line in h[1:] if line.startswith("-"))

    def text(self, hunks: list[list[str]] | None = None) -> str:
        chosen = self.hunks if hunks is None else hunks
        return "\n".join(self.header + [line for hunk in chosen for line in hunk])

    def stat(self) -> str:
        name = self.path if self.old in (self.new, "/dev/null") else f"{self.old} => {self.new}"
        if any(line.startswith("new file mode") for line in self.header):
            name += " (new)"
        elif any(line.startswith("deleted file mode") for line in self.header):
            name += " (deleted)"
        if self.binary:
            return f"{name} | binary"
        return f"{name} | +{self.added} -{self.removed}"


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
        stat = [line for line in rest if " | " in line or "changed" in line] \
            if rest and not any(DIFF_GIT.match(line) for line in rest) else []
        while message and not message[-1].strip():
            message.pop()
        commits.append(Commit(sha, header, message, parse_files(rest), stat))
    return commits


def priority(path: str) -> int:
    name = path.rsplit("/", 1)[-1].lower()
    if VENDORED.search(path):
        return 3
    if name in LOCKFILES or name.endswith(".lock"):
        return 2
    if GENERATED.search(path):
        return 1
    return 0


@dataclass
class Packer:
    """Fills a budget with whole file sections, then whole hunks, in priority order."""

    budget: int
    used: int = 0

    def fits(self, text: str) -> bool:
        return self.used + len(text) + 1 <= self.budget

    def take(self, text: str) -> None:
        self.used += len(text) + 1


PER_FILE_COMMANDS = 12  # longer left-out lists give one command pattern instead of one per file


def pack_files(files: list[FileDiff], packer: Packer,
               show_command: Callable[[FileDiff], str]) -> tuple[list[str], list[str]]:
    """(patch lines included, left-out lines naming what is missing and how to see it)."""
    order = sorted(range(len(files)), key=lambda i: (priority(files[i].path), i))
    included: dict[int, str] = {}
    missing: list[tuple[FileDiff, str]] = []
    for index in order:
        diff = files[index]
        whole = diff.text()
        if packer.fits(whole):
            packer.take(whole)
            included[index] = whole
            continue
        chosen: list[list[str]] = []
        for hunk in diff.hunks:
            if not packer.fits(diff.text(chosen + [hunk])):
                break
            chosen.append(hunk)
        if chosen:
            text = diff.text(chosen)
            packer.take(text)
            included[index] = text
            missing.append((diff, f"hunks {len(chosen) + 1}-{len(diff.hunks)} of "
                                  f"{len(diff.hunks)} left out"))
        else:
            missing.append((diff, diff.stat().split(" | ")[-1]))
    patch = [included[i] for i in sorted(included)]
    if len(missing) <= PER_FILE_COMMANDS:
        left = [f"- {diff.path} ({what}); see: {show_command(diff)}" for diff, what in missing]
    else:
        pattern = show_command(FileDiff("<path>", "<path>"))
        left = [f"(see each with: {pattern})",
                *(f"- {diff.path} ({what})" for diff, what in missing)]
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
    stat = [f" {diff.stat()}" for diff in files]
    added = sum(d.added for d in files)
    removed = sum(d.removed for d in files)
    head = [f"{len(files)} files changed, +{added} -{removed}:", *stat]

    def build(allowance: int) -> list[str]:
        patch, left = pack_files(files, Packer(allowance - sum(len(x) + 1 for x in head)),
                                 show_command)
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

    def build(allowance: int) -> list[str]:
        packer = Packer(allowance - sum(len(line) + 1 for line in summaries))
        out = [title]
        for commit in commits:
            out += commit.summary()
            out += [f"  {line.strip()}" for line in commit.stat_lines[:40]]
            if not commit.files:
                continue
            out.append(f"  {len(commit.files)} files: " +
                       "; ".join(d.stat() for d in commit.files))
            patch, left = pack_files(commit.files, packer, _bound(show_command, commit.sha))
            out += patch
            if left:
                out += [f"  left out of {commit.sha[:12]}:", *[f"  {line}" for line in left]]
        return out

    return fit_lines(_within(budget, build), budget, "the exact output is in the file below")


def _bound(show_command: Callable[[str, FileDiff], str], sha: str) -> Callable[[FileDiff], str]:
    def command(diff: FileDiff) -> str:
        return show_command(sha, diff)

    return command
