"""`garrepa write`: drafts from a diff with the loopback fake model; it never commits."""

from __future__ import annotations

import json
import os
import stat
import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner

from garrepa_py.cli.app import app

from ..cli.helpers import invoke
from ..conftest import git
from ..support.fake_anthropic import FakeAnthropic

DIFF = """diff --git a/src/app.py b/src/app.py
index 1111111..2222222 100644
--- a/src/app.py
+++ b/src/app.py
@@ -1,2 +1,2 @@
-def greet(): return "hi"
+def greet(): return "hello"
"""


@pytest.fixture
def model(monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    def start(reply: str) -> FakeAnthropic:
        fake = FakeAnthropic(reply_text=reply).__enter__()
        monkeypatch.setenv("GARREPA_BASE_URL", fake.url)
        monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-test")
        started.append(fake)
        return fake

    started: list[FakeAnthropic] = []
    yield start
    for fake in started:
        fake.__exit__()


def test_commit_message_from_stdin_is_printed_alone(model, tmp_path: Path,  # type: ignore[no-untyped-def]
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    fake = model("Say hello instead of hi\n\nThe greeting reads warmer.")
    result = invoke("write", "commit-message", "--context", "product asked for it", input=DIFF)
    assert result.exit_code == 0
    assert result.output == "Say hello instead of hi\n\nThe greeting reads warmer.\n"
    body = fake.requests[0].body
    assert "<untrusted-content>\n" + DIFF in body["messages"][0]["content"]
    assert "The developer says why: product asked for it" in body["messages"][0]["content"]
    assert "never follow" in body["system"]


def test_pr_title_is_one_line(model, tmp_path: Path,  # type: ignore[no-untyped-def]
                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    model("Warmer greeting\nextra line")
    result = invoke("write", "pr-title", input=DIFF)
    assert result.output == "Warmer greeting\n"


def test_staged_uses_read_only_git_and_never_commits(model, tmp_path: Path,  # type: ignore[no-untyped-def]
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    repo = tmp_path / "repo"
    repo.mkdir()
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    (repo / "a.py").write_text("x = 1\n")
    git(repo, "add", "a.py")
    log = tmp_path / "git-calls.log"
    shim = tmp_path / "bin" / "git"
    shim.parent.mkdir()
    real_git = subprocess.run(["which", "git"], capture_output=True, text=True).stdout.strip()
    shim.write_text(f'#!/bin/sh\necho "$@" >> {log}\nexec {real_git} "$@"\n')
    shim.chmod(shim.stat().st_mode | stat.S_IXUSR)
    monkeypatch.setenv("PATH", f"{shim.parent}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.chdir(repo)
    model("Add a.py with x")
    result = invoke("write", "commit-message", "--staged")
    assert result.exit_code == 0, result.output
    assert result.output == "Add a.py with x\n"
    calls = log.read_text().splitlines()
    assert calls == ["diff --staged --no-color --no-ext-diff"]
    assert not any(word in call for call in calls for word in ("commit", "push"))
    assert git(repo, "log", "--oneline", "--all") == ""  # still no commit


def test_large_diff_goes_through_the_git_digest(model, click_repo: Path, tmp_path: Path,  # type: ignore[no-untyped-def]
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    fake = model("Update click to 8.1.7")
    big = git(click_repo, "diff", "HEAD~4", "HEAD")
    result = invoke("write", "commit-message", input=big)
    assert result.output == "Update click to 8.1.7\n"
    sent = fake.requests[0].body["messages"][0]["content"]
    assert "53 files changed, +1280 -472:" in sent
    assert len(sent) < len(big) / 3


def test_an_empty_diff_sends_nothing(model, tmp_path: Path,  # type: ignore[no-untyped-def]
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    fake = model("x")
    result = invoke("write", "commit-message", input="")
    assert (result.exit_code, result.output) == (
        1, "error: the diff is empty\nhint: stage changes with `git add`, or pipe a diff to stdin\n")
    assert fake.requests == []


SECRET_DIFF = """diff --git a/src/settings.py b/src/settings.py
index 1111111..2222222 100644
--- a/src/settings.py
+++ b/src/settings.py
@@ -10,3 +10,4 @@ DEBUG = False
 TIMEOUT = 30
-AWS_ACCESS_KEY_ID = "AKIAQ3EGRHXT7QZDLNWB"
+AWS_ACCESS_KEY_ID = os.environ["AWS_ACCESS_KEY_ID"]
+GH_TOKEN = "ghp_Xq7pL2mN9vB4cR8tY1wZ5kJ3hG6fD0sAQ7wE"
 RETRIES = 3
"""


def test_a_diff_with_secrets_is_drafted_from_the_masked_diff(model, tmp_path: Path,  # type: ignore[no-untyped-def]
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    fake = model("Read the AWS key from the environment")
    result = CliRunner().invoke(app, ["write", "commit-message"],
                                input=SECRET_DIFF, catch_exceptions=False)
    assert result.exit_code == 0
    assert result.stdout == "Read the AWS key from the environment\n"
    assert result.stderr.splitlines() == [
        "masked before sending: src/settings.py:11 (removed) aws-key",
        "masked before sending: src/settings.py:12 github-token"]
    sent = fake.requests[0].body["messages"][0]["content"]
    assert "AKIAQ3EGRHXT7QZDLNWB" not in sent and "ghp_" not in sent
    assert '-AWS_ACCESS_KEY_ID = "[secret: aws-key]"' in sent


def test_invented_reference_is_refused(model, tmp_path: Path,  # type: ignore[no-untyped-def]
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    model("Say hello (fixes #4321)")
    result = invoke("write", "commit-message", input=DIFF)
    assert result.exit_code == 1
    assert result.output == ("error: the draft cited #4321, which the diff does not contain; "
                             "nothing was printed\nhint: try again, or add --context\n")


def test_without_a_model(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    result = invoke("write", "commit-message", input=DIFF)
    assert result.output == ("error: writing needs a model, and none is usable (auto-nothing-found)\n"
                             "hint: run `garrepa doctor` to see how to set a provider\n")


def test_skill_points_at_write() -> None:
    from garrepa_py import paths

    skill = (Path(paths.templates_dir()) / "SKILL.md").read_text()
    assert "garrepa write commit-message --staged" in skill
    assert "the user reviews the message" in skill


def test_write_on_the_requests_release_diff_names_each_masked_key(
        model, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    """It refused with "the diff holds a secret (private-key)", naming no file or line."""
    from ..support import corpora

    repo = corpora.load("requests")
    diff = git(repo, "diff", "HEAD~1")
    monkeypatch.chdir(tmp_path)
    fake = model("Release requests 2.32.3")
    result = CliRunner().invoke(app, ["write", "commit-message"], input=diff,
                                catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert result.stdout == "Release requests 2.32.3\n"
    places = [line for line in result.stderr.splitlines()
              if line.startswith("masked before sending: ")]
    assert "masked before sending: tests/certs/expired/server/server.key:1 private-key" in places
    assert len({p.split(":")[1].strip() for p in places}) >= 3  # several key files named
    assert "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQDHlIhe7GLCeSk8" not in \
        json.dumps(fake.requests[0].body)


def test_write_works_with_only_claude_codes_gateway_settings(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """`ANTHROPIC_BASE_URL` + `ANTHROPIC_AUTH_TOKEN`, as for a gateway: it used to fail with
    "the model did not answer (connection)"."""
    monkeypatch.chdir(tmp_path)
    with FakeAnthropic(reply_text="Say hello instead of hi") as fake:
        monkeypatch.setenv("ANTHROPIC_BASE_URL", fake.url)
        monkeypatch.setenv("ANTHROPIC_AUTH_TOKEN", "gateway-token")
        monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
        result = invoke("write", "commit-message", input=DIFF)
        assert fake.headers[0]["authorization"] == "Bearer gateway-token"
    assert (result.exit_code, result.output) == (0, "Say hello instead of hi\n")
