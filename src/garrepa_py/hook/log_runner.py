"""garrepa-log: the far end of `COMMAND 2>&1 | garrepa-log`.

Its exit status is the only one the agent sees (the pipeline's; Claude Code runs Bash without
pipefail), so it never reports a run as passed without the family's positive evidence in the log
(structural/log/log_evidence.py): a failure, or a log it cannot read with certainty, exits non-zero.
It streams the output once (hook/log_capture.py): the raw bytes into a spill, a bounded head and
tail into memory; then prints the log as it came when short, else a digest that keeps every
failure and names the spill. The outcome is decided without the spill: when the spill cannot be
written the log passes bounded (its first and last parts, as Claude Code would show them) and
the exit code is still the decided one. Past its deadline (under Claude Code's Bash timeout) the
output so far passes bounded and the rest as it comes. It journals the run (sizes, family,
outcome — never content). Anything unexpected prints the output as it came and exits 1 when it
cannot tell the outcome: garrepa never loses a run, and never turns a failure into a pass.
"""

from __future__ import annotations

import os
import sys
import time

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

    from garrepa_py.fs import PrivateStream
    from garrepa_py.hook.log_capture import Captured
    from garrepa_py.journal import Record
    from garrepa_py.structural.log.log_lines import Cut
    from garrepa_py.structural.log.logs import Digest

SMALL = 6000  # a log this short is printed as it came (its outcome still decides the exit code)
SHOWN = 15_000  # head and tail, each, of a log passed bounded (Claude Code keeps 30,000 chars)
BASH_TIMEOUT_MS = 120_000  # Claude Code's default Bash timeout (the tool's own when the hook says)
MARGIN_S = 10.0  # the deadline's distance from the timeout: time to print before being killed


SELF_FLAG = "--runner-self"  # the launcher's last two words: the path it was started by
RUNNER_TAIL = ("/.claude/hooks/garrepa-log",)


def _arguments(argv: list[str]) -> dict[str, str]:
    """The command line's options; `project` only ever the runner's own project (own_project)."""
    self_path = argv[-1] if len(argv) >= 2 and argv[-2] == SELF_FLAG else None
    if self_path is not None:
        argv = argv[:-2]
    found: dict[str, str] = {}
    for flag, value in zip(argv, argv[1:], strict=False):
        if flag in ("--family", "--project", "--timeout", "--session", "--agent"):
            found[flag[2:]] = value
    project = own_project(self_path, found.pop("project", None))
    if project is not None:
        found["project"] = project
    return found


def own_project(self_path: str | None, asked: str | None) -> str | None:
    """The project the runner writes into (its spill, its journal record): never one named by
    the command line alone. The allow rule init writes admits the runner's own command with any
    words after it, so `… | <project>/.claude/hooks/garrepa-log --project /elsewhere` runs with
    no prompt (measured, 2.1.328 and 2.1.332): started by that path, the runner's project is the
    one its path is in, and a `--project` naming another is ignored. Started by another path (a
    test, a copy the user ran by hand: not what the allow rule admits), `--project` is taken as
    given; with no path at all (a launcher written before this rule) there is none: no spill."""
    if self_path is None:
        return None
    absolute = os.path.normpath(os.path.abspath(self_path))
    for tail in RUNNER_TAIL:
        if absolute.endswith(tail):
            return absolute[:-len(tail)] or "/"
    return asked


def deadline_seconds(timeout_ms: str | None) -> float:
    """How long the runner reads before it hands the output on as it comes: the Bash call's
    timeout (ms; Claude Code's default when not given) less a margin of at most 10 s."""
    try:
        timeout = float(timeout_ms) / 1000 if timeout_ms else BASH_TIMEOUT_MS / 1000
    except ValueError:
        timeout = BASH_TIMEOUT_MS / 1000
    timeout = min(max(timeout, 0.5), 600.0)
    return timeout - min(MARGIN_S, timeout * 0.1)


def delivery(got: Captured, printed: bytes, exit_code: int, failed: bool | None,
             project: str | None) -> tuple[int, int]:
    """(baseline, delivered): what Claude Code alone would have given the agent for the
    command's own output, and what it gives for the runner's, by its rules (hosts/claude_code/delivery.py): a
    failed command as its head and tail, a long passing one as a persisted-output notice."""
    from garrepa_py.hosts.claude_code import delivery

    limits = delivery.bash_limits(project)
    path = delivery.saved_path({})

    def rules(text: str, size: int, code: int) -> int:
        if code:
            return delivery.cut_chars(len(f"Exit code {code}\n") + min(size, limits.window))
        if size > limits.inline:
            return delivery.notice_chars(text, size, path)
        return size or len(delivery.EMPTY_BASH)

    head = bytes(got.head[:4 * delivery.PREVIEW_CHARS]).decode("utf-8", "replace")
    shown = printed.decode("utf-8", "replace")
    own_code = exit_code if failed else 0  # the command's own status is not visible: its outcome
    return rules(head, got.size, own_code), rules(shown, len(shown), exit_code)


def _journal(options: dict[str, str], started: float, family: str, result: object,
             chars_in: int, chars_out: int, spill: str | None,
             counted: tuple[int, int] | None = None) -> None:
    """One record of the run, like the hook's (never content); failing to write it changes
    nothing."""
    try:

        from garrepa_py import journal
        from garrepa_py.version import __version__

        record: Record = {"v": __version__, "event": "LogRun", "tool": "Bash", "route": "logs",
                  "decision": "compress" if spill else "pass",
                  "reason": f"digested-{family}" if spill else "short-log",
                  "project": options.get("project"), "family": family,
                  "session": options.get("session"),
                  "failed": getattr(result, "failed", None),
                  "exit_code": getattr(result, "exit_code", None),
                  "chars_in": chars_in, "chars_out": chars_out,
                  "ts": round(time.time(), 3),
                  "latency_ms": round((time.monotonic() - started) * 1000, 1)}
        if counted is not None:
            record["baseline_chars"], record["delivered_chars"] = counted
        if options.get("agent"):
            record["agent"] = options["agent"]
        if spill:
            from garrepa_py.engine.store import spill_id

            record["spills"] = [spill_id(spill)]
        journal.append(record)
    except Exception:
        pass


