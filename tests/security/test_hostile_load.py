"""The hook ends before Claude Code's timeout on a busy machine, the original passing (issue 33).

Under four busy processes (`while True: pass`, on a 2-core machine), a hook given the issue's
input — a 2.9 MB MCP result of distinct URLs whose model reply is late and huge (60,000 URLs to
check) — once lived 36.6 s against a 30 s timeout. The watchdog now counts from the process's
start (Claude Code's clock starts at its spawn, not at main()) and a hard stop stands behind it
for a worker that holds the interpreter. The promise asserted is the timeout, not a speed:
numbers in docs/benchmarks.md (benchmarks/hook_under_load.py).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from ..conftest import SRC
from ..support.fake_anthropic import FakeAnthropic
from .big_inputs import MB, mcp_urls
from .helpers import last, mcp_event
from .test_hostile_deadline import install_entries

TIMEOUT = 6  # the installed timeout (init's is 30: the same arithmetic, in a fifth of the time)
URLS = "\n".join(f"- https://example.com/items/{n}?page={n % 97}" for n in range(60_000))


@pytest.fixture
def burners() -> Iterator[None]:
    """Four processes that keep the cores busy for the test's length."""
    started = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(4)]
    try:
        yield
    finally:
        for burner in started:
            burner.kill()
            burner.wait()


def run(project: Path, event: dict[str, object], model_url: str, before_main: float = 0.0
        ) -> tuple[subprocess.CompletedProcess[bytes], float]:
    """The hook as Claude Code starts it, and its wall time from the spawn; `before_main`
    seconds pass in the process before the hook's main() (a slow start under load)."""
    code = (f"import sys, time; time.sleep({before_main}); sys.path.insert(0, sys.argv[1]); "
            "from garrepa_py.hook.entry import main; main()")
    env = {"CLAUDE_PROJECT_DIR": str(project), "GARREPA_PROVIDER": "anthropic",
           "GARREPA_BASE_URL": model_url, "ANTHROPIC_API_KEY": "sk-test"}
    start = time.monotonic()
    done = subprocess.run([sys.executable, "-I", "-S", "-c", code, str(SRC)],
                          input=json.dumps(event).encode(), capture_output=True,
                          env={**os.environ, **env}, timeout=60, check=False)
    return done, time.monotonic() - start


def fail_open_or_reply(done: subprocess.CompletedProcess[bytes]) -> str:
    """What reached Claude Code: nothing (the original passes) or one valid reply document."""
    assert done.returncode in (0, 1)  # 1: the hard stop (a non-blocking hook error); never 2
    if not done.stdout:
        return "original"
    assert done.returncode == 0
    assert set(json.loads(done.stdout)) == {"hookSpecificOutput"}
    return "reply"


def test_a_huge_late_model_reply_under_four_burners_ends_before_the_timeout(
        project: Path, garrepa_home: Path, burners: None) -> None:
    install_entries(project, timeout=TIMEOUT)
    event = mcp_event(project.parent, [{"type": "text", "text": mcp_urls(int(2.9 * MB))}])
    # the reply comes when the budget is nearly spent: checking its 60,000 URLs runs into the
    # deadline (the case where the worker holds the interpreter)
    with FakeAnthropic(reply_text=URLS, delay=TIMEOUT - 2.5) as fake:
        done, wall = run(project, event, fake.url)
    assert wall < TIMEOUT, wall
    fail_open_or_reply(done)


def test_a_silent_model_under_four_burners_ends_before_the_timeout(
        project: Path, garrepa_home: Path, burners: None) -> None:
    """A model that never answers: the hook ends inside the timeout either with the original
    (the deadline came first) or with the structural digest it falls back to (when the
    structural layer, under this load, still fitted in the budget) — never later."""
    install_entries(project, timeout=TIMEOUT)
    event = mcp_event(project.parent, [{"type": "text", "text": mcp_urls(int(2.9 * MB))}])
    with FakeAnthropic(reply_text=URLS, delay=TIMEOUT + 20) as fake:
        done, wall = run(project, event, fake.url)
    assert wall < TIMEOUT, wall
    outcome = fail_open_or_reply(done)
    assert done.returncode == 0
    record = last(garrepa_home)
    if outcome == "original":
        assert (record["decision"], record["reason"]) == ("pass", "deadline")
    else:
        assert record["decision"] == "compress" and record.get("fallback"), record


def test_the_deadline_counts_from_the_process_start_not_from_main(
        project: Path, garrepa_home: Path) -> None:
    """3 s pass before main() (an interpreter starting under load): the work's budget
    (timeout 5 less the margin) is then mostly spent, and the hook still ends inside the 5 s.
    Counted from main() it would have worked until 3 + 3.5 = 6.5 s (failed before issue 33)."""
    install_entries(project, timeout=5)
    event = mcp_event(project.parent, [{"type": "text", "text": mcp_urls(200_000)}])
    with FakeAnthropic(reply_text="x", delay=30) as fake:
        done, wall = run(project, event, fake.url, before_main=3.0)
    assert wall < 5, wall
    fail_open_or_reply(done)  # the structural digest, when the little time left allowed it


def test_negative_control_work_that_fits_is_delivered(project: Path,
                                                     garrepa_home: Path) -> None:
    """The watchdog is narrow: with no load, a prompt model and a generous timeout, the same
    kind of input is briefed, not passed."""
    install_entries(project, timeout=60)
    event = mcp_event(project.parent, [{"type": "text", "text": mcp_urls(200_000)}])
    with FakeAnthropic(reply_text="#1 (lines 1-2) the items", delay=0) as fake:
        done, wall = run(project, event, fake.url)
    assert fail_open_or_reply(done) == "reply" and wall < 60
    assert last(garrepa_home)["decision"] == "compress"
