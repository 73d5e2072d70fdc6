"""The real hook, a Read of Django's settings reference, and the loopback fake model: notes
written in the document's own RST style are delivered as checked; the same notes with one
setting cited at lines that do not hold it are not (the map serves, the journal says why)."""

from __future__ import annotations

from pathlib import Path

import pytest

from garrepa_py.engine import stamp

from ..security.helpers import hook, last, reply
from ..security.test_injection_evasions import delivered
from ..security.test_injection_routes import read_event
from ..support.fake_anthropic import FakeAnthropic
from .test_citations import FAITHFUL_RST, SETTINGS

WRONG_LINE = FAITHFUL_RST + "``CSRF_COOKIE_AGE`` is documented at lines 1000-1010.\n"


def through_read(project: Path, notes: str) -> str:
    doc = project / "docs" / "ref" / "settings.txt"
    doc.parent.mkdir(parents=True)
    doc.write_text(SETTINGS)
    with FakeAnthropic(reply_text=notes) as fake:
        proc = hook(project, read_event(project, doc), fake.url)
        assert len(fake.requests) == 1
    return delivered(reply(proc))


def test_rst_style_notes_are_delivered(project: Path, garrepa_home: Path) -> None:
    text = through_read(project, FAITHFUL_RST)
    assert last(garrepa_home)["method"] == "model"
    fenced = "\n".join(stamp.NOTES_LINE + line for line in FAITHFUL_RST.strip().split("\n"))
    assert f"{stamp.NOTES_OPEN}\n{fenced}\n{stamp.NOTES_CLOSE}" in text
    assert "their ids, line ranges and stated values checked against the source]" in text


@pytest.mark.parametrize(("notes", "reason"), [
    (WRONG_LINE, "range-without-id:1"),
    (FAITHFUL_RST.replace("defaults to ``False``;", "defaults to ``True``;"),
     "stated-value-differs:1"),
])
def test_notes_with_a_false_citation_are_not(project: Path, garrepa_home: Path, notes: str,
                                             reason: str) -> None:
    text = through_read(project, notes)
    entry = last(garrepa_home)
    assert (entry["method"], entry["fallback"]) == ("structural", reason)
    assert stamp.NOTES_OPEN not in text and stamp.STRUCTURAL in text
