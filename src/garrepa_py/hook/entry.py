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

MAX_STDIN_BYTES = 64 * 1024 * 1024
DEADLINE_MARGIN_SECONDS = 1.5
VERSION = "0.1.0"


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

        from garrepa_py import paths

        log = paths.error_log()
        os.makedirs(os.path.dirname(log), mode=0o700, exist_ok=True)
        with open(log, "a", encoding="utf-8") as handle:
            handle.write(time.strftime("%Y-%m-%dT%H:%M:%SZ hook ", time.gmtime()))
            handle.write(traceback.format_exc(limit=8))
    except Exception:
        pass


def handle(raw: bytes | None, started: float) -> tuple[dict[str, Any] | None, dict[str, Any]]:
    """Decide on one event; returns (reply or None, journal record)."""
    from garrepa_py import fastjson
    from garrepa_py.hook import router

    record: dict[str, Any] = {"v": VERSION, "event": None, "tool": None, "route": "pass"}
    if raw is None:
        record.update(decision="pass", reason="stdin-too-large")
        return None, record
    try:
        event = fastjson.loads(raw)
    except ValueError:
        record.update(decision="pass", reason="malformed-json", chars_in=len(raw))
        return None, record
    if not isinstance(event, dict):
        record.update(decision="pass", reason="unknown-shape")
        return None, record

    record.update(
        event=_text_or_none(event.get("hook_event_name")),
        tool=_text_or_none(event.get("tool_name")),
        session=_text_or_none(event.get("session_id")),
        chars_in=router.response_chars(event),
    )
    project = _project_dir(event)
    record["project"] = project
    route = router.classify(event)
    if route == "pass":
        record.update(decision="pass", reason="not-routed")
        return None, record

    from garrepa_py.config.load import load_config
    from garrepa_py.hook.verdict import HookContext

    config = load_config(project)
    if config.disabled:
        record.update(decision="pass", reason="mode-off")
        return None, record
    record["route"] = route
    timeout = config.number("hook.timeoutSeconds")
    context = HookContext(config, project, started + timeout - DEADLINE_MARGIN_SECONDS)
    verdict = router.ROUTES[route](event, context)
    record.update(verdict.extra)
    record.update(decision=verdict.decision, reason=verdict.reason)
    if verdict.chars_out is not None:
        record["chars_out"] = verdict.chars_out
    if config.get("mode") == "audit" and verdict.reply is not None:
        record["decision"] = "audit"  # computed and journaled, never delivered
        return None, record
    return verdict.reply, record


def _encode(reply: dict[str, Any]) -> bytes:
    import json

    return json.dumps(reply, ensure_ascii=False).encode("utf-8", "surrogatepass")


def main() -> None:
    started = time.monotonic()
    if os.environ.get("GARREPA_DISABLE", "").strip().lower() not in ("", "0", "false", "no"):
        sys.exit(0)
    real_stdout = sys.stdout
    sys.stdout = sys.stderr  # a stray print can never corrupt the reply
    reply: dict[str, Any] | None = None
    record: dict[str, Any] = {"v": VERSION, "route": "pass"}
    out = b""
    try:
        raw = read_bounded(sys.stdin.buffer, MAX_STDIN_BYTES)
        reply, record = handle(raw, started)
        if reply is not None:
            out = _encode(reply)
    except BaseException as exc:  # fail open on everything, KeyboardInterrupt included
        out = b""
        record.update(decision="error", reason=type(exc).__name__)
        _log_failure()
    record["ts"] = round(time.time(), 3)
    record["latency_ms"] = round((time.monotonic() - started) * 1000, 1)
    if record.get("reason") != "mode-off":
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
    sys.exit(0)


if __name__ == "__main__":
    main()
