"""The check checks what it stamps, on Django's real settings reference (RST in a .txt file):
a briefing in the document's own RST style passes; a line range that does not hold the setting
it is cited for, or a default the source contradicts, does not."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from garrepa_py.engine import citations, validate
from garrepa_py.structural import handles

CORPUS = Path(__file__).parent / "corpus"
SETTINGS = (CORPUS / "django-settings-a-to-email.txt").read_text(encoding="utf-8")

FAITHFUL_RST = """\
Django's settings reference, ``ABSOLUTE_URL_OVERRIDES`` to ``EMAIL_PORT`` (lines 1-1478).

- ``CSRF_COOKIE_AGE`` (lines 283-301): default ``31449600``, about a year in seconds; ``None`` \
gives session-based CSRF cookies.
- ``CSRF_COOKIE_HTTPONLY`` (lines 320-345) defaults to ``False``; :setting:`SESSION_COOKIE_HTTPONLY` \
has the details on ``HttpOnly``.
- ``DEBUG`` (lines 1193-1210) defaults to ``False`` and shows tracebacks with settings when on.
- ``EMAIL_PORT`` (lines 1459-1466) defaults to ``25``, the port of :setting:`EMAIL_HOST`.
"""


def test_corpus_is_the_manifests_bytes() -> None:
    entry = json.loads((CORPUS / "MANIFEST.json").read_text())[0]
    assert hashlib.sha256(SETTINGS.encode()).hexdigest() == entry["sha256"]
    assert SETTINGS.count("\n") == 1478


def test_rst_style_briefing_is_delivered() -> None:
    checked = validate.check(FAITHFUL_RST, SETTINGS, ())
    assert (checked.reason, checked.text) == ("", FAITHFUL_RST.strip())


@pytest.mark.parametrize(("claim", "reason"), [
    # the two false claims: a range elsewhere, and the opposite default
    ("``CSRF_COOKIE_AGE`` is documented at lines 1000-1010.", "range-without-id:1"),
    ("``CSRF_COOKIE_HTTPONLY`` (lines 320-345) defaults to ``True``.", "stated-value-differs:1"),
    # the same in Markdown style, and the other ways to state a value
    ("`CSRF_COOKIE_HTTPONLY` (lines 320-345) defaults to True.", "stated-value-differs:1"),
    ("`EMAIL_PORT` (lines 1459-1466, default: 30) is the SMTP port.", "stated-value-differs:1"),
    ("`EMAIL_PORT` = 8080 (lines 1459-1466).", "stated-value-differs:1"),
    ("``CSRF_COOKIE_AGE`` (lines 283-301) has a default of ``None``.", "stated-value-differs:1"),
    # two settings, one range that holds only one of them
    ("``DEBUG`` and ``EMAIL_PORT`` are at lines 1193-1210.", "range-without-id:1"),
])
def test_false_claim_is_rejected(claim: str, reason: str) -> None:
    reply = FAITHFUL_RST + "\n" + claim + "\n"
    assert validate.check(reply, SETTINGS, ()) == validate.Checked(None, reason)


@pytest.mark.parametrize("claim", [
    "``CSRF_COOKIE_AGE`` (lines 286-300) is the CSRF cookie's age.",  # heading 3 lines above
    "``EMAIL_PORT`` (lines 1459-1466) defaults to 25.",
    "`EMAIL_PORT` (lines 1459-1466) defaults to `25`.",
    "``CSRF_COOKIE_NAME`` (lines 346-356) defaults to ``'csrftoken'``.",
    "``CSRF_COOKIE_NAME`` (lines 346-356) defaults to \"csrftoken\".",
    "``CSRF_COOKIE_AGE`` (lines 283-301) defaults to 31,449,600.",
    "``CSRF_COOKIE_AGE`` (lines 283-301) defaults to 1 year.",  # a paraphrase: not judged
    "Lines 283-301 document ``CSRF_COOKIE_AGE``, which can be ``None``.",
    # a value the cited lines do not state is not judged
    "``ALLOWED_HOSTS`` (lines 59-101) is checked against the ``Host`` header.",
])
def test_true_claim_passes(claim: str) -> None:
    reply = FAITHFUL_RST + "\n" + claim + "\n"
    assert validate.check(reply, SETTINGS, ()).reason == ""


def test_a_range_just_outside_the_margin_does_not_hold_its_heading() -> None:
    # ``CSRF_COOKIE_AGE`` is on line 285: lines 289-300 are 4 lines below it, past MARGIN (3)
    assert citations.MARGIN == 3
    reply = FAITHFUL_RST + "\n``CSRF_COOKIE_AGE`` is explained at lines 289-300.\n"
    assert validate.check(reply, SETTINGS, ()).reason == "range-without-id:1"


@pytest.mark.parametrize(("text", "literals"), [
    ("``CSRF_COOKIE_AGE`` is ``31449600`` or ``None``", ["CSRF_COOKIE_AGE", "31449600", "None"]),
    (":setting:`DEBUG` is ``True``", ["DEBUG", "True"]),
    ("Markdown `code` and ``code with ` inside``", ["code", "code with ` inside"]),
    ("AsciiDoc `+lit+` and `plain`", ["lit", "plain"]),
    ("an unclosed `` run, then `x_y`", ["x_y"]),
    ("three ```a `` b``` closes at three", ["a `` b"]),
])
def test_literals_are_read_as_the_markup_writes_them(text: str, literals: list[str]) -> None:
    assert [v for k, v in handles.extract(text) if k == "identifier"] == literals


def test_text_between_two_literals_is_not_an_identifier() -> None:
    text = "``CSRF_COOKIE_AGE``): default ``31449600``"
    assert "): default" not in [v for _, v in handles.extract(text)]
    assert handles.fabricated(text, SETTINGS) == []


def test_a_path_is_not_held_to_its_range() -> None:
    source = "diff --git a/src/app.py b/src/app.py\n" + "\n".join(f"+line {n}" for n in range(60))
    reply = "`src/app.py` gains `line 50` at lines 50-52."
    assert citations.check(reply, citations.Source(source)) == ""


def test_value_claims_are_bound_to_the_literal_they_follow() -> None:
    claims = citations.claims("``AA`` defaults to ``False`` and ``BB`` defaults to ``True``; "
                              "``CC`` = 8080, when x = 3; `DD = 'x'`")
    assert claims == [citations.Claim("DD", "x", False), citations.Claim("AA", "false", True),
                      citations.Claim("BB", "true", True), citations.Claim("CC", "8080", False)]


def test_check_is_linear_on_a_huge_one_line_source() -> None:
    # a 2 MB single line with defaults and backticks everywhere: bounded work per claim
    source = "`K` default: 1 " * 140_000
    reply = "`K` (lines 1-1) defaults to `1`; `K` (line 1) = 1"
    assert citations.check(reply, citations.Source(source)) == ""


def test_a_check_that_fails_rejects_rather_than_delivers(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(body: str, source: citations.Source) -> str:
        raise ValueError("boom")

    monkeypatch.setattr(citations, "check", broken)
    assert validate.check(FAITHFUL_RST, SETTINGS, ()).reason == "citation-check-ValueError"
