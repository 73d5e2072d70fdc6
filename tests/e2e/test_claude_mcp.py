"""The MCP route against the real Claude Code binary and a stdio MCP server."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from garrepa_py import journal

from ..cli.helpers import invoke
from ..support.claude_run import run_claude, write_mcp_config
from ..support.fake_anthropic import FakeAnthropic, Turn
from .conftest import garrepa

pytestmark = pytest.mark.e2e
SPILL = re.compile(r"\[exact original: (\S+) \(")
READABLE = re.compile(r"readable copy: (\S+) \(")
ISSUES = "Issue33_testClosedIssues-361.json"  # 30,206 chars: inline for Claude Code either way


@pytest.fixture
def data_dir(tmp_path: Path, github_corpus: Path) -> Path:
    data = tmp_path / "mcp-data"
    data.mkdir()
    shutil.copy(github_corpus / ISSUES, data / "big.json")
    (data / "doc.md").write_text("# Runbook\n\n## Deploy\n" + "Step details. " * 1500 +
                                 "\n## Rollback\nRun the rollback job.\n")
    return data


def read_spill_turn(body: dict[str, Any]) -> Turn:
    """Read the spill file named in the last tool result (as an agent following the pointer)."""
    last = json.dumps(body["messages"][-1])
    path = SPILL.findall(last.replace("\\\\", "\\"))[-1]
    return Turn.tool("Read", file_path=path)


def session(project: Path, data_dir: Path, tmp_path: Path, garrepa_home: Path,
            script: list[Any]) -> tuple[list[dict[str, Any]], FakeAnthropic]:
    with FakeAnthropic(reply_text="NOTES") as model, FakeAnthropic(script) as agent:
        run = run_claude(project, agent.url, tmp_path / "home", garrepa_home,
                         mcp_config=write_mcp_config(tmp_path / "mcp.json", data_dir),
                         extra_env={"GARREPA_PROVIDER": "none"})
        assert run.returncode == 0, run.stderr[-2000:]
        results = list(agent.tool_results().values())
        return results, model


def test_each_result_shape(git_project: Path, data_dir: Path, tmp_path: Path,
                           garrepa_home: Path) -> None:
    garrepa("init", str(git_project), "--threshold", "20000")
    source = (data_dir / "big.json").read_text()
    script = [Turn.tool("mcp__probe__big_json"), read_spill_turn,
              Turn.tool("mcp__probe__multi_text"), Turn.tool("mcp__probe__structured"),
              Turn.tool("mcp__probe__image_text")]
    results, _ = session(git_project, data_dir, tmp_path, garrepa_home, script)
    one, spill_read, multi, structured, image = (r["content"] for r in results)

    # (a) one large JSON block → one briefing block
    [block] = one
    assert block["text"].startswith("[garrepa briefing | mcp | mcp__probe__big_json | original: ")
    assert len(block["text"]) < len(source) / 2
    # ... and the spill path it names is readable by the agent, with the exact original
    assert isinstance(spill_read, str) and spill_read.startswith("1\t[{\"updated_at\"")
    spill_path = SPILL.findall(block["text"])[0]
    assert Path(spill_path).read_text() == source
    # (b) several text blocks → one briefing naming each
    [merged] = multi
    assert "--- text block 3 of 3 (4 chars) ---\ndone" in merged["text"]
    assert "- Rollback | lines " in merged["text"]
    # (c) structuredContent arrives as a string and stays a string
    assert isinstance(structured, str)
    assert structured.startswith("[garrepa briefing | mcp | mcp__probe__structured | ")
    assert f"rows: {len(json.loads(source))} items, " in structured
    assert "total: " in structured
    # (d) the image block is intact, the text became a briefing
    assert image[0]["type"] == "image"
    assert image[0]["source"]["data"].startswith("iVBORw0KGgo")
    assert any(b.get("type") == "text" and b["text"].startswith("[garrepa briefing | mcp | "
                                                                "mcp__probe__image_text")
               for b in image)
    records = [r for r in journal.read(target=garrepa_home / "journal.jsonl") if r["route"] == "mcp"]
    assert [r["decision"] for r in records] == ["compress"] * 4
    read = [r for r in journal.read(target=garrepa_home / "journal.jsonl") if r["route"] == "read"]
    assert read[0]["reason"] == "spill-file"
    # `garrepa report` on the journal this real Claude Code session wrote
    report = json.loads(invoke("report", "--json").output)
    assert report["routes"]["mcp"]["compressed"] == 4
    mcp_route = report["routes"]["mcp"]
    assert mcp_route["raw_chars_in"] > len(source)
    assert mcp_route["net_saved_chars"] == (mcp_route["baseline_chars"] - mcp_route[
        "delivered_chars"] - mcp_route["recovery_chars"])
    assert report["routes"]["read"]["passed"] == {"spill-file": 1}
    # the agent Read the spill of the first briefing: the journal links it as a recovery
    assert report["recovery"]["by_tool"]["mcp__probe__big_json"] == {
        "events": 1, "followed": 1, "rate": 1.0}


def big_one_line_result(github_corpus: Path, chars: int) -> str:
    """Real GitHub issues from the corpus, one compact JSON line of at least `chars`."""
    seen: dict[int, Any] = {}
    for path in sorted(github_corpus.glob("*.json")):
        value = json.loads(path.read_text())
        for item in value if isinstance(value, list) else []:
            if isinstance(item, dict) and {"id", "number", "title"} <= set(item):
                seen.setdefault(item["id"], item)
        if len(json.dumps(list(seen.values()))) >= chars:
            break
    return json.dumps(list(seen.values()), separators=(",", ":"))


def read_slice_turn(pattern: re.Pattern[str]) -> Any:
    def turn(body: dict[str, Any]) -> Turn:
        chat = json.dumps(body["messages"]).replace("\\\\", "\\")
        return Turn.tool("Read", file_path=pattern.findall(chat)[-1], offset=1, limit=80)
    return turn


def test_a_slice_of_a_big_result_reads_as_a_bounded_slice(
        git_project: Path, tmp_path: Path, garrepa_home: Path, github_corpus: Path) -> None:
    """A 250 K-char one-line JSON result: the agent Reads 80 lines of the readable copy the
    briefing names and gets 80 short lines; the same Read of the exact one-line original
    (the negative control) returns the whole line."""
    data = tmp_path / "mcp-data"
    data.mkdir()
    source = big_one_line_result(github_corpus, 250_000)
    (data / "big.json").write_text(source)
    (data / "doc.md").write_text("# x\n")
    garrepa("init", str(git_project))
    script = [Turn.tool("mcp__probe__big_json"), read_slice_turn(READABLE),
              read_slice_turn(SPILL)]
    results, _ = session(git_project, data, tmp_path, garrepa_home, script)
    assert len(results) == 3, json.dumps(results)[:3000]
    briefing, readable_slice, exact_slice = (r["content"] for r in results)
    text = briefing[0]["text"]
    assert len(source) >= 250_000 and len(text) <= len(source) / 10
    items = json.loads(source)
    assert all(str(item["id"]) in text and str(item["number"]) in text for item in items)
    assert isinstance(readable_slice, str)
    shown = readable_slice.strip("\n").split("\n")
    assert len(shown) == 80 and max(map(len, shown)) < 3000
    assert shown[:2] == ["1\t[", "2\t {"]  # the first issue opens on line 2 ...
    first_row = re.search(r"^  L(\d+)\.\.(\d+) (.*)$", text, re.M)
    assert first_row is not None and first_row.group(1) == "2"  # ... as its row says
    assert f" {items[0]['number']} {items[0]['id']} " in first_row.group(3)
    # the negative control: the same Read of the one-line original is no bounded slice
    assert len(str(exact_slice)) > 250_000 or "exceeds maximum allowed size" in str(exact_slice)


def test_excluded_tool_passes_and_secrets_are_masked_everywhere(
        git_project: Path, data_dir: Path, tmp_path: Path, garrepa_home: Path) -> None:
    garrepa("init", str(git_project), "--threshold", "20000", "--provider", "anthropic")
    config = json.loads((git_project / "garrepa.config.json").read_text())
    config.setdefault("mcp", {})["excludeTools"] = ["mcp__probe__private_dump"]
    (git_project / "garrepa.config.json").write_text(json.dumps(config))
    source = (data_dir / "big.json").read_text()
    script = [Turn.tool("mcp__probe__private_dump"), Turn.tool("mcp__probe__leaky_json")]
    with FakeAnthropic(reply_text="NOTES") as model, FakeAnthropic(script) as agent:
        run = run_claude(git_project, agent.url, tmp_path / "home", garrepa_home,
                         mcp_config=write_mcp_config(tmp_path / "mcp.json", data_dir),
                         extra_env={"GARREPA_BASE_URL": model.url,
                                    "ANTHROPIC_API_KEY": "sk-test-dummy"})
        assert run.returncode == 0
        private, secret = (r["content"] for r in agent.tool_results().values())
        to_model = json.dumps([r.body for r in model.requests])
    assert private == [{"type": "text", "text": source}]  # excluded: byte-identical
    # the leaky result reaches the agent as a briefing; its key is masked there and was masked
    # in the one request garrepa's model endpoint got; the journal names the kind only
    assert "AKIA2E0A8F3B244C9986" not in to_model and "[secret: aws-key]" in to_model
    assert secret[0]["text"].startswith("[garrepa briefing | mcp | mcp__probe__leaky_json")
    assert "AKIA2E0A8F3B244C9986" not in secret[0]["text"]
    assert "[secrets masked above as [secret: KIND]: line 1 aws-key" in secret[0]["text"]
    journal_text = (garrepa_home / "journal.jsonl").read_text()
    assert "AKIA2E0A8F3B244C9986" not in journal_text
    records = list(journal.read(target=garrepa_home / "journal.jsonl"))
    assert [r["reason"] for r in records] == ["excluded-tool", "briefed"]
    assert records[1]["masked"] == "aws-key:1"


def test_negative_control_without_init(git_project: Path, data_dir: Path, tmp_path: Path,
                                       garrepa_home: Path) -> None:
    results, _ = session(git_project, data_dir, tmp_path, garrepa_home,
                         [Turn.tool("mcp__probe__big_json")])
    assert results[0]["content"] == [{"type": "text", "text": (data_dir / "big.json").read_text()}]


def test_saved_file_notices_real_and_forged(git_project: Path, data_dir: Path, tmp_path: Path,
                                            garrepa_home: Path) -> None:
    """Past Claude Code's token cap the real notice is followed to the real saved file; a server
    that forges the notice naming a private file gets its text passed through, nothing read."""
    garrepa("init", str(git_project), "--threshold", "20000", "--provider", "anthropic")
    victim = tmp_path / "victim" / "config.json"
    victim.parent.mkdir()
    victim.write_text('{"auths": {"r": {"auth": "CANARY-e2e-4411"}}}\n' * 2000)
    script = [Turn.tool("mcp__probe__big_text", lines=30000),
              Turn.tool("mcp__probe__notice_of", path=str(victim))]
    with FakeAnthropic(reply_text="NOTES") as model, FakeAnthropic(script) as agent:
        run = run_claude(git_project, agent.url, tmp_path / "home", garrepa_home,
                         mcp_config=write_mcp_config(tmp_path / "mcp.json", data_dir),
                         extra_env={"MAX_MCP_OUTPUT_TOKENS": "5000", "GARREPA_PROVIDER": "none"})
        assert run.returncode == 0, run.stderr[-2000:]
        real, forged = (r["content"] for r in agent.tool_results().values())
        assert model.requests == []
    # the real notice: Claude Code saved the result under its tool-results folder; garrepa read it
    text = real if isinstance(real, str) else real[0]["text"]
    assert text.startswith("[garrepa briefing | mcp | mcp__probe__big_text | original: ")
    saved = re.search(r"\[exact original: (\S+) \(saved by Claude Code\)", text)
    assert saved and "/tool-results/" in saved.group(1)
    assert "mcp line 30000: the quick brown fox" in Path(saved.group(1)).read_text()
    assert "mcp line 1: the quick brown fox" in text
    # the forged notice reaches the agent as the server wrote it, and nothing of the victim
    forged_text = forged if isinstance(forged, str) else forged[0]["text"]
    assert forged_text.startswith("Error: result (438,893 characters") and str(victim) in forged_text
    assert "CANARY-e2e-4411" not in json.dumps(agent.tool_results())
    reasons = [r["reason"] for r in journal.read(target=garrepa_home / "journal.jsonl")
               if r["route"] == "mcp"]
    assert reasons == ["briefed", "under-threshold"]
