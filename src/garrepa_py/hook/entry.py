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

    from garrepa_py.routes.verdict import HookContext

MAX_STDIN_BYTES = 64 * 1024 * 1024
MAX_SETTINGS_BYTES = 4 * 1024 * 1024
DEADLINE_MARGIN_SECONDS = 1.5
PLUGIN_DEFERS = "plugin-defers-to-project"
CLAUDE_DEFAULT_TIMEOUT = 600  # what Claude Code waits for a handler with no `timeout`


def read_bounded(stream: IO[bytes], limit: int) -> bytes | None:
    """The whole stream, or None (after draining it) when it is larger than `limit`."""
    data = stream.read(limit + 1)
    if len(data) <= limit:
        return data
    while stream.read(1 << 20):
        pass
    return None


def _text_or_none(value: object) -> str | None:
    return value if isinstance(value, str) else None


def _project_dir(event: dict[str, Any]) -> str:
    # Hooks run wherever the agent last cd'd; the launch directory is the project.
    return os.environ.get("CLAUDE_PROJECT_DIR") or _text_or_none(event.get("cwd")) or os.getcwd()


def _log_failure() -> None:
    try:
        import traceback

        from garrepa_py import journal

        journal.log_error("hook", traceback.format_exc(limit=8))
    except Exception:
        pass


def installed_timeout(project: str, event_name: str | None) -> int | None:
    """The `timeout` Claude Code enforces on this hook, read from the installed entry.

    The hook must finish inside what Claude Code will wait for, whatever the config says: the
    smallest timeout of garrepa's handlers for this event in the project's settings files.
    """
    from garrepa_py import fastjson, fs
    from garrepa_py.install.commands import is_hook_command

    found: list[int] = []
    for name in ("settings.json", "settings.local.json"):
        try:
            data = fastjson.loads(fs.read_bounded(
                os.path.join(project, ".claude", name), MAX_SETTINGS_BYTES))
            groups = data["hooks"][event_name]
        except (OSError, ValueError, KeyError, TypeError, RecursionError):
            continue
        for group in groups if isinstance(groups, list) else ():
            handlers = group.get("hooks") if isinstance(group, dict) else None
            for handler in handlers if isinstance(handlers, list) else ():
                if not isinstance(handler, dict) or not is_hook_command(handler.get("command")):
                    continue
                timeout = handler.get("timeout")
                if isinstance(timeout, (int, float)) and not isinstance(timeout, bool) \
                        and timeout > 0:
                    found.append(int(timeout))
                else:
                    found.append(CLAUDE_DEFAULT_TIMEOUT)
    return min(found) if found else None


def parse_event(raw: bytes | None, record: dict[str, Any]) -> dict[str, Any] | None:
    """The event, or None (with the reason in `record`) when it is not one we can route."""
    from garrepa_py import fastjson
    from garrepa_py.hook import router

    if raw is None:
        record.update(decision="pass", reason="stdin-too-large")
        return None
    try:
        event = fastjson.loads(raw)
    except (ValueError, RecursionError):
        record.update(decision="pass", reason="malformed-json", chars_in=len(raw))
        return None
    if not isinstance(event, dict):
        record.update(decision="pass", reason="unknown-shape")
        return None
    record.update(
        event=_text_or_none(event.get("hook_event_name")),
        tool=_text_or_none(event.get("tool_name")),
        session=_text_or_none(event.get("session_id")),
        chars_in=router.response_chars(event),
    )
    from garrepa_py import baseline

    # what Claude Code alone delivers for this event: the measure of every saving
    record["baseline_chars"] = baseline.event_baseline(event)
    if isinstance(event.get("tool_use_id"), str):  # links the line to the transcript's result
        record["tool_use_id"] = event["tool_use_id"]
    project = _project_dir(event)
    record["project"] = project
    if router.classify(event) == "pass":
        record.update(decision="pass", reason="not-routed")
        return None
    key = target_key(event)
    if key is not None:
        record["key"] = key  # links a briefing to a later read of the same file or command
    if "\0" in project or not os.path.isabs(project):
        record.update(decision="pass", reason="bad-project-dir")
        return None
    return event


def target_key(event: dict[str, Any]) -> str | None:
    """A short fingerprint of what a Read or Bash call targets (the file, the command), never
    the text itself: the journal links a briefing to a later call on the same target by it."""
    tool_input = event.get("tool_input")
    if not isinstance(tool_input, dict):
        return None
    value = tool_input.get("file_path" if event.get("tool_name") == "Read" else "command")
    if event.get("tool_name") not in ("Read", "Bash") or not isinstance(value, str) or not value:
        return None
    import zlib

    data = value.strip().encode("utf-8", "surrogatepass")
    return f"{zlib.crc32(data):08x}{len(data) % 4096:03x}"


def held_out(event: dict[str, Any], share: float) -> bool:
    """Whether this event belongs to the control group: decided by the event itself (its tool
    call id, else its session and target), so the same event is always in the same group."""
    if share <= 0:
        return False
    import zlib

    identity = str(event.get("tool_use_id") or "") or (
        f"{event.get('session_id')}\0{target_key(event)}\0{event.get('tool_name')}")
    return zlib.crc32(identity.encode("utf-8", "surrogatepass")) / 2**32 < share


