"""`init` and `doctor` say plainly what leaves the machine: when provider `auto` will use Claude
Code's own key or gateway (from this shell or Claude Code's settings `env`), that documents
and results go to that endpoint, and how to keep them local."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ..cli.helpers import invoke

KEEP_LOCAL = "to keep them local: `garrepa config set provider.type none`"
CLAUDE_CODE_VARS = ("ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN", "ANTHROPIC_BASE_URL",
                    "CLAUDE_CODE_USE_BEDROCK", "CLAUDE_CODE_USE_VERTEX", "CLAUDE_CODE_OAUTH_TOKEN")


@pytest.fixture(autouse=True)
def no_way_to_claude(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in CLAUDE_CODE_VARS:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("PATH", "/usr/bin:/bin")  # no logged-in `claude`


def egress_checks(project: Path) -> list[dict[str, str]]:
    report = json.loads(invoke("doctor", str(project), "--json").output)
    return [c for c in report["checks"] if c["name"] == "egress"]


def test_a_key_in_the_shell_is_said_to_send_documents(project: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test")
    output = invoke("init", str(project)).output
    assert ("egress: documents and tool results that garrepa briefs (secrets masked) are sent "
            "to https://api.anthropic.com (key from $ANTHROPIC_API_KEY); inside Claude Code the "
            "hook has Claude Code's own environment, so its key or gateway is used the same "
            f"way; {KEEP_LOCAL}.") in output
    assert egress_checks(project) == [{
        "name": "egress", "status": "ok",
        "detail": "documents and tool results that garrepa briefs (secrets masked) are sent to "
                  "https://api.anthropic.com (key from $ANTHROPIC_API_KEY); inside Claude Code "
                  "the hook has Claude Code's own environment, so its key or gateway is used "
                  f"the same way; {KEEP_LOCAL}",
        "hint": "garrepa config set provider.type none"}]


def test_a_gateway_in_claude_codes_settings_env_is_named(project: Path) -> None:
    # not in this shell: in the project's Claude Code settings, which every hook gets
    invoke("init", str(project))
    settings = project / ".claude" / "settings.local.json"
    settings.write_text(json.dumps({"env": {"ANTHROPIC_AUTH_TOKEN": "tok",
                                            "ANTHROPIC_BASE_URL": "https://gw.example.test"}}))
    output = invoke("init", str(project)).output
    assert ("sent to https://gw.example.test (bearer token from $ANTHROPIC_AUTH_TOKEN at "
            "https://gw.example.test)") in output
    assert "hint: no model is reachable" not in output
    [check] = egress_checks(project)
    assert check["detail"].startswith("documents and tool results that garrepa briefs (secrets "
                                      "masked) are sent to https://gw.example.test")


def test_nothing_found_says_claude_code_may_still_send(project: Path) -> None:
    output = invoke("init", str(project)).output
    assert "hint: no model is reachable from this shell (auto-nothing-found)" in output
    said = ("provider auto: inside Claude Code the hook has Claude Code's environment; if that "
            "has ANTHROPIC_API_KEY, ANTHROPIC_AUTH_TOKEN, ANTHROPIC_BASE_URL, "
            "CLAUDE_CODE_USE_BEDROCK, CLAUDE_CODE_USE_VERTEX or a logged-in `claude`, documents "
            "and tool results that garrepa briefs (secrets masked) go to that endpoint; "
            f"{KEEP_LOCAL}")
    assert f"egress: {said}." in output
    assert egress_checks(project) == [{"name": "egress", "status": "ok", "detail": said,
                                       "hint": ""}]


def test_provider_none_says_nothing_leaves(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test")
    monkeypatch.setenv("GARREPA_PROVIDER", "none")
    output = invoke("init", str(project)).output
    assert "egress:" not in output
    assert egress_checks(project) == []
