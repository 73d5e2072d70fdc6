"""Codex's hook trust: garrepa's trust keys, the tables in CODEX_HOME/config.toml, and Codex's
own view through `codex app-server` (the real binary, when installed)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import tomlkit

from garrepa_py.hosts.codex import install as codex
from garrepa_py.hosts.codex import trust

from ...support import codex_run


def _installed(project: Path) -> dict[str, object]:
    codex.install(project, 30, dry_run=False)
    return json.loads(codex.hooks_file(project).read_text())  # type: ignore[no-any-return]


def test_keys_name_only_our_handlers_by_their_place(project: Path) -> None:
    path = codex.hooks_file(project)
    path.parent.mkdir()
    path.write_text(json.dumps({"hooks": {"PostToolUse": [
        {"matcher": "*", "hooks": [{"type": "command", "command": "mine"}]}]}}))
    keys = trust.our_keys(project, _installed(project))
    assert sorted(keys) == sorted([f"{path}:post_tool_use:1:0", f"{path}:post_tool_use:2:0",
                                   f"{path}:pre_tool_use:0:0"])


def test_record_keeps_the_users_lines_and_reads_back(tmp_path: Path) -> None:
    home = tmp_path / "codex-home"
    home.mkdir()
    mine = '# my settings\nmodel = "o3"  # keep\n\n[hooks.state."/x/hooks.json:stop:0:0"]\n' \
           'trusted_hash = "sha256:theirs"\n'
    (home / "config.toml").write_text(mine)
    states = [trust.HookState("/p q/.codex/hooks.json:pre_tool_use:0:0", "sha256:aa", "untrusted")]
    trust.record_trust(states, home)
    text = (home / "config.toml").read_text()
    assert text.startswith('# my settings\nmodel = "o3"  # keep\n')
    assert trust.recorded(home) == {"/x/hooks.json:stop:0:0": "sha256:theirs",
                                    "/p q/.codex/hooks.json:pre_tool_use:0:0": "sha256:aa"}
    pasted = tomlkit.parse(trust.manual_lines(states)).unwrap()
    assert pasted["hooks"]["state"][states[0].key]["trusted_hash"] == "sha256:aa"


def test_an_unreadable_config_records_nothing(tmp_path: Path) -> None:
    (tmp_path / "config.toml").write_text("not = [toml")
    assert trust.recorded(tmp_path) == {}
    assert trust.recorded(tmp_path / "absent") == {}


def test_codex_lists_our_hooks_with_their_hashes(project: Path, tmp_path: Path) -> None:
    binary = codex_run.codex_binary()
    if binary is None:
        pytest.skip("Codex is not installed: run scripts/test")
    home = tmp_path / "codex-home"
    home.mkdir()
    (home / "config.toml").write_text(f'[projects.{json.dumps(str(project))}]\n'
                                      'trust_level = "trusted"\n')
    keys = trust.our_keys(project, _installed(project))
    env = {"HOME": str(tmp_path), "CODEX_HOME": str(home), "PATH": "/usr/bin:/bin"}
    states = trust.listed(str(binary), project, env)
    assert sorted(k for k in states if k in keys) == sorted(keys)
    assert all(states[k].status == "untrusted" and states[k].current_hash.startswith("sha256:")
               for k in keys)
    trust.record_trust([states[k] for k in keys], home)
    assert all(s.status == "trusted" for k, s in trust.listed(str(binary), project, env).items()
               if k in keys)
