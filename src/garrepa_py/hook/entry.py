"""The hook process: JSON event on stdin → at most one JSON reply on stdout → exit 0.

Standard library only, and cheap to import: a pass-through event must cost little more than
starting the interpreter. It fails open: any doubt means the original reaches the model
unchanged, the reason is journaled, and nothing but the reply ever reaches stdout.
"""

from __future__ import annotations

import os
import sys
import time

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import IO, Any

    from garrepa_py.event import ToolEvent
    from garrepa_py.hook.journal_line import Decided, Early, EventFacts
    from garrepa_py.hosts.host import Host
    from garrepa_py.routes.route import Route
    from garrepa_py.routes.verdict import HookContext

MAX_STDIN_BYTES = 64 * 1024 * 1024
# The hard stop, this far past the watchdog's deadline: still inside Claude Code's timeout
# (pipeline.DEADLINE_MARGIN_SECONDS before it), for a worker that holds the interpreter in one
# long C call, where the main thread cannot wake to hand the original on (issue 33: 36.6 s
# against a 30 s timeout under load).
HARD_STOP_SECONDS = 0.75


def process_started() -> float:
    """When this process started, on the time.monotonic() clock: Claude Code's timeout counts
    from its spawn (the launcher's, whose pid the interpreter keeps by exec), not from main()
    — under load, starting the interpreter and its imports took seconds (measured)."""
    now = time.monotonic()
    try:
        with open("/proc/self/stat", "rb") as stat:
            ticks = int(stat.read().rsplit(b")", 1)[1].split()[19])  # field 22, starttime
        elapsed = time.clock_gettime(time.CLOCK_BOOTTIME) - ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError, AttributeError):
        return now  # not Linux: from here
    return now - min(max(elapsed, 0.0), 60.0)


def hard_stop(at: float) -> None:
    """Ends the process at `at` (monotonic) whatever holds the interpreter: faulthandler's
    timer is a C thread that needs no GIL; it exits 1 with nothing on stdout (Claude Code
    shows the original output; a non-blocking hook error at worst, never exit 2)."""
    import faulthandler

    sink = os.open(os.devnull, os.O_WRONLY)  # its traceback is not for the user's screen
    faulthandler.dump_traceback_later(max(at - time.monotonic(), 0.01), exit=True, file=sink)


def read_bounded(stream: IO[bytes], limit: int) -> bytes | None:
    """The whole stream, or None (after draining it) when it is larger than `limit`."""
    data = stream.read(limit + 1)
    if len(data) <= limit:
        return data
    while stream.read(1 << 20):
        pass
    return None


def _log_failure() -> None:
    try:
        import traceback

        from garrepa_py import journal

        journal.log_error("hook", traceback.format_exc(limit=8))
    except Exception:
        pass


def parse_event(raw: bytes | None, host: Host | None = None) -> ToolEvent | Early:
    """The event as `host` sent it (None: the default host), or why it is not one we can
    route."""
    from garrepa_py import fastjson
    from garrepa_py.hook.journal_line import Early

    if host is None:
        from garrepa_py.hosts.registry import DEFAULT

        host = DEFAULT

    if raw is None:
        return Early("stdin-too-large")
    try:
        data = fastjson.loads(raw)
    except (ValueError, RecursionError):
        return Early("malformed-json", len(raw))
    if not isinstance(data, dict):
        return Early("unknown-shape")
    return host.parse(data)


def facts_of(event: ToolEvent) -> EventFacts:
    """What the journal keeps of the event itself."""
    from garrepa_py.hook.journal_line import EventFacts

    host = event.host
    # baseline: what the host alone delivers for this event, the measure of every saving
    return EventFacts(event.hook_event, event.tool, event.session, host.response_chars(event),
                      host.event_baseline(event), event.tool_use_id, event.agent_id,
                      host.project_dir(event))


class _Watchdog:
    """Runs `decide` in a worker thread and gives up on it at the deadline.

    Structural work, file reads and model calls alike: whatever is still running when the
    deadline passes is abandoned, the original goes through, and the journal says "deadline".
    """

    def __init__(self) -> None:
        self.decided: Decided | None = None
        self.failure: BaseException | None = None

    def run(self, route: Route, event: ToolEvent, context: HookContext, key: str | None) -> bool:
        """True when the worker finished in time (its reply or failure is then set)."""
        import threading

        from garrepa_py.hook import pipeline

        done = threading.Event()

        def work() -> None:
            try:
                self.decided = pipeline.decide(route, event, context, key)
            except BaseException as exc:  # handed to the main thread, which fails open
                self.failure = exc
            finally:
                done.set()

        threading.Thread(target=work, name="garrepa-hook", daemon=True).start()
        return done.wait(max(0.0, context.deadline - time.monotonic()))


