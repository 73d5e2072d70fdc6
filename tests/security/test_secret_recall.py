"""No planted secret byte reaches the model endpoint, through the real hook process, on the Read,
MCP and git routes (the loopback fake Anthropic server records every request); a JSON result
with secrets still gets its JSON briefing with every item; a `.env` hunk in a diff never leaves.

Each test has its control: the ordinary lines around the secrets do reach the fake model, so
an empty request could not pass for a masked one.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from ..support.fake_anthropic import FakeAnthropic
from ..support.read_events import post_read
from .helpers import bash_event, hook, last, mcp_event, reply
from .secret_cases import document, leaked, planted

CONTROL = "setting_5_2 = value 2 of the release notes"  # an ordinary line of document()


def _sent(fake: FakeAnthropic) -> str:
    return json.dumps([r.body for r in fake.requests])


def test_read_route_sends_no_secret_byte(project: Path, garrepa_home: Path) -> None:
    target = project / "deploy-notes.md"
    target.write_text(document())
    with FakeAnthropic(reply_text="Deploy settings (lines 1-40).") as fake:
        output = reply(hook(project, post_read(target), fake.url))
        sent = _sent(fake)
    assert fake.requests and CONTROL in sent  # the content did reach the model
    assert leaked(sent) == [] and "[secret: " in sent
    assert leaked(json.dumps(output)) == []
    record = last(garrepa_home)
    assert record["decision"] == "compress" and record["cache"] == "miss"  # the model was asked
    assert leaked(json.dumps(record)) == []


def _items() -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    for index, (label, text, _) in enumerate(planted()):
        rows.append({"id": index, "label": label, "config": text,
                     "notes": f"{CONTROL} for {label}", "owner": f"team-{index % 7}"})
    return rows


@pytest.mark.parametrize("shape", ["blocks", "structured"])
def test_mcp_route_sends_no_secret_byte_and_briefs_every_item(project: Path, garrepa_home: Path,
                                                             shape: str) -> None:
    rows = _items()
    text = json.dumps({"items": rows}, indent=2) if shape == "blocks" else json.dumps(
        {"items": rows})
    response: Any = [{"type": "text", "text": text}] if shape == "blocks" else text
    with FakeAnthropic(reply_text=f"{len(rows)} configuration items.") as fake:
        output = reply(hook(project, mcp_event(project.parent, response,
                                               "mcp__configs__list_configs"), fake.url))
        sent = _sent(fake)
    assert fake.requests and CONTROL in sent
    assert leaked(sent) == [] and "[secret: " in sent
    briefing = output["updatedToolOutput"]
    briefing = briefing[0]["text"] if shape == "blocks" else briefing
    assert leaked(briefing) == []
    assert "Lines 1-0" not in briefing and f"{len(rows)} " in briefing
    record = last(garrepa_home)
    assert record["decision"] == "compress" and "masked" in record


def test_mcp_json_with_secrets_keeps_its_structural_briefing(project: Path,
                                                            garrepa_home: Path) -> None:
    """No model: the agent gets the JSON digest (every item listed), not a text outline."""
    rows = [{"id": n, "title": f"Service {n} settings", "url": f"https://svc.example/{n}",
             "password": f"Pw{n:03d}!x9Qz#Lm", "dsn": f"redis://:Rk{n:03d}pW9zq@cache:6379"}
            for n in range(400)]
    text = json.dumps(rows, indent=2)
    output = reply(hook(project, mcp_event(project.parent, [{"type": "text", "text": text}],
                                           "mcp__configs__list_services")))
    briefing = output["updatedToolOutput"][0]["text"]
    assert "Pw000!x9Qz#Lm" not in briefing and "Rk399pW9zq" not in briefing
    assert "Lines 1-0" not in briefing and "400 items" in briefing
    assert "L2..197 0; 1; 2;" in briefing and " 399" in briefing  # every item, by its line and id
    assert "password=[secret: credential]" in briefing
    assert last(garrepa_home)["decision"] == "compress"


def _diff() -> str:
    """A real-looking `git diff`: a .env file's hunk, and every planted shape in a config."""
    parts = ["diff --git a/.env b/.env\nindex 1111111..2222222 100644\n--- a/.env\n+++ b/.env\n"
             "@@ -1,3 +1,4 @@ MAIL_HOST=smtp.internal\n MAIL_HOST=smtp.internal\n"
             "-MAIL_PASS=autumn-leaves-fall\n+MAIL_PASS=winter-snow-falls\n+API_KEY=abc\n"
             " DEBUG=0\n"]
    for index, (label, text, _) in enumerate(planted()):
        added = "".join(f"+{line}\n" for line in text.split("\n"))
        parts.append(f"diff --git a/conf/{index}.conf b/conf/{index}.conf\n--- a/conf/{index}"
                     f".conf\n+++ b/conf/{index}.conf\n@@ -1,2 +1,{2 + text.count(chr(10)) + 1}"
                     f" @@\n # {label}\n-{CONTROL}\n{added} unchanged = 1\n")
    parts += [f"diff --git a/docs/{n}.md b/docs/{n}.md\n--- a/docs/{n}.md\n+++ b/docs/{n}.md\n"
              f"@@ -1,2 +1,2 @@\n-old line {n} of the guide\n+new line {n} of the guide\n"
              " context\n" for n in range(200)]
    return "".join(parts)


def test_git_route_sends_no_secret_byte_and_never_a_dotenv_hunk(project: Path,
                                                               garrepa_home: Path) -> None:
    diff = _diff()
    response = {"stdout": diff, "stderr": "", "interrupted": False, "isImage": False}
    with FakeAnthropic(reply_text="Config changes across many files.") as fake:
        output = reply(hook(project, bash_event(project.parent, "git diff HEAD~1", response),
                            fake.url))
        sent = _sent(fake)
    assert fake.requests and CONTROL in sent
    assert leaked(sent) == [] and "[secret: " in sent
    for dotenv in ("autumn-leaves-fall", "winter-snow-falls", "API_KEY=abc", "MAIL_HOST"):
        assert dotenv not in sent and dotenv not in json.dumps(output)
    assert leaked(json.dumps(output)) == []
    assert "secret-file" in last(garrepa_home)["masked"]
