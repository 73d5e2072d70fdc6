"""The secret guard: secret paths never read; secret content found by kind, line and span, and
masked; ordinary code and documentation are not findings."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from garrepa_py.guard.secrets import mask, masked, scan, secret_path

from ..support.canaries import CANARIES, KINDS, PEM, canary_text, leaked


@pytest.mark.parametrize("path", [
    ".env", "app/.ENV", ".env.production", "config/prod.env", "certs/server.pem", "tls.key",
    "store.p12", "cert.PFX", "/home/u/.ssh/id_rsa", "id_ed25519.pub", "keys/id_ecdsa",
    "aws_credentials.json", "/home/u/.netrc", ".npmrc", ".pypirc", "kubeconfig",
    "deploy/secrets/db.yaml", "/home/u/.aws/config", "/home/u/.gnupg/pubring.kbx",
])
def test_secret_paths(path: str) -> None:
    assert secret_path(path) is not None


@pytest.mark.parametrize("path", ["README.md", "docs/environment.md", "src/keys.py",
                                  "CHANGELOG", "docs/keyboard.md", "envoy.yaml"])
def test_ordinary_paths(path: str) -> None:
    assert secret_path(path) is None


def test_symlink_to_secret_is_secret(tmp_path: Path) -> None:
    target = tmp_path / ".env"
    target.write_text("A=1\n")
    link = tmp_path / "notes.md"
    os.symlink(target, link)
    assert secret_path(str(link)) == "name:.env"


@pytest.mark.parametrize("kind, line, value", CANARIES, ids=[f"{k}-{i}" for i, (k, _, _)
                                                               in enumerate(CANARIES)])
def test_each_canary_is_found_with_its_kind_and_masked(kind: str, line: str, value: str) -> None:
    text = f"some text before\n{line}\nand after"
    safe, found = masked(text)
    assert (2, kind) in found.locations()
    assert value not in safe
    assert f"[secret: {kind}]" in safe.split("\n")[1]
    assert safe.split("\n")[0] == "some text before" and safe.split("\n")[2] == "and after"
    assert found.unmaskable == ()


def test_a_private_key_block_is_masked_line_for_line() -> None:
    text = f"before\n{PEM}\nafter"
    safe, found = masked(text)
    assert safe.split("\n") == ["before"] + ["[secret: private-key]"] * 4 + ["after"]
    assert {kind for _, kind in found.locations()} == {"private-key"}


def test_the_whole_canary_file_keeps_its_lines_and_loses_every_value() -> None:
    text = canary_text()
    safe, found = masked(text)
    assert leaked(safe) == []
    assert safe.count("\n") == text.count("\n")
    assert sorted(found.kinds()) == KINDS


@pytest.mark.parametrize("line", [
    "username, password = get_auth_from_url(proxy)",
    "password = str(password)",
    'api_key = os.environ["X"]',
    "secret = secret_content(source)",
    "password = getpass.getpass()",
    "token = get_token()",
    'password = "<your password>"',
    "api_key: ${API_KEY}",
    "token: string (required)",
    "The secret to good docs is examples.",
    "commit 3f2a9c1d0e4b5a6978c0d1e2f3a4b5c6d7e8f9a0 by dana",
    "Set `password` in the settings page.",
    "if token is None: raise AuthError('no token')",
    "key = cache_key(route, version)",
])
def test_ordinary_code_and_prose_are_not_findings(line: str) -> None:
    found = scan(f"x = 1\n{line}\ny = 2\n")
    assert not found, found.findings


def test_mask_without_findings_is_the_identity() -> None:
    text = "plain\ntext\n"
    assert mask(text, scan(text)) == text


def test_doctor_explain_names_lines_and_kinds_never_values(tmp_path: Path) -> None:
    import json

    from ..cli.helpers import invoke

    notes = tmp_path / "notes.txt"
    notes.write_text(canary_text())
    result = invoke("doctor", "--explain", str(notes))
    assert result.exit_code == 0
    count = len(CANARIES) + PEM.count("\n") + 1  # a line each, and every line of the key
    assert result.output.splitlines()[0].startswith(f"{notes}: {count} masked (detector: ")
    assert "  line 3: [secret: aws-key]" in result.output
    assert leaked(result.output) == []
    data = json.loads(invoke("doctor", "--explain", str(notes), "--json").output)
    assert {"line": 5, "kind": "aws-key",
            "preview": 'aws_secret_access_key = "[secret: aws-key]"'} in data["masked"]
    assert data["unmaskable"] == [] and leaked(json.dumps(data)) == []
    piped = invoke("doctor", "--explain", "-", input="x\npassword = str(password)\n")
    assert piped.output == "standard input: nothing would be masked (detector: builtin)\n"
    env = tmp_path / ".env"
    env.write_text(canary_text())
    assert invoke("doctor", "--explain", str(env)).output == (
        f"{env}: a secret path (name:.env): garrepa never reads, sends or spills it\n")


def test_source_files_named_secrets_are_scanned_not_hidden() -> None:
    assert secret_path("src/app/secrets.py") is None
    assert secret_path("config/secrets.yml") is not None
