"""The logs runner's status and its project, in real bash pipelines through the installed
launcher (issue 33): what the agent sees is never a pass the command did not have, and the runner
never writes outside the project it lives in.

Each case runs a real `make`, `timeout` or pytest as the route wraps it
(`COMMAND 2>&1 | <project>/.claude/hooks/garrepa-log --family F --project P`) beside the same
command alone, and each has a negative control (a real failure still reported as one, a pass
that shows it ended reported as a pass).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from garrepa_py.engine import store
from garrepa_py.install.interpreter import interpreter_record_text
from garrepa_py.structural.log import logs

REPO = Path(__file__).resolve().parents[2]
PASSING = "def test_ok():\n    assert True\n"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A project with the runner installed where init puts it, and this user's garrepa."""
    root = tmp_path / "project"
    hooks = root / ".claude" / "hooks"
    hooks.mkdir(parents=True)
    shutil.copy(REPO / "templates" / "garrepa-log", hooks / "garrepa-log")
    (hooks / "garrepa-log").chmod(0o755)
    home = tmp_path / "home"
    home.mkdir()
    (home / "interpreter").write_text(interpreter_record_text())
    return root


def through(project: Path, command: str, family: str, *words: str
            ) -> tuple[int, int, str]:
    """(the command's own status, the status the agent sees, what it prints)."""
    env = {**os.environ, "GARREPA_HOME": str(project.parent / "home"),
           "PATH": f"{Path(sys.executable).parent}:{os.environ['PATH']}"}
    runner = project / ".claude" / "hooks" / "garrepa-log"
    own = subprocess.run(["bash", "-c", command], cwd=project, env=env, capture_output=True,
                         timeout=60, check=False).returncode
    own = 128 - own if own < 0 else own  # killed by a signal: as a shell reports it (137)
    tail = " ".join(words) or f"--family {family} --project {project}"
    seen = subprocess.run(["bash", "-c", f"{command} 2>&1 | {runner} {tail}"], cwd=project,
                          env=env, capture_output=True, timeout=60, check=False)
    return own, seen.returncode, seen.stdout.decode("utf-8", "replace")


def makefile(project: Path, text: str, **more: str) -> None:
    (project / "Makefile").write_text(text)
    for name, content in more.items():
        (project / name.replace("__", "/")).parent.mkdir(parents=True, exist_ok=True)
        (project / name.replace("__", "/")).write_text(content)


def test_make_killed_by_sigkill_is_never_a_pass(project: Path) -> None:
    makefile(project, "all:\n\t@echo start\n\tkill -9 $$PPID\n")
    own, seen, printed = through(project, "make", "make")
    assert own == 137 and seen != 0  # was 0
    assert printed.rstrip().endswith(f"{logs.MAKE_UNKNOWN}]")


def test_make_whose_recipe_is_killed_is_a_failure(project: Path) -> None:
    makefile(project, "all:\n\t@echo start\n\tsh -c 'kill -9 $$$$'\n")
    own, seen, printed = through(project, "make", "make")
    assert own == seen == 2 and "Killed" in printed


def test_make_under_timeout_is_never_a_pass(project: Path) -> None:
    makefile(project, "all:\n\t@echo start\n\tsleep 30\n")
    own, seen, _ = through(project, "timeout 1 make", "make")
    assert own == 124 and seen != 0
    own, seen, _ = through(project, "timeout -s KILL 1 make", "make")
    assert own == 137 and seen != 0


def test_pytest_under_timeout_is_never_a_pass(project: Path) -> None:
    (project / "test_slow.py").write_text("import time\ndef test_slow():\n    time.sleep(30)\n")
    own, seen, _ = through(project, f"timeout 2 {sys.executable} -m pytest -q -p no:cacheprovider",
                           "pytest")
    assert own == 124 and seen != 0


