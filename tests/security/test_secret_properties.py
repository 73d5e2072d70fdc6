"""Property-based tests of the secret masker (hypothesis).

For generated secrets (each shape drawn from a seeded random source, as a real generator makes
them) in generated contexts (every form, between generated lines): the masked text never holds
the secret; masking twice changes nothing; JSON stays valid JSON with the same structure.
"""

from __future__ import annotations

import json
import random
import string
from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from garrepa_py.guard.secrets import mask, masked, scan

from .secret_cases import FORMS, KEYED, PASSWORDS, TOKENS

ALNUM = string.ascii_letters + string.digits
B64URL = ALNUM + "-_"
# What a generated password holds: no quote, blank or separator a config would end it at.
PASSWORD_CHARS = ALNUM + "!#$%^*-_.+="


def _pick(rng: random.Random, alphabet: str, size: int) -> str:
    return "".join(rng.choice(alphabet) for _ in range(size))


def _password(rng: random.Random) -> str:
    body = _pick(rng, PASSWORD_CHARS, rng.randint(8, 24))
    return rng.choice(string.ascii_letters) + body + rng.choice(string.digits)


def _jwt(rng: random.Random) -> str:
    return (f"eyJ{_pick(rng, B64URL, rng.randint(16, 40))}.eyJ{_pick(rng, B64URL, rng.randint(16, 80))}"
            f".{_pick(rng, B64URL, 43)}")


# (kind of name it is kept under, generator, the forms it fits)
SHAPES: dict[str, tuple[tuple[str, ...], Callable[[random.Random], str], tuple[str, ...]]] = {
    "github": (("GH_TOKEN", "github_token"), lambda r: "ghp_" + _pick(r, ALNUM, 36), TOKENS),
    "openai": (("OPENAI_API_KEY",), lambda r: "sk-proj-" + _pick(r, ALNUM, 48), TOKENS),
    "anthropic": (("ANTHROPIC_API_KEY",), lambda r: "sk-ant-api03-" + _pick(r, B64URL, 80),
                  TOKENS),
    "aws-id": (("AWS_ACCESS_KEY_ID",), lambda r: "AKIA" + _pick(r, string.ascii_uppercase
                                                                 + string.digits, 16), TOKENS),
    "aws-secret": (("AWS_SECRET_ACCESS_KEY", "aws_secret_access_key"),
                   lambda r: _pick(r, ALNUM + "+/", 40), KEYED),
    "stripe": (("STRIPE_KEY",), lambda r: r.choice(("sk", "rk")) + "_live_" + _pick(r, ALNUM, 24),
               TOKENS),
    "slack": (("SLACK_TOKEN",), lambda r: f"xoxb-{_pick(r, string.digits, 12)}-"
              f"{_pick(r, string.digits, 13)}-{_pick(r, ALNUM, 24)}", TOKENS),
    "npm": (("NPM_TOKEN",), lambda r: "npm_" + _pick(r, ALNUM, 36), TOKENS),
    "sendgrid": (("SENDGRID_API_KEY",), lambda r: f"SG.{_pick(r, B64URL, 22)}.{_pick(r, B64URL, 43)}",
                 TOKENS),
    "jwt": (("ID_TOKEN",), _jwt, TOKENS),
    "password": (("DB_PASSWORD", "password", "smtp_pass", "adminPassword"), _password, PASSWORDS),
    "api-key": (("API_KEY", "apiKey", "client_secret"), lambda r: _pick(r, ALNUM, r.randint(20, 40)),
                KEYED),
}

SEEDS = st.integers(0, 2**32)
LINE = st.sampled_from([
    "", "# settings", "name = shop", "debug: false", "- item: the quick brown fox",
    "def load(path):", "    return path.read_text()", "## Deploy", "key = cache_key(a, b)",
    "password = str(password)", "see https://example.com/docs", '"region": "eu-west-1",',
    "[section]", "   indented context", "+added line", "-removed line", "token: string",
])
LINES = st.lists(LINE, max_size=6).map("\n".join)


@st.composite
def planted(draw: st.DrawFn) -> tuple[str, str]:
    """(text, secret): one generated secret in one of its forms, between generated lines."""
    shape = draw(st.sampled_from(sorted(SHAPES)))
    key_names, make, forms = SHAPES[shape]
    secret = make(random.Random(draw(SEEDS)))
    form = draw(st.sampled_from(forms))
    body = FORMS[form](draw(st.sampled_from(key_names)), secret)
    if body.startswith("{"):
        return body, secret  # a JSON document is the whole text
    return f"{draw(LINES)}\n{body}\n{draw(LINES)}", secret


@settings(max_examples=400, suppress_health_check=[HealthCheck.too_slow])
@given(planted())
def test_a_generated_secret_never_survives_masking(case: tuple[str, str]) -> None:
    text, secret = case
    safe, found = masked(text)
    assert secret not in safe, (text, safe)
    assert found.unmaskable == ()
    assert safe.count("\n") == text.count("\n")


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(planted(), min_size=1, max_size=4), LINES)
def test_masking_is_idempotent(cases: list[tuple[str, str]], filler: str) -> None:
    text = f"\n{filler}\n".join(text for text, _ in cases)
    once = mask(text, scan(text))
    assert mask(once, scan(once)) == once


JSON_VALUES = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=20)),
    lambda children: st.one_of(st.lists(children, max_size=5),
                               st.dictionaries(st.text(max_size=10), children, max_size=5)),
    max_leaves=30)


@st.composite
def json_with_secrets(draw: st.DrawFn) -> tuple[Any, list[str]]:
    """A generated JSON value with generated secrets under secret keys and inside strings."""
    secrets: list[str] = []

    def plant(value: Any) -> Any:
        if isinstance(value, dict) and draw(st.booleans()):
            shape = draw(st.sampled_from(sorted(SHAPES)))
            key_names, make, _ = SHAPES[shape]
            secret = make(random.Random(draw(SEEDS)))
            secrets.append(secret)
            where = draw(st.sampled_from(["key", "sentence", "url", "nested"]))
            key = draw(st.sampled_from(key_names))
            if where == "key":
                value[key] = secret
            elif where == "sentence":
                value["note"] = f"deploy with {key.upper()}={secret} tonight"
            elif where == "url" and shape == "password":
                value["dsn"] = f"postgres://app:{secret}@db.internal/app"
            else:
                value["raw"] = json.dumps({key: secret})
        if isinstance(value, dict):
            return {k: plant(v) for k, v in value.items()}
        if isinstance(value, list):
            return [plant(v) for v in value]
        return value

    document = plant(draw(st.dictionaries(st.text(max_size=8), JSON_VALUES, min_size=1,
                                          max_size=5)))
    return document, secrets


def _shape(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _shape(child) for key, child in value.items()}
    if isinstance(value, list):
        return [_shape(child) for child in value]
    return type(value).__name__


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(json_with_secrets(), st.sampled_from([None, 1, 2]))
def test_json_stays_valid_with_the_same_structure(case: tuple[Any, list[str]],
                                                  indent: int | None) -> None:
    document, planted_secrets = case
    text = json.dumps(document, indent=indent, ensure_ascii=draw_ascii(indent))
    safe, found = masked(text)
    data = json.loads(safe)
    assert _shape(data) == _shape(document)
    assert safe.count("\n") == text.count("\n")
    for secret in planted_secrets:
        assert secret not in safe
    assert found.unmaskable == ()


def draw_ascii(indent: int | None) -> bool:
    """Both encodings of non-ASCII text: escaped (`\\u00e9`) and raw."""
    return indent == 2
