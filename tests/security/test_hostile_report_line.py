"""`garrepa report --line` runs as Claude Code's statusline command, again and again while the
user types: it must stay cheap on the largest journal garrepa keeps (two 20 MB files before
rotation drops the older) and must never hang on a stdin that stays open."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

from garrepa_py.actions.report import build

GARREPA = [sys.executable, "-m", "garrepa_py"]


def _line(i: int, sessions: int = 500) -> str:
    return json.dumps({"v": "t", "ts": 1.7e9 + i, "event": "PostToolUse", "tool": "Bash",
                       "route": "git", "session": f"sess-{i % sessions:04d}", "project": "/p",
                       "tool_use_id": f"toolu_{i}", "decision": "compress" if i % 3 == 0
                       else "pass", "reason": "git-log", "chars_in": 10_000, "chars_out": 1_000,
                       "baseline_chars": 9_000, "delivered_chars": 1_000, "latency_ms": 12.0,
                       "key": f"k{i % 1000}", "spills": [f"sp{i}"], "fp": "abcd",
                       "transcript": f"/nonexistent/{i % sessions}.jsonl"}) + "\n"


def _cpu(args: list[str], env: dict[str, str], stdin: str) -> tuple[float, str]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(args, input=stdin, env=env, capture_output=True, text=True,
                          timeout=120, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), done.stdout


def test_the_statusline_line_of_one_session_does_not_parse_the_whole_journal(
        tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    for name, start in (("journal.1.jsonl", 0), ("journal.jsonl", 55_000)):
        (home / name).write_text("".join(_line(i) for i in range(start, start + 55_000)))
    assert (home / "journal.jsonl").stat().st_size > 20_000_000
    env = {**os.environ, "GARREPA_HOME": str(home)}
    empty = {**env, "GARREPA_HOME": str(tmp_path / "empty")}
    stdin = json.dumps({"session_id": "sess-0007"})
    startup = min(_cpu([*GARREPA, "report", "--line"], empty, stdin)[0] for _ in range(2))
    spent, line = min((_cpu([*GARREPA, "report", "--line"], env, stdin) for _ in range(2)),
                      key=lambda run: run[0])
    assert line == "garrepa: saved 439.0K chars (~109,750 tokens) · 73 replaced\n", line
    # parsing all 110,000 lines costs about a second of CPU; the session's own, a tenth of it
    assert spent - startup < 0.5, (spent, startup)


def test_the_narrowed_read_finds_what_the_whole_read_finds(tmp_path: Path) -> None:
    journal = tmp_path / "journal.jsonl"
    lines = [_line(i, sessions=7) for i in range(300)]
    # a read-back journals no session: it must still reach its briefing's session
    lines.append(json.dumps({"v": "t", "ts": 1.8e9, "event": "cli", "tool": "peek",
                             "decision": "pass", "recovers": "sp3",
                             "recovery_chars": 500}) + "\n")
    journal.write_text("".join(lines))
    narrowed = build(target=str(journal), session="sess-0003").as_dict()
    assert narrowed["total"]["recovery_chars"] == 500
    every = [record for record in map(json.loads, lines)]
    assert narrowed["total"]["events"] == sum(r.get("session") == "sess-0003" for r in every)


def test_a_statusline_stdin_that_stays_open_does_not_hang_the_line(tmp_path: Path) -> None:
    env = {**os.environ, "GARREPA_HOME": str(tmp_path / "home")}
    reader, writer = os.pipe()  # never written, never closed while garrepa runs
    try:
        started = time.monotonic()
        done = subprocess.run([*GARREPA, "report", "--line"], stdin=reader, env=env,
                              capture_output=True, text=True, timeout=30, check=False)
        assert done.stdout == "garrepa: nothing replaced yet\n"
        assert time.monotonic() - started < 10
    finally:
        os.close(reader)
        os.close(writer)
