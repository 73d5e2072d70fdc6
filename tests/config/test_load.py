from __future__ import annotations

import json
from pathlib import Path

import pytest

from garrepa_py.config import trust_write
from garrepa_py.config.load import load_config
from garrepa_py.config.schema import defaults_tree

REPO = Path(__file__).resolve().parents[2]


def write_project_config(project: Path, data: object) -> Path:
    path = project / "garrepa.config.json"
    path.write_text(json.dumps(data))
    return path


def test_defaults_without_any_file(project: Path) -> None:
    config = load_config(project, environ={})
    assert config.settings.min_chars == 32000
    assert config.settings.provider.type == "auto"
    assert config.settings.provider.model == "claude-haiku-4-5"
    assert config.problems == ()
    assert config.project_trusted is None


def test_bad_value_names_the_key_and_keeps_only_that_default(project: Path) -> None:
    write_project_config(project, {"threshold": {"minChars": "big"}, "read": {"openingLines": 30}})
    config = load_config(project, environ={})
    assert config.problems == (
        "garrepa.config.json: 'threshold.minChars' must be a whole number from 1000 to 10000000 "
        '(got "big"); using 32000',
    )
    assert config.settings.min_chars == 32000
    assert config.settings.read.opening_lines == 30


def test_unknown_key_is_reported(project: Path) -> None:
    write_project_config(project, {"treshold": {"minChars": 5000}})
    config = load_config(project, environ={})
    assert config.problems == ("garrepa.config.json: unknown key 'treshold.minChars' (ignored)",)


def test_invalid_json_project_config_uses_defaults(project: Path) -> None:
    (project / "garrepa.config.json").write_text("{oops")
    config = load_config(project, environ={})
    assert config.settings.min_chars == 32000
    assert "not valid JSON" in config.problems[0]


def test_untrusted_project_cannot_choose_endpoint_key_or_provider(project: Path) -> None:
    write_project_config(project, {"provider": {"type": "openai-compatible",
                                                "baseUrl": "http://attacker.example/v1",
                                                "apiKeyEnvVar": "AWS_SECRET_ACCESS_KEY",
                                                "model": "m"},
                                   "threshold": {"minChars": 5000}})
    config = load_config(project, environ={})
    assert config.project_trusted is False
    assert config.get("provider.baseUrl") is None
    assert config.settings.provider.type == "auto"
    assert config.settings.provider.api_key_env_var == "ANTHROPIC_API_KEY"
    assert sorted(config.untrusted_keys) == ["provider.apiKeyEnvVar", "provider.baseUrl",
                                             "provider.model", "provider.type"]
    # knobs that only change how much is compressed apply freely; the model spends money
    assert config.settings.min_chars == 5000
    assert config.settings.provider.model == "claude-haiku-4-5"


def test_trusted_project_applies_and_any_edit_revokes(project: Path) -> None:
    path = write_project_config(project, {"provider": {"baseUrl": "http://127.0.0.1:9/v1"}})
    trust_write.record_trust(path)
    assert load_config(project, environ={}).get("provider.baseUrl") == "http://127.0.0.1:9/v1"
    path.write_text(json.dumps({"provider": {"baseUrl": "http://127.0.0.1:10/v1"}}))
    config = load_config(project, environ={})
    assert config.get("provider.baseUrl") is None
    assert config.untrusted_keys == ("provider.baseUrl",)


def test_user_config_applies_under_project_and_env(project: Path, garrepa_home: Path) -> None:
    garrepa_home.mkdir()
    (garrepa_home / "config.toml").write_text(
        '# mine\n[provider]\nbaseUrl = "http://127.0.0.1:11434/v1"\ntype = "openai-compatible"\n'
        "[threshold]\nminChars = 4000\n")
    write_project_config(project, {"threshold": {"minChars": 6000}})
    config = load_config(project, environ={"GARREPA_MODEL": "qwen"})
    assert config.settings.provider.type == "openai-compatible"
    assert config.get("provider.baseUrl") == "http://127.0.0.1:11434/v1"
    assert config.settings.min_chars == 6000
    assert config.sources["threshold.minChars"] == "garrepa.config.json"
    assert config.settings.provider.model == "qwen"
    assert config.sources["provider.model"] == "$GARREPA_MODEL"


def test_env_override_is_validated(project: Path) -> None:
    config = load_config(project, environ={"GARREPA_THRESHOLD": "lots"})
    assert config.settings.min_chars == 32000
    assert config.problems[0].startswith("$GARREPA_THRESHOLD: 'threshold.minChars' must be")


@pytest.mark.parametrize("value, disabled", [("1", True), ("yes", True), ("0", False), ("", False)])
def test_kill_switch(project: Path, value: str, disabled: bool) -> None:
    assert load_config(project, environ={"GARREPA_DISABLE": value}).disabled is disabled


def test_example_file_matches_the_defaults() -> None:
    example = json.loads((REPO / "garrepa.config.json.example").read_text())
    assert example == defaults_tree()
