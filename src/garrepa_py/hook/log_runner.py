"""garrepa-log: the far end of `COMMAND 2>&1 | garrepa-log`.

It reads the command's whole output, keeps it in a line-oriented spill, prints a digest that
keeps every failure, and exits 1 (pytest's own codes where its summary tells them) when the log
shows the run failed, so Claude Code still reports an error. Anything going wrong here prints the
output exactly as it came and exits 0: the run is never lost to garrepa.
"""

from __future__ import annotations

import sys

SMALL = 6000  # a log this short is printed as it came (its outcome still decides the exit code)
MAX_BYTES = 256 * 1024 * 1024


def _arguments(argv: list[str]) -> dict[str, str]:
    found: dict[str, str] = {}
    for flag, value in zip(argv, argv[1:], strict=False):
        if flag in ("--family", "--project"):
            found[flag[2:]] = value
    return found


def main() -> None:
    raw = sys.stdin.buffer.read(MAX_BYTES)
    rest = sys.stdin.buffer.read(65536)
    while rest:  # past the bound: drained so the command never blocks on a full pipe
        rest = sys.stdin.buffer.read(65536)
    out = sys.stdout.buffer
    try:
        options = _arguments(sys.argv[1:])
        from garrepa_py.structural import logs

        text = raw.decode("utf-8", "replace")
        family = options.get("family", "generic")
        if len(text) <= SMALL:
            result = logs.digest(text, family, "(not spilled: short)")
            out.write(raw)
            out.flush()
            sys.exit(result.exit_code)
        from garrepa_py.engine import store

        cleaned = "\n".join(logs.clean(text))
        spill = store.spill(options.get("project") or ".", cleaned)
        result = logs.digest(text, family, spill)
        out.write((result.text + "\n").encode("utf-8", "replace"))
        out.flush()
        sys.exit(result.exit_code)
    except SystemExit:
        raise
    except BaseException:  # fail open: the output as it came
        out.write(raw)
        out.flush()
        sys.exit(0)


if __name__ == "__main__":
    main()