def outcome(text: str, family: str, spill: Callable[[str], str]) -> Digest:
    """The run's digest. A log over SMALL is spilled first and the digest names the spill; a
    shorter one is printed as it came, and its digest only tells the outcome."""
    from garrepa_py.engine import log_brief

    if len(text) <= SMALL:
        return log_brief.digest(text, family, "(not spilled: short)")
    return log_brief.digest(text, family, spill(text))


def read_back(got: Captured) -> tuple[str, Cut | None]:
    """The text the digest is made from and its Cut (None when the whole log was kept)."""
    from garrepa_py.structural.log.log_lines import Cut

    if got.whole:
        return bytes(got.head + got.tail).decode("utf-8", "replace"), None
    found = got.shell_failure.decode("utf-8", "replace") if got.shell_failure else None
    head = bytes(got.head[:got.head.rfind(b"\n") + 1])
    tail = bytes(got.tail[got.tail.find(b"\n") + 1:])
    head_lines, tail_newlines = head.count(b"\n"), tail.count(b"\n")
    middle = max(got.newlines - tail_newlines - head_lines, 0)
    marker = f"[garrepa: {middle:,} lines of the log are not read here]\n"
    text = (head + marker.encode() + tail).decode("utf-8", "replace")
    return text, Cut(head_lines + 1, middle, got.size, got.size - len(head) - len(tail), found)


def _notice(family: str, seconds: float) -> bytes:
    return (f"[garrepa log | {family} | still running past the runner's deadline ({seconds:.0f} s, "
            "under the Bash timeout): its output so far, bounded, then the rest as it comes]\n"
            ).encode()


def run(options: dict[str, str], started: float) -> int:
    from garrepa_py.hook.log_capture import capture

    out = sys.stdout.buffer
    family = options.get("family", "generic")
    project = options.get("project")
    seconds = deadline_seconds(options.get("timeout"))
    sink: PrivateStream | None = None
    try:
        from garrepa_py.engine import store

        sink = store.spill_stream(project) if project is not None else None
    except Exception:
        sink = None  # the outcome does not depend on the spill

    def on_deadline(so_far: Captured) -> None:
        out.write(_notice(family, seconds) + so_far.bounded(SHOWN))
        out.flush()

    def passing(chunk: bytes) -> None:
        out.write(chunk)
        out.flush()

    got = capture(sys.stdin.fileno(), started + seconds, sink, on_deadline, passing)
    try:
        return _report(options, started, got, sink)
    except Exception:  # the log was read but could not be digested: it passes bounded, failed
        if not got.past_deadline:
            out.write(got.bounded(SHOWN) + f"\n[garrepa log | {family} | the runner could not "
                      "read this log; the exit status is not visible through the pipe, so this "
                      "run is reported as failed]\n".encode())
            out.flush()
        return 1


def _report(options: dict[str, str], started: float, got: Captured,
            sink: PrivateStream | None) -> int:
    """The outcome, decided from the log read, then printed: as it came, digested or bounded."""
    from garrepa_py.engine import log_brief
    from garrepa_py.structural.log import log_evidence

    out = sys.stdout.buffer
    family = options.get("family", "generic")
    text, cut = read_back(got)
    spill: str | None = None
    if sink is not None and got.size <= SMALL and not got.past_deadline:
        sink.abort()  # a short log is printed whole: nothing to keep
    elif sink is not None and not got.spill_error:
        try:
            from garrepa_py.engine import store

            spill = sink.commit(store.spill_name(got.sha256))
        except Exception:
            spill = None
    result = log_brief.digest(text, family, spill or "(not written)", cut=cut)
    if got.past_deadline:  # the output has passed already: how the run ended, and where it is
        printed = ("\n" + result.text.split("\n", 1)[0] + (f"\n[exact log: {spill}]" if spill
                                                           else "") + "\n").encode()
    elif got.size <= SMALL:
        printed = bytes(got.head)
        if result.failed and log_evidence.UNSEEN in result.how:  # why a clean log "failed"
            printed += f"\n[garrepa log | {family} | {result.how}]\n".encode()
    elif spill is None:
        printed = (got.bounded(SHOWN) + f"\n[garrepa log | {family} | "
                   f"{'FAILED' if result.failed else 'passed'} ({result.how}) | the exact log "
                   "could not be kept]\n".encode())
    else:
        printed = (result.text + "\n").encode("utf-8", "replace")
    out.write(printed)
    out.flush()
    try:
        counted: tuple[int, int] | None = delivery(
            got, printed, result.exit_code, result.failed, options.get("project"))
    except Exception:
        counted = None  # the count is a record, never a reason to fail the run
    _journal(options, started, family, result, got.size, len(printed), spill, counted)
    return result.exit_code


def main() -> None:
    started = time.monotonic()  # the runner starts with the pipeline: its deadline counts from here
    options = _arguments(sys.argv[1:])
    try:
        code = run(options, started)
    except BaseException:  # fail open: what is left passes as it came, and not as a pass
        try:
            rest = sys.stdin.buffer.read(65536)
            while rest:
                sys.stdout.buffer.write(rest)
                rest = sys.stdin.buffer.read(65536)
            sys.stdout.buffer.flush()
        except BaseException:
            pass
        code = 1
    sys.exit(code)


if __name__ == "__main__":
    main()
