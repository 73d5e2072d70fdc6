from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest

from garrepa_py.cli.app import app
from garrepa_py.config.load import load_config

from .helpers import invoke


def test_version_and_help_list_every_command() -> None:
    assert invoke("--version").output == "garrepa 0.1.0\n"
    help_text = invoke("--help").output
    for command in ("init", "uninstall", "doctor", "trust", "summarize", "write", "peek", "ask",
                    "report", "config"):
        assert f"  {command} " in help_text
    assert "  hook " not in help_text  # internal


def test_every_command_has_one_line_help() -> None:
    import typer.main

    group = typer.main.get_group(app)
    for name, command in group.commands.items():
        assert command.help or command.hidden, name


def test_config_set_keeps_comments_and_get_reads_back(garrepa_home: Path) -> None:
    garrepa_home.mkdir()
    config = garrepa_home / "config.toml"
    config.write_text("# my notes\n[provider] # inline\nmodel = \"a\"\n")
    result = invoke("config", "set", "provider.model", "claude-haiku-4-5")
    assert result.exit_code == 0
    assert result.output == f'provider.model = "claude-haiku-4-5" in {config}\n'
    text = config.read_text()
    assert "# my notes" in text and "# inline" in text
    assert invoke("config", "get", "provider.model").output == '"claude-haiku-4-5"\n'
    assert oct(config.stat().st_mode & 0o777) == "0o600"


def test_config_set_numbers_and_lists(garrepa_home: Path) -> None:
    assert invoke("config", "set", "threshold.minChars", "12000").exit_code == 0
    assert invoke("config", "set", "mcp.excludeTools", "mcp__a__*, mcp__b__x").exit_code == 0
    assert invoke("config", "get", "threshold.minChars").output == "12000\n"
    assert json.loads(invoke("config", "get", "mcp.excludeTools").output) == ["mcp__a__*",
                                                                                 "mcp__b__x"]


def test_config_set_rejects_bad_value_verbatim() -> None:
    result = invoke("config", "set", "provider.type", "openai")
    assert result.exit_code == 1
    assert result.output == (
        "error: 'provider.type' must be one of 'auto', 'anthropic', 'openai-compatible', 'claude-cli', "
        "'none' (got 'openai')\nhint: see `garrepa config list` for every key and its current value\n")


def test_config_unknown_key() -> None:
    result = invoke("config", "get", "nope")
    assert result.exit_code == 1
    assert result.output.startswith("error: unknown key 'nope'\nhint: known keys: mode, ")