def test_a_sub_make_failure_make_tolerated_is_not_make_failing(project: Path) -> None:
    """`-$(MAKE)` and `$(MAKE) … || echo`: make exits 0; the sub-make's `make[1]: ***` no longer
    reads as make's own stop (was exit 2). With a line that shows the run ended, a pass."""
    makefile(project, "all:\n\t-$(MAKE) -C sub\n\t$(MAKE) -C sub || echo tolerated\n"
                      "\t@python3 -m pytest -q -p no:cacheprovider test_ok.py\n",
             sub__Makefile="all:\n\tfalse\n", test_ok_py=PASSING)
    (project / "test_ok_py").rename(project / "test_ok.py")
    own, seen, printed = through(project, "make", "make")
    assert own == seen == 0, printed
    assert "make[1]: *** [Makefile:2: all] Error 1" in printed


def test_a_recipe_printing_make_stars_does_not_fail_the_run(project: Path) -> None:
    makefile(project, "all:\n\t@echo 'make: *** fake error'\n\t@echo 'make[1]: *** [x] Error 1'\n"
                      "\t@make -C sub\n", sub__Makefile="all:\n\t@echo 'nothing'\n")
    own, seen, printed = through(project, "make", "make")
    assert own == 0 and seen != 2, printed  # was 2; the log does not show the run ended: unknown


def test_negative_control_a_failing_make_is_still_make_failing(project: Path) -> None:
    makefile(project, "all:\n\t@echo building\n\tfalse\n")
    own, seen, printed = through(project, "make", "make")
    assert own == seen == 2 and "make: *** [Makefile:3: all] Error 1" in printed


def test_negative_control_a_passing_make_that_shows_its_end_is_a_pass(project: Path) -> None:
    makefile(project, "test:\n\tpython3 -m pytest -q -p no:cacheprovider\n", test_a_py=PASSING)
    (project / "test_a_py").rename(project / "test_a.py")
    own, seen, _ = through(project, "make test", "make")
    assert own == seen == 0
    (project / "sub").mkdir()
    (project / "sub" / "Makefile").write_text("all:\n\t@echo built\n")
    own, seen, _ = through(project, "make -C sub", "make")  # make's own `Leaving directory`
    assert own == seen == 0


@pytest.mark.parametrize("tests, words, code", [
    ({"test_a.py": PASSING}, "", 0),
    ({"test_a.py": "def test_no():\n    assert False\n"}, "", 1),
    ({"test_a.py": "import nope\n"}, "", 2),
    ({"test_a.py": PASSING}, "no_such_file.py", 4),  # was 5
    ({}, "", 5),
    ({"test_a.py": PASSING}, "-k nothing_matches", 5),  # all deselected; was 1
])
def test_pytest_codes_the_log_shows_are_kept_exactly(project: Path, tests: dict[str, str],
                                                     words: str, code: int) -> None:
    for name, text in tests.items():
        (project / name).write_text(text)
    own, seen, _ = through(project, f"{sys.executable} -m pytest -q -p no:cacheprovider {words}",
                           "pytest")
    assert own == seen == code


def test_pytest_killed_is_only_kept_non_zero(project: Path) -> None:
    """A code no line of the log shows (a signal, `timeout`'s 124): non-zero, never a pass."""
    (project / "test_a.py").write_text("import os, signal\n"
                                       "def test_a():\n    os.kill(os.getpid(), signal.SIGKILL)\n")
    own, seen, _ = through(project, f"{sys.executable} -m pytest -q -p no:cacheprovider",
                           "pytest")
    assert own == 137 and seen == 1


def test_project_elsewhere_on_the_command_line_is_not_written(project: Path,
                                                              tmp_path: Path) -> None:
    """The allow rule admits the runner's command with any words (measured: `--project
    /other/dir` ran with no prompt and made /other/dir/.garrepa/): the runner's project is
    the one its path is in."""
    other = tmp_path / "other"
    other.mkdir()
    log = "".join(f"line {n} of a long build\n" for n in range(2000))
    (project / "build.log").write_text(log)
    before = set(Path(store.spill_dir(str(project))).glob("*")) if Path(
        store.spill_dir(str(project))).exists() else set()
    own, seen, printed = through(project, "cat build.log", "generic", "--family", "generic",
                                 "--project", str(other))
    assert list(other.iterdir()) == []  # nothing written outside the project
    # negative control: the same run writes its spill in its own project
    spilled = set(Path(store.spill_dir(str(project))).glob("*")) - before
    assert len(spilled) == 1 and spilled.pop().read_text() == log
    assert "[exact log: " in printed
