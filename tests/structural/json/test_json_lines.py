"""structural/json/json_lines.py: the readable copy of a JSON result, one value a line (a small
object of scalars on one line), with every object's and list's exact line range — on GitHub's
real advisories reply (the answerability benchmark's input)."""

from __future__ import annotations

import json
import lzma
import math
from pathlib import Path

import pytest

from garrepa_py.structural.json import json_lines

ADVISORIES = (Path(__file__).resolve().parents[3] / "benchmarks" / "answerability" / "inputs" /
              "mcp" / "gh-advisories.json.xz")


def test_the_copy_is_the_same_json_and_each_span_holds_its_item() -> None:
    items = json.loads(lzma.decompress(ADVISORIES.read_bytes()))
    lines, spans = json_lines.layout(items)
    assert json.loads("\n".join(lines)) == items  # values unchanged
    assert spans[id(items)] == (1, len(lines))
    for item in items:
        first, last = spans[id(item)]
        text = "\n".join(lines[first - 1:last]).rstrip(",")
        assert json.loads(text) == item  # the range is exactly the item


def test_first_line_shifts_every_span() -> None:
    value = {"a": [1, 2, {"b": "long " * 50}], "c": {}}
    lines, spans = json_lines.layout(value, first_line=10)
    assert spans[id(value)] == (10, 9 + len(lines))
    assert spans[id(value["c"])][0] == spans[id(value["c"])][1]


def test_a_small_object_of_scalars_is_one_line_as_the_server_wrote_it() -> None:
    edge = {"from": "alice", "to": "bob", "relationType": "knows"}
    lines, spans = json_lines.layout({"relations": [edge]})
    assert '  {"from":"alice","to":"bob","relationType":"knows"}' in lines
    assert spans[id(edge)][0] == spans[id(edge)][1]


def test_a_long_object_stays_one_value_a_line() -> None:
    item = {"description": "y" * (json_lines.FLAT_CHARS + 1)}
    lines, _ = json_lines.layout([item])
    assert len(lines) == 5  # [, {, "description": ..., }, ]


@pytest.mark.parametrize("value", ["é \"q\" \n", 12, -3, True, False, None, 1.5, math.inf])
def test_scalar_is_json_dumps(value: object) -> None:
    assert json_lines.scalar(value) == json.dumps(value, ensure_ascii=False)


def test_span_text_never_reads_as_an_issue_key() -> None:
    assert json_lines.span_text((12, 12)) == "L12"
    assert json_lines.span_text((12, 40)) == "L12..40"
