from __future__ import annotations

import os
from pathlib import Path

import pytest

from garrepa_py.guard.secrets import secret_content, secret_path


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


FAKE = "Xq7pL2mN9vB4cR8tY1wZ5kJ3hG6fD0sA"  # 32 random-looking characters


@pytest.mark.parametrize("text, kind", [
    ("-----BEGIN RSA PRIVATE KEY-----\nMIIE", "private-key"),
    ("-----BEGIN OPENSSH PRIVATE KEY-----", "private-key"),
    ("-----BEGIN ENCRYPTED PRIVATE KEY-----", "private-key"),
    ("-----BEGIN PGP PRIVATE KEY BLOCK-----", "private-key"),
    (f"key: sk-ant-api03-{FAKE}", "anthropic-key"),
    (f"OPENAI=sk-proj-{FAKE}{FAKE}", "openai-key"),
    (f"sk_live_{FAKE[:24]}", "stripe-key"),
    (f"github_pat_11ABCDEFG0{FAKE}", "github-token"),
    (f"ghp_{FAKE}abcd", "github-token"),
    (f"gho_{FAKE}abcd", "github-token"),
    ("xoxb-123456789012-abcdefghij", "slack-token"),
    (f"AIza{FAKE}abc", "google-api-key"),
    ("AKIAIOSFODNN7EXAMPLE", "aws-access-key"),
    ("ASIAIOSFODNN7EXAMPL2", "aws-access-key"),
    ("eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
     "jwt"),
    ('password = "hunter2-Hunter2"', "credential-assignment"),
    ('"client_secret": "9f8e7d6c5b4a3210"', "credential-assignment"),
    ("AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYzzzzzzzzz", "credential-assignment"),
])
def test_secret_content(text: str, kind: str) -> None:
    assert secret_content(f"some text before\n{text}\nand after") == kind


@pytest.mark.parametrize("text", [
    "Set `password` in the settings page.",
    'password = "<your password>"',
    "api_key = YOUR_API_KEY",
    "api_key: ${API_KEY}",
    "token: string (required)",
    "password: ********",
    "The secret to good docs is examples.",
    "commit 3f2a9c1d0e4b5a6978 by dana",
    'assert out == "Password:\\ninterrupted\\n"',
    "password: notrequired",
])
def test_documentation_is_not_a_secret(text: str) -> None:
    assert secret_content(text) is None
