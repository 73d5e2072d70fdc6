"""A new user's run of issue 34 (real MCP servers nobody here wrote), with real processes: the
hook entry with Claude Code's event on stdin, and the installed `garrepa report`. The events
under recorded_user34/ are what Claude Code 2.1.328 handed a PostToolUse hook in a fresh flask
3.1.0 project (tests/corpora/flask.bundle) with the zoo's pinned servers: @playwright/mcp 0.0.86
on attrs 23.2.0's CHANGELOG.md rendered to HTML (tests/corpora/docs), mcp-server-sqlite
2025.4.25 on a 20,000-row table of the project's own lines, server-filesystem 2026.8.31's
`read_text_file` with `tail` on ISO 3166-2 subdivisions written as CSV. Each test shows a problem
found by hand, beside its benign twin."""

from __future__ import annotations

import json
import lzma
import subprocess
import sys
from pathlib import Path
from typing import Any

from ..conftest import _corpus, run_hook, session_fields

RECORDED = Path(__file__).with_name("recorded_user34")
GARREPA = Path(sys.executable).with_name("garrepa")


def _recorded(name: str) -> dict[str, Any]:
    event: dict[str, Any] = json.loads(lzma.decompress((RECORDED / name).read_bytes()))
    return event


def _briefing(event: dict[str, Any], tmp_path: Path) -> str:
    """The text the hook delivers for this MCP event (the hook run as Claude Code runs it)."""
    project = tmp_path / "project"
    project.mkdir(exist_ok=True)
    payload = {**event, **session_fields(tmp_path), "cwd": str(project),
               "hook_event_name": "PostToolUse", "tool_use_id": "toolu_000001"}
    done = run_hook(json.dumps(payload), env={"GARREPA_PROVIDER": "none"}, cwd=project)
    assert done.returncode == 0, done.stderr[-400:]
    assert done.stdout, "the hook passed the result: " + done.stderr.decode()[-400:]
    output = json.loads(done.stdout)["hookSpecificOutput"]["updatedToolOutput"]
    return output if isinstance(output, str) else "\n".join(b.get("text", "") for b in output)


def _zoo(server: str, name: str) -> dict[str, Any]:
    """A result the zoo recorded (tests/corpora/mcpzoo), as Claude Code hands it to a hook."""
    recorded = json.loads((_corpus("mcpzoo") / "results" / server / name).read_text())
    return {"tool_name": f"mcp__{server}__{recorded['tool']}", "tool_input": recorded["arguments"],
            "tool_response": recorded["result"]["content"],
            "mcp_server": {"name": server, "source": "dynamic"}}


def test_snapshot_heading_whose_words_are_a_link_is_named_by_them(tmp_path: Path) -> None:
    """attrs' changelog headings are links (`- heading [level=2] [ref=e16]:` over
    `- link "23.2.0"` and `- text: "- 2023-12-31"`): the briefing listed them as `h2 |  | e16`,
    so "which ref is the 22.1.0 section?" needed the 129,597-char snapshot read back. The
    control: a heading with its own name ("Changes") keeps exactly it."""
    text = _briefing(_recorded("playwright-browser_snapshot.json.xz"), tmp_path)
    assert "- h2 | 23.2.0 - 2023-12-31 | e16 | line 36" in text
    assert "- h2 | 22.1.0 - 2022-07-28 |" in text
    assert "- h2 |  |" not in text
    assert "- h3 | Changes | e18 | line 40" in text  # named: not joined with what is inside


def test_query_rows_ordered_by_a_text_column_say_where_each_value_is(tmp_path: Path) -> None:
    """`SELECT l.id, l.path, l.lineno, l.text … ORDER BY l.id` (459 rows): every row was named
    by its surrogate id only, 20 ids a line, and no file's rows could be found without reading
    all 55 K back. The ids stay (they are handles); each run of one path now comes with its
    lines."""
    text = _briefing(_recorded("sqlite-read_query-defs.json.xz"), tmp_path)
    assert "lines 1-20: 44 | 190 | 459 |" in text
    assert "Rows by path (value | lines | rows):" in text
    assert "- src/flask/app.py | lines 2-71 | 70" in text
    assert "- src/flask/wrappers.py | lines 453-459 | 7" in text


def test_query_rows_keyed_by_a_text_first_column_keep_it(tmp_path: Path) -> None:
    """The control: the zoo's countries query (3,000 rows, names all different) is named by its
    first cell (code) and gets no per-value index (its text columns do not come in runs)."""
    text = _briefing(_zoo("sqlite", "01-read_query.json"), tmp_path)
    assert "Every row by its first cell (code)" in text
    assert "AD-02" in text
    assert "Rows by " not in text


def test_a_tail_of_a_csv_is_not_given_a_header_from_its_first_row(tmp_path: Path) -> None:
    """read_text_file with `tail`: the slice starts on a data row (csv.Sniffer tells), which is
    then a row of the first range, not the table's column names."""
    text = _briefing(_recorded("filesystem-read_text_file-tail.json.xz"), tmp_path)
    assert "Columns: IQ-NI" not in text
    assert "no header row (line 1 is data)" in text
    assert "L1: IQ-NI | Nīnawá | Governorate" in text


def test_a_csv_whose_first_line_is_its_header_is_named_by_it(tmp_path: Path) -> None:
    """The control: the same table read with `head` starts with its real header."""
    event = _recorded("filesystem-read_text_file-tail.json.xz")
    block = event["tool_response"]
    text_of = json.loads(block) if isinstance(block, str) else block
    body = text_of["content"] if isinstance(text_of, dict) else text_of[0]["text"]
    with_header = "code,name,type,parent\n" + body
    event = {**event, "tool_response": [{"type": "text", "text": with_header}]}
    text = _briefing(event, tmp_path)
    assert "Columns: code | name | type | parent" in text


def _journal_line(session: str, call: str, chars: int) -> str:
    return json.dumps({"v": 1, "ts": 1796333960.0, "event": "PostToolUse", "route": "mcp",
                       "tool": "mcp__sqlite__read_query", "session": session,
                       "tool_use_id": call, "project": "/p", "decision": "compress",
                       "reason": "briefed", "chars_in": chars, "chars_out": 3_000,
                       "delivered_chars": 3_000, "baseline_chars": 2_200})


def _report(home: Path, lines: list[str]) -> dict[str, Any]:
    home.mkdir(parents=True, exist_ok=True)
    (home / "journal.jsonl").write_text("\n".join(lines) + "\n")
    done = subprocess.run([str(GARREPA), "report", "--json"], capture_output=True, text=True,
                          env={"GARREPA_HOME": str(home), "PATH": "/usr/bin:/bin",
                               "HOME": str(home)}, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    report: dict[str, Any] = json.loads(done.stdout)
    return report


def test_report_counts_the_same_call_id_in_two_sessions_twice(tmp_path: Path) -> None:
    """Seven sessions of one project journaled 28 events; `garrepa report` showed "4 of 8
    events compressed … in 1 session": a call was counted once per tool_use_id, and a
    scripted (or replayed) session numbers its calls from toolu_000000 again. The control: one
    call journaled by two handlers in one session still counts once."""
    twice = _report(tmp_path / "a", [_journal_line("s1", "toolu_000000", 50_000),
                                     _journal_line("s2", "toolu_000000", 60_000)])
    assert twice["total"]["events"] == 2
    once = _report(tmp_path / "b", [_journal_line("s1", "toolu_000000", 50_000),
                                    _journal_line("s1", "toolu_000000", 50_000)])
    assert once["total"]["events"] == 1
