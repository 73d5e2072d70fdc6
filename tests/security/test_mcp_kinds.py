"""Issue 34: real MCP servers' result shapes through the real hook, each digested as what its
bulk is, every range it names true in the readable copy; a degenerate digest never replaces.

The shapes wrap the committed corpora the way each server wraps its results
(tests/support/mcp_shapes.py); each has a negative control: the GitHub JSON array keeps
today's item index; a rich API object whose one huge string has no structure of its own passes
whole rather than being digested to one line.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import pytest

from ..support import mcp_shapes as shapes
from .helpers import hook, last, mcp_event, reply

LOW = {"GARREPA_THRESHOLD": "4000"}  # the real directories of the corpus are a few K


def brief(project: Path, response: Any, tool: str, env: dict[str, str] | None = None
          ) -> tuple[str, list[str]]:
    """(the briefing the agent gets, the readable copy's lines)."""
    out = reply(hook(project, mcp_event(project.parent, response, tool), env=env))
    assert out is not None, last(Path(os.environ["GARREPA_HOME"]))["reason"]
    text = out["updatedToolOutput"]
    if isinstance(text, list):
        [block] = text
        text = block["text"]
    # the readable copy when it differs from the bytes received, else the exact original
    found = re.search(r"\| readable copy: (\S+) \(", text) or re.search(
        r"^\[exact original: (\S+) \(", text, re.M)
    assert found, text[-400:]
    return text, Path(found.group(1)).read_text().split("\n")


def content_line(text: str) -> str:
    return next(line for line in text.split("\n") if line.startswith("Content: "))


def section_rows(text: str) -> list[tuple[str, int, int]]:
    return [(title, int(a), int(b)) for title, a, b in
            re.findall(r"^\s*- (.+?) \| lines (\d+)-(\d+) \| [\d.]+K?$", text, re.M)]


def test_filesystem_read_text_file_gets_the_document_map(project: Path, doc_corpus: Path,
                                                         garrepa_home: Path) -> None:
    doc = (doc_corpus / "pytest-8.2.0/doc/en/changelog.rst").read_text()
    text, lines = brief(project, shapes.structured(doc), "mcp__filesystem__read_text_file")
    assert content_line(text) == ("Content: document (rst); unwrapped from content; the "
                                  "readable copy holds it as lines.")
    assert "\n".join(lines) == doc  # the readable copy is the file's own text
    rows = section_rows(text)
    assert len(rows) > 50
    for title, start, _end in rows:  # each title is on its first line (or under an overline)
        assert title in lines[start - 1] or title in lines[start], (title, start)
    assert "…(+" not in text
    assert last(garrepa_home)["reason"] == "briefed"


def test_read_text_file_escaped_twice_is_the_same_map(project: Path, doc_corpus: Path) -> None:
    doc = (doc_corpus / "attrs-23.2.0/CHANGELOG.md").read_text()
    once, _ = brief(project, shapes.structured(doc), "mcp__filesystem__read_text_file")
    twice, lines = brief(project, json.dumps(shapes.structured(doc)),
                         "mcp__filesystem__read_text_file")
    assert "unwrapped from json-string > content" in content_line(twice)
    assert section_rows(once) == section_rows(twice) and "\n".join(lines) == doc


def test_directory_tree_names_every_directory_with_its_lines(project: Path,
                                                             doc_corpus: Path) -> None:
    root = doc_corpus / "pytest-8.2.0"
    text, lines = brief(project, shapes.directory_tree(root), "mcp__filesystem__directory_tree")
    assert content_line(text).startswith("Content: listing (tree); unwrapped from content")
    rows = re.findall(r"^(\S.*?/): (\d+) entr(?:y|ies)(?:, \d+ below)?, lines (\d+)-(\d+)", text,
                      re.M)
    named = {path for path, *_ in rows}
    every = {str(p.relative_to(root)) + "/" for p in root.rglob("*") if p.is_dir()}
    assert every <= named | {p for p in every if any(p.startswith(n) for n in named)}
    for path, count, start, end in rows:
        assert int(count) == len(list((root / path).iterdir())), path
        assert all(line.startswith(path) for line in lines[int(start) - 1:int(end)]), path


def test_read_multiple_files_names_each_file_with_its_lines(project: Path,
                                                            doc_corpus: Path) -> None:
    files = sorted((doc_corpus / "click-8.1.7/docs").glob("*.rst"))[:12]
    text, lines = brief(project, shapes.read_multiple_files(files),
                        "mcp__filesystem__read_multiple_files")
    assert content_line(text).startswith("Content: files (sections)")
    rows = re.findall(r"^- (\S+) \| lines (\d+)-(\d+) \|", text, re.M)
    assert [Path(p) for p, *_ in rows] == files
    for path, start, end in rows:
        assert lines[int(start) - 2] == f"{path}:"
        # the server writes `path:\ncontent\n` per file: the file, then a newline of its own
        shown = "\n".join(lines[int(start) - 1:int(end)])
        assert shown.rstrip("\n") == Path(path).read_text().rstrip("\n")


def test_search_files_is_a_path_listing(project: Path, doc_corpus: Path) -> None:
    text, lines = brief(project, shapes.search_files(doc_corpus, ".rst"),
                        "mcp__filesystem__search_files", LOW)
    assert content_line(text).startswith("Content: listing (paths)")
    rows = re.findall(r"^(\S.*?/): \d+ entr(?:y|ies).*?, lines (\d+)-(\d+)", text, re.M)
    assert len(rows) >= 10
    for path, start, end in rows:
        assert all(line.startswith(path) for line in lines[int(start) - 1:int(end)]), path


def test_list_directory_with_sizes_accounts_for_every_entry(project: Path,
                                                            doc_corpus: Path) -> None:
    folder = doc_corpus / "pytest-8.2.0/doc/en/announce"
    text, lines = brief(project, shapes.list_directory_with_sizes(folder),
                        "mcp__filesystem__list_directory_with_sizes", LOW)
    assert content_line(text).startswith("Content: listing (fs)")
    runs = re.findall(r"^- lines? (\d+)(?:-(\d+))? \| (\d+) \| (\S+)", text, re.M)
    assert sum(int(n) for *_, n, _first in runs) == len(list(folder.iterdir()))
    for start, _end, _n, first in runs:
        assert lines[int(start) - 1].startswith(f"[FILE] {first}")


def test_git_diff_of_mcp_server_git_gets_the_git_digest(project: Path, click_repo: Path) -> None:
    text, lines = brief(project, shapes.blocks(shapes.git_diff(click_repo, "HEAD~3")),
                        "mcp__git__git_diff", LOW)
    assert content_line(text) == "Content: git (diff)."
    rows = re.findall(r"^ (\S+) \| \+\d+ -\d+ \| lines (\d+)-(\d+)", text, re.M)
    assert len(rows) >= 10
    for path, start, _end in rows:
        assert lines[int(start) - 1] == f"diff --git a/{path} b/{path}"


def test_fetch_markdown_gets_the_document_map(project: Path, doc_corpus: Path) -> None:
    doc = (doc_corpus / "httpx-0.27.0/CHANGELOG.md").read_text()
    text, lines = brief(project, shapes.blocks(shapes.fetch("http://127.0.0.1:8000/c", doc)),
                        "mcp__fetch__fetch")
    assert content_line(text) == "Content: document (markdown)."
    rows = section_rows(text)
    assert len(rows) > 20
    for title, start, _end in rows:
        assert lines[start - 1].lstrip("#").strip() == title


def test_sqlite_rows_get_columns_and_row_ranges(project: Path, github_corpus: Path) -> None:
    """Each row one line of the readable copy, as the server wrote it, and every row named by
    its first cell on a line with its range (issue 34: 3,000 rows were indexed by bare line
    numbers, no row named, and the benchmark's reader never found one)."""
    issues = json.loads((github_corpus / "Issue33_testClosedIssues-31.json").read_text())
    rows = [{"number": i["number"], "title": i["title"], "state": i["state"],
             "created_at": i["created_at"]} for i in issues] * 4
    text, lines = brief(project, shapes.blocks(shapes.sqlite_rows(rows)),
                        "mcp__sqlite__read_query", LOW)
    assert content_line(text).startswith("Content: table (rows); unwrapped from python-repr")
    assert "columns: number | title | state | created_at" in text
    named = re.findall(r"^lines (\d+)-(\d+): (.+)$", text, re.M)
    assert sum(int(b) - int(a) + 1 for a, b, _ in named) == len(rows)
    for start, end, cells in named:
        assert cells.split(" | ") == [str(r["number"]) for r in rows[int(start) - 1:int(end)]]
    assert lines == [repr(row) for row in rows]
    assert all(line in shapes.sqlite_rows(rows) for line in lines)


def test_json_rows_keep_the_json_index(project: Path, github_corpus: Path) -> None:
    """The control: the same rows as a JSON array (not a Python repr) stay JSON, one value a
    line, each row whole with its range."""
    issues = json.loads((github_corpus / "Issue33_testClosedIssues-31.json").read_text())
    rows = [{"number": i["number"], "title": i["title"], "state": i["state"],
             "created_at": i["created_at"]} for i in issues] * 4
    text, lines = brief(project, shapes.blocks(json.dumps(rows)), "mcp__db__query", LOW)
    assert not re.search(r"^lines \d+-\d+: ", text, re.M)
    spans = re.findall(r"^  L(\d+)(?:\.\.(\d+))? ", text, re.M)
    assert len(spans) == len(rows)
    for (start, end), row in zip(spans, rows, strict=True):
        end = end or start  # a small row of scalars is one compact line
        assert json.loads("\n".join(lines[int(start) - 1:int(end)]).rstrip(",")) == row


def test_browser_snapshot_gets_landmarks_headings_and_refs(project: Path,
                                                           doc_corpus: Path) -> None:
    page = shapes.snapshot((doc_corpus / "httpx-0.27.0/CHANGELOG.md").read_text(),
                           "http://127.0.0.1:8000/changelog")
    text, lines = brief(project, shapes.blocks(page), "mcp__playwright__browser_snapshot")
    assert content_line(text) == "Content: snapshot (aria)."
    landmarks = re.findall(r"^- (\w+)(?: \"[^\"]*\")? \[ref=(e\d+)\] \| lines (\d+)-(\d+) \|",
                           text, re.M)
    assert {"banner", "search", "main", "contentinfo"} <= {role for role, *_ in landmarks}
    for role, ref, start, _end in landmarks:
        assert f"- {role}" in lines[int(start) - 1] and f"[ref={ref}]" in lines[int(start) - 1]
    headings = re.findall(r"^- h(\d) \| (.+?) \| (e\d+) \| line (\d+)$", text, re.M)
    assert len(headings) > 20
    for level, title, ref, at in headings:
        assert lines[int(at) - 1].strip() == (f'- heading "{title}" [level={level}] '
                                              f"[ref={ref}]")
    assert '- searchbox "Search docs" [ref=e5] | line' in text


def test_a_test_log_in_a_text_block_gets_its_failures(project: Path, log_corpus: Path) -> None:
    log = (log_corpus / "pytest-three-failures.log").read_text()
    text, lines = brief(project, shapes.blocks(log), "mcp__ci__get_job_log")
    assert content_line(text) == "Content: log (pytest)."
    blocks = re.findall(r"^--- (\w+) \(lines (\d+)-(\d+)\) ---$", text, re.M)
    assert blocks
    for name, start, _end in blocks:
        assert name in lines[int(start) - 1]


def test_control_github_json_array_keeps_the_item_index(project: Path,
                                                        github_corpus: Path) -> None:
    source = (github_corpus / "Issue33_testClosedIssues-31.json").read_text()
    text, _ = brief(project, shapes.blocks(source), "mcp__github__list_issues")
    assert "Content: " not in text
    assert "result: 25 items, too many to show whole" in text


def test_control_memory_graph_keeps_the_item_index(project: Path, github_corpus: Path) -> None:
    issues = json.loads((github_corpus / "Issue33_testClosedIssues-31.json").read_text())
    text, lines = brief(project, shapes.blocks(shapes.read_graph(issues * 3)),
                        "mcp__memory__read_graph", LOW)
    assert "Content: " not in text
    spans = re.findall(r"^  L(\d+)\.\.(\d+) (issue-\d+) entity", text, re.M)
    assert len(spans) == 75
    for start, end, name in spans:
        assert json.loads("\n".join(lines[int(start) - 1:int(end)]).rstrip(","))["name"] == name


ZOO_GRAPH = Path(__file__).resolve().parents[2] / "benchmarks/answerability/inputs/mcpzoo/" \
    "memory-read_graph.json.xz"


def test_memory_graph_names_every_entity_and_relation_with_its_lines(project: Path) -> None:
    """server-memory's real read_graph (the zoo's recording): entities have no id, relations
    no name. Before, their rows named nothing (`L1780..1784 (no handle)`); now each entity is
    named in a run whose lines hold it, and each relation by its ends on the line that holds
    it as the server wrote it."""
    import lzma

    event = json.loads(lzma.decompress(ZOO_GRAPH.read_bytes()))
    graph = json.loads(event["tool_response"])
    text, lines = brief(project, event["tool_response"], "mcp__memory__read_graph")
    assert "(no handle)" not in text
    named = 0
    entities = text.split("\nentities: ", 1)[1].split("\nrelations: ", 1)[0]
    for first, final, names in re.findall(r"^  L(\d+)\.\.(\d+) (.+)$", entities, re.M):
        held = re.findall(r'"name": "([^"]+)"', "\n".join(lines[int(first) - 1:int(final)]))
        assert held == names.split("; ")
        named += len(held)
    assert named == len(graph["entities"])
    rows = re.findall(r"(?:^  L(\d+) \| (\S+) \| (\S+)$)|(?:(PyGithub#\d+) L(\d+))", text, re.M)
    ends = {(r[1], int(r[0])) if r[0] else (r[3], int(r[4])) for r in rows}
    assert len(ends) > len(graph["relations"]) // 2  # rows, then the ones fit names with lines
    for start, line in ends:
        relation = json.loads(lines[line - 1].strip().rstrip(","))
        assert relation["from"] == start
        assert lines[line - 1].strip().rstrip(",") == json.dumps(relation, separators=(",", ":"))


def gist(content: str) -> str:
    """A GitHub gist: many fields (no thin wrapper) and one file whose content is the bulk."""
    return json.dumps({"url": "https://api.github.com/gists/6296553", "id": "6296553",
                       "html_url": "https://gist.github.com/6296553", "public": True,
                       "created_at": "2013-08-21T16:28:24Z", "description": "notes",
                       "comments": 0, "owner": {"login": "jacquev6", "id": 327146},
                       "files": {"CHANGELOG.md": {"filename": "CHANGELOG.md", "size": len(content),
                                                  "content": content}}})


def test_a_gist_whose_bulk_is_a_document_is_mapped_with_its_fields(
        project: Path, doc_corpus: Path, garrepa_home: Path) -> None:
    """Issue 34: a 19-key API object with one huge string used to pass whole (its JSON digest
    was `content: …(+N chars)`). Now its fields come first as written, every object with its
    lines, and the string is mapped by its own kind into the same readable copy."""
    doc = (doc_corpus / "attrs-23.2.0/CHANGELOG.md").read_text()
    text, lines = brief(project, shapes.blocks(gist(doc)), "mcp__github__get_gist")
    assert last(garrepa_home)["reason"] == "briefed"
    first = doc.split("\n").index("# Changelog") + 1  # the heading's line in the string
    assert content_line(text).startswith(
        "Content: a JSON object whose bulk is files.CHANGELOG.md.content, "
        f"{len(doc):,} chars of document (markdown); the readable copy holds the object at ")
    assert '"id":"6296553"' in text and '"created_at":"2013-08-21T16:28:24Z"' in text
    owner = re.search(r"^owner: L(\d+)(?:\.\.(\d+))?$", text, re.M)  # small: one line
    assert owner, text[:2000]
    shown = "\n".join(lines[int(owner[1]) - 1:int(owner[2] or owner[1])])
    assert json.loads(shown.split(": ", 1)[1].rstrip(",")) == {"login": "jacquev6", "id": 327146}
    start = int(re.search(r"the text as its own lines from line (\d+)\.", text)[1])  # type: ignore[index]
    assert "\n".join(lines[start - 1:]) == doc.rstrip("\n")  # the string, one line a line
    rows = section_rows(text)
    assert len(rows) > 30 and rows[0][1] == start + first - 1
    for title, row_start, _end in rows:
        assert title.split(" ")[-1] in lines[row_start - 1]
    assert "…(+" not in text.split("files.CHANGELOG.md.content (lines")[1]


def test_degenerate_digest_passes_the_original(project: Path, garrepa_home: Path) -> None:
    """The control: the same object whose string is prose with no structure of its own
    (no headings, no listing, no log) still gets only the JSON digest's one line for it, and
    that passes whole."""
    prose = "\n".join(f"Note {n}: the weather was fine and nothing happened at all today."
                      for n in range(1500))
    out = reply(hook(project, mcp_event(project.parent, shapes.blocks(gist(prose)),
                                        "mcp__github__get_gist")))
    assert out is None  # the whole result reaches the agent, as with Claude Code alone
    record = last(garrepa_home)
    assert (record["decision"], record["reason"]) == ("pass", "digest-unaccountable")


def test_control_a_gist_with_many_small_files_is_briefed(project: Path, doc_corpus: Path,
                                                         garrepa_home: Path) -> None:
    files = sorted((doc_corpus / "click-8.1.7/docs").glob("*.rst"))
    many = json.loads(gist(""))
    many["files"] = [{"filename": p.name, "size": p.stat().st_size,
                      "raw_url": f"https://gist.githubusercontent.com/x/{p.name}"} for p in files] * 8
    text, _ = brief(project, shapes.blocks(json.dumps(many)), "mcp__github__get_gist", LOW)
    assert last(garrepa_home)["reason"] == "briefed"
    assert "6296553" in text


@pytest.mark.parametrize("wrapped", ["structured", "json-string"])
def test_degenerate_wrapper_of_today_no_longer_reaches_the_agent(
        project: Path, doc_corpus: Path, garrepa_home: Path, wrapped: str) -> None:
    """Before issue 34 this was `content: # Changelog …(+60,574 chars)`: one line, no range."""
    doc = (doc_corpus / "attrs-23.2.0/CHANGELOG.md").read_text()
    source = shapes.structured(doc)
    text, _ = brief(project, source if wrapped == "structured" else json.dumps(source),
                    "mcp__filesystem__read_text_file")
    assert "…(+" not in text and len(section_rows(text)) > 30
