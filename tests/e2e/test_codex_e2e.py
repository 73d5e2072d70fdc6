"""Codex end to end (issue 36): `garrepa init --host codex` in a temp project, then the real Codex
binary (pinned 0.171.0) against a loopback fake Responses API (no network) runs a shell command
too big for Codex's own cut, a real corpus grep and an MCP tool with a big result. What the
model received is read from the fake's request log; the negative control is the same session
without init. One Codex run each, shared by every assertion (each run takes about a second).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from ..support import codex_run, corpora
from ..support.codex_run import write_config
from ..support.fake_responses import FakeResponses, Reply

pytestmark = [pytest.mark.codex]

SEQ = "seq 1 50000"
MCP_LINES = 6000
CODEX_CUT = 10_100  # about what Codex 0.171.0 keeps of a long shell output (head and tail)


@dataclass
class Session:
    project: Path
    home: Path  # GARREPA_HOME
    capture: Path
    received: dict[str, str]  # call id → what the model got, from the fake's request log
    grep: str  # the grep command run

    def garrepa(self, *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "garrepa_py", *args], cwd=self.project,
                              env=env_for(self.home, self.capture), capture_output=True,
                              text=True, timeout=120, check=False)


def env_for(home: Path, capture: Path) -> dict[str, str]:
    """The hook's environment (Codex hands on its own) and the CLI's: HOME is the one codex_run
    gives Codex (`<root>/home`), under which the hook keeps its spills."""
    return {**{k: v for k, v in os.environ.items() if k in ("PATH", "LANG")},
            "HOME": str(home.parent / "home"), "GARREPA_HOME": str(home),
            "GARREPA_CODEX_CAPTURE_DIR": str(capture), "GARREPA_PROVIDER": "none"}


def run(root: Path, *, init: bool) -> Session:
    if codex_run.codex_binary() is None:
        pytest.skip("Codex is not installed: run `scripts/test` (it installs "
                    f"{codex_run.PINNED}) or set GARREPA_TEST_CODEX to a codex binary")
    project, home, capture = root / "proj", root / "garrepa-home", root / "cap" / "codex-capture"
    project.mkdir(parents=True)
    grep = f"grep -rn import {corpora.load('docs')}"
    session = Session(project, home, capture, {}, grep)
    if init:
        done = session.garrepa("init", "--host", "codex", "--provider", "none", str(project))
        assert done.returncode == 0, done.stderr
    script = [Reply.call("exec_command", cmd=SEQ), Reply.call("exec_command", cmd=grep),
              Reply.mcp("probe", "big_text", lines=MCP_LINES)]
    with FakeResponses(script) as fake:
        codex_home = root / "codex-home"
        write_config(codex_home, fake.url, project, mcp=True)
        done = codex_run.run_codex(project, codex_home, args=("--strict-config",),
                                   extra=env_for(home, capture))
        assert done.returncode == 0, done.stderr[-2000:]
        session.received = {call: fake.output_text(call)
                            for call in ("call_000001", "call_000002", "call_000003")}
    return session


@pytest.fixture(scope="module")
def hooked(tmp_path_factory: pytest.TempPathFactory) -> Session:
    return run(tmp_path_factory.mktemp("hooked"), init=True)


@pytest.fixture(scope="module")
def control(tmp_path_factory: pytest.TempPathFactory) -> Session:
    return run(tmp_path_factory.mktemp("control"), init=False)


def spill_of(text: str) -> tuple[str, Path]:
    found = re.search(r"\[exact original: (\S+) \(.*?`garrepa peek (\w+) START END`", text)
    assert found is not None, text[-600:]
    return found.group(2), Path(found.group(1))


def direct(command: str, cwd: Path) -> bytes:
    return subprocess.run(["/bin/bash", "-lc", command], cwd=cwd, capture_output=True,
                          check=False, stdin=subprocess.DEVNULL, timeout=120).stdout


@pytest.fixture(scope="module")
def report(hooked: Session) -> dict[str, Any]:
    """`garrepa report --json` right after the session (before any peek reads a spill back)."""
    done = hooked.garrepa("report", "--json")
    assert done.returncode == 0, done.stderr
    data: dict[str, Any] = json.loads(done.stdout)
    return data


def test_a_real_corpus_grep_reaches_the_model_as_a_digest_of_all_of_it(
        hooked: Session, control: Session) -> None:
    mine, theirs = hooked.received["call_000002"], control.received["call_000002"]
    whole = direct(hooked.grep, hooked.project)  # its size depends on the checkout's path
    text = whole.decode()
    assert len(text.splitlines()) == 719
    assert mine.startswith(f"Process exited with code 0\n[garrepa briefing | command | "
                           f"{hooked.grep} | original: "
                           f"{len(text):,} chars, 719 lines")
    assert "Warning: truncated output" in theirs and "Warning: truncated output" not in mine
    assert len(mine) < CODEX_CUT < len(theirs)  # under Codex's cut: it arrives whole
    spill_id, spill = spill_of(mine)
    assert hashlib.sha256(spill.read_bytes()).hexdigest() == hashlib.sha256(whole).hexdigest()
    # a line Codex's own cut lost is findable by the range the digest names, exactly
    lines = whole.decode().splitlines()
    middle = lines[359]
    assert middle not in theirs
    done = hooked.garrepa("peek", spill_id, "360", "360", "--json")
    assert done.returncode == 0, done.stderr
    assert middle in done.stdout
    whole_peek = hooked.garrepa("peek", spill_id, "1", str(len(lines)), "--json")
    assert all(line in whole_peek.stdout for line in (lines[0], middle, lines[-1]))


def test_an_mcp_tool_with_a_big_result_gets_a_block_digest(
        hooked: Session, control: Session) -> None:
    mine, theirs = hooked.received["call_000003"], control.received["call_000003"]
    assert mine.startswith("[garrepa briefing | mcp | mcp__probe__big_text | original: 208,892 "
                           "chars, 6,000 lines")
    assert "Not shown: lines 41-5,960 (5,920 lines)." in mine  # every line accounted for
    # Codex has no Read tool: the pointer says how to print a range with its shell
    assert "offset/limit" not in mine and "| `sed -n 'START,ENDp'` it, or run `garrepa peek" in mine
    assert len(mine) < 4_000 < len(theirs)
    _, spill = spill_of(mine)
    assert spill.read_text().count("\n") + 1 == MCP_LINES


def test_seq_passes_as_codex_cut_it_not_a_listed_command(
        hooked: Session, control: Session) -> None:
    """Not a digest yet: `seq` is not on the command route's list of programs whose output may
    be replaced (routes/command_exact.py), under Codex as under Claude Code. Its output was
    captured whole all the same; the model gets Codex's own cut, as without garrepa."""
    mine, theirs = hooked.received["call_000001"], control.received["call_000001"]
    assert "Warning: truncated output (original token count: 72224)" in mine
    assert mine.split("\n", 2)[2] == theirs.split("\n", 2)[2]  # Chunk ID, Wall time aside


def test_without_init_the_model_gets_codexs_own_output(control: Session) -> None:
    assert not (control.home / "journal.jsonl").exists()
    for text in control.received.values():
        assert "[garrepa" not in text


def test_report_counts_the_events_with_baseline_delivered_and_arrival(
        report: dict[str, Any], control: Session) -> None:
    routes = report["routes"]
    assert routes["capture"]["wrapped"] == 2  # the two shell calls' PreToolUse rewrites
    command, mcp = routes["command"], routes["mcp"]
    assert (command["compressed"], mcp["compressed"]) == (1, 1)
    assert command["passed"] == {"not-a-listed-command": 1}
    # baseline: what Codex alone delivered (its cut, without its header); delivered: the digest
    assert 9_000 < command["baseline_chars"] < CODEX_CUT + 200
    assert command["delivered_chars"] < command["baseline_chars"]
    assert mcp["baseline_chars"] == 208_892 and mcp["delivered_chars"] < 4_000
    arrival = report["arrival"]
    assert (arrival["briefings"], arrival["arrived"], arrival["unknown"]) == (2, 2, 0)
    assert "hosts" not in report  # one host in this journal
