"""Issue 34: the command route asks the MCP route's sniffing function what an output is: a
fetched document gets its map, a diff its git digest, with ranges into the exact output."""

from __future__ import annotations

import re
from pathlib import Path

from .helpers import bash_event, hook, last, reply


def run(project: Path, command: str, stdout: str) -> str:
    response = {"stdout": stdout, "stderr": "", "interrupted": False, "isImage": False}
    out = reply(hook(project, bash_event(project.parent, command, response)))
    assert out is not None, last(project.parent / "garrepa-home")["reason"]
    return str(out["updatedToolOutput"]["stdout"])


def test_a_curl_of_a_markdown_document_gets_its_map(project: Path, doc_corpus: Path) -> None:
    doc = (doc_corpus / "attrs-23.2.0/CHANGELOG.md").read_text()
    text = run(project, "curl -s http://127.0.0.1:8000/CHANGELOG.md", doc)
    assert "Content: document (markdown)." in text
    lines = doc.split("\n")
    rows = re.findall(r"^\s*- (.+?) \| lines (\d+)-(\d+) \|", text, re.M)
    assert len(rows) > 20
    for title, start, _end in rows:
        assert lines[int(start) - 1].lstrip("#").strip() == title


def test_control_a_find_listing_keeps_the_listing_digest(project: Path, doc_corpus: Path) -> None:
    paths = "\n".join(f"./{p.relative_to(doc_corpus)}" for p in sorted(doc_corpus.rglob("*")))
    text = run(project, "find .", paths * 3)
    assert "Content: " not in text and "Path list: " in text
