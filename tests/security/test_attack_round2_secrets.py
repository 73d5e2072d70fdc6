"""Attack on issue 33's secret forms (round 2): shapes beside the ones the issue named that
still reached the model endpoint — `docker login -pPASSWORD` (the password attached to the
flag, as docker's flag parser takes it), `redis-cli -a PASSWORD`, and the signature of a
presigned S3 (`X-Amz-Signature=`) or Cloud Storage (`X-Goog-Signature=`) URL, the AWS and
Google twins of the Azure SAS `sig=` the issue named. Each case runs the real hook against the
loopback fake model, as plain text and inside an MCP item's JSON string; its benign twin of
the same shape (`--password-stdin`, a port after `-p`, the same URL without its signature)
reaches the model as it is.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ..support.fake_anthropic import FakeAnthropic
from .helpers import NEIGHBOUR, hook, mcp_event, reply, sent_for_page
from .test_secret_every_form import _mcp_items, _plain_part

SIG = "8f3a9c2b1d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c1d2e3f4a5b6c7d8e9f0a"
# (label, line holding the secret, the secret, its benign twin)
FORMS = [
    ("docker-login-p-attached", "docker login -u ci -pDk8rL0g1nPw7Zq registry.example",
     "Dk8rL0g1nPw7Zq", "docker login -u ci --password-stdin registry.example"),
    ("podman-login-p-attached", "podman login -pPd8mL0g1nPw7Zq quay.io",
     "Pd8mL0g1nPw7Zq", "podman run -p8080:80 quay.io/nginx"),
    ("redis-cli-a", "redis-cli -h cache.internal -a R3d1sS3cr3tPw9 ping",
     "R3d1sS3cr3tPw9", "redis-cli -h cache.internal -p 6379 ping"),
    ("s3-presigned", "https://b.s3.amazonaws.com/k.zip?X-Amz-Algorithm=AWS4-HMAC-SHA256"
     f"&X-Amz-Expires=3600&X-Amz-Signature={SIG}", SIG,
     "https://b.s3.amazonaws.com/k.zip?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Expires=3600"),
    ("gcs-signed", f"https://storage.googleapis.com/b/k?X-Goog-Expires=900&X-Goog-Signature={SIG}",
     SIG, "https://storage.googleapis.com/b/k?X-Goog-Expires=900&alt=media"),
]


@pytest.mark.parametrize(("label", "line", "value", "twin"), FORMS, ids=[f[0] for f in FORMS])
def test_a_form_as_plain_text_never_reaches_the_model(project: Path, garrepa_home: Path,
                                                      label: str, line: str, value: str,
                                                      twin: str) -> None:
    sent = sent_for_page(project, f"{line}\n{twin}")
    assert NEIGHBOUR in sent
    assert value not in sent, label
    assert _plain_part(twin) in sent, label  # negative control: the twin as it is


@pytest.mark.parametrize(("label", "line", "value", "twin"), FORMS, ids=[f[0] for f in FORMS])
def test_a_form_inside_a_json_string_reaches_neither_model_nor_briefing(
        project: Path, garrepa_home: Path, label: str, line: str, value: str,
        twin: str) -> None:
    text = _mcp_items(line, twin, False)
    with FakeAnthropic(reply_text="Issues 1-120 (lines 1-900).") as fake:
        proc = hook(project, mcp_event(project.parent, [{"type": "text", "text": text}]),
                    fake.url)
        sent = "".join(str(r.body) for r in fake.requests)
    assert fake.requests, label
    assert value not in sent and value not in json.dumps(reply(proc)), label
    assert _plain_part(twin) in sent, label


TOKEN = "ghp_Xq7pL2mN9vB4cR8tY1wZ5kJ3hG6fD0sAQ7wE"
LISTING = "".join(f"./pkg/mod{n % 97}/file{n}.py\n" for n in range(4000))


@pytest.mark.parametrize("command", [
    f"curl -s -H 'Authorization: token {TOKEN}' https://api.example.com/tree | tr , '\\n'",
    f"find . -newer {TOKEN}",
])
def test_a_secret_in_the_command_is_masked_in_the_briefing_header(
        project: Path, garrepa_home: Path, command: str) -> None:
    """The briefing header names the command it digested: a token typed into it reached the
    briefing in clear, although every secret in the output was masked."""
    response = {"stdout": LISTING, "stderr": "", "interrupted": False, "isImage": False}
    from .helpers import bash_event

    answer = reply(hook(project, bash_event(project.parent, command, response)))
    header = answer["updatedToolOutput"]["stdout"].split("\n", 1)[0]
    assert header.startswith("[garrepa briefing | command | ") and TOKEN not in header, header
    # negative control: a command with no secret is named as it was typed
    plain = "find . -newer pkg/mod1/file1.py"
    answer = reply(hook(project, bash_event(project.parent, plain, response)))
    assert f"| {plain} |" in answer["updatedToolOutput"]["stdout"].split("\n", 1)[0]