def encode(reply: dict[str, Any]) -> bytes:
    """One JSON document as valid UTF-8, whatever lone surrogates the content carried."""
    import json

    try:
        return json.dumps(reply, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate: escape it (\\ud800 is valid JSON)
        return json.dumps(reply, ensure_ascii=True).encode("ascii")


def host_of(argv: list[str]) -> str:
    """The host named by `--host NAME` on the hook's command line (Codex's launcher passes
    `--host codex`, `--host=codex` too); claude-code when none is named, and "" (no host: every
    event passes) when the flag names none, an empty one or two different ones."""
    names = []
    for index, word in enumerate(argv):
        if word == "--host":
            names.append(argv[index + 1] if index + 1 < len(argv) else "")
        elif word.startswith("--host="):
            names.append(word[len("--host="):])
    if not names:
        return "claude-code"
    # no name, an empty one or two different ones: a launcher we do not know (unknown-host)
    return names[0] if names[0] and len(set(names)) == 1 else ""


def main() -> None:
    started = process_started()
    if os.environ.get("GARREPA_DISABLE", "").strip().lower() not in ("", "0", "false", "no"):
        sys.exit(0)
    real_stdout = sys.stdout
    sys.stdout = sys.stderr  # a stray print can never corrupt the reply
    from garrepa_py.hook.journal_line import Early, JournalLine
    from garrepa_py.version import __version__

    name = host_of(sys.argv)
    line = JournalLine(__version__, name)
    reply: dict[str, Any] | None = None
    out = b""
    abandoned = armed = False
    event = None
    try:
        from garrepa_py.hook import pipeline
        from garrepa_py.hosts.registry import by_name

        host = by_name(name)
        raw = read_bounded(sys.stdin.buffer, MAX_STDIN_BYTES)
        # a launcher newer than this garrepa: its reply shape is unknown
        parsed = parse_event(raw, host) if host is not None else Early("unknown-host")
        if isinstance(parsed, Early):
            line.early = parsed
        else:
            event = parsed
            line.facts = facts_of(event)
        route = pipeline.route_of(event) if event is not None else None
        context = None
        if event is not None and route is None:
            line.early = Early("not-routed")
        elif event is not None and route is not None:
            line.key = pipeline.target_key(route, event)  # links a briefing to a later read
            project = line.facts.project if line.facts is not None else ""
            if "\0" in project or not os.path.isabs(project):
                line.early = Early("bad-project-dir")
            else:
                line.prepared = pipeline.prepare(route, event, project, started,
                                                 via_plugin=os.environ.get("GARREPA_VIA") == "plugin")
                context = line.prepared.context
        if route is not None and event is not None and context is not None:
            # real work: under the deadline, and a hard stop behind it
            hard_stop(context.deadline + HARD_STOP_SECONDS)
            armed = True
            from garrepa_py import regex_cache

            regex_cache.warm()  # garrepa's patterns compiled once per interpreter, not per event
            watchdog = _Watchdog()
            if watchdog.run(route, event, context, line.key):
                if watchdog.failure is not None:
                    raise watchdog.failure
                line.decided = watchdog.decided
                reply = line.decided.reply if line.decided is not None else None
            else:
                abandoned = line.late = True
        if reply is not None:
            out = encode(reply)
        line.delivery = pipeline.delivery(event, reply, line.baseline())
    except BaseException as exc:  # fail open on everything, KeyboardInterrupt included
        out = b""
        line.error = type(exc).__name__
        _log_failure()
    line.ts = round(time.time(), 3)
    line.latency_ms = round((time.monotonic() - started) * 1000, 1)
    if line.journaled():
        try:
            from garrepa_py import journal

            journal.append(line.record())
        except Exception:
            pass
    try:
        if out:
            real_stdout.buffer.write(out)
            real_stdout.buffer.flush()
    except Exception:
        pass
    if armed and not abandoned:
        from garrepa_py import regex_cache

        regex_cache.keep()  # after the reply: a pattern new to the cache costs this event only
    if abandoned or armed:
        # the worker still running must not keep the process alive, and a reply written must
        # not be lost to the hard stop firing during the interpreter's own shutdown (measured:
        # a reply on stdout, then exit 1, under four burners)
        os._exit(0)
    sys.exit(0)


if __name__ == "__main__":
    main()
