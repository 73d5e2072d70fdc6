"""Adds the MCP-zoo tasks of issue 34 to the answerability task set: real servers' results as
Claude Code 2.1.328 handed them to the hook (tests/corpora/mcpzoo.tar.xz, recorded by
scripts/mcp_zoo.py), copied into inputs/mcpzoo/ (xz) with their provenance in MANIFEST.json,
and their tasks appended to tasks.jsonl (replacing any earlier `mcpzoo-` tasks).

    python benchmarks/answerability/build_mcpzoo.py [PATH/TO/mcpzoo.tar.xz]

Each input is one hook event cut to what the benchmark uses: `tool_name`, `tool_input`,
`mcp_server` and `tool_response` exactly as handed over (structuredContent as a string of
compact JSON, content blocks as a list). One input is shaped, not recorded: a GitHub gist over
Claude Code's MCP token cap (no zoo server returned one), built from PyGithub's recorded
Gist_testAttributes reply with a second file holding the recorded read_text_file's text.

Every question was written from the server's result alone, before any garrepa arm ran on it
(see the commit that added this file); `key` is what the question names, `answer` what settles it.
"""

from __future__ import annotations

import hashlib
import json
import lzma
import sys
import tarfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
ZOO = REPO / "tests" / "corpora" / "mcpzoo.tar.xz"
GITHUB = REPO / "tests" / "corpora" / "github.tar.xz"
INPUTS = HERE / "inputs" / "mcpzoo"
PREFIX = "mcpzoo-"

# input name -> the zoo's hook event
EVENTS = {
    "fs-read_text_file": "filesystem-00-read_text_file",
    "fs-read_multiple_files": "filesystem-01-read_multiple_files",
    "fs-directory_tree": "filesystem-02-directory_tree",
    "fs-search_files": "filesystem-03-search_files",
    "fs-list_directory_with_sizes": "filesystem-04-list_directory_with_sizes",
    "memory-read_graph": "memory-00-read_graph",
    "git-log": "git-00-git_log",
    "git-diff": "git-01-git_diff",
    "git-show": "git-02-git_show",
    "fetch-httpx-changelog": "fetch-00-fetch",
    "fetch-pytest-fixtures": "fetch-01-fetch",
    "sqlite-read_query": "sqlite-01-read_query",
    "playwright-browser_snapshot": "playwright-01-browser_snapshot",
    "github-issue-list": "github-01-github-issue-list",
}
GIST = "github-gist-over-cap"


def task(name: str, n: int, question: str, key: list[str], answer: list[str]) -> dict[str, Any]:
    return {"id": f"{PREFIX}{name}-{n}", "kind": "mcp",
            "source": {"event_file": f"inputs/mcpzoo/{name}.json.xz"},
            "question": question, "key": key, "answer": answer}


