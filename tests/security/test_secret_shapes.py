"""Every common secret shape, in every form it is written in, is masked; placeholders are not
findings; JSON stays JSON; a secret file's hunks in a diff are masked whole; `doctor --explain`
lists what the engine masks (the same code path)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from garrepa_py.guard import secrets
from garrepa_py.guard.secrets import masked, scan, secret_path

from .secret_cases import FORMS, KEYED, document, leaked, planted

PLANTED = list(planted())
PLACEHOLDERS = ("changeme", "${DB_PASSWORD}", "<your-key>", "xxx", "xxxxxxxx", "***", "********",
                'os.environ["DB_PASSWORD"]', "%s", "%(password)s", "$TOKEN", "None", "null",
                "{{ secrets.DEPLOY_TOKEN }}", "${{ secrets.NPM_TOKEN }}", "process.env.API_TOKEN",
                'ENV["API_KEY"]', 'os.getenv("X")', "your-api-key-here", "REPLACE_ME",
                "<password>", "[secret: credential]")


@pytest.mark.parametrize("label, text, values", PLANTED, ids=[p[0] for p in PLANTED])
def test_each_shape_in_each_form_is_masked(label: str, text: str, values: tuple[str, ...]) -> None:
    safe, found = masked(text)
    assert [v for v in values if v in safe] == [], safe
    assert found.unmaskable == () and found.findings
    assert safe.count("\n") == text.count("\n")  # line for line
    if text.lstrip().startswith("{"):
        assert _shape(json.loads(safe)) == _shape(json.loads(text))  # still JSON, same items


@pytest.mark.parametrize("value", PLACEHOLDERS)
@pytest.mark.parametrize("form", [*KEYED, "url", "shell-flag", "connection"])
def test_placeholders_are_not_findings(form: str, value: str) -> None:
    for name in ("DB_PASSWORD", "API_KEY", "auth_token"):
        text = FORMS[form](name, value)
        assert not scan(text), (text, scan(text).findings)


@pytest.mark.parametrize("line", [
    "auth = HTTPBasicAuth(user, password)",
    "password: str",
    "password: Optional[str] = None",
    "token = self._token",
    "    password=password,",
    "token_type = 'bearer'",
    '"nextPageToken": "CAoQAA"',
    '{"max_tokens": 4096, "input_tokens": 12}',
    "primary_key = True",
    "phase_report_key = StashKey[Dict[str, CollectReport]]()",
    "cache_key = f'{route}:{version}'",
    "Bearer tokens are sent in the Authorization header.",
    "Use basic authentication over TLS.",
    "secret_key_base: <%= ENV['SECRET_KEY_BASE'] %>",
    "DB_PASSWORD_FILE=/run/secrets/db_password",
    "private_key: /etc/ssl/private/server.key",
    "url = https://user@example.com/path",
    "see https://example.com:8443/docs for the API",
    "export TOKEN=$(vault read -field=token secret/ci)",
    "mysql -u root -p app",
    'password = "password"',
    'password="pygmalion"',  # a lower-case word in code: a test fixture
])
def test_ordinary_code_config_and_prose_are_not_findings(line: str) -> None:
    assert not scan(f"x = 1\n{line}\ny = 2\n"), scan(line).findings


def _shape(value: Any) -> Any:
    """The document's structure: keys and list lengths, with every string the same."""
    if isinstance(value, dict):
        return {key: _shape(child) for key, child in value.items()}
    if isinstance(value, list):
        return [_shape(child) for child in value]
    return type(value).__name__


def test_json_is_masked_value_by_value_and_keeps_its_lines() -> None:
    rows = [{"id": n, "name": f"service-{n}", "config": {"region": "eu", "debug": n % 2 == 0}}
            for n in range(60)]
    rows[7]["config"]["password"] = "Zx!9q#Lw$2Rv7"
    rows[21]["config"]["notes"] = "deploy with OPENAI_API_KEY=sk-proj-" + "Xq7pL2mN9vB4cR8tY1wZ" * 2
    rows[33]["config"]["log"] = json.dumps({"dsn": "postgres://app:Pq7kL9wzQ2@db/app"})
    for text in (json.dumps(rows, indent=2), json.dumps(rows)):
        safe, found = masked(text)
        assert "Zx!9q#Lw$2Rv7" not in safe and "Xq7pL2mN9vB4cR8tY1wZ" not in safe
        assert "Pq7kL9wzQ2" not in safe
        data = json.loads(safe)
        assert len(data) == 60 and _shape(data) == _shape(rows)
        assert data[7]["config"]["password"] == "[secret: credential]"
        assert data[21]["config"]["notes"] == "deploy with OPENAI_API_KEY=[secret: openai-key]"
        assert json.loads(data[33]["config"]["log"]) == {
            "dsn": "postgres://app:[secret: url-password]@db/app"}
        assert safe.count("\n") == text.count("\n")
        assert {kind for _, kind in found.locations()} == {"credential", "openai-key",
                                                            "url-password"}


