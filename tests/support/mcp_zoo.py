"""The zoo of real MCP servers (issue 34): pinned packages, their local data, the calls made.

    install()                  pinned servers into .cache/mcp-zoo/ (idempotent: a stamp file)
    prepare(work)              local data built from the committed corpora, never the internet
    servers(work, pages_url)   each server's real stdio command and the tool calls made of it

The recorder (scripts/mcp_zoo.py) and the end-to-end test (tests/e2e/test_claude_mcp_zoo.py)
both take the servers from here, so the corpus and the e2e runs see the same calls.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sqlite3
import subprocess
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from . import corpora

REPO = Path(__file__).resolve().parents[2]
ZOO = REPO / ".cache" / "mcp-zoo"
NPM_PACKAGES = {
    "@modelcontextprotocol/server-filesystem": "2026.8.31",
    "@modelcontextprotocol/server-everything": "2026.8.31",
    "@modelcontextprotocol/server-memory": "2026.8.31",
    "@playwright/mcp": "0.0.86",
    # the API-backed server: its endpoint can be set (GITHUB_ENTERPRISE_ENDPOINT, https only),
    # unlike @modelcontextprotocol/server-github 2025.4.8, whose dist/ names
    # https://api.github.com in every request (common/utils.js, operations/*.js)
    "github-enterprise-mcp-server": "1.1.2",
}
# venv → pins. mcp-server-sqlite 2025.4.25 asks for mcp>=1.0.0 but does not start with mcp 2.x
# (AttributeError: 'Server' object has no attribute 'list_resources'), so it has its own venv
# with the last 1.x; pycountry ships the data set its database is built from.
PYPI_VENVS = {
    "venv": {"mcp-server-git": "2026.10.19", "mcp-server-fetch": "2026.10.24",
             "pycountry": "26.2.16"},
    "venv-sqlite": {"mcp-server-sqlite": "2025.4.25", "mcp": "1.30.0"},
}
CHROMIUM = Path("/usr/bin/chromium")
STAMP = ZOO / ".installed"
NAMES = ("filesystem", "everything", "memory", "git", "fetch", "sqlite", "playwright", "github")
COMMANDS = ("mcp-server-filesystem", "mcp-server-everything", "mcp-server-memory",
            "playwright-mcp", "github-enterprise-mcp-server", "mcp-server-git", "mcp-server-fetch",
            "mcp-server-sqlite")
PAGE_HTML = "httpx-changelog.html"
PAGE_RAW = "fixtures.rst"


def pins_digest() -> str:
    return hashlib.sha256(json.dumps([NPM_PACKAGES, PYPI_VENVS], sort_keys=True)
                          .encode()).hexdigest()


def install(quiet: bool = True) -> list[str]:
    """Install the pinned servers (npm --prefix and venvs under .cache/mcp-zoo/) unless the stamp
    says these pins are there. Returns warnings (e.g. no chromium), never raises for them."""
    warnings: list[str] = []
    out = subprocess.DEVNULL if quiet else None
    if not CHROMIUM.exists() and shutil.which("apt-get") and os.geteuid() == 0:
        done = subprocess.run("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get "
                              "install -y -qq --no-install-recommends chromium", shell=True,
                              stdout=out, stderr=out, check=False)
        if done.returncode != 0:
            warnings.append("could not install chromium: the playwright server is skipped")
    if up_to_date():
        return warnings
    ZOO.mkdir(parents=True, exist_ok=True)
    # --ignore-scripts and PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: no browser build is ever fetched;
    # the playwright server runs Debian's chromium (--executable-path)
    subprocess.run(["npm", "install", "--prefix", str(ZOO / "npm"), "--no-save",
                    "--ignore-scripts", "--no-audit", "--no-fund",
                    *(f"{name}@{version}" for name, version in NPM_PACKAGES.items())],
                   stdout=out, stderr=out, check=True,
                   env={**os.environ, "PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD": "1"})
    for venv, pins in PYPI_VENVS.items():
        if not (ZOO / venv / "bin" / "python").exists():
            subprocess.run(["python3", "-m", "venv", str(ZOO / venv)], check=True)
        subprocess.run([str(ZOO / venv / "bin" / "python"), "-m", "pip", "install", "--quiet",
                        "--disable-pip-version-check",
                        *(f"{name}=={version}" for name, version in pins.items())],
                       stdout=out, stderr=out, check=True)
    STAMP.write_text(pins_digest())
    return warnings


def up_to_date() -> bool:
    """The stamp names these pins and every server's command is there."""
    return STAMP.exists() and STAMP.read_text() == pins_digest() and all(
        bin_path(name).exists() for name in COMMANDS)


