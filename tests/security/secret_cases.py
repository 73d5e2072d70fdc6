"""Planted secrets of every common shape, each written in every form it is found in.

Every value is fake (valid for nothing) and unique, so a test can search any output — a model
request, a briefing, the journal — for the value itself. `planted()` gives (case, form, text);
`VALUES` every value; `leaked(text)` those present in `text`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass

R = "Xq7pL2mN9vB4cR8tY1wZ5kJ3hG6fD0sA"  # 32 random-looking characters
HEX = "9f8e7d6c5b4a39281706f5e4d3c2b1a0"


@dataclass(frozen=True)
class Case:
    name: str  # the key it is kept under
    value: str  # the secret: no byte of it may leave
    forms: tuple[str, ...]  # which FORMS fit it


KEYED = ("env", "export", "ini", "yaml", "yaml-quoted", "json", "json-escaped", "json-twice",
         "diff-env", "dockerfile")
PASSWORDS = KEYED + ("url", "shell-flag", "shell-flag-space", "connection", "connection-pwd")
TOKENS = KEYED + ("prose",)

CASES: tuple[Case, ...] = (
    Case("AWS_SECRET_ACCESS_KEY", "k9Vw2Lr5Tq8Ny3Hx6Bz1Mc4Gf7Jd0Sp2Ra5Ue8Wi", KEYED),
    Case("aws_secret_access_key", "w8Rt3Yp6Kd9Lm2Nq5Bx7Cz4Vf1Gh0Js3Ak6Pe9Uo", KEYED),
    Case("AWS_ACCESS_KEY_ID", "AKIAQ3EGRHXT7QZDLNWB", TOKENS),
    Case("API_KEY", "b7Qm2Xr9Lp4Kz8Wn3Vt6Yh", KEYED),
    Case("DB_PASSWORD", "Zx!9q#Lw$2Rv7", PASSWORDS),
    Case("password", "Tr0ub4dor-3-canary", PASSWORDS),
    Case("OPENAI_API_KEY", f"sk-proj-{R[:20]}T3BlbkFJ{R[:20]}", TOKENS),
    Case("ANTHROPIC_API_KEY", f"sk-ant-api03-{R}{R}-AA", TOKENS),
    Case("GH_TOKEN", f"ghp_{R}Q7wE", TOKENS),
    Case("GITHUB_PAT", f"github_pat_11AAQ3EGR0{R}_{R}", TOKENS),
    Case("GITLAB_TOKEN", f"glpat-{R[:20]}", TOKENS),
    Case("SLACK_BOT_TOKEN", f"xoxb-284756193025-8917364502871-{R[:24]}", TOKENS),
    Case("STRIPE_SECRET_KEY", f"sk_live_{R[:24]}", TOKENS),
    Case("STRIPE_RESTRICTED", f"rk_live_{R[:24]}", TOKENS),
    Case("NPM_TOKEN", f"npm_{R}Q7wE", TOKENS),
    Case("PYPI_TOKEN", "pypi-AgEIcHlwaS5vcmcCJGNhbmFyeS0wMDAwLTAwMDAtMDAwMC1jYW5hcnkwMDAwMAACKlsz"
         "LCJjYW5hcnkiXQAABiBjYW5hcnljYW5hcnljYW5hcnljYW5hcnljYW5hcnk", TOKENS),
    Case("SESSION_JWT", "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJjYW5hcnkiLCJpYXQiOjE3Mz"
         "I5MDAwMDB9.5mhBHqs5_DTLdINd9p5m7ZJ6XD0Xc55kIaCRY5r6HRA", TOKENS),
    Case("SENDGRID_API_KEY", f"SG.{R[:22]}.{R}{R[:11]}", TOKENS),
    Case("TWILIO_API_KEY", f"SK{HEX}", TOKENS),
    Case("TWILIO_AUTH_TOKEN", "4c7d9e2f1a8b3c6d5e0f9a2b7c4d1e8f", KEYED),
    Case("HEROKU_API_KEY", f"HRKU-{R}{R[:28]}", TOKENS),
    Case("HEROKU_LEGACY_API_KEY", "3f9c2a71-8d4e-4b6a-9c1f-7e2d5a8b0c43", KEYED),
    Case("GOOGLE_MAPS_KEY", f"AIzaSyD{R}", TOKENS),
    Case("SIGNING_KEY", "pQ8rT2vX6zB9nM4kL7jH3gF5dS1aW0eY", KEYED),
    Case("client_secret", HEX, KEYED),
    Case("auth", "ZGVwbG95OlM0ZmVSMGNrZXQhUGFzcw==", ("json", "json-escaped", "json-twice")),
)

# Shapes with a syntax of their own: (label, text, the secret values in it).
SPECIAL: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("url-bang-hash-dollar", "DATABASE_URL=postgres://app:Pq!7#kL$9wz@db.internal:5432/app",
     ("Pq!7#kL$9wz",)),
    ("redis-no-user", "cache: redis://:Rd5sPw0rdQ9z@cache.internal:6379/0", ("Rd5sPw0rdQ9z",)),
    ("ado-connection", "Server=tcp:db.example.net,1433;Database=app;User ID=app;"
     "Password=Ad0!Pw#8zq;Encrypt=True;", ("Ad0!Pw#8zq",)),
    ("jdbc-connection", "jdbc:sqlserver://db:1433;databaseName=app;user=app;pwd=Jd8cPwd7Qx;",
     ("Jd8cPwd7Qx",)),
    ("azure-storage", "DefaultEndpointsProtocol=https;AccountName=acme;AccountKey="
     f"{R}{R}{R[:24]}==;EndpointSuffix=core.windows.net", (f"{R}{R}{R[:24]}==",)),
    ("bearer-opaque", "curl -H 'Authorization: Bearer 8fK2mQ9xL4vT7nR1pZ6wY3' https://api",
     ("8fK2mQ9xL4vT7nR1pZ6wY3",)),
    ("bearer-header", "Authorization: Bearer a1B2c3D4e5F6g7H8i9J0kLmN", ("a1B2c3D4e5F6g7H8i9J0kLmN",)),
    ("mysql-p", "mysql -h db -u root -pMy5qlPw0rd9 app < dump.sql", ("My5qlPw0rd9",)),
    ("curl-user", "curl -u deploy:Cu7lPw0rdZ9 https://ci.example.com/api", ("Cu7lPw0rdZ9",)),
    ("docker-config", json.dumps({"auths": {"registry.example.com": {
        "auth": "ZGVwbG95OkQwY2tlclB3MHJkIQ=="}}}, indent=2), ("ZGVwbG95OkQwY2tlclB3MHJkIQ==",)),
    ("gcp-service-account", json.dumps({
        "type": "service_account", "project_id": "acme", "private_key_id": "0a1b2c3d4e5f60718293a4b5c6d7e8f9",
        "private_key": "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiGCANARY9w0BAQEFAASC\n"
                       f"{R}{R}\n-----END PRIVATE KEY-----\n",
        "client_email": "ci@acme.iam.gserviceaccount.com"}, indent=2),
     ("MIIEvQIBADANBgkqhkiGCANARY9w0BAQEFAASC", f"{R}{R}")),
    ("openai-in-json-string", json.dumps({"content": [{"type": "text", "text": json.dumps(
        {"config": {"openai": f"sk-proj-{R[:24]}T3BlbkFJ{R[4:28]}"}})}]}),
     (f"sk-proj-{R[:24]}T3BlbkFJ{R[4:28]}",)),
    ("json-escaped-twice", json.dumps({"log": json.dumps(json.dumps({"password": "Esc2Pw0rd9Zq"}))}),
     ("Esc2Pw0rd9Zq",)),
)


def _json_pair(name: str, value: str) -> str:
    return json.dumps({"service": "api", name: value, "region": "eu-west-1"}, indent=2)


FORMS: dict[str, Callable[[str, str], str]] = {
    "env": lambda n, v: f"{n.upper()}={v}",
    "export": lambda n, v: f'export {n.upper()}="{v}"',
    "ini": lambda n, v: f"[default]\n{n.lower()} = {v}",
    "yaml": lambda n, v: f"service:\n  {n.lower()}: {v}",
    "yaml-quoted": lambda n, v: f'service:\n  {n.lower()}: "{v}"',
    "json": _json_pair,
    "json-escaped": lambda n, v: json.dumps({"text": _json_pair(n, v)}),
    "json-twice": lambda n, v: json.dumps({"text": json.dumps({"inner": _json_pair(n, v)})}),
    "diff-env": lambda n, v: (f"diff --git a/deploy/app.conf b/deploy/app.conf\n--- a/deploy/app."
                              f"conf\n+++ b/deploy/app.conf\n@@ -1,2 +1,3 @@\n REGION=eu\n+"
                              f"{n.upper()}={v}\n DEBUG=0"),
    "dockerfile": lambda n, v: f"FROM python:3.12\nENV {n.upper()}={v}",
    "url": lambda n, v: f"url = https://deploy:{v}@git.example.com/acme/app.git",
    "shell-flag": lambda n, v: f"deploy --user ci --password='{v}' --yes",
    "shell-flag-space": lambda n, v: f"psql-wrapper --password '{v}' --host db",
    "connection": lambda n, v: f"Server=db;Database=app;User Id=app;Password={v};",
    "connection-pwd": lambda n, v: f"Driver={{ODBC}};Server=db;Uid=app;Pwd={v};",
    "prose": lambda n, v: f"The deploy job failed with {v} in its environment.",
}


def planted() -> Iterator[tuple[str, str, tuple[str, ...]]]:
    """(label, text, values) for every case in every form that fits it, and every special."""
    for case in CASES:
        for form in case.forms:
            yield f"{case.name}-{form}", FORMS[form](case.name, case.value), (case.value,)
    yield from SPECIAL


VALUES = tuple(sorted({v for _, _, values in planted() for v in values}))


def leaked(text: str) -> list[str]:
    return [value for value in VALUES if value in text]


def document(filler_lines: int = 400) -> str:
    """Every planted text between ordinary lines: a big config dump."""
    parts = []
    for index, (label, text, _) in enumerate(planted()):
        parts.append(f"## {label}\n{text}\n" + "".join(
            f"setting_{index}_{n} = value {n} of the release notes\n" for n in range(3)))
    filler = "".join(f"- item {n}: the quick brown fox jumps over the lazy dog\n"
                     for n in range(filler_lines))
    return filler + "\n".join(parts) + filler
