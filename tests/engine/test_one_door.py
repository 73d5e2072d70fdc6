"""Every model request passes one door: engine/door.py. No other module calls `complete`, and
what passes the door carries no secret value."""

from __future__ import annotations

import ast
import json
from pathlib import Path
from typing import Any

import pytest

from garrepa_py.engine import door

from ..support.canaries import canary_text, leaked
from ..support.fake_anthropic import FakeAnthropic

SRC = Path(__file__).resolve().parents[2] / "src" / "garrepa_py"


def callers_of_complete() -> list[str]:
    found = []
    for path in sorted(SRC.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                    and node.func.attr == "complete":
                found.append(str(path.relative_to(SRC)))
    return found


def test_only_the_door_calls_a_model_client() -> None:
    assert callers_of_complete() == ["engine/door.py"]


def test_the_door_masks_every_canary(project: Path) -> None:
    import os
    import time

    from garrepa_py.config.load import load_config
    from garrepa_py.model.providers import make_client

    with FakeAnthropic(reply_text="ok") as fake:
        config = load_config(project, environ={"GARREPA_BASE_URL": fake.url})
        client, _ = make_client(config, {"ANTHROPIC_API_KEY": "sk-test", "PATH": os.environ["PATH"]})
        assert client is not None
        exchange = door.ask(client, "system", "Brief this:\n" + canary_text(), 100,
                            time.monotonic() + 10)
        sent = json.dumps(fake.requests[0].body)
    assert leaked(sent) == []
    assert exchange.masked.kinds()["aws-key"] == 2


def ask(project: Path, monkeypatch: pytest.MonkeyPatch, file: str, reply: str,
        question: str) -> tuple[Any, list[str]]:
    """`garrepa ask FILE QUESTION` in the project, the model a loopback fake: (result, bodies)."""
    from ..cli.helpers import invoke

    (project / ".git").mkdir(exist_ok=True)
    monkeypatch.chdir(project)
    (project / file).write_text(canary_text())
    with FakeAnthropic(reply_text=reply) as fake:
        monkeypatch.setenv("GARREPA_BASE_URL", fake.url)
        monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-test")
        result = invoke("ask", file, question)
        return result, [json.dumps(r.body) for r in fake.requests]


def test_ask_on_a_dot_env_reads_and_sends_nothing(project: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    result, sent = ask(project, monkeypatch, ".env", "2: x", "what is the AWS key?")
    assert sent == []
    assert result.exit_code == 1
    assert "is a secret file (name:.env); it is never read or sent" in result.output
    assert leaked(result.output) == []


def test_ask_on_a_file_holding_secrets_sends_them_masked(project: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    result, sent = ask(project, monkeypatch, "deploy-notes.txt",
                       '3: AWS_ACCESS_KEY_ID = "[secret: aws-key]"', "where is the AWS key set?")
    assert len(sent) == 1 and leaked(sent[0]) == []
    # the answer is checked against the masked line the model saw, and shows the real line
    assert result.output.startswith('3\tAWS_ACCESS_KEY_ID = "AKIAQ3EGRHXT7QZDLNWB"')
