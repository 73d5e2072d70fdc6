"""doctor's checks for a project served by the garrepa plugin alone (no `garrepa init`)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from garrepa_py.actions.doctor import run_checks


@pytest.fixture
def plugin_user(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A user whose Claude Code has the plugin enabled and who never ran `garrepa init`."""
    home = tmp_path / "home"
    (home / ".claude").mkdir(parents=True)
    (home / ".claude" / "settings.json").write_text(
        json.dumps({"enabledPlugins": {"garrepa@garrepa-py": True}}))
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("CLAUDE_CONFIG_DIR", raising=False)
    project = tmp_path / "project"
    project.mkdir()
    return project


def _on_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *names: str) -> None:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for name in names:
        tool = bin_dir / name
        tool.write_text("#!/bin/sh\nexit 0\n")
        tool.chmod(0o755)
    monkeypatch.setenv("PATH", str(bin_dir))


def test_doctor_passes_a_plugin_user_with_garrepa_on_path_without_asking_for_init(
        plugin_user: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _on_path(tmp_path, monkeypatch, "garrepa")
    checks = {c.name: c for c in run_checks(plugin_user)}
    assert "interpreter" not in checks  # the plugin's launcher needs no record: it runs PATH's
    assert checks["plugin"].status == "ok"
    assert "runs `garrepa hook` from PATH" in checks["plugin"].detail
    assert not [c for c in checks.values() if c.status == "fail"]


def test_doctor_fails_a_plugin_user_with_no_garrepa_and_names_the_install(
        plugin_user: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _on_path(tmp_path, monkeypatch)
    checks = {c.name: c for c in run_checks(plugin_user)}
    assert "interpreter" not in checks
    assert checks["plugin"].status == "fail"
    assert "pipx install ~/.claude/plugins/marketplaces/garrepa-py" in checks["plugin"].hint


def test_doctor_still_asks_for_init_where_no_plugin_serves_the_project(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.delenv("CLAUDE_CONFIG_DIR", raising=False)
    _on_path(tmp_path, monkeypatch, "garrepa")
    project = tmp_path / "project"
    project.mkdir()
    [interpreter] = [c for c in run_checks(project) if c.name == "interpreter"]
    assert (interpreter.status, interpreter.hint) == ("fail", "run `garrepa init` in the project")
