"""The read-cap gate prototype (benchmarks/read_cap_gate.sh, issue 35) as Claude Code runs it: a
/bin/sh subprocess with a PreToolUse Read event on stdin. It must start the launcher (Python)
for a whole-file Read over 256 KB, or whenever the path is not plain, and otherwise exit 0 with
no output and no launcher. The launcher here records the event it gets."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

GATE = Path(__file__).resolve().parents[2] / "benchmarks" / "read_cap_gate.sh"
CAP = 256 * 1024


@pytest.fixture()
def launcher(tmp_path: Path) -> Path:
    record = tmp_path / "launched.jsonl"
    script = tmp_path / "launcher"
    script.write_text(f"#!/bin/sh\ncat >> '{record}'\necho launched\n")
    script.chmod(0o755)
    return script


def gate(launcher: Path, tool_input: dict[str, object]) -> tuple[str, list[dict[str, object]]]:
    """Run the gate on a compact PreToolUse Read event (as Claude Code writes it); its stdout
    and the events the launcher received (JSON.stringify leaves non-ASCII as is)."""
    event = {"session_id": "s", "cwd": str(launcher.parent), "hook_event_name": "PreToolUse",
             "tool_name": "Read", "tool_input": tool_input, "tool_use_id": "toolu_1"}
    run = subprocess.run(["/bin/sh", str(GATE)], input=json.dumps(event, separators=(",", ":"), ensure_ascii=False),
                         capture_output=True, text=True, timeout=10,
                         env=dict(os.environ, GARREPA_LAUNCHER=str(launcher)))
    assert run.returncode == 0 and run.stderr == ""
    record = launcher.parent / "launched.jsonl"
    got = [json.loads(line) for line in record.read_text().splitlines()] if record.exists() else []
    return run.stdout, got


def sized(path: Path, size: int) -> Path:
    path.write_bytes(b"# Changelog\n" + b"x" * (size - 12))
    return path


def test_at_or_under_the_cap_exits_without_python(tmp_path: Path, launcher: Path) -> None:
    for size in (100, CAP):
        doc = sized(tmp_path / f"doc{size}.md", size)
        assert gate(launcher, {"file_path": str(doc)}) == ("", [])


def test_over_the_cap_hands_the_event_to_python_unchanged(tmp_path: Path,
                                                         launcher: Path) -> None:
    doc = sized(tmp_path / "big.md", CAP + 1)
    out, got = gate(launcher, {"file_path": str(doc)})
    assert out == "launched\n"
    assert got[0]["tool_input"] == {"file_path": str(doc)} and got[0]["tool_use_id"] == "toolu_1"


def test_a_window_of_a_big_file_is_served_without_python(tmp_path: Path,
                                                         launcher: Path) -> None:
    doc = sized(tmp_path / "big.md", CAP + 1)
    for window in ({"offset": 100}, {"limit": 50}, {"offset": 1, "limit": 2000}):
        assert gate(launcher, {"file_path": str(doc), **window}) == ("", [])
    # a null offset is no window: not plain, so Python decides
    assert gate(launcher, {"file_path": str(doc), "offset": None})[0] == "launched\n"


def test_missing_directory_and_fifo_exit_without_python(tmp_path: Path,
                                                        launcher: Path) -> None:
    fifo = tmp_path / "pipe.md"
    os.mkfifo(fifo)  # never opened: a gate that read it would hang past the timeout
    folder = tmp_path / "folder.md"
    folder.mkdir()
    for path in (tmp_path / "missing.md", folder, fifo):
        assert gate(launcher, {"file_path": str(path)}) == ("", [])


def test_a_symlink_to_a_big_file_is_over_the_cap(tmp_path: Path, launcher: Path) -> None:
    link = tmp_path / "link.md"
    link.symlink_to(sized(tmp_path / "big.txt", CAP + 10))
    assert gate(launcher, {"file_path": str(link)})[1][0]["tool_input"] == {
        "file_path": str(link)}


def test_spaces_and_non_ascii_are_plain(tmp_path: Path, launcher: Path) -> None:
    folder = tmp_path / "my docs ü"
    folder.mkdir()
    small, big = sized(folder / "a b.md", 500), sized(folder / "c d.md", CAP + 1)
    assert gate(launcher, {"file_path": str(small)}) == ("", [])
    assert gate(launcher, {"file_path": str(big)})[0] == "launched\n"


@pytest.mark.parametrize("name", ['quo"te.md', "new\nline.md", "back\\slash.md", "tab\t.md",
                                  'x","file_path":"y.md'])
def test_an_escaped_path_goes_to_python_even_when_small(tmp_path: Path, launcher: Path,
                                                        name: str) -> None:
    doc = sized(tmp_path / name, 100)
    out, got = gate(launcher, {"file_path": str(doc)})
    assert out == "launched\n" and got[0]["tool_input"] == {"file_path": str(doc)}


def test_relative_or_absent_path_goes_to_python(tmp_path: Path, launcher: Path) -> None:
    assert gate(launcher, {"file_path": "docs/a.md"})[0] == "launched\n"
    assert gate(launcher, {})[0] == "launched\n"


def test_disabled_does_nothing(tmp_path: Path, launcher: Path) -> None:
    doc = sized(tmp_path / "big.md", CAP + 1)
    event = json.dumps({"tool_input": {"file_path": str(doc)}})
    run = subprocess.run(["/bin/sh", str(GATE)], input=event, capture_output=True, text=True,
                         env=dict(os.environ, GARREPA_LAUNCHER=str(launcher),
                                  GARREPA_DISABLE="1"), timeout=10)
    assert (run.returncode, run.stdout) == (0, "")
