"""The logs runner's reading of its stdin: streamed once, in bounded memory, against a deadline.

Every byte goes to the spill as it came (raw: non-UTF-8 bytes stay exact). Memory holds only the
log's first HEAD_BYTES and a ring of its last TAIL_BYTES, for the digest, and the middle is only
scanned (once, chunk by chunk) for a line that says the run could not happen. Past the deadline
the output so far is handed on, bounded, and everything after it passes as it comes, so a run
that outlives Claude Code's Bash timeout still shows the agent its output.
"""

from __future__ import annotations

import hashlib
import os
import select
import time
from dataclasses import dataclass, field

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

    from garrepa_py.fs import PrivateStream

HEAD_BYTES = 2 * 1024 * 1024
TAIL_BYTES = 2 * 1024 * 1024
CHUNK = 1 << 16
LINE_CAP = 4096  # as structural/log/log_lines.LINE_CAP: a line's start is all the scan looks at
# Literal words every shell-failure line holds one of: the scan runs only on chunks with one.
_HINTS = (b"not found", b"No such file", b"Permission denied", b"npm ", b"go: ",
          b"directory prefix", b"error during build", b"No module named", b"can't open file",
          b"Cannot find module")


@dataclass
class Captured:
    """What was read: the head, the tail (the whole log when it fits in both), its size."""

    head: bytearray = field(default_factory=bytearray)
    tail: bytearray = field(default_factory=bytearray)
    size: int = 0
    newlines: int = 0
    shell_failure: bytes | None = None  # the first line saying the run could not happen
    sha256: str = ""
    past_deadline: bool = False
    spill_error: bool = False

    @property
    def whole(self) -> bool:
        return self.size == len(self.head) + len(self.tail)

    def bounded(self, each: int) -> bytes:
        """The log's first and last `each` bytes, with a line saying how much is between them
        (the whole log when it is that short)."""
        data = bytes(self.head + self.tail) if self.whole else b""
        if data and len(data) <= 2 * each:
            return data
        first = bytes(self.head[:each])
        last = bytes((self.head + self.tail)[-each:]) if self.whole else bytes(self.tail[-each:])
        between = self.size - len(first) - len(last)
        return (first + f"\n\n... [garrepa: {between:,} bytes of output not shown here] ...\n\n"
                .encode() + last)


class _Scan:
    """The first shell-failure line in a stream, scanning only complete lines, each once."""

    def __init__(self) -> None:
        from garrepa_py.structural.log.log_evidence import SHELL_FAILURE_BYTES

        self.pattern = SHELL_FAILURE_BYTES
        self.carry = b""
        self.found: bytes | None = None

    def feed(self, chunk: bytes, final: bool = False) -> None:
        if self.found is not None:
            return
        data = self.carry + chunk
        end = len(data) if final else data.rfind(b"\n") + 1
        complete, self.carry = data[:end], data[end:][:LINE_CAP]
        if complete and any(hint in complete for hint in _HINTS):
            match = self.pattern.search(complete)
            if match is not None:
                line_end = complete.find(b"\n", match.start())
                self.found = complete[match.start():line_end if line_end >= 0 else None][:LINE_CAP]


def capture(fd: int, deadline: float, sink: PrivateStream | None,
            on_deadline: Callable[[Captured], None],
            passing: Callable[[bytes], None]) -> Captured:
    """Read `fd` to its end. At `deadline` (time.monotonic()), `on_deadline` gets what was read
    so far and every later chunk goes to `passing` as it comes. A sink that fails to write is
    dropped (`spill_error`); reading goes on, so the command never blocks on a full pipe."""
    got = Captured()
    scan = _Scan()
    digest = hashlib.sha256()
    while True:
        if not got.past_deadline:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                got.past_deadline = True
                on_deadline(got)
            elif not select.select([fd], [], [], remaining)[0]:
                continue
        chunk = os.read(fd, CHUNK)
        if not chunk:
            break
        got.size += len(chunk)
        got.newlines += chunk.count(b"\n")
        digest.update(chunk)
        if sink is not None:
            try:
                sink.write(chunk)
            except OSError:
                sink.abort()
                sink, got.spill_error = None, True
        room = HEAD_BYTES - len(got.head)
        if room > 0:
            got.head += chunk[:room]
        rest = chunk[room:] if room > 0 else chunk
        if rest:
            got.tail += rest
            if len(got.tail) > 2 * TAIL_BYTES:  # trimmed now and then: amortised linear
                del got.tail[:len(got.tail) - TAIL_BYTES]
        scan.feed(chunk)
        if got.past_deadline:
            passing(chunk)
    scan.feed(b"", final=True)
    if len(got.tail) > TAIL_BYTES:
        del got.tail[:len(got.tail) - TAIL_BYTES]
    got.shell_failure, got.sha256 = scan.found, digest.hexdigest()
    return got
