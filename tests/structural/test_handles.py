from __future__ import annotations

import pytest

from garrepa_py.structural.handles import extract, fabricated, missing

SOURCE = """\
Issue PROJ-142 (#77) is tracked at https://github.com/acme/api/issues/77.
Fix landed in 3f2a9c1d0e and touches src/api/server.py and docs/guide.md.
Owner: dana@example.com. Figma node 12:345, request 5c1b0f6e-1a2b-4c3d-8e9f-0123456789ab.
Call `create_session()` with `retry_limit`.
"""


def test_extract_finds_every_kind_once_in_order() -> None:
    found = extract(SOURCE)
    kinds = {value: kind for kind, value in found}
    assert kinds["PROJ-142"] == "issue-key"
    assert kinds["#77"] == "issue-number"
    assert kinds["https://github.com/acme/api/issues/77"] == "url"  # trailing '.' dropped
    assert kinds["3f2a9c1d0e"] == "sha"
    assert kinds["src/api/server.py"] == "path"
    assert kinds["dana@example.com"] == "email"
    assert kinds["12:345"] == "node-id"
    assert kinds["5c1b0f6e-1a2b-4c3d-8e9f-0123456789ab"] == "uuid"
    assert kinds["create_session()"] == "identifier"
    assert len(found) == len({value for _, value in found})


def test_hex_words_are_not_shas() -> None:
    assert [v for k, v in extract("we added a decade of effaced defaced text") if k == "sha"] == []


def test_faithful_briefing_has_no_fabrication() -> None:
    briefing = ("PROJ-142 (#77, https://github.com/acme/api/issues/77) fixed in 3f2a9c1d0e; "
                "see src/api/server.py. Ask dana@example.com. Use `create_session`.")
    assert fabricated(briefing, SOURCE) == []


@pytest.mark.parametrize("invented", [
    "https://github.com/acme/api/issues/78",
    "PROJ-143",
    "#78",
    "3f2a9c1d0f",
    "src/api/client.py",
    "someone@example.com",
    "12:346",
    "`delete_session()`",
    "5c1b0f6e-1a2b-4c3d-8e9f-0123456789ac",
])
def test_each_invented_handle_is_caught(invented: str) -> None:
    assert fabricated(f"Summary mentions {invented} here.", SOURCE) == [invented.strip("`")]


def test_hash_number_matches_a_bare_number_in_json() -> None:
    assert fabricated("Issue #1347 is open", '{"number": 1347, "state": "open"}') == []
    assert fabricated("Issue #134 is open", '{"number": 1347}') == ["#134"]


@pytest.mark.parametrize("invented", ["PROJ-14", "#7", "https://github.com/acme/api/issues/7"])
def test_a_prefix_of_a_real_handle_is_still_invented(invented: str) -> None:
    assert fabricated(f"See {invented} now", SOURCE) == [invented]


def test_missing_must_keep() -> None:
    assert missing(["PROJ-142", "#77"], "Only PROJ-142 here") == ["#77"]
    assert missing(["https://x.test/issues/4"], "see https://x.test/issues/40") == [
        "https://x.test/issues/4"]
