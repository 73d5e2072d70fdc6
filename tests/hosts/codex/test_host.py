"""The Codex host through the real hook process: the launcher's `--host codex` on the command line,
Codex 0.171.0's PostToolUse payloads (tests/e2e/fixtures/codex-0.171.0/) on stdin, and its only
honoured reply shape, `{"decision":"block","reason":TEXT}` (docs/codex-hooks-measured.md)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from garrepa_py import journal

from ...conftest import SRC

FIXTURES = Path(__file__).parents[2] / "e2e" / "fixtures" / "codex-0.171.0"


def codex_event(name: str, project: Path, **changes: Any) -> dict[str, Any]:
    event = json.loads((FIXTURES / name).read_text())
    # a copy of a real session file (tests write into theirs): its call_000001 ran
    # `seq 1 20000` and exited 0
    session = project.parent / "rollout-2026-12-04-019a.jsonl"
    if not session.exists():
        shutil.copyfile(FIXTURES / "sessions" / "rollout-shell.jsonl", session)
    event.update(cwd=str(project), session_id="019a-codex-session", transcript_path=str(session))
    event.update(changes)
    return event


def run_codex_hook(event: dict[str, Any], *args: str, env: dict[str, str] | None = None
                   ) -> subprocess.CompletedProcess[bytes]:
    """The hook as Codex's launcher starts it: `-c … "$root" --host codex`, the event on stdin,
    run in the session's folder (Codex names no project directory)."""
    return subprocess.run(
        [sys.executable, "-I", "-S", "-c",
         "import sys; sys.path.insert(0, sys.argv[1]); "
         "from garrepa_py.hook.entry import main; main()", str(SRC), *args],
        input=json.dumps(event).encode(), capture_output=True, timeout=60, check=False,
        cwd=event["cwd"], env={"PATH": "/usr/bin:/bin", "GARREPA_PROVIDER": "none",
                                **{k: v for k, v in os.environ.items()
                                   if k.startswith(("GARREPA_", "XDG_", "HOME"))}, **(env or {})})


def last(garrepa_home: Path) -> dict[str, Any]:
    return list(journal.read(target=garrepa_home / "journal.jsonl"))[-1]


def test_a_small_codex_bash_result_passes_and_journals_host_codex(
        project: Path, garrepa_home: Path) -> None:
    proc = run_codex_hook(codex_event("post-tool-use.shell.json", project), "--host", "codex")
    assert (proc.returncode, proc.stdout) == (0, b"")
    line = last(garrepa_home)
    assert (line["host"], line["tool"], line["route"]) == ("codex", "Bash", "command")
    assert (line["decision"], line["reason"]) == ("pass", "under-threshold")
    # what Codex alone delivered: the string it gave the hook
    assert line["baseline_chars"] == line["delivered_chars"] == len("hi\n")
    assert line["project"] == str(project)


def test_a_cut_codex_output_passes_with_host_output_cut(project: Path, garrepa_home: Path) -> None:
    """Codex cuts before the hook: a digest of its cut would account for bytes it never saw."""
    head = "".join(f"{n}\n" for n in range(1, 1200))
    cut = ("Warning: truncated output (original token count: 72224)\nTotal output lines: 50000\n\n"
           + head + "…72000 tokens truncated…" + "".join(f"{n}\n" for n in range(48800, 50001)))
    event = codex_event("post-tool-use.shell.json", project, tool_input={"command": "seq 1 50000"},
                        tool_response=cut)
    proc = run_codex_hook(event, "--host", "codex")
    assert (proc.returncode, proc.stdout) == (0, b"")
    line = last(garrepa_home)
    assert (line["decision"], line["reason"], line["host"]) == ("pass", "host-output-cut", "codex")
    assert line["delivered_chars"] == len(cut)


def test_a_large_codex_mcp_result_gets_a_block_digest_of_every_item(
        project: Path, garrepa_home: Path, github_corpus: Path) -> None:
    issues = (github_corpus / "Issue33_testClosedIssues-31.json").read_text()
    event = codex_event("post-tool-use.mcp.json", project, tool_name="mcp__github__list_issues",
                        tool_response={"content": [{"type": "text", "text": issues}]})
    proc = run_codex_hook(event, "--host", "codex")
    assert proc.returncode == 0
    reply = json.loads(proc.stdout)
    assert set(reply) == {"decision", "reason"} and reply["decision"] == "block"
    text = reply["reason"]
    assert text.startswith("[garrepa briefing | mcp | mcp__github__list_issues | original: ")
    assert len(text) < len(issues) / 2
    for issue in json.loads(issues):  # every item accounted for, by its number
        assert str(issue["number"]) in text
    line = last(garrepa_home)
    assert (line["decision"], line["host"]) == ("compress", "codex")
    assert line["baseline_chars"] == len(issues)
    assert line["delivered_chars"] == len(text)  # measured: the model gets exactly the reason
    assert "hookSpecificOutput" not in proc.stdout.decode()