def prepare(event: dict[str, Any], started: float,
            record: dict[str, Any]) -> HookContext | None:
    """In the main thread, cheaply: the config, the route's quick checks, the deadline.

    Returns None when the event is decided here (most events: a Read of source code, a small
    result), so they cost no thread and no read of settings.json; else the context for `decide`.
    """
    from garrepa_py.config.load import load_config
    from garrepa_py.hook import router
    from garrepa_py.routes.verdict import HookContext

    project = str(record["project"])
    route = router.classify(event)
    config = load_config(project)
    if config.problems:  # a misspelt key or a bad value: its default serves, the journal says so
        record["config_problems"] = len(config.problems)
    if config.disabled:
        record.update(decision="pass", reason="mode-off")
        return None
    record["route"] = route
    if os.environ.get("GARREPA_VIA") == "plugin" and \
            installed_timeout(project, record["event"]) is not None:
        # the plugin and this project's own entries both run: the project's entry decides,
        # and only it journals the event
        record.update(decision="pass", reason=PLUGIN_DEFERS)
        return None
    quick = router.quick_pass(route, event, config.settings)
    if quick is not None:
        record.update(decision="pass", reason=quick)
        return None
    installed = installed_timeout(project, record["event"])
    timeout = installed or config.settings.hook.timeout_seconds
    budget = max(timeout - DEADLINE_MARGIN_SECONDS, 0.5)
    record["deadline_ms"] = round(budget * 1000)  # the budget the work ran under: which timeout won
    return HookContext(config, project, started + budget)


def decide(event: dict[str, Any], context: HookContext,
           record: dict[str, Any]) -> dict[str, Any] | None:
    """The route's work (run under the watchdog): the reply or None; fills in `record`."""
    from garrepa_py.hook import router

    verdict = router.ROUTES[router.classify(event)](event, context)
    record.update(verdict.record())
    if context.settings.mode == "audit" and verdict.reply is not None:
        from garrepa_py import baseline

        record["decision"] = "audit"  # computed and journaled, never delivered
        record["would_deliver_chars"] = baseline.reply_delivered(event, verdict.reply)
        return None
    if verdict.reply is not None and isinstance(event.get("transcript_path"), str):
        record["transcript"] = event["transcript_path"]  # where `report` finds the session's tokens
    if verdict.reply is not None and held_out(event, context.settings.holdout):
        # the control group: computed like any other, journaled as holdout, passed untouched
        record.update(decision="holdout", chars_out=record.get("chars_in"))
        return None
    return verdict.reply


def count_delivery(event: dict[str, Any] | None, reply: dict[str, Any] | None,
                   record: dict[str, Any]) -> None:
    """`delivered_chars`: what the model receives after Claude Code applies its own rules to
    the reply (a digest over its Bash limit is persisted again), or the baseline when the
    original passes; with a reply, its fingerprint (never the text), by which `report` finds
    it in the transcript's result for the event's tool_use_id."""
    if reply is None or event is None:
        if "baseline_chars" in record:  # an event that was parsed: the original passes
            record["delivered_chars"] = record["baseline_chars"]
        if isinstance(record.get("recovers"), str):  # a Read of a spill: what it brought back
            record["recovery_chars"] = record.get("delivered_chars")
        return
    from garrepa_py import baseline

    record["delivered_chars"] = baseline.reply_delivered(event, reply)
    text = baseline.replacement_text(reply)
    if text is not None:
        record["fp"] = baseline.fingerprint(text)


class _Watchdog:
    """Runs `decide` in a worker thread and gives up on it at the deadline.

    Structural work, file reads and model calls alike: whatever is still running when the
    deadline passes is abandoned, the original goes through, and the journal says "deadline".
    """

    def __init__(self) -> None:
        self.reply: dict[str, Any] | None = None
        self.failure: BaseException | None = None

    def run(self, event: dict[str, Any], context: HookContext, record: dict[str, Any]) -> bool:
        """True when the worker finished in time (its reply or failure is then set)."""
        import threading

        done = threading.Event()

        def work() -> None:
            try:
                self.reply = decide(event, context, record)
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


def main() -> None:
    started = time.monotonic()
    if os.environ.get("GARREPA_DISABLE", "").strip().lower() not in ("", "0", "false", "no"):
        sys.exit(0)
    real_stdout = sys.stdout
    sys.stdout = sys.stderr  # a stray print can never corrupt the reply
    reply: dict[str, Any] | None = None
    from garrepa_py.version import __version__

    record: dict[str, Any] = {"v": __version__, "event": None, "tool": None, "route": "pass"}
    out = b""
    abandoned = False
    try:
        event = parse_event(read_bounded(sys.stdin.buffer, MAX_STDIN_BYTES), record)
        context = prepare(event, started, record) if event is not None else None
        if event is not None and context is not None:  # real work: under the deadline
            watchdog = _Watchdog()
            if watchdog.run(event, context, record):
                if watchdog.failure is not None:
                    raise watchdog.failure
                reply = watchdog.reply
            else:
                abandoned = True
                record = dict(record)
                record.update(decision="pass", reason="deadline")
        if reply is not None:
            out = encode(reply)
        count_delivery(event, reply, record)
    except BaseException as exc:  # fail open on everything, KeyboardInterrupt included
        out = b""
        record = dict(record)
        record.update(decision="error", reason=type(exc).__name__,
                      delivered_chars=record.get("baseline_chars"))  # the original passes
        _log_failure()
    record["ts"] = round(time.time(), 3)
    record["latency_ms"] = round((time.monotonic() - started) * 1000, 1)
    # read-in-post: the Read's PostToolUse event is journaled instead (one line per Read)
    if record.get("reason") not in ("mode-off", PLUGIN_DEFERS, "read-in-post"):
        try:
            from garrepa_py import journal

            journal.append(record)
        except Exception:
            pass
    try:
        if out:
            real_stdout.buffer.write(out)
            real_stdout.buffer.flush()
    except Exception:
        pass
    if abandoned:
        os._exit(0)  # the worker still running must not keep the process alive
    sys.exit(0)


if __name__ == "__main__":
    main()
