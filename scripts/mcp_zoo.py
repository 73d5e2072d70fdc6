"""The zoo of real MCP servers (issue 34): install them, or record what they return.

    .venv/bin/python scripts/mcp_zoo.py install     pinned servers into .cache/mcp-zoo/ (scripts/test)
    .venv/bin/python scripts/mcp_zoo.py record      tests/corpora/mcpzoo.tar.xz + its MANIFEST entry

`record` starts each server as its real stdio process (tests/support/mcp_client.py) on local data
built from the committed corpora (tests/support/mcp_zoo.py), records each tool's raw result
(content blocks, structuredContent, isError), then runs each server under the real Claude Code
with a PostToolUse hook that keeps what Claude Code hands a hook: `hook_events/` with the MCP
token cap raised to 200,000 (the results as made), `hook_events_default_cap/` at Claude Code's
default cap (a large result arrives as its saved-file notice).
Nothing is fetched from the internet at record time; the packages' own tarballs and wheels are
downloaded once, by npm and pip, to pin their sha256.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from tests.support import corpora, fake_github, mcp_zoo  # noqa: E402
from tests.support.claude_run import claude_binaries, claude_version  # noqa: E402
from tests.support.mcp_client import McpClient  # noqa: E402

BUILD = Path(tempfile.gettempdir()) / "garrepa-mcpzoo-build"


def record_raw(server: mcp_zoo.Server, work: Path, out: Path) -> None:
    folder = out / "results" / server.name
    folder.mkdir(parents=True)
    with McpClient(server.command, env=server.env, cwd=work) as client:
        info = client.initialize()
        tools = client.tools()
        (folder / "server.json").write_text(json.dumps({
            "package": server.package, "version": server.version, "serverInfo": info.get("serverInfo"),
            "protocolVersion": info.get("protocolVersion"),
            "tools": [{"name": t["name"], "outputSchema": "outputSchema" in t} for t in tools]},
            indent=1) + "\n")
        for index, call in enumerate(server.calls):
            started = time.monotonic()
            result = client.call(call.tool, call.arguments)
            (folder / f"{index:02d}-{call.tool}.json").write_text(json.dumps({
                "server": server.name, "tool": call.tool, "arguments": call.arguments,
                "seconds": round(time.monotonic() - started, 2), "result": result}, indent=1) + "\n")
            print(f"  {server.name} {call.tool}: {len(json.dumps(result)):,} chars", file=sys.stderr)


def record_hook_events(server: mcp_zoo.Server, pages: str, github: tuple[str, Path],
                       out: Path) -> str:
    """One Claude Code session calling every tool; a PostToolUse hook keeps its stdin."""
    from tests.support.zoo_session import run_zoo_session

    binary = claude_binaries()[0]
    for folder, default_cap in (("hook_events", False), ("hook_events_default_cap", True)):
        kept = out / folder
        kept.mkdir(exist_ok=True)
        session = run_zoo_session(server.name, BUILD / folder / server.name, pages,
                                  github=github, default_token_cap=default_cap)
        if session.returncode != 0 or len(session.hook_events) != len(server.calls):
            sys.exit(f"error: {server.name}: the Claude Code session ended {session.returncode} "
                     f"with {len(session.hook_events)} of {len(server.calls)} hook events: "
                     f"{session.stderr[-1500:]}")
        for index, event in enumerate(session.hook_events):
            name = event["tool_name"].split("__")[-1]
            (kept / f"{server.name}-{index:02d}-{name}.json").write_text(
                json.dumps(event, indent=1) + "\n")
    return claude_version(binary)


def package_sources() -> list[dict[str, Any]]:
    """Each pinned package's tarball or wheel, fetched by npm / pip, with its sha256."""
    items: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as tmp:
        for name, version in mcp_zoo.NPM_PACKAGES.items():
            done = subprocess.run(["npm", "pack", "--json", "--pack-destination", tmp,
                                   f"{name}@{version}"], capture_output=True, text=True, check=True)
            packed = json.loads(done.stdout)[0]
            tgz = Path(tmp) / packed["filename"]
            items.append({"package": name, "version": version, "from": "npm",
                          "file": tgz.name, "integrity": packed["integrity"],
                          "sha256": hashlib.sha256(tgz.read_bytes()).hexdigest()})
        for pins in mcp_zoo.PYPI_VENVS.values():
            for name, version in pins.items():
                where = Path(tmp) / name
                subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                                "--disable-pip-version-check", "-d", str(where),
                                f"{name}=={version}"], check=True, capture_output=True)
                wheel = next(where.iterdir())
                items.append({"package": name, "version": version, "from": "PyPI",
                              "file": wheel.name,
                              "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest()})
    return items


def debian_version(package: str) -> str | None:
    done = subprocess.run(["dpkg-query", "-W", "-f=${Version}", package], capture_output=True,
                          text=True, check=False)
    return done.stdout or None


def record(with_claude: bool) -> None:
    for warning in mcp_zoo.install():
        print(f"warning: {warning}", file=sys.stderr)
    if BUILD.exists():
        shutil.rmtree(BUILD)
    work = mcp_zoo.prepare(BUILD / "work")
    out = BUILD / "corpus"
    out.mkdir(parents=True)
    skipped: dict[str, str] = {}
    claude = None
    with mcp_zoo.serve_pages(work) as pages, \
            fake_github.serve(corpora.load("github"), BUILD) as (github_url, cert, _):
        github = (github_url, cert)
        for server in mcp_zoo.servers(work, pages, github):
            reason = server.missing()
            if reason:
                skipped[server.name] = reason
                continue
            record_raw(server, work, out)
            if with_claude:
                claude = record_hook_events(server, pages, github, out)
    builder = _load_builder()
    archive = corpora.FOLDER / "mcpzoo.tar.xz"
    files = builder.pack_tar(out, archive)
    data = archive.read_bytes()
    entry = {"archive": archive.name, "sha256": hashlib.sha256(data).hexdigest(),
             "bytes": len(data), "files": files, "sources": package_sources(),
             "chromium": {"from": "Debian", "version": debian_version("chromium")},
             "hook_events_from": f"Claude Code {claude}" if claude else None,
             "skipped": skipped,
             "built_with": {"python": platform.python_version(), "machine": platform.machine()}}
    manifest = corpora.manifest()
    manifest["mcpzoo"] = entry
    corpora.MANIFEST.write_text(json.dumps(dict(sorted(manifest.items())), indent=1) + "\n")
    print(f"mcpzoo: {archive.name} {len(data):,} bytes, {files} files; skipped: {skipped or 'none'}")


def _load_builder() -> Any:
    import importlib.util

    spec = importlib.util.spec_from_file_location("build_corpora", REPO / "scripts" / "build_corpora.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("action", choices=["install", "record"])
    parser.add_argument("--no-claude", action="store_true",
                        help="record: leave out the hook events (no Claude Code run)")
    args = parser.parse_args()
    if args.action == "install":  # quiet when there is nothing to do (scripts/test runs it)
        started, fresh = time.monotonic(), not mcp_zoo.up_to_date()
        for warning in mcp_zoo.install():
            print(f"warning: {warning}", file=sys.stderr)
        if fresh:
            print(f"mcp zoo: installed in {time.monotonic() - started:.0f}s", file=sys.stderr)
    else:
        record(with_claude=not args.no_claude)


if __name__ == "__main__":
    main()
