"""Qwen Code end to end (issue 36's third host): `garrepa init --host qwen-code` in a temp
project, then the real Qwen Code (pinned 0.24.4) against a loopback fake of chat completions
(no network) runs a real corpus grep too big for Qwen Code's 30,000-char inline limit. What the
model received is read from the fake's request log; the negative control is the same session
without init, which gets Qwen Code's own saved-file notice and 4,000-char head and tail. The two
sessions run at once (each takes 10-15 s, mostly Qwen Code starting).
"""

from __future__ import annotations

import hashlib
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


def env_for(root: Path) -> dict[str, str]:
    return {**{k: v for k, v in os.environ.items() if k in ("PATH", "LANG")},
            "HOME": str(root / "home"), "GARREPA_HOME": str(root / "garrepa-home"),
            "GARREPA_PROVIDER": "none"}


def text_of(content: Any) -> str:
    if isinstance(content, list):
        return "".join(b.get("text", "") for b in content if isinstance(b, dict))
    return str(content)


def run(root: Path, grep: str, *, init: bool) -> Session:
    project = root / "proj"
    project.mkdir(parents=True)
    if init:
        done = subprocess.run([sys.executable, "-m", "garrepa_py", "init", "--host", "qwen-code",
                               "--provider", "none", str(project)], env=env_for(root),
                              capture_output=True, text=True, timeout=120, check=False)
        assert done.returncode == 0, done.stderr
    with FakeChat([Turn.call("run_shell_command", command=grep)]) as fake:
        done_run = qwen_run.run_qwen(project, root / "home", fake.url, extra=env_for(root))
        assert done_run.returncode == 0, done_run.stderr[-2000:]
        received = text_of(fake.tool_messages().get("call_000001"))
    return Session(project, root / "garrepa-home", received, grep)


@pytest.fixture(scope="module")
def sessions(tmp_path_factory: pytest.TempPathFactory) -> tuple[Session, Session]:
    if qwen_run.qwen_binary() is None:
        pytest.skip("Qwen Code is not installed: run `scripts/test`")
    grep = f"grep -rn import {corpora.load('docs')}"
    roots = tmp_path_factory.mktemp("hooked"), tmp_path_factory.mktemp("control")
    with ThreadPoolExecutor(2) as pool:
        hooked = pool.submit(run, roots[0], grep, init=True)
        control = pool.submit(run, roots[1], grep, init=False)
        return hooked.result(), control.result()


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
        [("qwen-code", "Bash", "compress")]
    # what Qwen Code alone delivered: the control's view, but for the saved file's path, whose
    # temp folder's name differs in length between the two sessions
    assert lines[0]["baseline_chars"] - len(str(hooked.project)) == \
        len(control.received) - len(str(control.project))
    assert lines[0]["delivered_chars"] == len(hooked.received)
    assert not (control.home / "journal.jsonl").exists()
