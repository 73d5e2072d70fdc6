"""`init` and `uninstall` never write outside the project, never half-apply, never hang.

Regression tests for issue 10 items 2 (a symlinked `.claude/hooks` led init outside the project;
`uninstall --purge` through a symlinked `.garrepa`), 6 (a refused init still rewrote
settings.json, and its cousins) and 7 (unbounded reads of settings and config).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from ..cli.helpers import invoke
from ..conftest import plant_unreadable

FOREIGN = {"type": "command", "command": "my-audit-log garrepa hook --tee /tmp/audit"}


def tree(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file() and not p.is_symlink()}


@pytest.fixture
def elsewhere(tmp_path: Path) -> Path:
    folder = tmp_path / "elsewhere"
    folder.mkdir()
    (folder / "keep.txt").write_text("mine\n")
    return folder


def test_init_refuses_a_symlinked_hooks_folder_and_writes_nothing(project: Path,
                                                                  elsewhere: Path) -> None:
    (project / ".claude").mkdir()
    (project / ".claude" / "hooks").symlink_to(elsewhere)
    result = invoke("init", str(project))
    assert result.exit_code == 1
    assert "leads outside the project" in result.output and "hint:" in result.output
    assert [p.name for p in elsewhere.iterdir()] == ["keep.txt"]
    assert not (project / ".claude" / "settings.json").exists()


@pytest.mark.parametrize("planted, content", [
    (".claude/hooks/garrepa-hook", "#!/bin/sh\necho my own hook\n"),
    (".claude/skills/garrepa-write/SKILL.md", "---\nname: mine\n---\n"),
])
def test_a_refused_init_changes_no_byte(project: Path, planted: str, content: str) -> None:
    settings = project / ".claude" / "settings.json"
    settings.parent.mkdir()
    settings.write_text('{"permissions": {"allow": ["Bash(ls)"]}}\n')
    (project / planted).parent.mkdir(parents=True, exist_ok=True)
    (project / planted).write_text(content)
    before = tree(project)
    result = invoke("init", str(project))
    assert result.exit_code == 1
    assert "refusing to overwrite" in result.output
    assert tree(project) == before  # settings.json untouched: no entries run the user's script


def test_update_config_on_an_invalid_config_changes_no_byte(project: Path) -> None:
    (project / "garrepa.config.json").write_text("{not json")
    before = tree(project)
    result = invoke("init", str(project), "--provider", "none", "--update-config")
    assert result.exit_code == 1
    assert tree(project) == before


def test_a_settings_symlink_inside_the_project_is_kept_and_its_target_edited(project: Path) -> None:
    shared = project / "config" / "claude-settings.json"
    shared.parent.mkdir()
    shared.write_text('{"env": {"A": "1"}}\n')
    (project / ".claude").mkdir()
    (project / ".claude" / "settings.json").symlink_to(shared)
    assert invoke("init", str(project)).exit_code == 0
    assert (project / ".claude" / "settings.json").is_symlink()
    assert "garrepa-hook" in shared.read_text()
    assert invoke("uninstall", str(project)).exit_code == 0
    assert (project / ".claude" / "settings.json").is_symlink()
    assert json.loads(shared.read_text()) == {"env": {"A": "1"}}


def test_a_settings_symlink_leading_outside_is_refused(project: Path, elsewhere: Path) -> None:
    outside = elsewhere / "settings.json"
    outside.write_text("{}\n")
    (project / ".claude").mkdir()
    (project / ".claude" / "settings.json").symlink_to(outside)
    result = invoke("init", str(project))
    assert result.exit_code == 1 and "leads outside the project" in result.output
    assert outside.read_text() == "{}\n"


def test_a_read_only_settings_file_is_refused_not_replaced(project: Path) -> None:
    if os.geteuid() == 0:
        pass  # root can write anyway: garrepa must still respect the read-only bit
    settings = project / ".claude" / "settings.json"
    settings.parent.mkdir()
    settings.write_text("{}\n")
    os.chmod(settings, 0o444)
    result = invoke("init", str(project))
    assert result.exit_code == 1
    assert "is read-only" in result.output and "chmod u+w" in result.output
    assert settings.read_text() == "{}\n" and (settings.stat().st_mode & 0o777) == 0o444


def test_duplicate_keys_are_refused_rather_than_dropped(project: Path) -> None:
    settings = project / ".claude" / "settings.json"
    settings.parent.mkdir()
    content = ('{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "a"}]}]},\n'
               ' "hooks": {"Stop": [{"hooks": [{"type": "command", "command": "b"}]}]}}\n')
    settings.write_text(content)
    result = invoke("init", str(project))
    assert result.exit_code == 1
    assert 'the key "hooks" appears twice' in result.output
    assert settings.read_text() == content


def test_a_user_handler_mentioning_garrepa_hook_survives_init_and_uninstall(project: Path) -> None:
    settings = project / ".claude" / "settings.json"
    settings.parent.mkdir()
    settings.write_text(json.dumps({"hooks": {"PreToolUse": [
        {"matcher": "Read", "hooks": [FOREIGN]}]}}))
    assert invoke("init", str(project)).exit_code == 0
    assert FOREIGN in json.loads(settings.read_text())["hooks"]["PreToolUse"][0]["hooks"]
    assert invoke("uninstall", str(project)).exit_code == 0
    assert json.loads(settings.read_text())["hooks"]["PreToolUse"][0]["hooks"] == [FOREIGN]


def test_re_init_keeps_a_timeout_the_user_raised(project: Path) -> None:
    assert invoke("init", str(project)).exit_code == 0
    settings = project / ".claude" / "settings.json"
    data = json.loads(settings.read_text())
    data["hooks"]["PostToolUse"][0]["hooks"][0]["timeout"] = 90
    settings.write_text(json.dumps(data, indent=2) + "\n")
    assert invoke("init", str(project)).exit_code == 0
    assert json.loads(settings.read_text())["hooks"]["PostToolUse"][0]["hooks"][0]["timeout"] == 90


def test_purge_removes_a_symlinked_state_dir_without_following_it(project: Path,
                                                                  elsewhere: Path) -> None:
    assert invoke("init", str(project)).exit_code == 0
    (project / ".garrepa").symlink_to(elsewhere)
    result = invoke("uninstall", str(project), "--purge")
    assert result.exit_code == 0, result.output
    assert not os.path.lexists(project / ".garrepa")
    assert not (project / "garrepa.config.json").exists()
    assert [p.name for p in elsewhere.iterdir()] == ["keep.txt"]


def _cli(project: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "garrepa_py", *args, str(project)],
                          capture_output=True, text=True, timeout=60, check=False,
                          stdin=subprocess.DEVNULL)


@pytest.mark.parametrize("kind", ["dev-zero", "fifo"])
def test_settings_that_are_a_device_or_fifo_are_refused_not_read(project: Path, kind: str) -> None:
    (project / ".claude").mkdir()
    plant_unreadable(project / ".claude" / "settings.json", kind)
    proc = _cli(project, "init")  # a real process: a hang or a memory blow-up would show
    assert proc.returncode == 1, proc.stderr
    expected = "not a regular file" if kind == "fifo" else "leads outside the project"
    assert expected in proc.stderr and "nothing was changed" in proc.stderr


@pytest.mark.parametrize("kind", ["dev-zero", "fifo"])
def test_a_config_that_is_a_device_or_fifo_does_not_hang_init_or_doctor(project: Path,
                                                                        kind: str) -> None:
    plant_unreadable(project / "garrepa.config.json", kind)
    doctor = _cli(project, "doctor")
    assert "cannot be read" in doctor.stdout + doctor.stderr
    init = _cli(project, "init")
    assert init.returncode == 1
    assert ("cannot read" if kind == "fifo" else "leads outside the project") in init.stderr


def test_doctor_does_not_hang_on_a_fifo_launcher(project: Path) -> None:
    (project / ".claude" / "hooks").mkdir(parents=True)
    os.mkfifo(project / ".claude" / "hooks" / "garrepa-hook")
    proc = _cli(project, "doctor")
    assert "is not a regular file" in proc.stdout + proc.stderr


def test_summarize_skips_a_fifo_in_a_tree_instead_of_hanging(project: Path) -> None:
    (project / "docs").mkdir()
    (project / "docs" / "guide.md").write_text("# Guide\n\n" + "Some words here.\n" * 4000)
    os.mkfifo(project / "docs" / "pipe.md")
    proc = subprocess.run([sys.executable, "-m", "garrepa_py", "summarize", "--offline",
                           str(project / "docs")], capture_output=True, text=True, timeout=60,
                          check=False, stdin=subprocess.DEVNULL, cwd=project)
    assert "pipe.md: skipped (is not a regular file)" in proc.stdout + proc.stderr
    assert "Document map" in proc.stdout