def bin_path(name: str) -> Path:
    if name in ("mcp-server-git", "mcp-server-fetch"):
        return ZOO / "venv" / "bin" / name
    if name == "mcp-server-sqlite":
        return ZOO / "venv-sqlite" / "bin" / name
    return ZOO / "npm" / "node_modules" / ".bin" / name


# ---------------------------------------------------------------- the local data


def prepare(work: Path) -> Path:
    """Build the zoo's data under `work` (docs tree, click repository, countries
    database, documentation pages) from the committed corpora; the memory server's graph file
    is its own, made by the session's create_entities and create_relations calls. Returns `work`."""
    work.mkdir(parents=True, exist_ok=True)
    docs = corpora.load("docs")
    if not (work / "docs").exists():
        shutil.copytree(docs, work / "docs")
    if not (work / "click").exists():
        subprocess.run(["git", "clone", "-q", str(corpora.load("gitrepo")), str(work / "click")],
                       check=True, capture_output=True)
    (work / "memory.jsonl").unlink(missing_ok=True)  # the server makes its graph file anew
    countries_db(work / "countries.db")
    pages = work / "pages"
    pages.mkdir(exist_ok=True)
    from markdown_it import MarkdownIt  # rich's dependency: in the test venv

    changelog = (docs / "httpx-0.27.0" / "CHANGELOG.md").read_text()
    (pages / PAGE_HTML).write_text(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        "<title>Changelog - HTTPX</title></head><body><nav><a href=\"/\">HTTPX</a> | "
        "<a href=\"" + PAGE_RAW + "\">pytest fixtures</a></nav><main>\n"
        + MarkdownIt("commonmark").enable("table").render(changelog) + "</main></body></html>\n")
    shutil.copy(docs / "pytest-8.2.0" / "doc" / "en" / "how-to" / "fixtures.rst", pages / PAGE_RAW)
    return work


def memory_graph(github: Path) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """(entities, relations): ~200 entities (150 real PyGithub issues and pull requests, and
    their authors) with an "opened by" relation each, as the memory server's tools take them."""
    issues: dict[int, dict[str, Any]] = {}
    for path in sorted(github.glob("*.json")):
        value = json.loads(path.read_text())
        for item in value if isinstance(value, list) else []:
            if isinstance(item, dict) and {"number", "title", "user", "state"} <= set(item):
                issues.setdefault(item["number"], item)
    chosen = [issues[n] for n in sorted(issues)][:150]
    entities: list[dict[str, Any]] = []
    users: dict[str, dict[str, Any]] = {}
    for issue in chosen:
        login = (issue.get("user") or {}).get("login", "ghost")
        users.setdefault(login, {"name": login, "entityType": "person",
                                 "observations": [f"GitHub user {login}"]})
        entities.append({"name": f"PyGithub#{issue['number']}",
                         "entityType": "pull request" if "pull_request" in issue else "issue",
                         "observations": [issue["title"], f"state: {issue['state']}",
                                          f"created {issue.get('created_at')}",
                                          *(f"label: {label['name']}" for label in issue.get("labels") or [])]})
    relations = [{"from": f"PyGithub#{i['number']}", "to": (i.get("user") or {}).get("login", "ghost"),
                  "relationType": "opened by"} for i in chosen]
    return entities + list(users.values()), relations