def test_a_codex_mcp_result_with_an_image_passes_whole(project: Path, garrepa_home: Path) -> None:
    blocks = [{"type": "text", "text": "x\n" * 40_000}, {"type": "image", "data": "AA=="}]
    event = codex_event("post-tool-use.mcp.json", project, tool_response={"content": blocks})
    proc = run_codex_hook(event, "--host", "codex")
    assert (proc.returncode, proc.stdout) == (0, b"")
    assert last(garrepa_home)["reason"] == "non-text-block"


def test_an_unknown_host_passes_and_says_so(project: Path, garrepa_home: Path) -> None:
    proc = run_codex_hook(codex_event("post-tool-use.shell.json", project), "--host", "qwen")
    assert (proc.returncode, proc.stdout) == (0, b"")
    line = last(garrepa_home)
    assert (line["host"], line["reason"]) == ("qwen", "unknown-host")


@pytest.mark.parametrize("args", [(), ("--host", "claude-code")])
def test_without_host_the_line_is_claude_code_s_with_no_host_key(
        project: Path, garrepa_home: Path, args: tuple[str, ...]) -> None:
    event = codex_event("post-tool-use.shell.json", project,
                        tool_response={"stdout": "hi\n", "stderr": "", "interrupted": False})
    proc = run_codex_hook(event, *args)
    assert (proc.returncode, proc.stdout) == (0, b"")
    assert "host" not in last(garrepa_home)


def test_a_cut_output_captured_whole_before_codex_cut_it_gets_a_digest_of_all_of_it(
        project: Path, garrepa_home: Path, tmp_path: Path) -> None:
    """hosts/codex/bash.full_output reads the PreToolUse capture: the digest is of the whole
    output, never of Codex's cut."""
    import hashlib

    from garrepa_py.hosts.codex import capture_store

    listing = "".join(f"./src/pkg{n // 500}/module_{n}.py\n" for n in range(20_000))
    directory = tmp_path / "capture"
    assert capture_store.ready(str(directory))
    out, record = capture_store.names("019a-codex-session", "call_000001")
    data = listing.encode()
    (directory / out).write_bytes(data)
    (directory / record).write_text(json.dumps({"size": len(data), "kept": len(data), "cut": False,
                                                "sha256": hashlib.sha256(data).hexdigest()}))
    for name in (out, record):
        (directory / name).chmod(0o600)
    size = len(data)
    cut = (f"Warning: truncated output (original token count: {(size + 3) // 4})\n"
           f"Total output lines: {listing.count(chr(10))}\n\n{listing[:5000]}…{size - 10000} "
           f"tokens truncated…{listing[-5000:]}")
    event = codex_event("post-tool-use.shell.json", project,
                        tool_input={"command": "find . -name '*.py'"}, tool_response=cut)
    proc = run_codex_hook(event, "--host", "codex",
                          env={"GARREPA_CODEX_CAPTURE_DIR": str(directory)})
    assert proc.returncode == 0, proc.stderr
    reply = json.loads(proc.stdout)
    assert reply["decision"] == "block"
    # the block replaces Codex's header too: its exit status comes first, in its own words
    assert reply["reason"].startswith("Process exited with code 0\n[garrepa briefing | command |")
    line = last(garrepa_home)
    assert (line["decision"], line["chars_in"]) == ("compress", len(listing))
    assert "20,000" in reply["reason"] or "20000" in reply["reason"]  # every path counted
    # without the capture, the same event passes (the negative control)
    proc = run_codex_hook(event, "--host", "codex",
                          env={"GARREPA_CODEX_CAPTURE_DIR": str(tmp_path / "empty")})
    assert (proc.returncode, proc.stdout) == (0, b"")
    assert last(garrepa_home)["reason"] == "host-output-cut"


def test_without_the_exit_status_a_whole_output_is_not_replaced(
        project: Path, garrepa_home: Path, tmp_path: Path) -> None:
    """The session file does not say how the call ended (unreadable, or not this call): a digest
    would hide whether the command failed, so Codex's own output passes."""
    listing = "".join(f"./src/pkg{n // 500}/module_{n}.py\n" for n in range(400))
    event = codex_event("post-tool-use.shell.json", project,
                        tool_input={"command": "find . -name '*.py'"}, tool_response=listing,
                        transcript_path=str(tmp_path / "missing.jsonl"))
    proc = run_codex_hook(event, "--host", "codex", env={"GARREPA_THRESHOLD": "1000"})
    assert proc.returncode == 0 and proc.stdout == b""
    assert last(garrepa_home)["reason"] == "exit-code-unknown"