def test_config_list_json_schema(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(project)
    rows = json.loads(invoke("config", "list", "--json").output)
    assert {row["key"] for row in rows} >= {"threshold.minChars", "provider.type"}
    assert all(set(row) - {"per_route", "effective"} == {
        "key", "value", "source", "ignored_project_value", "help"} for row in rows)
    # the threshold row says what each route really uses: grep output is digested from 20,000
    [threshold] = [row for row in rows if row["key"] == "threshold.minChars"]
    assert threshold["per_route"]["command"] == threshold["per_route"]["search"] == 20_000
    assert threshold["per_route"]["read"] == threshold["value"] == 32_000
    assert "command 20,000" in invoke("config", "list").output


def test_config_set_refuses_invalid_toml(garrepa_home: Path) -> None:
    garrepa_home.mkdir()
    (garrepa_home / "config.toml").write_text("[[[broken")
    result = invoke("config", "set", "mode", "audit")
    assert result.exit_code == 1
    assert "is not valid TOML" in result.output
    assert (garrepa_home / "config.toml").read_text() == "[[[broken"


def test_trust_command(project: Path) -> None:
    config = project / "garrepa.config.json"
    result = invoke("trust", str(project))
    assert result.exit_code == 1
    assert result.output == (f"error: {config} does not exist\n"
                             "hint: nothing to trust; `garrepa config set KEY VALUE --project` "
                             "creates it\n")
    config.write_text('{"provider": {"baseUrl": "http://127.0.0.1:9/v1", '
                      '"apiKeyEnvVar": "AWS_SECRET_ACCESS_KEY"}, "threshold": {"minChars": 5000}}')
    shown = [f"{config} sets these keys that need your trust:",
             '  provider.apiKeyEnvVar = "AWS_SECRET_ACCESS_KEY"',
             '  provider.baseUrl = "http://127.0.0.1:9/v1"',
             "  warning: this sends the value of $AWS_SECRET_ACCESS_KEY to http://127.0.0.1:9/v1"]
    result = invoke("trust", str(project), "--dry-run")
    assert result.output.splitlines() == [*shown, "dry run: nothing was trusted"]
    assert load_config(project, environ={}).project_trusted is False
    result = invoke("trust", str(project))
    assert result.exit_code == 0
    assert result.output.splitlines()[:-1] == shown
    assert load_config(project, environ={}).project_trusted is True
    result = invoke("trust", str(project), "--revoke")
    assert result.output.startswith(f"revoked: {config} no longer decides")
    assert load_config(project, environ={}).project_trusted is False


def doctor_json(project: Path) -> tuple[int, dict]:
    result = invoke("doctor", str(project), "--json")
    return result.exit_code, json.loads(result.output)


def test_doctor_after_init_is_healthy(project: Path, monkeypatch: pytest.MonkeyPatch,
                                      tmp_path: Path) -> None:
    fake_claude = tmp_path / "bin" / "claude"
    fake_claude.parent.mkdir()
    fake_claude.write_text("#!/bin/sh\necho '2.1.328 (Claude Code)'\n")
    fake_claude.chmod(0o755)
    monkeypatch.setenv("PATH", f"{fake_claude.parent}:{os.environ['PATH']}")
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-test")
    invoke("init", str(project))
    code, report = doctor_json(project)
    assert code == 0
    assert report["ok"] is True
    statuses = {c["name"]: c["status"] for c in report["checks"]}
    assert statuses == {"interpreter": "ok", "launcher": "ok", "settings": "ok",
                        "allow rules": "ok", "config": "ok",
                        "trust": "ok", "provider": "ok", "egress": "ok", "claude": "ok",
                        "journal": "ok", "spill": "ok", "arrival": "ok"}
    assert all(set(c) == {"name", "status", "detail", "hint"} for c in report["checks"])


def test_doctor_flags_old_claude_and_broken_settings(project: Path, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    fake_claude = tmp_path / "bin" / "claude"
    fake_claude.parent.mkdir()
    fake_claude.write_text("#!/bin/sh\necho '2.0.5 (Claude Code)'\n")
    fake_claude.chmod(0o755)
    monkeypatch.setenv("PATH", f"{fake_claude.parent}:/usr/bin:/bin")
    invoke("init", str(project))
    (project / ".claude/settings.json").write_text("{")
    launcher = project / ".claude/hooks/garrepa-hook"
    launcher.chmod(launcher.stat().st_mode & ~(stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH))
    code, report = doctor_json(project)
    assert code == 1
    checks = {c["name"]: c for c in report["checks"]}
    assert checks["claude"]["status"] == "fail"
    assert checks["claude"]["detail"] == "Claude Code 2.0.5 cannot replace tool output"
    assert checks["settings"]["status"] == "fail"
    assert "is not valid JSON" in checks["settings"]["detail"]
    assert checks["launcher"]["detail"].endswith("is not executable")


def test_doctor_explains_untrusted_project_and_missing_key(project: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    invoke("init", str(project))
    (project / "garrepa.config.json").write_text('{"provider": {"baseUrl": "http://x.test/v1"}}')
    _, report = doctor_json(project)
    checks = {c["name"]: c for c in report["checks"]}
    assert checks["trust"] == {
        "name": "trust", "status": "warn",
        "detail": "project config not trusted: it sets provider.baseUrl; briefings are "
                  "structural only until you trust it",
        "hint": "review garrepa.config.json (`garrepa trust --dry-run` shows what it decides), "
                "then run `garrepa trust`"}
    assert checks["provider"]["detail"] == "structural only: the project config is not trusted"
    (project / "garrepa.config.json").write_text('{"threshold": {"minChars": 5000}}')
    _, report = doctor_json(project)
    checks = {c["name"]: c for c in report["checks"]}
    assert checks["provider"]["detail"] == (
        "auto found no way to Claude here (no ANTHROPIC_API_KEY, ANTHROPIC_AUTH_TOKEN or "
        "logged-in `claude`): structural only")


def test_doctor_on_uninstalled_project_fails(project: Path) -> None:
    code, report = doctor_json(project)
    assert code == 1
    failing = {c["name"] for c in report["checks"] if c["status"] == "fail"}
    assert {"interpreter", "launcher", "settings"} <= failing


def test_doctor_table_output(project: Path) -> None:
    invoke("init", str(project))
    output = invoke("doctor", str(project)).output
    assert "check" in output and "launcher" in output and "hint:" in output