def countries_db(target: Path) -> None:
    """ISO 3166 countries and subdivisions (pycountry's data files, installed in the zoo's venv)
    as an sqlite database."""
    found = sorted((ZOO / "venv").glob("lib/python*/site-packages/pycountry/databases"))
    if not found:
        raise FileNotFoundError("pycountry is not in .cache/mcp-zoo/venv: run scripts/mcp_zoo.py install")
    data = found[0]
    countries = json.loads((data / "iso3166-1.json").read_text())["3166-1"]
    subdivisions = json.loads((data / "iso3166-2.json").read_text())["3166-2"]
    target.unlink(missing_ok=True)
    with sqlite3.connect(target) as db:
        db.execute("CREATE TABLE countries (alpha_2 TEXT PRIMARY KEY, alpha_3 TEXT, numeric TEXT,"
                   " name TEXT, official_name TEXT)")
        db.execute("CREATE TABLE subdivisions (code TEXT PRIMARY KEY, name TEXT, type TEXT,"
                   " parent TEXT, country TEXT REFERENCES countries(alpha_2))")
        db.executemany("INSERT INTO countries VALUES (?, ?, ?, ?, ?)",
                       [(c["alpha_2"], c["alpha_3"], c["numeric"], c["name"],
                         c.get("official_name")) for c in countries])
        db.executemany("INSERT INTO subdivisions VALUES (?, ?, ?, ?, ?)",
                       [(s["code"], s["name"], s["type"], s.get("parent"), s["code"][:2])
                        for s in subdivisions])
    db.close()


class _QuietPages(SimpleHTTPRequestHandler):
    def log_message(self, *_: object) -> None:
        pass


@contextmanager
def serve_pages(work: Path) -> Iterator[str]:
    """The documentation pages over loopback HTTP: the base URL."""
    server = ThreadingHTTPServer(("127.0.0.1", 0),
                                 partial(_QuietPages, directory=str(work / "pages")))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


# ---------------------------------------------------------------- the servers and calls


@dataclass(frozen=True)
class Call:
    tool: str
    arguments: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Server:
    name: str
    package: str
    version: str
    command: list[str]
    calls: tuple[Call, ...]
    env: dict[str, str] = field(default_factory=dict)

    def missing(self) -> str | None:
        """Why this server cannot run here, or None."""
        if not Path(self.command[0]).exists():
            return f"{self.package} {self.version} is not installed (scripts/mcp_zoo.py install)"
        if self.name == "playwright" and not CHROMIUM.exists():
            return "Debian's chromium is not installed (apt-get install chromium)"
        return None

    def mcp_config(self) -> dict[str, Any]:
        return {"type": "stdio", "command": self.command[0], "args": self.command[1:],
                "env": self.env}