TASKS = [
    task("fs-read_text_file", 1, "When was pytest 2.7.3 released?", ["2.7.3"],
         ["2.7.3 (2015-09-15)"]),
    task("fs-read_text_file", 2, "What did pytest issue 1265 add?", ["1265"],
         ["Added an ``__str__`` implementation to the :class:`~pytest.LineMatcher` class"]),
    task("fs-read_text_file", 3, "When was pytest 8.2.0 released?", ["8.2.0"],
         ["pytest 8.2.0 (2024-04-27)"]),
    task("fs-read_multiple_files", 1,
         "What does the prompt of the dropdb example's --yes option ask?", ["--yes"],
         ["prompt='Are you sure you want to drop the db?'"]),
    task("fs-read_multiple_files", 2, "Does Click call colorama.init() on Windows?",
         ["colorama"], ["Click uses colorama without calling ``colorama.init()``"]),
    task("fs-directory_tree", 1, "Which files are in attrs-23.2.0/.github?", [".github"],
         ["CODE_OF_CONDUCT.md", "PULL_REQUEST_TEMPLATE.md", "SECURITY.md"]),
    task("fs-directory_tree", 2, "Which files are in pytest's doc/en/example directory?",
         ["example"], ["customdirectory.rst", "reportingdemo.rst", "pythoncollection.rst"]),
    task("fs-directory_tree", 3, "Which projects are at the top of the docs tree?", ["docs"],
         ["attrs-23.2.0", "click-8.1.7", "httpx-0.27.0", "pytest-8.2.0", "rich-13.7.1"]),
    task("fs-search_files", 1, "Which pytest 4.6 announcements are among the .rst files?",
         ["release-4.6"], ["announce/release-4.6.4.rst", "announce/release-4.6.8.rst"]),
    task("fs-search_files", 2, "Which .rst files does click's docs/ folder hold?", ["click"],
         ["click-8.1.7/docs/advanced.rst", "click-8.1.7/docs/api.rst"]),
    task("fs-list_directory_with_sizes", 1, "How big is simple.rst?", ["simple.rst"],
         ["simple.rst                       34.41 KB"]),
    task("memory-read_graph", 1, "What is PyGithub#61 about, and its label?", ["PyGithub#61"],
         ["add setFrameRate for ofVideoGrabber", "label: core"]),
    task("memory-read_graph", 2, "Who opened PyGithub#76?", ["PyGithub#76"],
         ['"from":"PyGithub#76","to":"ofTheo","relationType":"opened by"']),
    task("git-log", 1, "Which commit released click 8.1.6?", ["8.1.6"],
         ["Commit: 6e8609061e28b5cc098c7068e369e4021c71958e"]),
    task("git-diff", 1, "Which pytest version do the test requirements move to?",
         ["requirements/tests.txt"], ["+pytest==7.4.0"]),
    task("git-diff", 2, "How does the diff change the type of Option.prefixes in parser.py?",
         ["parser.py"], ["+        self.prefixes: t.Set[str] = set()"]),
    task("git-show", 1, "What is the subject of commit 4a1373db?", ["4a1373db"],
         ["Release click 8.1.7"]),
    task("fetch-httpx-changelog", 1, "When was httpx 0.18.0 released?", ["0.18.0"],
         ["## 0.18.0 (27th April, 2021)"]),
    task("fetch-httpx-changelog", 2, "When was httpx 0.23.1 released?", ["0.23.1"],
         ["## 0.23.1 (18th November, 2022)"]),
    task("fetch-pytest-fixtures", 1, "How is a fixture made autouse?", ["autouse"],
         ["passing in ``autouse=True`` to the"]),
    task("sqlite-read_query", 1, "What is subdivision JP-13 and its type?", ["JP-13"],
         ["'code': 'JP-13', 'name': 'Tokyo', 'type': 'Prefecture'"]),
    task("sqlite-read_query", 2, "What is subdivision FR-75C's parent?", ["FR-75C"],
         ["'code': 'FR-75C', 'name': 'Paris', 'type': 'Metropolitan collectivity with special "
          "status', 'parent': 'FR-IDF'"]),
    task("playwright-browser_snapshot", 1, "What is the ref of the 0.23.0 heading?", ["0.23.0"],
         ['heading "0.23.0 (23rd May, 2022)" [level=2] [ref=e171]']),
    task("playwright-browser_snapshot", 2, "What did httpx 0.23.0 drop support for?", ["0.23.0"],
         ["Drop support for Python 3.6. (#2097)"]),
    task("github-issue-list", 1, "Who opened issue #143, and what is its title?", ["143"],
         ["Version 1.12.2 does not work with Python 3(.3) because of 2t", "ptwobrussell"]),
    task("github-issue-list", 2, "When was issue #54 closed?", ["54"],
         ['"closed_at":"2012-07-13T19:21:04Z"']),
    task(GIST, 1, "What is the gist's id?", ['"id"'], ['"id":"6296732"']),
    task(GIST, 2, "In the gist's changelog, when was pytest 2.7.3 released?", ["2.7.3"],
         ["2.7.3 (2015-09-15)"]),
    task(GIST, 3, "How big is the gist's GithubAPI.lua?", ["GithubAPI.lua"],
         ['"size":21229']),
]


def _event_of(member: bytes) -> dict[str, Any]:
    event = json.loads(member)
    return {k: event[k] for k in ("tool_name", "tool_input", "tool_response", "mcp_server")}


def gist(read_text_file: dict[str, Any]) -> dict[str, Any]:
    """A gist reply over the token cap: PyGithub's recorded gist plus a CHANGELOG.rst holding
    the recorded read_text_file's text, as structuredContent would carry it."""
    with tarfile.open(GITHUB) as tar:
        member = next(m for m in tar.getmembers() if m.name.endswith("Gist_testAttributes-9.json"))
        reply = json.loads(tar.extractfile(member).read())  # type: ignore[union-attr]
    text = json.loads(read_text_file["tool_response"])["content"]
    reply["files"]["CHANGELOG.rst"] = {"filename": "CHANGELOG.rst", "type": "text/plain",
                                       "language": "reStructuredText", "size": len(text),
                                       "content": text}
    return {"tool_name": "mcp__github__get_gist", "tool_input": {"gist_id": "6296732"},
            "tool_response": json.dumps(reply, separators=(",", ":"), ensure_ascii=False),
            "mcp_server": {"name": "github", "source": "dynamic"}}


