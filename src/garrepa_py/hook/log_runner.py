"""garrepa-log: the far end of `COMMAND 2>&1 | garrepa-log`.

It reads the command's whole output, keeps it in a line-oriented spill, prints a digest that
keeps every failure, and exits with the tool's own code when the log shows the run failed, so
Claude Code still reports an error. It journals the run (sizes, family, outcome — never content)
so `garrepa report` can show what the route saved. Anything going wrong here prints the output
exactly as it came and exits 0: the run is never lost to garrepa.
"""

from __future__ import annotations

import sys
import time

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

    from garrepa_py.structural.logs import Digest

SMALL = 6000  # a log this short is printed as it came (its outcome still decides the exit code)
MAX_BYTES = 256 * 1024 * 1024


def _arguments(argv: list[str]) -> dict[str, str]:
    found: dict[str, str] = {}
    for flag, value in zip(argv, argv[1:], strict=False):
        if flag in ("--family", "--project"):
            found[flag[2:]] = value
    return found


def _journal(options: dict[str, str], started: float, family: str, result: object,
             chars_in: int, chars_out: int, spill: str | None) -> None:
    """One record of the run, like the hook's (never content); failing to write it changes
    nothing."""
    try:

        from garrepa_py import journal
        from garrepa_py.version import __version__

        record = {"v": __version__, "event": "LogRun", "tool": "Bash", "route": "logs",
                  "decision": "compress" if spill else "pass",
                  "reason": f"digested-{family}" if spill else "short-log",
                  "project": options.get("project"), "family": family,
                  "failed": getattr(result, "failed", None),
                  "exit_code": getattr(result, "exit_code", None),
                  "chars_in": chars_in, "chars_out": chars_out,
                  "ts": round(time.time(), 3),
                  "latency_ms": round((time.monotonic() - started) * 1000, 1)}
        if spill:
            from garrepa_py.engine.store import spill_id

            record["spills"] = [spill_id(spill)]
        journal.append(record)
    except Exception:
        pass


def outcome(text: str, family: str, spill: Callable[[str], str]) -> Digest:
    """The run's digest. A log over SMALL is spilled (cleaned) first and the digest names the
    spill; a shorter one is printed as it came, and its digest only tells the outcome."""
    from garrepa_py.structural import logs

    if len(text) <= SMALL:
        return logs.digest(text, family, "(not spilled: short)")
    return logs.digest(text, family, spill("\n".join(logs.clean(text))))


def main() -> None:
    raw = sys.stdin.buffer.read(MAX_BYTES)
    rest = sys.stdin.buffer.read(65536)
    while rest:  # past the bound: drained so the command never blocks on a full pipe
        rest = sys.stdin.buffer.read(65536)
    started = time.monotonic()  # the run itself is not garrepa's time: from the log's end on
    out = sys.stdout.buffer
    try:
        options = _arguments(sys.argv[1:])
        text = raw.decode("utf-8", "replace")
        family = options.get("family", "generic")
        spilled: list[str] = []

        def spill(cleaned: str) -> str:
            from garrepa_py.engine import store

            spilled.append(store.spill(options.get("project") or ".", cleaned))
            return spilled[-1]

        result = outcome(text, family, spill)
        printed = result.text + "\n" if spilled else text
        out.write(printed.encode("utf-8", "replace") if spilled else raw)
        out.flush()
        _journal(options, started, family, result, len(text), len(printed),
                 spilled[-1] if spilled else None)
        sys.exit(result.exit_code)
    except SystemExit:
        raise
    except BaseException:  # fail open: the output as it came
        out.write(raw)
        out.flush()
        sys.exit(0)


if __name__ == "__main__":
    main()
