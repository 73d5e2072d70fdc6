"""Qwen Code end to end (issue 36's third host): `garrepa init --host qwen-code` in a temp
project, then the real Qwen Code (pinned 0.24.4) against a loopback fake of chat completions
(no network) runs a real corpus grep too big for Qwen Code's 30,000-char inline limit. What the
model received is read from the fake's request log; the negative control is the same session
without init, which gets Qwen Code's own saved-file notice and 4,000-char head and tail. A third,
with a probe hook (tests/support/codex_probe_hook.py), re-measures the reply shape garrepa relies
on: `{"continue": false, "stopReason": T}` gives the model exactly T and the loop goes on, and
the event carries the fields the recorded fixtures have. The three sessions run at once (each
takes 10-15 s, mostly Qwen Code starting).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from garrepa_py import journal

from ..support import corpora, qwen_run
from ..support.fake_chat import FakeChat, Turn

pytestmark = [pytest.mark.qwen]


@dataclass
class Session:
    project: Path
    home: Path  # GARREPA_HOME
    received: str  # what the model got for the grep, from the fake's request log
    grep: str
    mcp: str  # what the model got for the MCP call


def env_for(root: Path) -> dict[str, str]:
    return {**{k: v for k, v in os.environ.items() if k in ("PATH", "LANG")},
            "HOME": str(root / "home"), "GARREPA_HOME": str(root / "garrepa-home"),
            "GARREPA_PROVIDER": "none"}


def text_of(content: Any) -> str:
    if isinstance(content, list):
        return "".join(b.get("text", "") for b in content if isinstance(b, dict))
    return str(content)


STOP = "PROBE-STOP: the model reads exactly this\nand this line"
FIXTURES = Path(__file__).parent / "fixtures" / "qwen-code-0.24.4"
MCP_SERVER = Path(__file__).parents[1] / "support" / "mcp_server.py"
MCP_LINES = 6000


@dataclass
class Probe:
    events: list[dict[str, Any]]
    received: str
    main_loop_requests: int


def probe(root: Path) -> Probe:
    project = root / "proj"
    project.mkdir(parents=True)
    qwen_run.write_probe_hooks(project, root / "logs",
                               {"PostToolUse": {"continue": False, "stopReason": STOP}},
                               events=("PostToolUse",))
    with FakeChat([Turn.call("run_shell_command", command="seq 1 40")]) as fake:
        done = qwen_run.run_qwen(project, root / "home", fake.url)
        assert done.returncode == 0, done.stderr[-2000:]
        return Probe(qwen_run.hook_events(root / "logs", "PostToolUse"),
                     text_of(fake.tool_messages().get("call_000001")), len(fake.main_loop()))


def run(root: Path, grep: str, *, init: bool) -> Session:
    project = root / "proj"
    project.mkdir(parents=True)
    if init:
        done = subprocess.run([sys.executable, "-m", "garrepa_py", "init", "--host", "qwen-code",
                               "--provider", "none", str(project)], env=env_for(root),
                              capture_output=True, text=True, timeout=120, check=False)
        assert done.returncode == 0, done.stderr
    settings = project / ".qwen" / "settings.json"
    data = json.loads(settings.read_text()) if settings.exists() else {}
    data["mcpServers"] = {"probe": {"command": sys.executable, "args": [str(MCP_SERVER)]}}
    settings.parent.mkdir(exist_ok=True)
    settings.write_text(json.dumps(data, indent=2))
    script = [Turn.call("run_shell_command", command=grep),
              Turn.call("mcp__probe__big_text", lines=MCP_LINES)]
    with FakeChat(script) as fake:
        done_run = qwen_run.run_qwen(project, root / "home", fake.url, extra=env_for(root))
        assert done_run.returncode == 0, done_run.stderr[-2000:]
        received = fake.tool_messages()
    return Session(project, root / "garrepa-home", text_of(received.get("call_000001")), grep,
                   text_of(received.get("call_000002")))


@pytest.fixture(scope="module")
def all_runs(tmp_path_factory: pytest.TempPathFactory) -> tuple[Session, Session, Probe]:
    if qwen_run.qwen_binary() is None:
        pytest.skip("Qwen Code is not installed: run `scripts/test`")
    grep = f"grep -rn import {corpora.load('docs')}"
    roots = [tmp_path_factory.mktemp(name) for name in ("hooked", "control", "probe")]
    with ThreadPoolExecutor(3) as pool:
        hooked = pool.submit(run, roots[0], grep, init=True)
        control = pool.submit(run, roots[1], grep, init=False)
        probed = pool.submit(probe, roots[2])
        return hooked.result(), control.result(), probed.result()


@pytest.fixture(scope="module")
def sessions(all_runs: tuple[Session, Session, Probe]) -> tuple[Session, Session]:
    return all_runs[0], all_runs[1]


def test_a_stop_reply_is_exactly_what_the_model_gets_and_the_loop_goes_on(
        all_runs: tuple[Session, Session, Probe]) -> None:
    measured = all_runs[2]
    assert measured.received == STOP
    assert measured.main_loop_requests == 2  # the model was asked again after the tool
    [event] = measured.events
    recorded = json.loads((FIXTURES / "post-shell-small.json").read_text())
    assert set(event) == set(recorded)
    assert event["tool_name"] == "run_shell_command"
    assert set(event["tool_response"]) == {"llmContent", "returnDisplay"}
    assert event["tool_response"]["llmContent"].startswith("Command: seq 1 40\nDirectory: ")


def test_a_real_corpus_grep_reaches_the_model_as_a_digest_of_all_of_it(
        sessions: tuple[Session, Session]) -> None:
    hooked, control = sessions
    whole = subprocess.run(["/bin/bash", "-c", hooked.grep], cwd=hooked.project,
                           capture_output=True, check=False, timeout=60).stdout
    text = whole.decode()
    lines = len(text.splitlines())
    assert len(text) > 30_000  # past Qwen Code's inline limit: it saved it and cut the view
    mine, theirs = hooked.received, control.received
    assert mine.startswith(f"[garrepa briefing | command | {hooked.grep} | original: ")
    assert f"{lines} lines" in mine[:400] or f"{lines:,} lines" in mine[:400]
    assert "Tool output was too large" in theirs and "Tool output was too large" not in mine
    found = re.search(r"\[exact original: (\S+) \(", mine)
    assert found is not None, mine[-600:]
    spill = Path(found.group(1))
    # the digest accounts for the whole output Qwen Code saved, not its 4,000-char view
    assert hashlib.sha256(spill.read_bytes()).hexdigest() == \
        hashlib.sha256(text.rstrip("\n").encode()).hexdigest() or \
        spill.read_bytes().rstrip(b"\n") == whole.rstrip(b"\n")


def test_the_journal_names_the_host_and_what_qwen_alone_delivered(
        sessions: tuple[Session, Session]) -> None:
    hooked, control = sessions
    lines = [r for r in journal.read(target=hooked.home / "journal.jsonl") if r.get("route")]
    assert [(r["host"], r["tool"], r["decision"]) for r in lines] == \
        [("qwen-code", "Bash", "compress"), ("qwen-code", "mcp__probe__big_text", "compress")]
    # what Qwen Code alone delivered: the control's view, but for the saved file's path, whose
    # temp folder's name differs in length between the two sessions
    assert lines[0]["baseline_chars"] - len(str(hooked.project)) == \
        len(control.received) - len(str(control.project))
    assert lines[0]["delivered_chars"] == len(hooked.received)
    assert not (control.home / "journal.jsonl").exists()


def test_a_big_mcp_result_reaches_the_model_as_a_digest_not_qwens_preview(
        sessions: tuple[Session, Session]) -> None:
    hooked, control = sessions
    assert control.mcp.startswith("<persisted-output>\nOutput too large")
    assert "Preview (up to 2000 chars)" in control.mcp
    assert hooked.mcp.startswith("[garrepa briefing | mcp | ")
    assert f"mcp line {MCP_LINES}:" in hooked.mcp or f"{MCP_LINES:,} lines" in hooked.mcp \
        or f"{MCP_LINES} lines" in hooked.mcp
    lines = [r for r in journal.read(target=hooked.home / "journal.jsonl") if r.get("route")]
    assert lines[1]["baseline_chars"] is None  # Qwen Code's notice: its size is not modelled
