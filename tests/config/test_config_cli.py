"""`garrepa config`: what you set is what you get, or you are told which layer still wins."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ..cli.helpers import invoke


@pytest.fixture(autouse=True)
def _in_project(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (project / ".git").mkdir()  # `config` finds the project from the working directory
    monkeypatch.chdir(project)


def get(key: str) -> object:
    result = invoke("config", "get", key)
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_user_settings_are_not_dead_after_init(project: Path, garrepa_home: Path) -> None:
    assert invoke("init", str(project)).exit_code == 0
    result = invoke("config", "set", "provider.type", "claude-cli")
    assert result.output == f"provider.type = \"claude-cli\" in {garrepa_home / 'config.toml'}\n"
    assert get("provider.type") == "claude-cli"
    assert invoke("config", "set", "threshold.minChars", "5000").exit_code == 0
    assert get("threshold.minChars") == 5000


def test_a_project_value_that_wins_is_named_with_the_fix(project: Path) -> None:
    assert invoke("init", str(project), "--threshold", "9000").exit_code == 0
    result = invoke("config", "set", "threshold.minChars", "5000")
    assert result.output.splitlines()[1] == (
        "note: threshold.minChars is still 9000 here: this project's garrepa.config.json sets "
        "it, and a project value wins over your own (change it there with `garrepa config set "
        "threshold.minChars VALUE --project`, or drop it with `garrepa config unset "
        "threshold.minChars --project`)")
    assert get("threshold.minChars") == 9000
    result = invoke("config", "set", "threshold.minChars", "6000", "--project")
    assert result.output == f"threshold.minChars = 6000 in {project / 'garrepa.config.json'}\n"
    assert get("threshold.minChars") == 6000
    result = invoke("config", "unset", "threshold.minChars", "--project")
    assert result.output.splitlines() == [
        f"threshold.minChars removed from {project / 'garrepa.config.json'}",
        "threshold.minChars is now 5000 (user config.toml)"]
    assert json.loads((project / "garrepa.config.json").read_text()) == {
        "$schema": "./.claude/garrepa.config.schema.json"}  # no empty section left


def test_the_environment_wins_and_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GARREPA_THRESHOLD", "7000")
    result = invoke("config", "set", "threshold.minChars", "5000")
    assert result.output.splitlines()[1] == (
        "note: threshold.minChars is still 7000 here: $GARREPA_THRESHOLD in your environment "
        "wins (unset GARREPA_THRESHOLD to use the value just written)")


def test_unset_falls_back_a_layer_and_says_when_nothing_was_set(garrepa_home: Path) -> None:
    assert invoke("config", "set", "read.openingLines", "80").exit_code == 0
    result = invoke("config", "unset", "read.openingLines")
    assert result.output.splitlines() == [
        f"read.openingLines removed from {garrepa_home / 'config.toml'}",
        "read.openingLines is now 60 (default)"]
    assert "[read]" not in (garrepa_home / "config.toml").read_text()  # empty table dropped
    result = invoke("config", "unset", "read.openingLines")
    assert result.output.splitlines()[0] == (
        f"read.openingLines is not set in {garrepa_home / 'config.toml'}; nothing changed")
    assert invoke("config", "unset", "read.nope").exit_code == 1


def test_dry_run_writes_nothing(project: Path, garrepa_home: Path) -> None:
    result = invoke("config", "set", "threshold.minChars", "5000", "--dry-run")
    assert result.output.startswith("dry run: threshold.minChars = 5000 in ")
    result = invoke("config", "set", "threshold.minChars", "5000", "--project", "--dry-run")
    assert result.output.startswith("dry run: threshold.minChars = 5000 in ")
    assert not (garrepa_home / "config.toml").exists()
    assert not (project / "garrepa.config.json").exists()


def test_list_shows_every_layer(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert invoke("config", "set", "read.openingLines", "80").exit_code == 0
    (project / "garrepa.config.json").write_text(json.dumps(
        {"threshold": {"minChars": 9000}, "provider": {"baseUrl": "http://127.0.0.1:9"}}))
    monkeypatch.setenv("GARREPA_MODE", "audit")
    rows = {row["key"]: row for row in json.loads(invoke("config", "list", "--json").output)}
    assert (rows["mode"]["value"], rows["mode"]["source"]) == ("audit", "environment $GARREPA_MODE")
    assert rows["threshold.minChars"]["source"] == "project garrepa.config.json"
    assert rows["read.openingLines"]["source"] == "user config.toml"
    assert rows["read.mode"]["source"] == "default"
    assert (rows["provider.baseUrl"]["value"], rows["provider.baseUrl"]["ignored_project_value"]) \
        == (None, True)
    text = invoke("config", "list").output
    assert 'provider.baseUrl = null  (default; the project\'s value waits for `garrepa trust`)' \
        in text


def test_project_edits_of_gated_keys_keep_trust_only_where_it_was(project: Path) -> None:
    result = invoke("config", "set", "provider.type", "none", "--project")
    assert result.output.splitlines()[-1] == "trusted: you made this change yourself"
    assert get("provider.type") == "none"
    config = project / "garrepa.config.json"
    config.write_text(json.dumps({"provider": {"baseUrl": "http://127.0.0.1:9"}}))  # a pull
    result = invoke("config", "set", "provider.model", "claude-sonnet-4-5", "--project")
    assert result.output.splitlines()[-1] == (
        "note: provider.model in the project config applies only once you trust it: review it, "
        "then run `garrepa trust`")
