"""What init says about Codex's hook trust (cli/codex_trust.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from garrepa_py.cli.codex_trust import trust_step
from garrepa_py.hosts.codex import install as codex

from ..support import codex_run


@pytest.fixture
def bin_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "bin"
    folder.mkdir()
    monkeypatch.setenv("PATH", f"{folder}:/usr/bin:/bin")
    monkeypatch.setenv("CODEX_HOME", str(tmp_path / "codex-home"))
    return folder


def test_without_codex_it_says_what_to_do_and_edits_nothing(project: Path, bin_dir: Path,
                                                             tmp_path: Path) -> None:
    codex.install(project, 30, dry_run=False)
    lines = trust_step(project, trust_hooks=False)
    assert "skips untrusted ones without a word" in lines[0]
    assert any("--trust-codex-hooks" in line for line in lines)
    assert not (tmp_path / "codex-home").exists()
    [line] = trust_step(project, trust_hooks=True)
    assert "not recorded" in line and "not on PATH" in line


def test_with_codex_the_exact_tables_are_printed(project: Path, bin_dir: Path,
                                                 tmp_path: Path) -> None:
    binary = codex_run.codex_binary()
    if binary is None:
        pytest.skip("Codex is not installed: run scripts/test")
    (bin_dir / "codex").symlink_to(binary)
    codex.install(project, 30, dry_run=False)
    home = tmp_path / "codex-home"
    home.mkdir()
    (home / "config.toml").write_text("")
    [line] = trust_step(project, trust_hooks=True)  # the project is not trusted in Codex
    assert "lists 0 of garrepa's 3 hooks" in line and "project itself is trusted" in line
    # codex is on PATH but lists nothing yet: the first step is trusting the project, not PATH
    lines = trust_step(project, trust_hooks=False)
    assert lines[1].startswith("  first trust the project itself in Codex (start codex there "
                               f'once and trust it, or add [projects."{project}"] trust_level')
    assert not any("put `codex` on PATH" in line for line in lines)
    (home / "config.toml").write_text(f'[projects."{project}"]\ntrust_level = "trusted"\n')
    lines = trust_step(project, trust_hooks=False)
    assert sum('trusted_hash = "sha256:' in line for line in lines) == 3
    assert trust_step(project, trust_hooks=True)[0].endswith(f"{home / 'config.toml'}")
    assert trust_step(project, trust_hooks=False) == [
        "codex trust: Codex trusts garrepa's 3 hooks"]
