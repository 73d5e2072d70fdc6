"""The claude-cli provider against the real Claude Code binary, itself pointed at the fake model."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from garrepa_py.engine import prompt
from garrepa_py.model.base import ModelError
from garrepa_py.model.claude_cli import ClaudeCliClient

from ..support.claude_run import claude_binary
from ..support.fake_anthropic import FakeAnthropic

pytestmark = pytest.mark.e2e


@pytest.fixture
def claude_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    binary = claude_binary()
    if binary is None:
        pytest.fail("Claude Code is not installed: run `scripts/test` (it installs it)")
    home = tmp_path / "home"
    home.mkdir()
    # A user-level settings.json with a hook: the child run must not load it.
    (home / ".claude").mkdir()
    marker = tmp_path / "hook-ran"
    (home / ".claude" / "settings.json").write_text(json.dumps({"hooks": {"UserPromptSubmit": [
        {"hooks": [{"type": "command", "command": f"touch {marker}"}]}]}}))
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("CLAUDE_CONFIG_DIR", raising=False)  # ~/.claude is where the hook is
    monkeypatch.setenv("IS_SANDBOX", "1")
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-test-dummy")
    monkeypatch.setenv("DISABLE_AUTOUPDATER", "1")
    return binary


def test_claude_cli_briefing_through_real_binary(claude_env: Path, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    with FakeAnthropic(reply_text="A briefing from haiku.") as fake:
        monkeypatch.setenv("ANTHROPIC_BASE_URL", fake.url)
        client = ClaudeCliClient("claude-haiku-4-5", str(claude_env))
        reply = client.complete(prompt.SYSTEM, "Brief this: hello", 256, time.monotonic() + 60)
    assert reply.text == "A briefing from haiku."
    assert reply.input_tokens == 100
    [request] = [r for r in fake.requests if "count_tokens" not in r.path]
    assert request.body["tools"] == []  # no tools, no MCP servers in the child run
    assert "haiku" in request.body["model"]
    assert any(prompt.SYSTEM in block.get("text", "") for block in request.body["system"])
    assert request.body["messages"][0]["content"] == "Brief this: hello"
    assert not (tmp_path / "hook-ran").exists()  # the user's hooks were not loaded


def test_claude_cli_error_is_a_model_error(claude_env: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with FakeAnthropic(fail_first=[400] * 5) as fake:
        monkeypatch.setenv("ANTHROPIC_BASE_URL", fake.url)
        with pytest.raises(ModelError) as caught:
            ClaudeCliClient("haiku", str(claude_env)).complete("s", "u", 64, time.monotonic() + 60)
    assert caught.value.reason in ("claude-error", "malformed-reply")


def test_control_without_setting_sources_the_user_hook_runs(claude_env: Path, tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """Negative control: the flag is what keeps the user's hooks out of the child run."""
    import os
    import subprocess

    from garrepa_py.model.claude_cli import child_command

    command = child_command(str(claude_env), "haiku", "system")
    at = command.index("--setting-sources")
    del command[at:at + 2]
    with FakeAnthropic(reply_text="x") as fake:
        env = dict(os.environ, ANTHROPIC_BASE_URL=fake.url)
        subprocess.run(command, input="hi", capture_output=True, text=True, env=env,
                       cwd=tmp_path, timeout=60, check=True)
    assert (tmp_path / "hook-ran").exists()


def test_child_environment_drops_the_parent_session() -> None:
    from garrepa_py.model.claude_cli import child_environment

    parent = {"PATH": "/bin", "CLAUDECODE": "1", "CLAUDE_CODE_SESSION_ID": "s",
              "CLAUDE_CODE_MESSAGING_SOCKET": "/tmp/sock", "CLAUDE_PROJECT_DIR": "/p",
              "CLAUDE_CODE_USE_BEDROCK": "1", "ANTHROPIC_API_KEY": "k"}
    assert child_environment(parent) == {
        "PATH": "/bin", "CLAUDE_CODE_USE_BEDROCK": "1", "ANTHROPIC_API_KEY": "k",
        "GARREPA_DISABLE": "1", "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1"}
