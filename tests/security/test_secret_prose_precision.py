"""Issue 33, prose precision: the secret guard leaves the prose of real projects' documentation
alone. Every file of the docs trees of eight projects (attrs, click and pytest in the "docs"
corpus; flask, jinja2, werkzeug, structlog and itsdangerous in "prose") is scanned: at most one
finding per 5,000 lines, and each finding a literal assigned to a secret's name in a code
example, never prose. The two phrases the issue measured being masked reach the model through
the real hook unchanged; their secret twins do not."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from garrepa_py.guard.secrets import scan

from ..support import corpora
from .helpers import NEIGHBOUR, sent_for_page

LINES_PER_FINDING = 5000
# A code example's literal under a secret's name: `SECRET_KEY = '192b…'`, `password="P4$$word"`.
ASSIGNED = re.compile(r"""(?i)(?:secret_key|password)['"]?\s*[=:]\s*['"]""")


def _docs_trees() -> dict[str, list[Path]]:
    """Project (its sdist's folder) -> the files of its docs/ (pytest: doc/) tree."""
    trees: dict[str, list[Path]] = {}
    for kind in ("docs", "prose"):
        root = corpora.load(kind)
        for path in sorted(root.rglob("*")):
            parts = path.relative_to(root).parts
            if path.is_file() and len(parts) > 2 and parts[1] in ("docs", "doc"):
                trees.setdefault(parts[0], []).append(path)
    return trees


def test_the_docs_of_eight_projects_hold_at_most_one_finding_per_5000_lines() -> None:
    trees = _docs_trees()
    assert len(trees) >= 5, sorted(trees)
    lines = findings = 0
    for files in trees.values():
        for path in files:
            text = path.read_text(errors="replace")
            rows = text.split("\n")
            lines += len(rows)
            for finding in scan(text).findings:
                findings += 1
                assert ASSIGNED.search(rows[finding.line - 1]), (path, rows[finding.line - 1])
    assert lines > 75_000
    assert findings * LINES_PER_FINDING <= lines, (findings, lines)


@pytest.mark.parametrize("prose", [
    "Requests can use HTTP Basic Authorization.",
    "The ``token`` argument is a :class:`str` or ``None``.",
    "password: :class:`str`, the user's password",
    # scrapy 2.19.0 docs/topics/settings.rst line 541, an RST hyperlink target (issue 35)
    ".. _temporary security credentials: "
    "https://docs.aws.amazon.com/IAM/latest/UserGuide/security-creds.html",
    ".. _API token: https://docs.example.org/auth/tokens.html",
])
def test_prose_is_not_a_finding(prose: str) -> None:
    assert not scan(f"Intro.\n\n{prose}\n\nMore.\n"), scan(prose).findings


def test_the_measured_phrases_reach_the_model_unchanged(project: Path,
                                                        garrepa_home: Path) -> None:
    lines = "HTTP Basic Authorization.\naccess token :class:`str`\n"
    sent = sent_for_page(project, lines)
    assert NEIGHBOUR in sent
    assert "HTTP Basic Authorization." in sent and "access token :class:`str`" in sent
    assert "[secret:" not in sent


def test_their_secret_twins_are_masked(project: Path, garrepa_home: Path) -> None:
    """The control: a real Basic credential and a token assigned bare are still masked."""
    sent = sent_for_page(project, "Authorization: Basic ZGVwbG95OlM0ZmVSMGNr\n"
                                  "access token :Tq8Lw2Rv7KpXz9\n")
    assert NEIGHBOUR in sent
    assert "ZGVwbG95OlM0ZmVSMGNr" not in sent and "Tq8Lw2Rv7KpXz9" not in sent


def test_a_hyperlink_target_still_masks_a_token_shaped_value() -> None:
    """The control: the target's name is markup, but a real credential after it is masked."""
    found = scan("Intro.\n\n.. _deploy token: Tq8Lw2Rv7KpXz9Yb3Nc5Md1\n\nMore.\n")
    assert [finding.line for finding in found.findings] == [3]
