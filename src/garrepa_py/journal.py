"""One JSON line per hook event, appended by many processes at once (standard library only).

Each line is written with a single `write` on an `O_APPEND` descriptor under an advisory lock,
so parallel hooks never interleave. Lines carry sizes, decisions and timings, never content.
"""

from __future__ import annotations

import os

from garrepa_py import fastjson, fs, paths

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator
    from typing import TypedDict

    class Record(TypedDict, total=False):
        """One journal line: the one record type from the hook (entry, pipeline, the route's
        Verdict, the engine's notes) and the logs runner to `report`, `doctor` and `recall`.
        A type for the checker only: at run time a plain dict, and a line read back may hold
        anything, so readers check each value's type before they count it."""

        v: str  # garrepa's version
        host: str  # the agent that ran the hook when not Claude Code (`--host codex`)
        ts: float
        latency_ms: float
        event: str | None  # PreToolUse | PostToolUse | LogRun (the logs runner)
        tool: str | None
        route: str  # a route's name (routes/registry.py), or "pass"
        session: str | None
        project: str | None
        tool_use_id: str  # links the line to the transcript's tool_result
        transcript: str  # where `report` finds the session's tokens and arrivals
        agent: str  # a subagent's id: its calls' results are in its own transcript
        key: str  # a fingerprint of the target (file, command), never the text
        decision: str  # pass | compress | audit | holdout | error
        reason: str
        deadline_ms: int  # the budget the work ran under
        config_problems: int
        # sizes, in chars (baseline.py): what the tool gave, what garrepa gave, what Claude
        # Code alone delivers, what it delivers of garrepa's reply, and read-backs
        chars_in: int | None
        chars_out: int | None
        baseline_chars: int | None
        delivered_chars: int | None
        would_deliver_chars: int | None  # audit mode: what the reply would have delivered
        recovery_chars: int | None
        fp: str  # the delivered replacement's fingerprint, found again in the transcript
        spills: list[str]  # spill ids of a briefing's exact bytes
        recovers: str  # the spill id a read brought back
        # the engine's labels and numbers (engine/brief.py), never content
        method: str
        model: str | None
        provider: str
        cache: str
        fallback: str
        retry: str
        masked: str
        unmaskable: str
        structural: str
        readable: str
        restored: int
        prune: str
        instruction_rule: str
        model_input: str
        model_input_why: str
        model_ms: float
        input_tokens: int | None
        output_tokens: int | None
        saved_log: str  # a Read of a saved test log: the runner family it was read as
        # the logs runner's run
        family: str
        failed: bool | None
        exit_code: int | None

ROTATE_BYTES = 20 * 1024 * 1024

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: one short O_APPEND write is atomic enough
    fcntl = None  # type: ignore[assignment]


def rotated(path: str) -> str:
    return path[: -len(".jsonl")] + ".1.jsonl" if path.endswith(".jsonl") else path + ".1"


def append(record: Record, target: str | None = None) -> None:
    path = target or paths.journal_file()
    line = (fastjson.dumps_flat(record) + "\n").encode("utf-8", "surrogateescape")
    fs.own_dir(os.path.dirname(path), follow=True)
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | fs.NOFOLLOW, 0o600)
    try:
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_EX)
        if os.fstat(fd).st_size > ROTATE_BYTES:
            os.replace(path, rotated(path))  # this line closes the old file; the next starts anew
        os.write(fd, line)
    finally:
        os.close(fd)  # closing releases the lock


def log_error(where: str, details: str) -> str:
    """Append a crash report to errors.log (0600, in the 0700 home); returns the log's path.

    The one writer for the hook and the CLI alike: a timestamp, where, then the details.
    """
    import time

    path = paths.error_log()
    fs.own_dir(os.path.dirname(path), follow=True)
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | fs.NOFOLLOW, 0o600)
    try:
        os.fchmod(fd, 0o600)
        stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
        os.write(fd, f"{stamp} {where}\n{details.rstrip()}\n".encode("utf-8", "replace"))
    finally:
        os.close(fd)
    return path


def read(since: float | None = None, target: str | os.PathLike[str] | None = None,
         holding: tuple[bytes, ...] = ()) -> Iterator[Record]:
    """Every well-formed record, oldest first; a torn or foreign line is skipped. With
    `holding`, only lines that contain one of those byte strings are parsed (a statusline's
    one session out of a 40 MB journal: most lines are never decoded)."""
    import json

    path = os.fspath(target) if target is not None else paths.journal_file()
    for source in (rotated(path), path):
        try:
            handle = open(source, "rb")
        except FileNotFoundError:
            continue
        with handle:
            for raw in handle:
                if holding and not any(needle in raw for needle in holding):
                    continue
                try:
                    record = json.loads(raw)
                except ValueError:
                    continue
                if not isinstance(record, dict):
                    continue
                if since is not None and not _at_or_after(record.get("ts"), since):
                    continue
                yield record  # type: ignore[misc]  # any shape: readers check each value


def _at_or_after(ts: object, since: float) -> bool:
    """A line's time is at or after `since`; a line without a time it can show (none, text,
    NaN) is never in a window."""
    return isinstance(ts, (int, float)) and not isinstance(ts, bool) and ts >= since
