"""The launcher shared through git: runs this user's garrepa, or does nothing at all."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from garrepa_py import paths
from garrepa_py.install.interpreter import interpreter_record_text

LAUNCHER = Path(paths.templates_dir()) / "garrepa-hook"
EVENT = json.dumps({"hook_event_name": "PostToolUse", "tool_name": "Read",
                    "tool_input": {"file_path": "/x/a.md"}, "session_id": "launch",
                    "tool_response": {"type": "text", "file": {
                        "filePath": "/x/a.md", "content": "# A\n", "numLines": 2,
                        "startLine": 1, "totalLines": 2}}})


def run_launcher(env: dict[str, str]) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([str(LAUNCHER)], input=EVENT.encode(), capture_output=True,
                          env=env, timeout=60, check=False)


def bare_env(home: Path, path: str = "/usr/bin:/bin") -> dict[str, str]:
    return {"PATH": path, "HOME": str(home.parent), "GARREPA_HOME": str(home)}


def test_launcher_without_garrepa_exits_zero_silently(garrepa_home: Path) -> None:
    proc = run_launcher(bare_env(garrepa_home))
    assert (proc.returncode, proc.stdout, proc.stderr) == (0, b"", b"")
    assert not garrepa_home.exists()


def test_launcher_runs_recorded_interpreter(garrepa_home: Path) -> None:
    garrepa_home.mkdir()
    (garrepa_home / "interpreter").write_text(interpreter_record_text())
    proc = run_launcher(bare_env(garrepa_home))
    assert (proc.returncode, proc.stdout) == (0, b"")
    record = json.loads((garrepa_home / "journal.jsonl").read_text())
    assert (record["session"], record["route"]) == ("launch", "read")


def test_launcher_with_stale_record_and_no_garrepa_exits_zero(garrepa_home: Path) -> None:
    garrepa_home.mkdir()
    (garrepa_home / "interpreter").write_text("/gone/python3\n/gone/site-packages\n")
    proc = run_launcher(bare_env(garrepa_home))
    assert (proc.returncode, proc.stdout, proc.stderr) == (0, b"", b"")


def test_launcher_falls_back_to_garrepa_on_path(garrepa_home: Path, tmp_path: Path) -> None:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    garrepa = bin_dir / "garrepa"
    src = Path(__file__).resolve().parents[2] / "src"
    garrepa.write_text(f"#!/bin/sh\nPYTHONPATH={src} exec {sys.executable} -m garrepa_py \"$@\"\n")
    garrepa.chmod(0o755)
    proc = run_launcher(bare_env(garrepa_home, f"{bin_dir}:/usr/bin:/bin"))
    assert (proc.returncode, proc.stdout) == (0, b"")
    assert json.loads((garrepa_home / "journal.jsonl").read_text())["session"] == "launch"


def test_launcher_kill_switch_skips_python(garrepa_home: Path) -> None:
    garrepa_home.mkdir()
    (garrepa_home / "interpreter").write_text(interpreter_record_text())
    proc = run_launcher(dict(bare_env(garrepa_home), GARREPA_DISABLE="1"))
    assert (proc.returncode, proc.stdout) == (0, b"")
    assert not (garrepa_home / "journal.jsonl").exists()


def test_launcher_always_exits_zero_when_python_crashes(garrepa_home: Path, tmp_path: Path) -> None:
    broken = tmp_path / "broken"
    (broken / "garrepa_py" / "hook").mkdir(parents=True)
    (broken / "garrepa_py" / "__init__.py").write_text("")
    (broken / "garrepa_py" / "hook" / "__init__.py").write_text("")
    (broken / "garrepa_py" / "hook" / "entry.py").write_text("raise SystemExit(2)\n")
    garrepa_home.mkdir()
    (garrepa_home / "interpreter").write_text(f"{sys.executable}\n{broken}\n")
    proc = run_launcher(bare_env(garrepa_home))
    assert (proc.returncode, proc.stdout) == (0, b"")  # never exit 2: that blocks the agent


def test_launcher_template_is_executable() -> None:
    assert os.access(LAUNCHER, os.X_OK)
