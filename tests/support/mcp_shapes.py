"""MCP results in the shapes real servers return them, built from the committed corpora.

Each builder wraps real text (docs, the click repository's git output, test logs, PyGithub's
recorded GitHub replies) the way its server does, per the servers' sources and the shapes the
issue 34 zoo records: the filesystem server's structuredContent `{"content": "<text>"}` (which
Claude Code hands the hook as a string of compact JSON), mcp-server-git's log and diff texts,
mcp-server-fetch's "Contents of URL:" markdown, mcp-server-sqlite's Python-repr rows,
@playwright/mcp's browser_snapshot markdown with its YAML tree, server-memory's read_graph JSON.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path
from typing import Any


def structured(text: str) -> str:
    """structuredContent {"content": text}, as Claude Code hands it to the hook."""
    return json.dumps({"content": text}, separators=(",", ":"), ensure_ascii=False)


def blocks(text: str) -> list[dict[str, Any]]:
    return [{"type": "text", "text": text}]


def tree(root: Path) -> list[dict[str, Any]]:
    """directory_tree's JSON: name, type, children (directories only), sorted as readdir."""
    out: list[dict[str, Any]] = []
    for entry in sorted(os.scandir(root), key=lambda e: e.name):
        if entry.is_dir(follow_symlinks=False):
            out.append({"name": entry.name, "type": "directory",
                        "children": tree(Path(entry.path))})
        else:
            out.append({"name": entry.name, "type": "file"})
    return out


def directory_tree(root: Path) -> str:
    return structured(json.dumps(tree(root), indent=2))


def read_multiple_files(paths: list[Path]) -> str:
    return structured("\n---\n".join(f"{p}:\n{p.read_text()}\n" for p in paths))


def search_files(root: Path, suffix: str) -> str:
    return structured("\n".join(str(p) for p in sorted(root.rglob(f"*{suffix}"))))


def list_directory_with_sizes(folder: Path) -> str:
    rows = []
    files = dirs = size = 0
    for entry in sorted(os.scandir(folder), key=lambda e: e.name):
        if entry.is_dir():
            dirs += 1
            rows.append(f"[DIR] {entry.name.ljust(30)}")
        else:
            files += 1
            size += entry.stat().st_size
            rows.append(f"[FILE] {entry.name.ljust(30)} {entry.stat().st_size:>10} B")
    rows += ["", f"Total: {files} files, {dirs} directories", f"Combined size: {size} B"]
    return structured("\n".join(rows))


def git_log(repo: Path) -> str:
    """mcp-server-git's git_log: `Commit: 'sha'` blocks with repr'd messages."""
    out = subprocess.run(["git", "-C", str(repo), "log", "--format=%H%x00%an <%ae>%x00%aI%x00%B%x01"],
                         capture_output=True, text=True, check=True).stdout
    log = []
    for record in out.split("\x01"):
        parts = record.strip("\n").split("\x00")
        if len(parts) == 4:
            sha, author, date, message = parts
            log.append(f"Commit: {sha!r}\nAuthor: <git.Actor \"{author}\">\nDate: {date}\n"
                       f"Message: {message!r}\n")
    return "Commit history:\n" + "\n".join(log)


def git_diff(repo: Path, target: str) -> str:
    diff = subprocess.run(["git", "-C", str(repo), "diff", target], capture_output=True,
                          text=True, check=True).stdout
    return f"Diff with {target}:\n{diff}"


def fetch(url: str, markdown: str) -> str:
    return f"Contents of {url}:\n{markdown}"


def sqlite_rows(rows: list[dict[str, Any]]) -> str:
    return str(rows)


def snapshot(markdown: str, url: str) -> str:
    """browser_snapshot of a page rendered from `markdown`: Playwright's markdown with its YAML
    accessibility tree (headings, paragraphs, links, a search form), refs numbered in order."""
    ref = iter(range(1, 1_000_000))
    lines = [f"- generic [ref=e{next(ref)}]:", f"  - banner [ref=e{next(ref)}]:",
             f"    - link \"Home\" [ref=e{next(ref)}] [cursor=pointer]:",
             "      - /url: /", f"    - search [ref=e{next(ref)}]:",
             f"      - searchbox \"Search docs\" [ref=e{next(ref)}]",
             f"      - button \"Go\" [ref=e{next(ref)}] [cursor=pointer]",
             f"  - main [ref=e{next(ref)}]:"]
    for text in markdown.split("\n"):
        heading = re.match(r"(#{1,6}) (.+)", text)
        if heading:
            title = heading.group(2).replace('"', "'")
            lines.append(f"    - heading \"{title}\" [level={len(heading.group(1))}] "
                         f"[ref=e{next(ref)}]")
        elif text.strip():
            lines.append(f"    - paragraph [ref=e{next(ref)}]: {text.strip()[:200]}")
            for link in re.findall(r"\[([^\]]+)\]\(([^)]+)\)", text)[:2]:
                lines.append(f"      - link \"{link[0][:80]}\" [ref=e{next(ref)}] "
                             "[cursor=pointer]:")
                lines.append(f"        - /url: {link[1]}")
    lines += [f"  - contentinfo [ref=e{next(ref)}]:", "    - text: © the authors"]
    return ("### Page state\n" f"- Page URL: {url}\n- Page Title: {url.rsplit('/', 1)[-1]}\n"
            "- Page Snapshot:\n```yaml\n" + "\n".join(lines) + "\n```\n")


def read_graph(issues: list[dict[str, Any]]) -> str:
    """server-memory's read_graph: entities and relations, compact JSON in a text block."""
    entities = [{"type": "entity", "name": f"issue-{i['number']}", "entityType": "issue",
                 "observations": [i.get("title") or "", f"state {i.get('state')}"]}
                for i in issues]
    relations = [{"type": "relation", "from": f"issue-{i['number']}", "to": "repo",
                  "relationType": "filed in"} for i in issues]
    return json.dumps({"entities": entities, "relations": relations}, indent=2)
