"""The logs runner in real bash pipelines: a run past its deadline shows its output while it
still runs; a huge log keeps its tail and its exact bytes in bounded memory; a failure anywhere
in it (even in the middle the digest does not read) is never reported as a pass."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from garrepa_py.hook.log_capture import HEAD_BYTES, TAIL_BYTES
from garrepa_py.hook.log_runner import deadline_seconds
from garrepa_py.install.interpreter import interpreter_record_text

REPO = Path(__file__).resolve().parents[2]
LAUNCHER = REPO / "templates" / "garrepa-log"


@pytest.fixture
def home(tmp_path: Path) -> Path:
    home = tmp_path / "home"
    home.mkdir()
    (home / "interpreter").write_text(interpreter_record_text())
    return home


def pipeline(command: str, family: str, project: Path, home: Path, *flags: str
             ) -> subprocess.Popen[bytes]:
    project.mkdir(exist_ok=True)
    runner = " ".join([f"sh {LAUNCHER}", "--family", family, "--project", str(project), *flags])
    return subprocess.Popen(["bash", "-c", f"{{ {command}; }} 2>&1 | {runner}"],
                            stdout=subprocess.PIPE,
                            env={**os.environ, "GARREPA_HOME": str(home)})


def test_the_deadline_is_under_the_bash_timeout() -> None:
    assert deadline_seconds(None) == 110.0  # Claude Code's default of 2 minutes, less 10 s
    assert deadline_seconds("600000") == 590.0  # the longest timeout Bash takes
    assert deadline_seconds("5000") == 4.5
    assert deadline_seconds("not a number") == 110.0


def test_a_run_past_the_deadline_shows_its_output_while_it_runs(tmp_path: Path,
                                                                home: Path) -> None:
    """The command prints, then waits until the test has seen that output come through the
    runner — which happens only if the runner hands it on at its deadline, not at the end."""
    go = tmp_path / "go-on"
    command = (f"printf 'collected 2 items\\npartial output\\n'; "
               f"while [ ! -e {go} ]; do sleep 0.05; done; "
               "printf 'the rest\\n= 1 failed, 1 passed in 9s =\\n'")
    running = pipeline(command, "pytest", tmp_path / "project", home, "--timeout", "1000")
    watchdog = threading.Timer(60, running.kill)
    watchdog.start()
    try:
        assert running.stdout is not None
        early = [running.stdout.readline() for _ in range(3)]
        go.touch()  # only now may the command finish
        rest = running.stdout.read()
        code = running.wait()
    finally:
        watchdog.cancel()
        if running.stdout is not None:
            running.stdout.close()
    assert early[0].startswith(b"[garrepa log | pytest | still running past the runner's "
                               b"deadline (1 s, under the Bash timeout)")
    assert early[1:] == [b"collected 2 items\n", b"partial output\n"]
    assert rest.startswith(b"the rest\n= 1 failed, 1 passed in 9s =\n")
    assert re.search(rb"\n\[garrepa log \| pytest \| FAILED \(pytest's summary line says "
                     rb"'1 failed, 1 passed in 9s'\).*\n\[exact log: (\S+)\]\n$", rest)
    assert code == 1  # its outcome still decides the exit status


def _huge(path: Path, middle: bytes = b"") -> bytes:
    """A pytest log well over the runner's head and tail, with bytes that are not UTF-8."""
    passing = b"".join(b"tests/test_%d.py::test_case PASSED \xff\xfe\x80 [ 50%%]\n" % i
                       for i in range(1000))
    count = (HEAD_BYTES + TAIL_BYTES) // len(passing) + 3
    data = (b"============================= test session starts ====\n" + passing * count
            + middle + passing * count
            + b"=== FAILURES ===\n___ test_last ___\n\n>       assert 0\nE       assert 0\n\n"
              b"tests/test_x.py:9: AssertionError\n= 1 failed, 9 passed in 3.00s =\n")
    path.write_bytes(data)
    return data


def test_a_huge_log_keeps_its_tail_and_its_exact_bytes(tmp_path: Path, home: Path) -> None:
    log = tmp_path / "huge.log"
    data = _huge(log)
    running = pipeline(f"cat {log}", "pytest", tmp_path / "project", home)
    out, _ = running.communicate(timeout=120)
    assert running.returncode == 1
    text = out.decode()
    assert "Read from the log's first and last parts only: " in text
    assert re.search(r"^Collapsed: [\d,]+ other lines, [\d,]+ of them passing test lines in the "
                     r"parts read$", text, re.M)
    lines = data.split(b"\n")
    first, last = map(int, re.search(r"test_last \(lines (\d+)-(\d+)\)", text).groups())  # type: ignore[union-attr]
    assert lines[first - 1] == b"___ test_last ___"  # numbered as in the whole log
    assert lines[last - 1] == b"tests/test_x.py:9: AssertionError"
    newlines = data.count(b"\n")
    assert f"{newlines:,} lines" in text
    spill = re.search(r"\[exact log: (\S+) \(", text).group(1)  # type: ignore[union-attr]
    assert Path(spill).read_bytes() == data  # raw: the bytes that are not UTF-8 stay exact


def test_a_failure_in_the_unread_middle_is_never_a_pass(tmp_path: Path, home: Path) -> None:
    log = tmp_path / "huge.log"
    data = _huge(log, middle=b"sh: 1: tox: not found\n")
    data = data.replace(b"= 1 failed, 9 passed", b"= 10 passed")  # the summary says passed
    log.write_bytes(data)
    running = pipeline(f"cat {log}", "pytest", tmp_path / "project", home)
    out, _ = running.communicate(timeout=120)
    assert running.returncode == 127
    assert b"FAILED (the run could not happen: 'sh: 1: tox: not found')" in out


def _peak_rss_kb(command: str, project: Path, home: Path) -> int:
    """The runner's peak RSS (and its pipeline's), from a process that only waits for them."""
    project.mkdir(exist_ok=True)
    script = ("import resource, subprocess, sys; subprocess.run(['bash', '-c', sys.argv[1]], "
              "stdout=subprocess.DEVNULL, check=False); "
              "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    runner = f"sh {LAUNCHER} --family pytest --project {project}"
    done = subprocess.run([sys.executable, "-c", script, f"{command} 2>&1 | {runner}"],
                          capture_output=True, text=True, timeout=300, check=True,
                          env={**os.environ, "GARREPA_HOME": str(home)})
    return int(done.stdout)


def test_memory_stays_bounded_as_the_log_grows(tmp_path: Path, home: Path) -> None:
    """Peak RSS with a 25 MB and a 100 MB log: the same, not four times (the old runner held
    the whole log, and 1.5 GB at 332 MB)."""
    line = "tests/test_a.py::test_case PASSED [ 50%]"
    small = _peak_rss_kb(f"yes '{line}' | head -c 25000000", tmp_path / "a", home)
    large = _peak_rss_kb(f"yes '{line}' | head -c 100000000", tmp_path / "b", home)
    assert large < small * 1.5, (small, large)
