"""Issue 33, every secret form, through the real hook: the text forms inside an MCP item's JSON
string (escaped once or twice), YAML and TOML values, npm and Vault tokens, Azure SAS
signatures, `docker login -p`, values continued with a backslash. Neither the loopback model's
request nor the briefing holds the secret; each case's benign twin, on the same page, is sent
as it is (the rule is narrow)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from ..support.fake_anthropic import FakeAnthropic
from .helpers import NEIGHBOUR, hook, issues_json, mcp_event, reply, sent_for_page

# (label, line holding the secret, the secret, its benign twin that must reach the model as is)
FORMS = [
    ("aws-in-prose", "config dump: aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYzQ3mLwR8",
     "wJalrXUtnFEMI/K7MDENG/bPxRfiCYzQ3mLwR8", "config dump: aws_region = eu-west-1"),
    ("npm-authtoken", "//registry.example/:_authToken=npm_Xq7pL2mN9vB4cR8tY1wZ5kJ3hG6fD0sAQ7wE",
     "npm_Xq7pL2mN9vB4cR8tY1wZ5kJ3hG6fD0sAQ7wE", "//registry.example/:always-auth=true"),
    ("docker-login-p", "docker login -u ci -p Dk8rL0g1nPw7Zq registry.example",
     "Dk8rL0g1nPw7Zq", "docker run -p 8080:80 nginx"),
    ("vault-token", "vault printed hvs.CAESIJlZ3Xk9q8mK2vN7xR4pL5tY6wQ1eR3t as its root; retry",
     "hvs.CAESIJlZ3Xk9q8mK2vN7xR4pL5tY6wQ1eR3t", "the Vault path is kv/data/app and hvs. prefixes"),
    ("azure-sas", "https://acme.blob.core.windows.net/c/b.zip?sv=2022-11-02&se=2026-01-01T00%3A00Z"
     "&sp=r&sig=Zq8mK2vN7xR4pLx%2Bab1Yc3Dd5Ee7Ff9Gg0Hh2Ii4Jj%3D",
     "Zq8mK2vN7xR4pLx%2Bab1Yc3Dd5Ee7Ff9Gg0Hh2Ii4Jj%3D",
     "https://acme.blob.core.windows.net/c/b.zip?sv=2022-11-02&sp=r"),
    ("yaml-value", "  client_secret: Yq3mP8vL2xR7nK4wT9zB", "Yq3mP8vL2xR7nK4wT9zB",
     "  client_id: app-frontend"),
    ("toml-value", 'api_token = "Tm7lV4lu3Xq9Rk2Wp5Zs"', "Tm7lV4lu3Xq9Rk2Wp5Zs",
     'api_base = "https://api.example.com"'),
]
CONTINUED = [
    ("export-continued", "export DB_PASSWORD=\\\n  C0nt1nu3dPw8Zq", "C0nt1nu3dPw8Zq",
     "export DB_HOST=\\\n  db.internal"),
    ("login-continued", "docker login \\\n  -u ci \\\n  -p Dk8rC0ntPw9Xy \\\n  registry.example",
     "Dk8rC0ntPw9Xy", "docker run \\\n  -p 8080:80 \\\n  nginx"),
]


def _plain_part(twin: str) -> str:
    """The twin's longest run without a quote, backslash or newline: the same however many
    times the request escapes it."""
    return max(re.split(r'["\\\n]', twin), key=len)


def _mcp_items(body: str, twin: str, twice: bool) -> str:
    """A GitHub-like issue list whose item 4's body is `body` and item 5's is `twin`; with
    `twice`, the list is itself a JSON string inside the result (escaped twice)."""
    items = json.loads(issues_json())
    items[3]["body"], items[4]["body"] = body, twin
    text = json.dumps(items, indent=1)
    return json.dumps({"result": text}) if twice else text


@pytest.mark.parametrize("twice", [False, True], ids=["escaped-once", "escaped-twice"])
@pytest.mark.parametrize("label, line, value, twin", FORMS + CONTINUED,
                         ids=[form[0] for form in FORMS + CONTINUED])
def test_a_text_form_inside_a_json_string_reaches_neither_model_nor_briefing(
        project: Path, garrepa_home: Path, label: str, line: str, value: str, twin: str,
        twice: bool) -> None:
    text = _mcp_items(line, twin, twice)
    with FakeAnthropic(reply_text="Issues 1-120 (lines 1-900).") as fake:
        proc = hook(project, mcp_event(project.parent, [{"type": "text", "text": text}]),
                    fake.url)
        sent = "".join(str(r.body) for r in fake.requests)
    assert fake.requests, label
    briefing = json.dumps(reply(proc))
    assert value not in sent and value not in briefing, label
    assert _plain_part(twin) in sent, label


@pytest.mark.parametrize("label, line, value, twin", FORMS + CONTINUED,
                         ids=[form[0] for form in FORMS + CONTINUED])
def test_a_form_as_plain_text_never_reaches_the_model(project: Path, garrepa_home: Path,
                                                      label: str, line: str, value: str,
                                                      twin: str) -> None:
    sent = sent_for_page(project, f"{line}\n{twin}")
    assert NEIGHBOUR in sent
    assert value not in sent, label
    assert _plain_part(twin) in sent, label
