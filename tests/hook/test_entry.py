"""The hook entry as a real process: JSON on stdin, exit 0, stdout empty or one JSON document."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from garrepa_py import journal

from ..conftest import SRC, run_hook

READ_EVENT = {"session_id": "s1", "transcript_path": "/t.jsonl", "cwd": "/somewhere",
              "hook_event_name": "PreToolUse", "tool_name": "Read",
              "tool_input": {"file_path": "/p/app.py"}, "tool_use_id": "toolu_1"}
MCP_EVENT = {"session_id": "s1", "hook_event_name": "PostToolUse",
             "tool_name": "mcp__notion__fetch", "tool_input": {},
             "tool_response": [{"type": "text", "text": "x" * 500}], "tool_use_id": "toolu_2"}
BASH_EVENT = {"session_id": "s1", "hook_event_name": "PostToolUse", "tool_name": "Bash",
              "tool_input": {"command": "git log"},
              "tool_response": {"stdout": "abc", "stderr": "", "interrupted": False,
                                "persistedOutputPath": "/x.txt", "persistedOutputSize": 99999},
              "tool_use_id": "toolu_3"}
HEAVY_MODULES = ("anthropic", "typer", "rich", "tomlkit", "filelock", "click", "httpx",
                 "detect_secrets")
# Standard-library modules that each cost several ms to import here; the pass-through path,
# which the launcher runs as `python -I -S`, stays clear of them (docs/benchmarks.md).
SLOW_STDLIB = ("json", "re", "pathlib", "dataclasses", "typing", "hashlib", "tomllib", "inspect",
               "urllib", "http", "ssl", "email", "subprocess", "threading")


def last_record(home: Path) -> dict:
    records = list(journal.read(target=home / "journal.jsonl"))
    assert records, "no journal line was written"
    return records[-1]


# What Claude Code alone delivers for each (baseline_chars): nothing yet before a Read runs; the
# MCP text inline; for the persisted Bash output, its notice, written out here from the template
# measured in claude-code-hooks-measured.md §1 (99,999 chars → "97.7KB", the 2 KB preview "abc").
PERSISTED_NOTICE = ("<persisted-output>\nOutput too large (97.7KB). Full output saved to: /x.txt"
                    "\n\nPreview (first 2KB):\nabc\n</persisted-output>")


@pytest.mark.parametrize("event, route, chars_in, reason, alone", [
    (READ_EVENT, "read", None, "not-documentation", None),
    (MCP_EVENT, "mcp", 500, "under-threshold", 500),
    (BASH_EVENT, "git", 99999, "persisted-path-refused", len(PERSISTED_NOTICE)),
])
def test_routed_events_pass_through_and_are_journaled(garrepa_home: Path, project: Path, event: dict,
                                                      route: str, chars_in: int | None, reason: str,
                                                      alone: int | None) -> None:
    proc = run_hook(json.dumps(event), env={"CLAUDE_PROJECT_DIR": str(project)})
    assert (proc.returncode, proc.stdout) == (0, b"")
    record = last_record(garrepa_home)
    assert record["route"] == route
    assert record["event"] == event["hook_event_name"]
    assert record["tool"] == event["tool_name"]
    assert record["decision"] == "pass"
    assert record["reason"] == reason
    assert record["chars_in"] == chars_in
    # a pass delivers what Claude Code alone would have
    assert record["baseline_chars"] == record["delivered_chars"] == alone
    assert record["project"] == str(project)
    assert record["latency_ms"] >= 0
    # plus, for a Read or a Bash call, a fingerprint of its target (never the path or command),
    # and, for work past the quick checks (the git dump), the budget it ran under
    expected = {"v", "event", "tool", "route", "session", "chars_in", "project", "decision",
                "reason", "ts", "latency_ms", "baseline_chars", "delivered_chars", "tool_use_id"} \
        | ({"key"} if route in ("read", "git") else set()) \
        | ({"deadline_ms"} if route == "git" else set())
    assert set(record) == expected
    assert all(str(value) not in json.dumps(record) for value in
               event.get("tool_input", {}).values() if isinstance(value, str) and value)


def test_journal_never_holds_content(garrepa_home: Path) -> None:
    event = dict(MCP_EVENT, tool_response=[{"type": "text", "text": "SECRET-CONTENT-42"}])
    run_hook(json.dumps(event))
    assert "SECRET-CONTENT-42" not in (garrepa_home / "journal.jsonl").read_text()


@pytest.mark.parametrize("payload, reason", [
    (b"", "malformed-json"),
    (b"{not json", "malformed-json"),
    (b"\xff\xfe\x00garbage\x80", "malformed-json"),
    (bytes(range(256)) * 10, "malformed-json"),
    (b"[1, 2, 3]", "unknown-shape"),
    (b'"a string"', "unknown-shape"),
    (b"null", "unknown-shape"),
])
def test_bad_stdin_fails_open(garrepa_home: Path, payload: bytes, reason: str) -> None:
    proc = run_hook(payload)
    assert (proc.returncode, proc.stdout) == (0, b"")
    assert last_record(garrepa_home)["reason"] == reason


@pytest.mark.parametrize("event", [
    {"hook_event_name": "Stop"},
    {"hook_event_name": "PostToolUseFailure", "tool_name": "Bash", "error": "Exit code 1"},
    {"hook_event_name": "PostToolUse", "tool_name": "Edit", "tool_response": {}},
    {"hook_event_name": "PostToolUse", "tool_name": 42},
    {"hook_event_name": "SomethingNew", "tool_name": "Read", "tool_response": {"a": [1]}},
])
def test_unknown_events_and_tools_pass(garrepa_home: Path, event: dict) -> None:
    proc = run_hook(json.dumps(event))
    assert (proc.returncode, proc.stdout) == (0, b"")
    record = last_record(garrepa_home)
    assert (record["route"], record["reason"]) == ("pass", "not-routed")


def test_a_bash_call_before_it_runs_passes_while_the_logs_route_is_off(garrepa_home: Path) -> None:
    event = {"hook_event_name": "PreToolUse", "tool_name": "Bash",
             "tool_input": {"command": "pytest -q"}}
    proc = run_hook(json.dumps(event))
    assert (proc.returncode, proc.stdout) == (0, b"")
    record = last_record(garrepa_home)
    assert (record["route"], record["reason"]) == ("logs", "logs-off")


def test_non_utf8_strings_inside_valid_json_pass(garrepa_home: Path) -> None:
    payload = json.dumps(dict(MCP_EVENT, tool_response=[{"type": "text", "text": "\udcff\ud800"}]))
    proc = run_hook(payload)
    assert (proc.returncode, proc.stdout) == (0, b"")
    assert last_record(garrepa_home)["route"] == "mcp"


def test_huge_stdin_is_drained_and_passes(garrepa_home: Path) -> None:
    payload = b'{"a": "' + b"x" * (65 * 1024 * 1024) + b'"}'
    proc = run_hook(payload)
    assert (proc.returncode, proc.stdout) == (0, b"")
    assert last_record(garrepa_home)["reason"] == "stdin-too-large"


def test_pass_through_imports_only_the_standard_library(project: Path) -> None:
    code = (
        "import io, sys; sys.path.insert(0, sys.argv[1]);"
        "sys.stdin = io.TextIOWrapper(io.BytesIO(sys.argv[2].encode()));"
        "from garrepa_py.hook import entry\n"
        "try:\n    entry.main()\nexcept SystemExit:\n    pass\n"
        "heavy = [m for m in sys.modules if m.split('.')[0] in sys.argv[3].split(',')]\n"
        "sys.stderr.write(repr(heavy))"
    )
    (project / "garrepa.config.json").write_text('{"provider": {"type": "none"}}')
    from garrepa_py.config import trust_write

    trust_write.record_trust(project / "garrepa.config.json")
    small_git = dict(BASH_EVENT, tool_response={"stdout": "abc", "stderr": "", "interrupted": False})
    for event in (READ_EVENT, MCP_EVENT, small_git, {"hook_event_name": "Stop"}):
        proc = subprocess.run(
            [sys.executable, "-c", code, str(SRC), json.dumps(event), ",".join(HEAVY_MODULES)],
            capture_output=True, text=True, timeout=60, check=True,
            env=dict(os.environ, CLAUDE_PROJECT_DIR=str(project)))
        assert proc.stderr.splitlines()[-1] == "[]"
        lean = subprocess.run(
            [sys.executable, "-I", "-S", "-c", code, str(SRC), json.dumps(event),
             ",".join(SLOW_STDLIB)],
            capture_output=True, text=True, timeout=60, check=True,
            env=dict(os.environ, CLAUDE_PROJECT_DIR=str(project)))
        assert lean.stderr.splitlines()[-1] == "[]", event


def test_kill_switch_disables_everything(garrepa_home: Path) -> None:
    proc = run_hook(json.dumps(READ_EVENT), env={"GARREPA_DISABLE": "1"})
    assert (proc.returncode, proc.stdout) == (0, b"")
    assert not (garrepa_home / "journal.jsonl").exists()


def test_mode_off_in_project_config_disables(garrepa_home: Path, project: Path) -> None:
    (project / "garrepa.config.json").write_text('{"mode": "off"}')
    proc = run_hook(json.dumps(READ_EVENT), env={"CLAUDE_PROJECT_DIR": str(project)})
    assert (proc.returncode, proc.stdout) == (0, b"")
    assert not (garrepa_home / "journal.jsonl").exists()


def test_home_that_is_a_file_still_exits_zero_silently(tmp_path: Path) -> None:
    home = tmp_path / "not-a-dir"
    home.write_text("x")
    proc = run_hook(json.dumps(READ_EVENT), env={"GARREPA_HOME": str(home / "sub")})
    assert (proc.returncode, proc.stdout) == (0, b"")


def test_invalid_project_config_still_passes(garrepa_home: Path, project: Path) -> None:
    (project / "garrepa.config.json").write_bytes(b"\xff{ not json")
    proc = run_hook(json.dumps(MCP_EVENT), env={"CLAUDE_PROJECT_DIR": str(project)})
    assert (proc.returncode, proc.stdout) == (0, b"")
    assert last_record(garrepa_home)["route"] == "mcp"


def test_project_dir_falls_back_to_payload_cwd(garrepa_home: Path, project: Path) -> None:
    run_hook(json.dumps(dict(READ_EVENT, cwd=str(project))))
    assert last_record(garrepa_home)["project"] == str(project)


def test_parallel_hooks_never_tear_journal_lines(garrepa_home: Path) -> None:
    code = ("import sys; sys.path.insert(0, sys.argv[1]); "
            "from garrepa_py.hook.entry import main; main()")
    procs = [subprocess.Popen([sys.executable, "-I", "-S", "-c", code, str(SRC)],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              env=dict(os.environ)) for _ in range(32)]
    for index, proc in enumerate(procs):  # all 32 are running before any gets its event
        assert proc.stdin is not None
        proc.stdin.write(json.dumps(dict(MCP_EVENT, session_id=f"s{index}")).encode())
        proc.stdin.close()
    for proc in procs:
        assert proc.wait(timeout=60) == 0
        assert proc.stdout is not None
        with proc.stdout:
            assert proc.stdout.read() == b""
    lines = (garrepa_home / "journal.jsonl").read_text().splitlines()
    assert len(lines) == 32
    assert sorted(json.loads(line)["session"] for line in lines) == sorted(
        f"s{i}" for i in range(32))


LOADED_AFTER = (
    "import io, os, sys; sys.path.append(sys.argv[1]);"
    "sys.stdin = io.TextIOWrapper(io.BytesIO(sys.argv[2].encode()));"
    "from garrepa_py.hook import entry\n"
    "entry.os._exit = lambda code: None\n"
    "sys.stdout = open(os.devnull, 'w')\n"
    "try:\n    entry.main()\nexcept SystemExit:\n    pass\n"
    "sys.stderr.write('\\nLOADED=' + repr([m for m in sys.argv[3].split(',') if m in sys.modules]))"
)
PLAIN = "\n".join(f"- item {n}: the quick brown fox jumps over the lazy dog" for n in range(900))


def loaded_after(project: Path, text: str, modules: tuple[str, ...]) -> list[str]:
    """Which of `modules` a real hook process (python -I -S) loaded to compress `text`."""
    event = dict(MCP_EVENT, tool_response=[{"type": "text", "text": text}])
    proc = subprocess.run(
        [sys.executable, "-I", "-S", "-c", LOADED_AFTER, str(SRC), json.dumps(event),
         ",".join(modules)],
        capture_output=True, text=True, timeout=60, check=True,
        env=dict(os.environ, CLAUDE_PROJECT_DIR=str(project), GARREPA_PROVIDER="none",
                 GARREPA_THRESHOLD="1000"))
    return list(ast.literal_eval(proc.stderr.rsplit("LOADED=", 1)[1]))


def test_masking_a_secret_loads_no_detector_and_no_http_stack(project: Path) -> None:
    """The guard is the standard library's: detect-secrets (~0.2 s, and requests/urllib3 with
    it) is never imported, not even to mask a result that holds a secret."""
    with_secret = PLAIN + '\ndb_password = "Tr0ub4dor&3-canary"\nAPI_KEY=sk-proj-' + "Xq7pL2mN9vB4cR8tY1wZ" * 2 + "\n"
    stack = ("detect_secrets", "requests", "urllib3", "httpx", "garrepa_py.guard.secrets")
    assert loaded_after(project, with_secret, stack) == ["garrepa_py.guard.secrets"]
    record = json.loads((project.parent / "garrepa-home" / "journal.jsonl").read_text()
                        .splitlines()[-1])
    assert (record["decision"], record["masked"]) == ("compress", "credential:1,openai-key:1")


def test_a_structural_only_compress_loads_no_http_stack(project: Path) -> None:
    stack = ("urllib.request", "http.client", "ssl", "email", "garrepa_py.model.base")
    assert loaded_after(project, PLAIN, stack) == []
    record = json.loads((project.parent / "garrepa-home" / "journal.jsonl").read_text()
                        .splitlines()[-1])
    assert (record["decision"], record["fallback"]) == ("compress", "provider-none")


def test_a_misspelt_config_key_is_journaled_not_swallowed(project: Path, garrepa_home: Path) -> None:
    (project / "garrepa.config.json").write_text('{"thresold": {"minChars": 5000}}')
    event = dict(MCP_EVENT, tool_response=[{"type": "text", "text": "x" * 500}])
    proc = run_hook(json.dumps(event), env={"CLAUDE_PROJECT_DIR": str(project)})
    assert proc.returncode == 0
    assert last_record(garrepa_home)["config_problems"] == 1
    from garrepa_py.config.load import load_config

    assert load_config(project, environ={}).problems == (
        "garrepa.config.json: unknown key 'thresold.minChars' (ignored)",)


def test_a_pathological_settings_file_gives_no_timeout_not_a_crash(project: Path) -> None:
    from garrepa_py.hook.pipeline import installed_timeout

    (project / ".claude").mkdir()
    (project / ".claude" / "settings.json").write_text('{"hooks": ' + "[" * 100_000 + "]" * 100_000 + "}")
    assert installed_timeout(str(project), "PostToolUse") is None


CODEX_EVENT = {"session_id": "s", "turn_id": "t", "transcript_path": "/nowhere.jsonl",
               "cwd": "/tmp", "hook_event_name": "PostToolUse", "model": "gpt-fake",
               "permission_mode": "bypassPermissions", "tool_name": "Bash",
               "tool_input": {"command": "echo hi"}, "tool_response": "hi\n",
               "tool_use_id": "call_000001"}


def test_the_codex_launcher_passes_host_codex_and_the_line_says_so(
        garrepa_home: Path, tmp_path: Path) -> None:
    """The launcher `init --host codex` writes, run as Codex runs it (bash -c, event on
    stdin): the journal line names the host; Claude Code's lines never carry the key."""
    from garrepa_py.install.interpreter import interpreter_record_text

    garrepa_home.mkdir(parents=True, exist_ok=True)
    (garrepa_home / "interpreter").write_text(interpreter_record_text())
    launcher = Path(SRC).parent / "templates" / "codex-hook"
    done = subprocess.run(["/bin/bash", "-c", f"sh '{launcher}' --host codex"],
                          input=json.dumps(CODEX_EVENT).encode(), capture_output=True,
                          timeout=60, check=False, env={**os.environ})
    assert done.returncode == 0 and done.stdout == b""  # passes: Codex's output untouched
    [line] = [json.loads(x) for x in (garrepa_home / "journal.jsonl").read_text().splitlines()]
    assert line["host"] == "codex" and line["tool_use_id"] == "call_000001"
    run_hook(json.dumps({**CODEX_EVENT, "tool_response": {"stdout": "hi\n", "stderr": ""}}))
    claude_line = json.loads((garrepa_home / "journal.jsonl").read_text().splitlines()[-1])
    assert "host" not in claude_line


def test_host_of_names_one_host_plainly_or_none() -> None:
    from garrepa_py.hook.entry import host_of

    assert host_of(["-c", "/root"]) == "claude-code"
    assert host_of(["-c", "/r", "--host", "codex"]) == host_of(["--host=codex"]) == "codex"
    assert host_of(["--host"]) == host_of(["--host", ""]) == ""
    assert host_of(["--host", "codex", "--host", "claude-code"]) == ""
    assert host_of(["--host", "codex", "--host=codex"]) == "codex"
