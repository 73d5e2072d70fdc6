"""structural/sniff.py: the one answer to "what is this text", under any wrapper, in linear time."""

from __future__ import annotations

import json
import time

from garrepa_py.structural import bulk, sniff

DOC = "# Title\n\nIntro.\n\n## One\n\ntext\n\n## Two\n\n```\ncode\n```\n" * 40


def test_structured_content_and_json_in_json_unwrap_to_the_same_document() -> None:
    for wrapped, how in [(json.dumps({"content": DOC}), ("content",)),
                         (json.dumps(json.dumps({"content": DOC})), ("json-string", "content")),
                         (json.dumps({"result": {"text": DOC, "path": "/a"}}), ("result.text",)),
                         (json.dumps({"content": [{"type": "text", "text": DOC}]}),
                          ("content[text]",))]:
        found = sniff.sniff(wrapped)
        assert (found.kind, found.detail, found.text) == ("document", "markdown", DOC), wrapped[:40]
        assert found.how[0] == how[0]


def test_the_small_values_beside_the_bulk_are_kept() -> None:
    found = sniff.sniff(json.dumps({"content": DOC, "path": "/docs/a.md", "size": 9}))
    assert dict(found.beside) == {"path": "/docs/a.md", "size": "9"}


def test_control_an_api_object_with_many_fields_stays_json() -> None:
    obj = {f"field_{n}": n for n in range(10)} | {"body": DOC}
    assert sniff.sniff(json.dumps(obj)).kind == "json"
    assert sniff.sniff(json.dumps([{"id": n, "title": "t"} for n in range(50)])).kind == "json"


def test_kinds_of_line_text() -> None:
    assert sniff.kind_of("[DIR] a\n[FILE] b.txt  3 B\n[FILE] c.txt  4 B\n") == ("listing", "fs")
    assert sniff.kind_of("\n".join(f"./src/m{n}.py" for n in range(50))) == ("listing", "paths")
    assert sniff.kind_of("a,b,c\n" + "1,2,3\n" * 30) == ("table", "csv")
    assert sniff.kind_of("| a | b |\n|---|---|\n" + "| 1 | 2 |\n" * 30) == ("table", "markdown")
    assert sniff.kind_of("\n".join(f'- link "x{n}" [ref=e{n}]' for n in range(30)))[0] == \
        "snapshot"
    assert sniff.kind_of("commit " + "a" * 40 + "\nAuthor: x\n\n    msg\n") == ("git", "log")
    assert sniff.kind_of(DOC) == ("document", "markdown")
    assert sniff.kind_of("just words\n" * 50) == ("text", "")


def test_directory_tree_json_is_a_listing_laid_out_as_paths() -> None:
    tree = [{"name": "src", "type": "directory", "children": [
        {"name": "a.py", "type": "file"}, {"name": "pkg", "type": "directory", "children": []}]},
        {"name": "README.md", "type": "file"}]
    found = sniff.sniff(json.dumps({"content": json.dumps(tree, indent=2)}))
    assert (found.kind, found.detail) == ("listing", "tree")
    assert sniff.tree_paths(found.value) == ["src/", "src/a.py", "src/pkg/", "README.md"]


def test_python_repr_rows_are_a_table() -> None:
    rows = [{"id": n, "name": f"n{n}", "score": n / 2} for n in range(40)]
    found = sniff.sniff(str(rows))
    assert (found.kind, found.detail, found.value) == ("table", "rows", rows)


def test_five_megabytes_are_sniffed_and_digested_in_linear_time() -> None:
    for text in (DOC * 200, "\n".join(f"./d{n % 97}/f{n}.txt" for n in range(250_000)),
                 json.dumps({"content": DOC * 200})):
        started = time.perf_counter()
        found = sniff.sniff(text)
        bulk.digest(found.kind, found.detail, found.text, 20_000)
        assert time.perf_counter() - started < 3.0, (found.kind, len(text))
