"""`garrepa doctor` on a Codex install: entries, launcher, trust (asked of the real Codex
binary when it is on PATH), version against the measured 0.171.0."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from garrepa_py.actions import doctor_codex
from garrepa_py.actions.doctor import run_checks
from garrepa_py.hosts.codex import install as codex

from ..cli.helpers import invoke
from ..support import codex_run


def by_name(project: Path) -> dict[str, doctor_codex.Check]:
    return {check.name: check for check in run_checks(project)}


@pytest.fixture
def no_codex(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    empty = tmp_path / "empty-bin"
    empty.mkdir()
    monkeypatch.setenv("PATH", f"{empty}:/usr/bin:/bin")
    monkeypatch.setenv("CODEX_HOME", str(tmp_path / "codex-home"))
    return empty


def test_a_codex_install_is_checked_and_claude_code_is_not(project: Path, no_codex: Path) -> None:
    assert invoke("init", "--host", "codex", "--provider", "none", str(project)).exit_code == 0
    checks = by_name(project)
    assert checks["codex hooks"].status == "ok"
    assert checks["codex launcher"].status == "ok"
    assert checks["codex trust"].status == "warn"  # nothing recorded, Codex skips them
    assert "--trust-codex-hooks" in checks["codex trust"].hint
    assert checks["codex"].status == "warn" and "not on PATH" in checks["codex"].detail
    assert "settings" not in checks and "launcher" not in checks  # Claude Code's


def test_broken_pieces_are_named(project: Path, no_codex: Path) -> None:
    assert invoke("init", "--host", "codex", "--provider", "none", str(project)).exit_code == 0
    codex.launcher_file(project).chmod(0o644)
    path = codex.hooks_file(project)
    path.write_text(path.read_text().replace('"mcp__.*"', '"mcp__probe__.*"'))
    checks = by_name(project)
    assert checks["codex launcher"].status == "fail"
    assert "PostToolUse mcp__.*: missing" in checks["codex hooks"].detail


def test_a_recorded_trust_is_read_from_config_toml(project: Path, no_codex: Path,
                                                   tmp_path: Path) -> None:
    assert invoke("init", "--host", "codex", "--provider", "none", str(project)).exit_code == 0
    from garrepa_py.hosts.codex import trust
    from garrepa_py.install.settings_file import read_settings

    data, _ = read_settings(codex.hooks_file(project))
    states = [trust.HookState(key, "sha256:x", "trusted") for key in trust.our_keys(project, data)]
    trust.record_trust(states)
    assert by_name(project)["codex trust"].status == "ok"


def test_another_codex_version_is_warned_about(project: Path, no_codex: Path) -> None:
    fake = no_codex / "codex"
    fake.write_text("#!/bin/sh\necho 'codex-cli 0.172.0'\n")
    fake.chmod(0o755)
    check = doctor_codex._version(str(fake))
    assert check.status == "warn" and "measured with 0.171.0" in check.detail


def test_with_the_real_codex_trust_is_asked_of_codex(project: Path, no_codex: Path,
                                                     tmp_path: Path) -> None:
    binary = codex_run.codex_binary()
    if binary is None:
        pytest.skip("Codex is not installed: run scripts/test")
    (no_codex / "codex").symlink_to(binary)
    home = tmp_path / "codex-home"
    home.mkdir()
    (home / "config.toml").write_text(f'[projects."{project}"]\ntrust_level = "trusted"\n')
    assert invoke("init", "--host", "codex", "--provider", "none", str(project)).exit_code == 0
    checks = by_name(project)
    assert checks["codex"].status == "ok" and "0.171.0" in checks["codex"].detail
    assert checks["codex trust"].status == "warn"
    assert "3 of 3 garrepa hooks are not trusted by Codex (untrusted)" in \
        checks["codex trust"].detail
    result = invoke("init", "--host", "codex", "--trust-codex-hooks", str(project))
    assert "3 hooks recorded" in result.output
    assert by_name(project)["codex trust"].status == "ok"
    assert os.environ["CODEX_HOME"] == str(home)


def test_an_untrusted_project_is_told_to_trust_the_project_first(project: Path, no_codex: Path,
                                                                 tmp_path: Path) -> None:
    """Codex lists no hook of a project it does not trust, and `--trust-codex-hooks` refuses
    there: the hint must name the step before it, not send the user round in a circle."""
    binary = codex_run.codex_binary()
    if binary is None:
        pytest.skip("Codex is not installed: run scripts/test")
    (no_codex / "codex").symlink_to(binary)
    (tmp_path / "codex-home").mkdir()
    assert invoke("init", "--host", "codex", "--provider", "none", str(project)).exit_code == 0
    check = by_name(project)["codex trust"]
    assert check.status == "warn"
    assert check.detail == ("Codex lists none of garrepa's 3 hooks here: it lists a project's "
                            "hooks only once the project itself is trusted")
    assert check.hint.startswith("start codex in the project once and trust it (or add "
                                 f'[projects."{project}"] trust_level = "trusted" to ')
    assert "then run `garrepa init --host codex --trust-codex-hooks`" in check.hint
