"""One file's part of a diff, as git printed it: its header, its hunks, and where each is in the
whole text (1-based lines), so a digest can name the exact lines of anything it leaves out."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class FileDiff:
    old: str
    new: str
    header: list[str] = field(default_factory=list)  # diff --git … up to the first @@
    hunks: list[list[str]] = field(default_factory=list)
    binary: bool = False
    line: int = 1  # where its `diff --git` line is in the whole text (1-based)
    hunk_at: list[int] = field(default_factory=list)  # where each hunk's @@ line is

    def lines(self) -> tuple[int, int]:
        """(first, last): the lines of this file's section in the whole text."""
        return self.line, self.line + len(self.header) + sum(map(len, self.hunks)) - 1

    def hunk_lines(self, index: int) -> tuple[int, int]:
        return self.hunk_at[index], self.hunk_at[index] + len(self.hunks[index]) - 1

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
        name = self.name
        if any(line.startswith("new file mode") for line in self.header):
            name += " (new)"
        elif any(line.startswith("deleted file mode") for line in self.header):
            name += " (deleted)"
        if self.binary:
            return f"{name} | binary"
        added, removed = self.counts() if counts is None else counts
        return f"{name} | +{added} -{removed}"
