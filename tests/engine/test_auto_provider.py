"""`provider.type = auto` (the default) reaches Claude the way Claude Code does on this machine."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from garrepa_py.config.load import load_config
from garrepa_py.engine.brief import brief
from garrepa_py.engine.types import BriefRequest
from garrepa_py.model.providers import make_client
from garrepa_py.structural import generic

from ..support.fake_anthropic import FakeAnthropic
from ..support.fake_openai import FakeOpenAI

SOURCE = json.dumps([{"id": n, "url": f"https://example.test/items/{n}", "title": f"Item {n}"}
                     for n in range(400)], indent=1)
NOTES = "400 items, ids 0 to 399 (lines 1-30), e.g. https://example.test/items/0."


def env(**values: str) -> dict[str, str]:
    return {"PATH": os.environ["PATH"], "HOME": "/nonexistent", **values}


def brief_with(project: Path, environ: dict[str, str], config_env: dict[str, str] | None = None):  # type: ignore[no-untyped-def]
    config = load_config(project, environ=config_env or {})
    return brief(BriefRequest("mcp", SOURCE, "mcp__x__y", generic.compress), config, str(project),
                 time.monotonic() + 10, lambda c: make_client(c, environ))


@pytest.mark.parametrize("credentials, sent, absent, model, provider", [
    # Claude Code's base URL and key, its custom headers (a malformed one skipped)
    ({"ANTHROPIC_API_KEY": "sk-k", "ANTHROPIC_CUSTOM_HEADERS": "X-Team: infra\nX-Bad"},
     {"x-api-key": "sk-k", "x-team": "infra"}, "authorization", "claude-haiku-4-5",
     "key from $ANTHROPIC_API_KEY"),
    # an auth token goes as a bearer, and Claude Code's small model is used
    ({"ANTHROPIC_AUTH_TOKEN": "tok", "ANTHROPIC_DEFAULT_HAIKU_MODEL": "gateway-haiku"},
     {"authorization": "Bearer tok"}, "x-api-key", "gateway-haiku",
     "bearer token from $ANTHROPIC_AUTH_TOKEN"),
])
def test_claude_codes_own_way_to_the_model_is_followed(
        project: Path, credentials: dict[str, str], sent: dict[str, str], absent: str, model: str,
        provider: str) -> None:
    with FakeAnthropic(reply_text=NOTES) as fake:
        result = brief_with(project, env(ANTHROPIC_BASE_URL=fake.url, **credentials))
        headers, body = fake.headers[0], fake.requests[0].body
    assert {name: headers.get(name) for name in sent} == sent and absent not in headers
    assert body["model"] == model
    assert result.notes.method == "model"
    assert result.notes.provider == f"{provider} at {fake.url}"


def test_explicit_provider_settings_win(project: Path) -> None:
    with FakeAnthropic(reply_text=NOTES) as mine, FakeAnthropic(reply_text=NOTES) as claudes:
        brief_with(project, env(ANTHROPIC_BASE_URL=claudes.url, ANTHROPIC_API_KEY="sk-k"),
                   config_env={"GARREPA_BASE_URL": mine.url, "GARREPA_MODEL": "my-model"})
        assert claudes.requests == []
        assert mine.requests[0].body["model"] == "my-model"


def test_bedrock_through_the_sdk_signs_and_hits_the_haiku_model(project: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AWS_ACCESS_KEY_ID", "AKIDEXAMPLEDUMMY00")
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "dummy-secret-for-signing")
    with FakeAnthropic(reply_text=NOTES) as fake:
        result = brief_with(project, env(CLAUDE_CODE_USE_BEDROCK="1", AWS_REGION="eu-west-1",
                                         ANTHROPIC_BEDROCK_BASE_URL=fake.url))
        request, headers = fake.requests[0], fake.headers[0]
    assert request.path == "/model/us.anthropic.claude-haiku-4-5-20251001-v1:0/invoke"
    assert headers["authorization"].startswith(
        "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLEDUMMY00/")
    assert "/eu-west-1/bedrock/aws4_request" in headers["authorization"]
    assert result.notes.method == "model"
    assert result.notes.provider == f"Bedrock (eu-west-1) via CLAUDE_CODE_USE_BEDROCK at {fake.url}"


def test_vertex_through_the_sdk_carries_a_bearer_to_the_haiku_model(project: Path) -> None:
    with FakeAnthropic(reply_text=NOTES) as fake:
        result = brief_with(project, env(CLAUDE_CODE_USE_VERTEX="1",
                                         ANTHROPIC_VERTEX_PROJECT_ID="proj-7",
                                         CLOUD_ML_REGION="us-east5",
                                         ANTHROPIC_VERTEX_BASE_URL=fake.url,
                                         GOOGLE_OAUTH_ACCESS_TOKEN="ya29.dummy"))
        request, headers = fake.requests[0], fake.headers[0]
    assert request.path == ("/projects/proj-7/locations/us-east5/publishers/anthropic/models/"
                            "claude-haiku-4-5@20251001:rawPredict")
    assert headers["authorization"] == "Bearer ya29.dummy"
    assert result.notes.method == "model"


def test_vertex_without_a_project_is_named_not_guessed(project: Path) -> None:
    with FakeOpenAI(reply_text=NOTES) as fake:
        result = brief_with(project, env(CLAUDE_CODE_USE_VERTEX="1", ANTHROPIC_API_KEY="sk-k",
                                         ANTHROPIC_BASE_URL=fake.url))
        assert fake.requests == []
    assert result.notes.fallback == "auto-vertex-no-project"


def test_a_logged_in_claude_is_used_when_there_is_no_key(project: Path, tmp_path: Path) -> None:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "claude").write_text("#!/bin/sh\nexit 1\n")
    (bin_dir / "claude").chmod(0o755)
    login = tmp_path / "claude-config"
    login.mkdir()
    config = load_config(project, environ={})
    assert make_client(config, {"PATH": str(bin_dir), "CLAUDE_CONFIG_DIR": str(login)}) == (
        None, "auto-nothing-found")  # the binary, but nobody logged in
    (login / ".credentials.json").write_text("{}")
    client, _ = make_client(config, {"PATH": str(bin_dir), "CLAUDE_CONFIG_DIR": str(login)})
    assert client is not None and client.name == "claude-cli"
    assert client.origin == f"logged-in claude at {bin_dir / 'claude'}"


def test_doctor_probe_reports_who_answered(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from ..cli.helpers import invoke

    with FakeAnthropic(reply_text="ok") as fake:
        monkeypatch.setenv("ANTHROPIC_BASE_URL", fake.url)
        monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-k")
        report = json.loads(invoke("doctor", str(project), "--json", "--probe").output)
        assert len(fake.requests) == 1
    checks = {c["name"]: c for c in report["checks"]}
    assert checks["provider"]["detail"] == (
        f"anthropic, claude-haiku-4-5 (auto: key from $ANTHROPIC_API_KEY at {fake.url})")
    assert checks["probe"]["status"] == "ok"
    assert checks["probe"]["detail"].startswith("claude-haiku-4-5 answered in ")
    without = json.loads(invoke("doctor", str(project), "--json").output)
    assert "probe" not in {c["name"] for c in without["checks"]}  # opt-in only
