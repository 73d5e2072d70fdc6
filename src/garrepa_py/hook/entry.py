"""The hook process: JSON event on stdin → at most one JSON reply on stdout → exit 0.

Standard library only, and it fails open: any doubt means the original reaches the model
unchanged, the reason is journaled, and nothing but the reply ever reaches stdout.
"""

from __future__ import annotations

import json
import os
import sys
import time
import traceback
from pathlib import Path
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


def _project_dir(event: dict[str, Any]) -> Path:
    # Hooks run wherever the agent last cd'd; the launch directory is the project.
    root = os.environ.get("CLAUDE_PROJECT_DIR") or event.get("cwd") or os.getcwd()
    return Path(str(root))


def _log_failure() -> None:
    try:
        from garrepa_py import paths

        log = paths.error_log()
        log.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        with open(log, "a", encoding="utf-8") as handle:
            handle.write(time.strftime("%Y-%m-%dT%H:%M:%SZ ", time.gmtime()))
            handle.write(traceback.format_exc(limit=8))
    except Exception:
        pass


def handle(raw: bytes | None, started: float) -> tuple[dict[str, Any] | None, dict[str, Any]]:
    """Decide on one event; returns (reply or None, journal record)."""
    from garrepa_py.config.load import load_config
    from garrepa_py.hook import router
    from garrepa_py.hook.verdict import HookContext

    record: dict[str, Any] = {"v": VERSION, "event": None, "tool": None, "route": "pass"}
    if raw is None:
        record.update(decision="pass", reason="stdin-too-large")
        return None, record
    try:
        event = json.loads(raw)
    except ValueError:
        record.update(decision="pass", reason="malformed-json", chars_in=len(raw))
        return None, record
    if not isinstance(event, dict):
        record.update(decision="pass", reason="unknown-shape")
        return None, record

    tool = event.get("tool_name")
    record.update(
        event=event.get("hook_event_name") if isinstance(event.get("hook_event_name"), str) else None,
        tool=tool if isinstance(tool, str) else None,
        session=event.get("session_id") if isinstance(event.get("session_id"), str) else None,
        chars_in=router.response_chars(event),
    )
    project = _project_dir(event)
    record["project"] = str(project)
    config = load_config(project)
    if config.disabled:
        record.update(decision="pass", reason="mode-off")
        return None, record
    record["route"] = route = router.classify(event)
    if route == "pass":
        record.update(decision="pass", reason="not-routed")
        return None, record

    timeout = config.number("hook.timeoutSeconds")
    context = HookContext(config, project, started + timeout - DEADLINE_MARGIN_SECONDS)
    verdict = router.ROUTES[route](event, context)
    record.update(verdict.extra, decision=verdict.decision, reason=verdict.reason)
    if verdict.chars_out is not None:
        record["chars_out"] = verdict.chars_out
    if config.get("mode") == "audit" and verdict.reply is not None:
        record["decision"] = "audit"
        return None, record
    return verdict.reply, record


def main() -> None:
    started = time.monotonic()
    if os.environ.get("GARREPA_DISABLE", "").strip().lower() not in ("", "0", "false", "no"):
        sys.exit(0)
    real_stdout = sys.stdout
    sys.stdout = sys.stderr  # a stray print can never corrupt the reply
    reply: dict[str, Any] | None = None
    record: dict[str, Any] = {"v": VERSION, "route": "pass"}
    try:
        raw = read_bounded(sys.stdin.buffer, MAX_STDIN_BYTES)
        reply, record = handle(raw, started)
    except BaseException as exc:  # fail open on everything, KeyboardInterrupt included
        reply = None
        record.update(decision="error", reason=type(exc).__name__)
        _log_failure()
    out = b""
    if reply is not None:
        try:
            out = json.dumps(reply, ensure_ascii=False).encode("utf-8")
        except (TypeError, ValueError):
            record.update(decision="error", reason="unserialisable-reply")
    record["ts"] = round(time.time(), 3)
    record["latency_ms"] = round((time.monotonic() - started) * 1000, 1)
    try:
        if record.get("reason") != "mode-off":
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
