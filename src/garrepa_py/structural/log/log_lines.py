"""What every log family's parser shares: cleaned lines, kept blocks and the parsed outcome."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

ANSI = re.compile(r"\x1b\[[0-9;?]{0,64}[ -/]{0,8}[@-~]|\x1b\][^\x07\x1b\n]{0,4096}(?:\x07|\x1b\\)|"
                  r"\x1b[()][A-Za-z0-9]|\x1b[=>]")
# A line longer than this is read (and shown) up to here: no parser looks further into a line,
# so every pattern costs at most this much per line.
LINE_CAP = 4096


def clean(raw: str) -> list[str]:
    """Lines without ANSI escapes and without what a carriage return drew over, each cut at
    LINE_CAP (marked by an ellipsis)."""
    text = ANSI.sub("", raw.replace("\r\n", "\n"))
    lines = [line.rsplit("\r", 1)[-1] for line in text.split("\n")]
    return [line if len(line) <= LINE_CAP else line[:LINE_CAP] + "…" for line in lines]


@dataclass(frozen=True)
class Cut:
    """The middle of a huge log that the runner spilled but did not keep in memory: the digest
    is made from the lines before and after it, around one marker line."""

    after_line: int  # the marker's line number (1-based) in the text that was read
    lines: int  # how many lines of the whole log the marker stands for
    chars: int  # the whole log's size
    cut_chars: int  # the middle's size
    shell_failure: str | None = None  # a line of the middle saying the run could not happen


@dataclass
class Block:
    """A failure kept whole: its name and its lines, numbered as in the cleaned log."""

    title: str  # a test id, a file:line, "error"
    first: int  # 1-based line in the cleaned log
    lines: list[str] = field(default_factory=list)

    @property
    def last(self) -> int:
        return self.first + len(self.lines) - 1

    def text(self) -> str:
        return "\n".join(self.lines)

    def trim(self) -> Block:
        while len(self.lines) > 1 and not self.lines[-1].strip():
            self.lines.pop()
        return self


@dataclass
class Parsed:
    """One family's reading of a log: what failed, its summary lines, and the outcome."""

    blocks: list[Block]
    summary: list[str]
    failed: bool
    how: str  # how the outcome was told, said in the digest
    exit_code: int
    family: str = ""


def span(lines: list[str], start: int, keep: re.Pattern[str] | None = None,
         stop: re.Pattern[str] | None = None, limit: int = 200) -> list[str]:
    """lines[start:] while they are indented or blank (or match `keep`) and do not match `stop`;
    trailing blank lines dropped."""
    taken: list[str] = []
    for line in lines[start:start + limit]:
        if stop is not None and stop.match(line):
            break
        if line.startswith((" ", "\t")) or not line.strip() or (keep is not None
                                                                 and keep.match(line)):
            taken.append(line)
            continue
        break
    while taken and not taken[-1].strip():
        taken.pop()
    return taken