def build(zoo: Path) -> None:
    manifest_path = HERE / "MANIFEST.json"
    manifest = json.loads(manifest_path.read_text())
    corpora = zoo.parent / "MANIFEST.json"  # the zoo's own pins, next to its archive
    origin = json.loads(corpora.read_text()).get("mcpzoo", {}) if corpora.is_file() else {}
    zoo_sha = hashlib.sha256(zoo.read_bytes()).hexdigest()
    INPUTS.mkdir(parents=True, exist_ok=True)
    events: dict[str, dict[str, Any]] = {}
    with tarfile.open(zoo) as tar:
        for name, recorded in EVENTS.items():
            member = tar.extractfile(f"hook_events/{recorded}.json")
            assert member is not None, recorded
            events[name] = _event_of(member.read())
    events[GIST] = gist(events["fs-read_text_file"])
    inputs = {k: v for k, v in manifest["inputs"].items() if not k.startswith("inputs/mcpzoo/")}
    for name, event in events.items():
        data = json.dumps(event, ensure_ascii=False).encode()
        (INPUTS / f"{name}.json.xz").write_bytes(lzma.compress(data, preset=9))
        entry: dict[str, Any] = {"tool": event["tool_name"], "bytes": len(data),
                                 "sha256": hashlib.sha256(data).hexdigest()}
        if name == GIST:
            entry.update(shaped="PyGithub's recorded gist + the recorded read_text_file text",
                         sources=[{"corpus": "github", "path": "Gist_testAttributes-9.json"},
                                  {"corpus": "mcpzoo", "sha256": zoo_sha,
                                   "path": "hook_events/filesystem-00-read_text_file.json"}])
        else:
            entry.update(corpus="mcpzoo", archive_sha256=zoo_sha,
                         path=f"hook_events/{EVENTS[name]}.json",
                         hook_events_from=origin.get("hook_events_from", "Claude Code 2.1.328"),
                         sources=[s for s in origin.get("sources", [])
                                  if _serves(s.get("package", ""), name)])
        inputs[f"inputs/mcpzoo/{name}.json.xz"] = entry
    manifest["inputs"] = inputs
    manifest_path.write_text(json.dumps(manifest, indent=1) + "\n")
    tasks_path = HERE / "tasks.jsonl"
    kept = [line for line in tasks_path.read_text().splitlines()
            if line.strip() and not json.loads(line)["id"].startswith(PREFIX)]
    for t in TASKS:
        name = t["source"]["event_file"].split("/")[-1].removesuffix(".json.xz")
        response = events[name]["tool_response"]
        text = response if isinstance(response, str) else json.dumps(response)
        for a in t["answer"]:
            assert a in _plain(response) or a in text, (t["id"], a)
        for k in t["key"]:
            assert k.lower() in text.lower() or k.lower() in _plain(response).lower(), t["id"]
        kept.append(json.dumps(t, ensure_ascii=False))
    tasks_path.write_text("\n".join(kept) + "\n")


def _plain(response: Any) -> str:
    """The text a reader sees in a result: a structuredContent {"content": text} unwrapped."""
    if isinstance(response, list):
        return "\n".join(b.get("text", "") for b in response if isinstance(b, dict))
    try:
        inner = json.loads(response)
    except ValueError:
        return str(response)
    return inner["content"] if isinstance(inner, dict) and isinstance(
        inner.get("content"), str) else str(response)


def _serves(package: str, name: str) -> bool:
    server = name.split("-")[0]
    wanted = {"fs": "server-filesystem", "memory": "server-memory", "git": "mcp-server-git",
              "fetch": "mcp-server-fetch", "sqlite": "mcp-server-sqlite",
              "playwright": "@playwright/mcp", "github": "github-enterprise-mcp-server"}[server]
    return wanted in package or package == "pycountry" and server == "sqlite"


if __name__ == "__main__":
    build(Path(sys.argv[1]) if len(sys.argv) > 1 else ZOO)