def test_mcp_blocks_joined_by_blank_lines_are_each_masked_as_json() -> None:
    blocks = [json.dumps({"items": [{"token": "ghp_" + "Xq7pL2mN9vB4cR8tY1wZ5kJ3hG6fD0sAQ7wE"}]},
                         indent=1), json.dumps({"ok": True, "auth": "ZGVwbG95OlM0ZmVSMGNrZXQh"})]
    safe, _ = masked("\n\n".join(blocks))
    first, second = safe.split("\n\n")
    assert json.loads(first)["items"][0]["token"] == "[secret: github-token]"
    assert json.loads(second) == {"ok": True, "auth": "[secret: docker-auth]"}


ENV_HUNK = ("--- a/{old}\n+++ b/{new}\n@@ -1,3 +1,4 @@ REGION=eu\n REGION=eu\n-API_KEY=old1\n"
            "+API_KEY=abc\n+FEATURE=on\n")


@pytest.mark.parametrize("old, new, header", [
    (".env", ".env", "diff --git a/.env b/.env\nindex 1..2 100644\n"),
    ("config/app.ini", "config/.env.production",
     "diff --git a/config/app.ini b/config/.env.production\nsimilarity index 80%\n"
     "rename from config/app.ini\nrename to config/.env.production\n"),
    (".env.local", "settings.txt", "diff --git a/.env.local b/settings.txt\n"
     "rename from .env.local\nrename to settings.txt\n"),
    ("deploy/prod.env", "deploy/prod.env", ""),  # plain `diff -u`
])
def test_a_secret_files_hunks_are_masked_whole(old: str, new: str, header: str) -> None:
    readme = ("diff --git a/README.md b/README.md\n--- a/README.md\n+++ b/README.md\n"
              "@@ -1 +1 @@\n-old title\n+new title\n")
    text = readme + header + ENV_HUNK.format(old=old, new=new) + readme
    safe, found = masked(text)
    assert "abc" not in safe and "old1" not in safe and "FEATURE=on" not in safe
    assert "REGION=eu" not in safe  # the context after `@@` and the context lines too
    assert safe.count("+new title") == 2 and safe.count("-old title") == 2  # others untouched
    assert f"+++ b/{new}" in safe and "@@ -1,3 +1,4 @@[secret: secret-file]" in safe
    assert safe.count("\n") == text.count("\n")
    assert "secret-file" in found.kinds()


def test_a_secret_file_in_git_log_p_is_masked_and_the_next_commit_is_not() -> None:
    text = ("commit 1111111111111111111111111111111111111111\nAuthor: a\n\n    add env\n\n"
            "diff --git a/.env b/.env\nnew file mode 100644\n--- /dev/null\n+++ b/.env\n"
            "@@ -0,0 +1 @@\n+SMTP_HOST=mail.internal\n\n"
            "commit 2222222222222222222222222222222222222222\nAuthor: a\n\n    docs\n\n"
            "diff --git a/docs.md b/docs.md\n--- a/docs.md\n+++ b/docs.md\n@@ -1 +1 @@\n"
            "-SMTP_HOST is documented\n+SMTP_HOST=mail.internal is an example\n")
    safe, _ = masked(text)
    assert safe.count("SMTP_HOST") == 2 and "+[secret: secret-file]" in safe


def test_a_hard_link_to_a_dotenv_is_a_secret_path(tmp_path: Path) -> None:
    env = tmp_path / ".env"
    env.write_text("API_KEY=abc123xyz\n")
    link = tmp_path / "notes.md"
    os.link(env, link)
    assert secret_path(str(link)) == "link:.env"
    plain = tmp_path / "plain.md"
    plain.write_text("hello\n")
    os.link(plain, tmp_path / "plain-copy.md")
    assert secret_path(str(plain)) is None


def test_a_dotenv_shaped_file_under_any_name_has_every_secret_value_masked() -> None:
    text = "# app\nAPP_NAME=shop\nDB_PASSWORD=sunshine\nSTRIPE_KEY=sk_live_" + "Xq7pL2mN9vB4cR8tY1wZ5k" \
        + "\nSESSION_SECRET=purple-monkey-dishwasher\nDEBUG=false\n"
    safe, _ = masked(text)
    assert "sunshine" not in safe and "purple-monkey" not in safe and "Xq7pL2" not in safe
    assert "APP_NAME=shop" in safe and "DEBUG=false" in safe


def test_doctor_explain_lists_every_planted_secret_never_a_value(tmp_path: Path) -> None:
    from ..cli.helpers import invoke

    text = document(filler_lines=20)
    result = invoke("doctor", "--explain", "-", "--json", input=text)
    data = json.loads(result.output)
    found = scan(text)
    assert [(m["line"], m["kind"]) for m in data["masked"]] == found.locations()  # one path
    assert leaked(result.output) == [] and data["unmaskable"] == []
    assert all("[secret: " in m["preview"] for m in data["masked"])
    lines = invoke("doctor", "--explain", "-", input=text).output
    assert "nothing would be masked" not in lines and leaked(lines) == []
    for label, planted_text, _ in planted():
        each = invoke("doctor", "--explain", "-", input=planted_text).output
        assert "nothing would be masked" not in each, label


def test_the_engine_and_explain_mask_the_same_places() -> None:
    from garrepa_py.actions.explain import explain

    text = document(filler_lines=5)
    import io
    import sys

    stdin = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(text.encode()))
    try:
        explanation = explain("-")
    finally:
        sys.stdin = stdin
    assert explanation.places == secrets.scan(text).locations()
