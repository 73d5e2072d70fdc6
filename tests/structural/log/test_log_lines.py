"""structural/log/log_lines.py: what every log parser shares — cleaning (colours, carriage-return
redraws, a cap on each line), blocks and spans — on a real coloured pytest run."""

from __future__ import annotations

import re
from pathlib import Path

from garrepa_py.structural.log import log_lines


def test_clean_drops_colours_and_redraws() -> None:
    raw = "\x1b[1m\x1b[31mFAILED\x1b[0m tests/a.py::t\r\n10%\r50%\r100% done\n\x1b]8;;http://x\x07link"
    assert log_lines.clean(raw) == ["FAILED tests/a.py::t", "100% done", "link"]


def test_clean_caps_a_line_and_marks_it() -> None:
    [line] = log_lines.clean("x" * (log_lines.LINE_CAP + 10))
    assert len(line) == log_lines.LINE_CAP + 1 and line.endswith("…")


def test_clean_keeps_every_line_of_a_real_run(log_corpus: Path) -> None:
    raw = (log_corpus / "pytest-three-failures.log").read_text()
    lines = log_lines.clean(raw)
    assert len(lines) == raw.replace("\r\n", "\n").count("\n") + 1
    assert not any("\x1b" in line for line in lines)


def test_span_takes_the_indented_run_and_drops_trailing_blanks() -> None:
    lines = ["Traceback:", "  File a.py", "    x()", "", "", "Error: boom", "  more"]
    assert log_lines.span(lines, 1) == ["  File a.py", "    x()"]
    assert log_lines.span(lines, 1, keep=re.compile("Error")) == [
        "  File a.py", "    x()", "", "", "Error: boom", "  more"]
    assert log_lines.span(lines, 1, stop=re.compile("    x")) == ["  File a.py"]
    assert log_lines.span(lines, 1, limit=1) == ["  File a.py"]


def test_block_numbers_and_trims() -> None:
    block = log_lines.Block("tests/a.py::t", 7, ["def t():", ">   assert 1 == 2", "", ""]).trim()
    assert (block.first, block.last) == (7, 8)
    assert block.text() == "def t():\n>   assert 1 == 2"
