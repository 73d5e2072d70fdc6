"""Small hostile inputs fall back to the structural briefing or pass cleanly; never an error.

Regression tests for issue 10 item 10.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ..support.fake_anthropic import FakeAnthropic
from .helpers import hook, issues_json, last, mcp_event, read_event, reply


def test_a_reply_whose_text_is_null_falls_back_to_structural(project: Path,
                                                             garrepa_home: Path) -> None:
    body = json.dumps({"id": "m", "type": "message", "role": "assistant", "model": "x",
                       "content": [{"type": "text", "text": None}], "stop_reason": "end_turn",
                       "usage": {"input_tokens": 1, "output_tokens": 1}}).encode()
    with FakeAnthropic(raw_replies=[(200, body)]) as fake:
        output = reply(hook(project, mcp_event(project.parent, [{"type": "text",
                                                                 "text": issues_json()}]),
                            fake.url))
    assert "structural digest, no model" in output["updatedToolOutput"][0]["text"]
    record = last(garrepa_home)
    assert (record["decision"], record["fallback"]) == ("compress", "empty-reply")


@pytest.mark.parametrize("levels", [600, 5000])
def test_deeply_nested_json_is_briefed_as_text(project: Path, garrepa_home: Path,
                                               levels: int) -> None:
    deep = "[" * levels + '"https://github.com/acme/api/issues/7"' + "]" * levels
    text = '{"deep": ' + deep + ', "issues": ' + issues_json() + "}"
    output = reply(hook(project, mcp_event(project.parent, [{"type": "text", "text": text}])))
    assert output is not None
    assert last(garrepa_home)["decision"] == "compress"


def test_a_lone_surrogate_still_gives_valid_utf8_json(project: Path) -> None:
    event = json.dumps(mcp_event(project.parent, [{"type": "text", "text": "x"}]))
    event = event.replace('"text": "x"', '"text": "\\ud800 ' + issues_json().replace(
        '"', '\\"').replace("\n", "\\n") + '"')
    proc = hook(project, event.encode())
    decoded = proc.stdout.decode("utf-8")  # strict: raises on invalid UTF-8
    assert json.loads(decoded)["hookSpecificOutput"]["updatedToolOutput"]


def test_a_nul_in_the_file_path_passes_cleanly(project: Path, garrepa_home: Path) -> None:
    proc = hook(project, read_event(project.parent, str(project / "docs" / "a\0b.md")))
    assert proc.stdout == b""
    record = last(garrepa_home)
    assert (record["decision"], record["reason"]) == ("pass", "bad-path")


def test_nothing_is_spent_or_spilled_when_the_briefing_would_not_be_shorter(project: Path) -> None:
    import os
    import time

    from garrepa_py.config.load import load_config
    from garrepa_py.engine.brief import brief
    from garrepa_py.engine.types import BriefRequest
    from garrepa_py.model.providers import make_client
    from garrepa_py.structural.briefing import Structural

    source = issues_json(40)
    with FakeAnthropic(reply_text="#1 (lines 1-2)") as fake:
        config = load_config(project, environ={"GARREPA_PROVIDER": "anthropic",
                                               "GARREPA_BASE_URL": fake.url})
        request = BriefRequest("mcp", source, "mcp__x__y", lambda text: Structural(text + "!"))
        result = brief(request, config, str(project), time.monotonic() + 10,
                       lambda c: make_client(c, {"ANTHROPIC_API_KEY": "sk-test",
                                                 "PATH": os.environ["PATH"]}))
        assert fake.requests == []  # decided before any model call
    assert (result.decision, result.reason) == ("pass", "not-shorter")
    assert not (project / ".garrepa").exists()  # and before any spill
