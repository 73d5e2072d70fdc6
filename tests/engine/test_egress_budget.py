"""No request to the model over its context budget: a 2.3 MB real `git log -p` (four flask
releases from PyPI) goes out as its structural digest, and the reply is still checked against
the whole log."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest

from garrepa_py.engine import compressors, door, prompt
from garrepa_py.engine.brief import brief
from garrepa_py.engine.types import BriefRequest
from garrepa_py.model.base import ModelError

from ..support import corpora
from ..support.fake_anthropic import FakeAnthropic
from .test_brief import config_for, factory


@pytest.fixture(scope="module")
def flask_log() -> str:
    import subprocess

    repo = corpora.load("flask")
    return subprocess.run(["git", "log", "-p", "-U100"], cwd=repo, capture_output=True,
                          text=True, check=True).stdout


def git_request(source: str) -> BriefRequest:
    kind = compressors.KINDS["git"]
    return BriefRequest(kind.route, source, "git log -p", compressors.git(
        lambda diff: f"git diff -- {diff.path}", lambda sha, diff: f"git show {sha}"),
        combine=kind.combine, model_chars=kind.model_chars)


def notes_for(source: str, lines: tuple[int, int] | None = None) -> str:
    """Notes citing the newest commit's message at its own lines (or at `lines`)."""
    at = source.split("\n").index("    Release flask 3.1.0") + 1
    first, last = lines or (at - 4, at)
    sha = re.match(r"commit ([0-9a-f]{40})", source).group(1)  # type: ignore[union-attr]
    return f"Commit {sha} is `Release flask 3.1.0` (lines {first}-{last})."


def test_a_log_over_the_budget_goes_out_as_its_digest(project: Path, flask_log: str) -> None:
    assert len(flask_log) > 2_000_000
    with FakeAnthropic(reply_text=notes_for(flask_log)) as fake:
        config = config_for(project, fake.url)
        result = brief(git_request(flask_log), config, str(project), time.monotonic() + 60,
                       factory)
    assert len(fake.requests) == 1
    sent = fake.requests[0].body
    assert len(json.dumps(sent, ensure_ascii=False)) <= door.DEFAULT_CONTEXT_CHARS
    user = sent["messages"][0]["content"]
    assert "lines: too large to send whole" in user
    assert "\n1\tcommit " not in user  # no numbered copy of the text
    assert result.notes.model_input == "structural-digest"
    assert result.notes.method == "model"
    assert notes_for(flask_log) in result.text


def test_the_digests_reply_is_checked_against_the_whole_log(project: Path,
                                                            flask_log: str) -> None:
    wrong = notes_for(flask_log, (1000, 1004))  # the commit message is not there
    with FakeAnthropic(reply_text=wrong) as fake:
        result = brief(git_request(flask_log), config_for(project, fake.url), str(project),
                       time.monotonic() + 60, factory)
    assert len(fake.requests) == 1
    assert (result.notes.method, result.notes.fallback) == (
        "structural", "range-without-id:1")


def test_a_source_under_the_budget_goes_whole_and_numbered(project: Path,
                                                           flask_log: str) -> None:
    first_commit = flask_log[:flask_log.index("\ncommit ", 1) + 1][:200_000]
    with FakeAnthropic(reply_text="x") as fake:
        brief(git_request(first_commit), config_for(project, fake.url), str(project),
              time.monotonic() + 60, factory)
    user = fake.requests[0].body["messages"][0]["content"]
    assert "<untrusted-content>\n1\tcommit " in user


def test_the_door_refuses_a_request_over_the_budget() -> None:
    with FakeAnthropic(reply_text="x") as fake:
        from garrepa_py.config.load import load_config

        client, _ = factory(load_config(Path("/nonexistent"), environ={
            "GARREPA_PROVIDER": "anthropic", "GARREPA_BASE_URL": fake.url}))
        assert client is not None
        user = "y" * (door.context_chars(client) - len(prompt.SYSTEM) + 1)
        with pytest.raises(ModelError) as raised:
            door.ask(client, prompt.SYSTEM, user, 100, time.monotonic() + 10)
        assert raised.value.reason == "over-context-budget"
        door.ask(client, prompt.SYSTEM, user[:-1], 100, time.monotonic() + 10)  # at it: sent
        assert len(fake.requests) == 1


def test_each_provider_has_a_budget_under_its_window() -> None:
    class Local:
        name = "openai-compatible"
        model = "m"

    class Claude:
        name = "anthropic"
        model = "m"
        context_chars = 50_000

    assert door.context_chars(Local()) == 100_000  # type: ignore[arg-type]
    assert door.context_chars(Claude()) == 50_000  # type: ignore[arg-type]
