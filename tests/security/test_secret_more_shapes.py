"""Secret shapes of particular formats, and evasions of them nobody listed: keyword arguments,
`(user, password)` pairs, netrc, XML elements, `.pgpass`, Cookie headers, webhook URLs,
`\\uXXXX`-escaped key names, name/value pairs (one line, YAML items, JSON documents), YAML block
scalars, Kubernetes `kind: Secret` data, weak passwords in `.env` form, and a URL password that
opens a diff line. Each is masked; the look-alikes of code, config and prose are not findings.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from garrepa_py.guard.secrets import masked, scan

from .helpers import NEIGHBOUR, sent_for_diff, sent_for_page

# (label, text, the secret value): variants of the attack findings' shapes, not those cases.
SHAPES = [
    ("boto3-kwarg", 'boto3.client("s3", aws_secret_access_key="Qw8eRt5yUi3oP1aS")',
     "Qw8eRt5yUi3oP1aS"),
    ("kwarg-after-comma", "Client(url, token=r'Tk9mZp2Lq7Wx4Rv')", "Tk9mZp2Lq7Wx4Rv"),
    ("basic-auth-call", "s.auth = HTTPBasicAuth('ci', 'B4sicAuthPw7Zq')", "B4sicAuthPw7Zq"),
    ("auth-list", 'auth = ["ci", "L1stAuthPw8Xy"]', "L1stAuthPw8Xy"),
    ("netrc-default", "default login anonymous password D3faultN3trc9", "D3faultN3trc9"),
    ("netrc-in-echo", 'echo "machine h login u password Ech0N3trcPw7" > ~/.netrc',
     "Ech0N3trcPw7"),
    ("xml-namespaced", "<ns:password>NsXmlPassw0rd8</ns:password>", "NsXmlPassw0rd8"),
    ("xml-attribute", '<apiKey env="prod">XmlAp1KeyV4lue9</apiKey>', "XmlAp1KeyV4lue9"),
    ("yaml-folded", "oauth:\n  client_secret: >-\n    F0ldedCl1entSecret\n    s3condL1ne",
     "s3condL1ne"),
    ("k8s-string-data", "apiVersion: v1\nkind: Secret\nmetadata:\n  name: db\nstringData:\n"
     "  anything: Str1ngD4taValue7", "Str1ngD4taValue7"),
    ("k8s-data-before-kind", "apiVersion: v1\ndata:\n  tls.crt: Q2VydERhdGFCYXNlNjQ5\n"
     "kind: Secret", "Q2VydERhdGFCYXNlNjQ5"),
    ("yaml-key-value-item", "inputs:\n  - key: API_TOKEN\n    value: K3yV4lueT0ken8",
     "K3yV4lueT0ken8"),
    ("flow-name-value", "{name: DB_PASS, value: 'Fl0wNameV4lue'}", "Fl0wNameV4lue"),
    ("dotnet-app-setting", '<add key="DbPassword" value="N3tCfgPassw0rd9" />', "N3tCfgPassw0rd9"),
    ("pgpass-wildcards", "*:*:*:postgres:W1ldc4rdPgPw", "W1ldc4rdPgPw"),
    ("set-cookie", "Set-Cookie: connect.sid=s%3AqW8eRt5yUi3oP1aSdF; Path=/; HttpOnly",
     "s%3AqW8eRt5yUi3oP1aSdF"),
    ("teams-webhook", "https://contoso.webhook.office.com/webhookb2/1a2b3c4d-aaaa@5e6f/"
     "IncomingWebhook/T3amsH00kS3cret/9f8e", "T3amsH00kS3cret"),
    ("discordapp-webhook", "https://discordapp.com/api/webhooks/1234567890/"
     "Disc0rdAppT0kenV4lueXyz", "Disc0rdAppT0kenV4lueXyz"),
    ("escaped-underscore-key", 'payload {"api\\u005fkey": "Esc4pedUnd3rsc0re"}',
     "Esc4pedUnd3rsc0re"),
    ("weak-env-password", "export DB_PASSWORD=password123", "password123"),
]


@pytest.mark.parametrize("label, text, value", SHAPES, ids=[s[0] for s in SHAPES])
def test_each_shape_is_masked(label: str, text: str, value: str) -> None:
    safe, found = masked(f"x = 1\n{text}\ny = 2\n")
    assert value not in safe, safe
    assert found.findings and found.unmaskable == ()
    assert safe.count("\n") == text.count("\n") + 3  # line for line


def test_name_value_pairs_in_a_json_document_are_masked_and_it_stays_json() -> None:
    text = json.dumps({"containerDefinitions": [{"environment": [
        {"name": "API_TOKEN", "value": "Js0nPairT0ken8"},
        {"name": "REGION", "value": "eu-west-1"}]}]}, indent=2)
    safe, found = masked(text)
    assert "Js0nPairT0ken8" not in safe and "eu-west-1" in safe
    assert json.loads(safe)["containerDefinitions"][0]["environment"][0]["name"] == "API_TOKEN"
    assert len(found.findings) == 1


def test_diff_lines_opening_with_a_url_password_are_masked() -> None:
    text = ("diff --git a/m.txt b/m.txt\n--- a/m.txt\n+++ b/m.txt\n@@ -1,2 +1,2 @@\n"
            "-ftp://mirror:Old0FtpPassw0rd@ftp.example.org\n redis://:C0ntextRedisPw@cache:6379\n"
            "+https://deploy:N3wGitCr3dPw@github.com\n")
    safe, _ = masked(text)
    for value in ("Old0FtpPassw0rd", "C0ntextRedisPw", "N3wGitCr3dPw"):
        assert value not in safe
    assert "@github.com" in safe and "ftp.example.org" in safe


@pytest.mark.parametrize("line", [
    "requests.get(u, auth=(user, password))",
    'auth = HTTPDigestAuth("user", "wrongpass")',
    "client = OpenAI(api_key=os.environ['OPENAI_API_KEY'])",
    "connect(host, password=password, timeout=3)",
    "<password>${DB_PASSWORD}</password>",
    "<description>the password of the admin account</description>",
    "<passwordPolicy>strict</passwordPolicy>",
    "- password changed on rotation",
    "Log in with your password below",
    "src/app.py:12:5:E501:line",
    "Cookie: lang=en; theme=dark",
    '<add key="Region" value="eu-west-1-Zq8Lw2Rv7Kp" />',
    "Cookie: csrftoken=Zq8Lw2Rv7KpXy4Mn",
    "https://discord.com/api/webhooks/",
    "DB_PASSWORD=changeme",
    "DB_PASSWORD=${DB_PASSWORD}",
])
def test_look_alikes_are_not_findings(line: str) -> None:
    assert not scan(f"x = 1\n{line}\ny = 2\n"), scan(line).findings


@pytest.mark.parametrize("text", [
    "kind: ConfigMap\ndata:\n  log_level: Zq8Lw2Rv7KpXy4Mn",
    "env:\n  - name: DB_PASSWORD\n    valueFrom:\n      secretKeyRef:\n        name: db",
    "env:\n  - name: DB_PASSWORD\n    value: \"${DB_PASSWORD}\"",
    "description: |\n  The password rotates every 90 days.",
    "kind: Secret\ndata:\n  password: {{ .Values.password | b64enc }}",
])
def test_yaml_look_alikes_are_not_findings(text: str) -> None:
    assert not scan(text), scan(text).findings




@pytest.mark.parametrize("label, text, value", [SHAPES[i] for i in (0, 5, 8, 10, 14, 18)],
                         ids=[SHAPES[i][0] for i in (0, 5, 8, 10, 14, 18)])
def test_no_byte_of_these_shapes_reaches_the_model(project: Path, garrepa_home: Path,
                                                   label: str, text: str, value: str) -> None:
    """Through the real hook: the fake model's request holds the neighbour, not the secret."""
    sent = sent_for_page(project, text)
    assert NEIGHBOUR in sent
    assert value not in sent, label


def test_a_look_alike_reaches_the_model_unchanged(project: Path, garrepa_home: Path) -> None:
    """The control: a `Cookie:` header without a session value is sent as it is."""
    line = "Cookie: lang=en-GB; theme=solarized-dark"
    sent = sent_for_page(project, line)
    assert line in sent


def test_a_diff_line_url_password_never_reaches_the_model(project: Path,
                                                          garrepa_home: Path) -> None:
    sent = sent_for_diff(project, "diff --git a/ci/remotes b/ci/remotes\n--- a/ci/remotes\n"
                         "+++ b/ci/remotes\n@@ -1 +1 @@\n"
                         "-git://ci:0ldRem0teCr3dPw@git.example.org/repo\n"
                         "+ssh://ci:N3wRem0teCr3dPw@git.example.org/repo\n")
    assert "new line 7 of the guide" in sent
    assert "0ldRem0teCr3dPw" not in sent and "N3wRem0teCr3dPw" not in sent