def servers(work: Path, pages_url: str,
            github: tuple[str, Path] = ("https://127.0.0.1:9", Path("/nonexistent"))) -> list[Server]:
    """The servers with their calls; `github` is the loopback fake's (base URL, certificate)
    (tests/support/fake_github.py)."""
    docs, click = work / "docs", work / "click"
    pytest_docs = docs / "pytest-8.2.0" / "doc" / "en"
    click_docs = docs / "click-8.1.7" / "docs"
    first = subprocess.run(["git", "-C", str(click), "rev-list", "--max-parents=0", "HEAD"],
                           capture_output=True, text=True, check=False).stdout.strip()
    npm = NPM_PACKAGES
    entities, relations = memory_graph(corpora.load("github"))
    return [
        Server("filesystem", "@modelcontextprotocol/server-filesystem",
               npm["@modelcontextprotocol/server-filesystem"],
               [str(bin_path("mcp-server-filesystem")), str(docs)], (
                   Call("read_text_file", {"path": str(pytest_docs / "changelog.rst")}),
                   Call("read_multiple_files", {"paths": [str(click_docs / f"{name}.rst") for name in
                        ("options", "commands", "advanced", "complex", "utils", "arguments")]}),
                   Call("directory_tree", {"path": str(docs)}),
                   Call("search_files", {"path": str(docs), "pattern": "**/*.rst"}),
                   Call("list_directory_with_sizes", {"path": str(pytest_docs / "example")}))),
        Server("everything", "@modelcontextprotocol/server-everything",
               npm["@modelcontextprotocol/server-everything"],
               [str(bin_path("mcp-server-everything")), "stdio"], (
                   Call("get-structured-content", {"location": "Chicago"}),
                   Call("get-resource-links", {"count": 10}),
                   Call("get-resource-reference", {"resourceType": "Text", "resourceId": 3}),
                   Call("get-tiny-image"),
                   Call("echo", {"message": "garrepa zoo " * 2500}))),
        Server("memory", "@modelcontextprotocol/server-memory",
               npm["@modelcontextprotocol/server-memory"],
               [str(bin_path("mcp-server-memory"))], (
                   Call("create_entities", {"entities": entities}),
                   Call("create_relations", {"relations": relations}),
                   Call("read_graph"), Call("search_nodes", {"query": "closed"})),
               env={"MEMORY_FILE_PATH": str(work / "memory.jsonl")}),
        Server("git", "mcp-server-git", PYPI_VENVS["venv"]["mcp-server-git"],
               [str(bin_path("mcp-server-git")), "--repository", str(click)], (
                   Call("git_log", {"repo_path": str(click), "max_count": 200}),
                   Call("git_diff", {"repo_path": str(click), "target": first}),
                   Call("git_show", {"repo_path": str(click), "revision": "HEAD"}))),
        Server("fetch", "mcp-server-fetch", PYPI_VENVS["venv"]["mcp-server-fetch"],
               [str(bin_path("mcp-server-fetch")), "--ignore-robots-txt", "--allow-private-ips"], (
                   Call("fetch", {"url": f"{pages_url}/{PAGE_HTML}", "max_length": 999999}),
                   Call("fetch", {"url": f"{pages_url}/{PAGE_RAW}", "max_length": 999999}))),
        Server("sqlite", "mcp-server-sqlite", PYPI_VENVS["venv-sqlite"]["mcp-server-sqlite"],
               [str(bin_path("mcp-server-sqlite")), "--db-path", str(work / "countries.db")], (
                   Call("list_tables"),
                   Call("read_query", {"query": "SELECT s.code, s.name, s.type, s.parent, c.name AS "
                                       "country FROM subdivisions s JOIN countries c ON "
                                       "c.alpha_2 = s.country ORDER BY s.code LIMIT 3000"}))),
        Server("playwright", "@playwright/mcp", npm["@playwright/mcp"],
               [str(bin_path("playwright-mcp")), "--headless", "--isolated", "--no-sandbox",
                "--browser", "chromium", "--executable-path", str(CHROMIUM),
                "--output-dir", str(work / "playwright-output")], (
                   Call("browser_navigate", {"url": f"{pages_url}/{PAGE_HTML}"}),
                   Call("browser_snapshot"),
                   Call("browser_close")),
               env={"PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD": "1"}),
        Server("github", "github-enterprise-mcp-server", npm["github-enterprise-mcp-server"],
               [str(bin_path("github-enterprise-mcp-server"))], tuple(
                   Call(tool, {"owner": "PyGithub", "repo": "PyGithub", **extra})
                   for tool, extra in (("github-repo-get", {}),
                                       ("github-issue-list", {"state": "closed", "per_page": 100}),
                                       ("github-pr-list", {"state": "all", "per_page": 100}),
                                       ("github-commit-list", {"per_page": 100}))),
               env={"GITHUB_ENTERPRISE_ENDPOINT": github[0],
                    # the server refuses a token not shaped like GitHub's; this one is all zeros
                    "GITHUB_ENTERPRISE_TOKEN": "ghp_" + "0" * 36,
                    "GITHUB_ENTERPRISE_SKIP_SCOPE_WARNING": "1",
                    "NODE_EXTRA_CA_CERTS": str(github[1])}),
    ]
