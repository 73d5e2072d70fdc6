"""The search route asks structural/sniff.py what a Grep result is, as the MCP, Read and command
routes do (issue 34): a Grep whose lines are a test run (no line numbers, one file: the log's
own lines) gets the logs digest with its failures; a Grep listing keeps the grep digest. Real
hook process, real pytest output (tests/corpora/logs.tar.xz), no model."""

from __future__ import annotations

import re
from pathlib import Path

from ..conftest import _corpus
from ..security.test_attack_search_route import CONTENT, GREP_CONTENT, hook, updated


def test_a_grep_of_a_test_log_gets_the_logs_digest(tmp_path: Path) -> None:
    log = (_corpus("logs") / "pytest-three-failures.log").read_text()
    failed = re.findall(r"^FAILED (\S+)", log, re.M)
    assert len(failed) == 37
    response = {"mode": "content", "numFiles": 1, "filenames": [], "content": log,
                "numLines": log.count("\n"), "totalLines": log.count("\n")}
    reply = updated(hook(tmp_path, "Grep", {"pattern": ".", "path": "run.log",
                                           "output_mode": "content", "-n": False}, response))
    assert reply is not None
    text = reply["content"]
    assert "Content: log (pytest)" in text
    assert "37 failed" in text
    for test in failed[:3]:  # the failures named first, not lines of a listing
        assert f"--- {test.split('::')[1].split('[')[0]}" in text, test


def test_control_a_grep_listing_keeps_the_grep_digest(tmp_path: Path) -> None:
    reply = updated(hook(tmp_path, "Grep", GREP_CONTENT, CONTENT))
    assert reply is not None
    assert "Content:" not in reply["content"]
    assert "src/m7.py" in reply["content"]
