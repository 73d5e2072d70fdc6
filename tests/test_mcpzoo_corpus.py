"""The MCP zoo's committed corpus (issue 34): pinned to the packages the zoo installs, every
server's every call recorded raw and as Claude Code handed it to a hook."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

from .support import corpora, mcp_zoo


@pytest.fixture(scope="module")
def zoo_corpus() -> Path:
    return corpora.load("mcpzoo")


def entry() -> dict[str, Any]:
    return corpora.manifest()["mcpzoo"]  # type: ignore[no-any-return]


def test_the_manifest_pins_every_package_the_zoo_installs() -> None:
    pinned = {(s["package"], s["version"]) for s in entry()["sources"]}
    wanted = set(mcp_zoo.NPM_PACKAGES.items()) | {
        item for pins in mcp_zoo.PYPI_VENVS.values() for item in pins.items()}
    assert pinned == wanted  # a changed pin without a new recording fails here
    assert all(len(s["sha256"]) == 64 and int(s["sha256"], 16) >= 0 for s in entry()["sources"])
    assert entry()["chromium"]["version"]
    assert entry()["hook_events_from"].startswith("Claude Code 2.1.")


def test_every_server_and_call_is_recorded_raw_and_as_the_hook_got_it(
        zoo_corpus: Path, tmp_path: Path) -> None:
    skipped = entry()["skipped"]
    for server in mcp_zoo.servers(tmp_path, "http://127.0.0.1:1"):
        if server.name in skipped:
            continue
        info = json.loads((zoo_corpus / "results" / server.name / "server.json").read_text())
        assert (info["package"], info["version"]) == (server.package, server.version)
        for index, call in enumerate(server.calls):
            raw = json.loads((zoo_corpus / "results" / server.name /
                              f"{index:02d}-{call.tool}.json").read_text())
            assert raw["tool"] == call.tool and isinstance(raw["result"]["content"], list)
            assert not raw["result"].get("isError"), (server.name, call.tool)
            for folder in ("hook_events", "hook_events_default_cap"):
                event = json.loads((zoo_corpus / folder /
                                    f"{server.name}-{index:02d}-{call.tool}.json").read_text())
                assert event["hook_event_name"] == "PostToolUse"
                assert event["tool_name"] == f"mcp__{server.name}__{call.tool}"
                assert isinstance(event["tool_response"], (str, list))


def test_structured_content_reaches_the_hook_as_its_compact_json(zoo_corpus: Path) -> None:
    """Measured: a result with structuredContent is handed over as that object's compact JSON
    string (the filesystem server's `{"content": "<text>"}` wrapper), not as its text block."""
    raw = json.loads((zoo_corpus / "results/filesystem/02-directory_tree.json").read_text())
    event = json.loads((zoo_corpus / "hook_events/filesystem-02-directory_tree.json").read_text())
    assert list(raw["result"]["structuredContent"]) == ["content"]
    assert json.loads(event["tool_response"]) == {
        "content": raw["result"]["content"][0]["text"].replace(str(Path("/tmp/garrepa-mcpzoo-build/work")),
                                                                event["cwd"])}
    # at Claude Code's default MCP token cap the 421,300-char file arrives as the cap's notice
    capped = json.loads((zoo_corpus / "hook_events_default_cap/filesystem-00-read_text_file.json")
                        .read_text())["tool_response"]
    text = capped if isinstance(capped, str) else capped[0]["text"]
    assert text.startswith("Error: result (421,300 characters) exceeds maximum allowed tokens. "
                           "Output has been saved to ")
    # without structuredContent the content blocks come as they are (git's diff, one text block)
    diff = json.loads((zoo_corpus / "hook_events/git-01-git_diff.json").read_text())
    assert [b["type"] for b in diff["tool_response"]] == ["text"]
    assert diff["tool_response"][0]["text"].startswith("Diff with ")


def test_a_second_install_with_the_same_pins_runs_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    zoo = tmp_path / "zoo"
    monkeypatch.setattr(mcp_zoo, "ZOO", zoo)
    monkeypatch.setattr(mcp_zoo, "STAMP", zoo / ".installed")
    monkeypatch.setattr(mcp_zoo, "CHROMIUM", Path("/bin/sh"))  # "installed"
    ran: list[list[str]] = []
    monkeypatch.setattr(subprocess, "run", lambda command, **_: ran.append(command))
    for name in mcp_zoo.COMMANDS:
        mcp_zoo.bin_path(name).parent.mkdir(parents=True, exist_ok=True)
        mcp_zoo.bin_path(name).touch()
    assert mcp_zoo.install() == []
    assert [command[:2] for command in ran][:1] == [["npm", "install"]]  # no stamp: installs
    ran.clear()
    assert mcp_zoo.install() == [] and ran == []  # the stamp matches: nothing runs
    (zoo / ".installed").write_text("older pins")
    mcp_zoo.install()
    assert ran and ran[0][:2] == ["npm", "install"]  # changed pins install again
