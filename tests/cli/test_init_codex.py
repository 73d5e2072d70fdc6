"""`garrepa init/uninstall` with Codex: named (`--host codex`), detected (`.codex/` and no
`.claude/`), or both hosts at once; Claude Code's install unchanged."""

from __future__ import annotations

import json
from pathlib import Path

from garrepa_py.hosts.codex import install as codex

from .helpers import invoke


def test_a_project_with_codex_and_no_claude_gets_codex(project: Path) -> None:
    (project / ".codex").mkdir()
    result = invoke("init", "--provider", "none", str(project))
    assert result.exit_code == 0, result.output
    assert "installed for Codex" in result.output
    assert "trust" in result.output
    assert codex.hooks_file(project).is_file()
    assert not (project / ".claude").exists()  # nothing of Claude Code's
    again = invoke("init", "--provider", "none", str(project))
    assert "already installed for Codex; nothing changed" in again.output
    removed = invoke("uninstall", str(project))
    assert removed.exit_code == 0, removed.output
    assert ".claude" not in removed.output
    assert not codex.hooks_file(project).exists()
    assert list((project / ".codex").iterdir()) == []  # as it was before init


def test_a_plain_project_still_gets_claude_code(project: Path) -> None:
    result = invoke("init", "--provider", "none", str(project))
    assert result.exit_code == 0, result.output
    assert (project / ".claude" / "settings.json").is_file()
    assert not (project / ".codex").exists()


def test_both_hosts_named(project: Path) -> None:
    result = invoke("init", "--host", "claude-code", "--host", "codex", "--provider", "none",
                    str(project))
    assert result.exit_code == 0, result.output
    assert (project / ".claude" / "settings.json").is_file()
    assert codex.hooks_file(project).is_file()
    only_codex = invoke("uninstall", "--host", "codex", str(project))
    assert only_codex.exit_code == 0
    assert not codex.hooks_file(project).exists()
    assert (project / ".claude" / "settings.json").is_file()
    assert invoke("uninstall", str(project)).exit_code == 0
    assert not (project / ".claude" / "settings.json").exists()


def test_dry_run_shows_the_change_and_writes_nothing(project: Path) -> None:
    result = invoke("init", "--host", "codex", "--dry-run", str(project))
    assert result.exit_code == 0, result.output
    assert "--host codex" in result.output and "dry run: nothing was written" in result.output
    assert not (project / ".codex").exists()


def test_foreign_hooks_json_restored_byte_for_byte(project: Path) -> None:
    path = codex.hooks_file(project)
    path.parent.mkdir()
    original = b'{"hooks":{"PostToolUse":[{"matcher":"*","hooks":[{"type":"command",' \
               b'"command":"mine"}]}]},\r\n "other": [1, 2]}'
    path.write_bytes(original)
    assert invoke("init", "--host", "codex", str(project)).exit_code == 0
    data = json.loads(path.read_text())
    assert data["hooks"]["PostToolUse"][0]["hooks"][0]["command"] == "mine"
    assert invoke("uninstall", str(project)).exit_code == 0
    assert path.read_bytes() == original


def test_help_explains_the_host_choice() -> None:
    text = invoke("init", "--help").output
    assert "--host" in text and "codex" in text and ".codex/ and no .claude/" in text
    assert "--trust-codex-hooks" in text
