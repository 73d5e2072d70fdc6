"""The opt-in logs route against the real Claude Code: a failing test run reaches the agent with
every failure, and the user's permission rules behave exactly as without garrepa."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from ..support import corpora
from ..support.claude_run import run_claude
from ..support.corpus import LOG_RUNS
from ..support.fake_anthropic import FakeAnthropic, Turn
from .conftest import garrepa

pytestmark = pytest.mark.e2e
# The three test files LOG_RUNS' faults are in (37 failures, a 110 KB log: far over Claude Code's
# 30,000-char cut), not click's whole suite: the same failures in half the time.
FAULTY = "tests/test_basic.py tests/test_options.py tests/test_utils.py"
PYTEST = (f"python3 -m pytest {FAULTY} -v -p no:cacheprovider "
          "-W ignore::pytest.PytestRemovedIn10Warning")


@pytest.fixture
def click_tree(tmp_path: Path) -> Path:
    """click 8.1.7's sources and tests, with three assertions flipped (37 tests fail): the last
    commit of the click corpus is click 8.1.7's sdist, file for file."""
    tree = tmp_path / "click-8.1.7"
    shutil.copytree(corpora.load("gitrepo"), tree, ignore=shutil.ignore_patterns(".git"))
    for relative, (old, new) in LOG_RUNS["pytest-three-failures"][1].items():
        path = tree / relative
        path.write_text(path.read_text().replace(old, new, 1))
    subprocess.run(["git", "-C", str(tree), "init", "-q"], check=True)  # a project root
    return tree


def environment(tmp_path: Path, tree: Path) -> dict[str, str]:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir(exist_ok=True)
    if not (bin_dir / "python3").exists():
        (bin_dir / "python3").symlink_to(sys.executable)  # this venv's python, with pytest
    return {"PATH": f"{bin_dir}:/usr/local/bin:/usr/bin:/bin", "PYTHONPATH": str(tree / "src"),
            "GARREPA_PROVIDER": "none"}


def run(tree: Path, tmp_path: Path, garrepa_home: Path, command: str = PYTEST,
        skip: bool = True) -> tuple[dict[str, Any], Any]:
    with FakeAnthropic([Turn.tool("Bash", command=command)]) as fake:
        done = run_claude(tree, fake.url, tmp_path / "home", garrepa_home,
                          extra_env=environment(tmp_path, tree), skip_permissions=skip,
                          timeout=300)
        assert done.returncode == 0, done.stderr[-2000:]
        [result] = fake.tool_results().values()
    return result, done


def allow(tree: Path, *rules: str, deny: tuple[str, ...] = (), ask: tuple[str, ...] = ()) -> None:
    """The user's own rules, in settings.local.json beside the runner's rule init wrote."""
    path = tree / ".claude" / "settings.local.json"
    data = json.loads(path.read_text()) if path.exists() else {}
    permissions = data.setdefault("permissions", {})
    permissions["allow"] = [*permissions.get("allow", []), *rules]
    if deny:
        permissions["deny"] = list(deny)
    if ask:
        permissions["ask"] = list(ask)
    path.write_text(json.dumps(data))


def failing_tests() -> list[str]:
    return ["test_basic_functionality", "test_trailing_blanks_boolean_envvar",
            *(f"test_styling[styles{n}-" for n in range(35))]


def test_a_failing_run_reaches_the_agent_with_every_failure(
        click_tree: Path, tmp_path: Path, garrepa_home: Path) -> None:
    garrepa("init", str(click_tree), "--logs")
    result, done = run(click_tree, tmp_path, garrepa_home)
    text = str(result["content"])
    assert result.get("is_error") is True and text.startswith("Exit code 1\n")  # still a failure
    assert "[garrepa log | pytest | FAILED" in text
    assert re.search(r"^=+ 37 failed, 227 passed in [\d.]+s =+$", text,
                     re.M)  # the summary line, verbatim
    assert all(name in text for name in failing_tests())
    assert "characters truncated" not in text  # shown whole
    spill = re.search(r"\[exact log: (\S+) \(", text).group(1)  # type: ignore[union-attr]
    assert "test_basic_functionality" in Path(spill).read_text()


def test_negative_control_without_logs_the_failures_are_cut_away(
        click_tree: Path, tmp_path: Path, garrepa_home: Path) -> None:
    garrepa("init", str(click_tree))
    result, _ = run(click_tree, tmp_path, garrepa_home)
    text = str(result["content"])
    assert result.get("is_error") is True and "characters truncated" in text
    assert sum(name in text for name in failing_tests()) < 37


def test_a_passing_run_is_a_short_digest(click_tree: Path, tmp_path: Path,
                                         garrepa_home: Path) -> None:
    garrepa("init", str(click_tree), "--logs")
    result, _ = run(click_tree, tmp_path, garrepa_home,
                    command=PYTEST.replace(FAULTY, "tests/test_termui.py tests/test_arguments.py"))
    text = str(result["content"])
    assert not result.get("is_error")
    assert text.startswith("[garrepa log | pytest | passed") and len(text) < 1000


PYTEST_RULE = "Bash(python3 -m pytest:*)"


@pytest.mark.parametrize("rules, deny, ask, skip, expected", [
    ((PYTEST_RULE,), (), (), False, "[garrepa log | pytest | FAILED"),  # allowed: runs
    ((), (), (), False, "requires approval"),                            # not allowed: asked
    ((), (), (PYTEST_RULE,), False, "requires approval"),                # in `ask`: asked
    ((PYTEST_RULE,), (PYTEST_RULE,), (), False, "denied"),               # deny wins
    ((), (PYTEST_RULE,), (), True, "denied"),  # even under --dangerously-skip-permissions
])
def test_permission_rules_behave_as_without_garrepa(
        click_tree: Path, tmp_path: Path, garrepa_home: Path, rules: tuple[str, ...],
        deny: tuple[str, ...], ask: tuple[str, ...], skip: bool, expected: str) -> None:
    garrepa("init", str(click_tree), "--logs")
    allow(click_tree, *rules, deny=deny, ask=ask)
    result, _ = run(click_tree, tmp_path, garrepa_home, skip=skip)
    text = str(result["content"])
    assert expected in text
    if expected == "requires approval":
        assert "python3 -m pytest tests" in text  # asked about by its own text
    if expected != "[garrepa log | pytest | FAILED":  # asked or denied: it never ran
        assert not list((tmp_path / "home" / ".claude" / "projects").glob("*/garrepa/spill/*"))


def test_claude_code_reports_a_pipeline_by_its_last_command(click_tree: Path, tmp_path: Path,
                                                           garrepa_home: Path) -> None:
    """Why the runner tells the outcome from the log (the better channel looked for): Claude Code
    2.1.328 runs a Bash command without pipefail, so `ORIGINAL 2>&1 | RUNNER` is reported by the
    runner's status alone — the original's exit code never reaches the runner or the agent."""
    piped, _ = run(click_tree, tmp_path, garrepa_home,
                   command="sh -c 'echo it-failed; exit 3' 2>&1 | cat")
    assert not piped.get("is_error") and "it-failed" in str(piped["content"])
    alone, _ = run(click_tree, tmp_path, garrepa_home, command="sh -c 'echo it-failed; exit 3'")
    assert alone.get("is_error") is True and str(alone["content"]).startswith("Exit code 3\n")


GOCODE = Path("/usr/share/gocode/src/github.com")
# Shared by every run (both Claude Code versions, later suite runs): compiling go-cmp is most of
# the test's time, and the output `go test -v` prints does not depend on the cache.
GO_BUILD_CACHE = Path(__file__).resolve().parents[2] / ".cache" / "go-build"


@pytest.mark.skipif(shutil.which("go") is None or not (GOCODE / "pmezard" / "go-difflib").is_dir()
                    or not (GOCODE / "google" / "go-cmp").is_dir(),
                    reason="Go and Debian's go-difflib and go-cmp sources (scripts/test installs "
                           "them)")
def test_a_failing_go_test_reaches_the_agent_as_a_go_digest(tmp_path: Path,
                                                            garrepa_home: Path) -> None:
    """Another family end to end: go-difflib's own tests with two assertions flipped, beside
    go-cmp's passing ones, run by `go test -v` through the real Claude Code; and go-difflib's
    alone, whose short log comes back as it came, still a failure."""
    gopath = tmp_path / "gopath"
    for owner, name in (("pmezard", "go-difflib"), ("google", "go-cmp")):
        shutil.copytree(GOCODE / owner / name, gopath / "src" / "github.com" / owner / name)
    project = gopath / "src" / "github.com" / "pmezard" / "go-difflib"
    tests = project / "difflib" / "difflib_test.go"
    tests.write_text(tests.read_text()
                     .replace("assertEqual(t, s.Ratio(), 0.75)", "assertEqual(t, s.Ratio(), 0.5)")
                     .replace("assertEqual(t, sm.Ratio(), 1.0)", "assertEqual(t, sm.Ratio(), 2.0)"))
    subprocess.run(["git", "-C", str(project), "init", "-q"], check=True)
    garrepa("init", str(project), "--logs")
    go_env = {"GOPATH": str(gopath), "GO111MODULE": "off", "GOFLAGS": "", "GOTOOLCHAIN": "local",
              "GOCACHE": str(GO_BUILD_CACHE),  # go's own cache is safe to share between runs
              "PATH": f"{Path(shutil.which('go') or 'go').parent}:/usr/local/bin:/usr/bin:/bin"}
    both = "go test -v github.com/google/go-cmp/... ./difflib"
    with FakeAnthropic([Turn.tool("Bash", command=both),
                        Turn.tool("Bash", command="go test -v ./difflib")]) as fake:
        done = run_claude(project, fake.url, tmp_path / "home", garrepa_home, extra_env=go_env,
                          timeout=300)
        assert done.returncode == 0, done.stderr[-2000:]
        big, small = fake.tool_results().values()
    for result in (big, small):
        text = str(result["content"])
        assert result.get("is_error") is True and text.startswith("Exit code 1\n")
        for kept in ("--- FAIL: TestSequenceMatcherRatio", "difflib_test.go:20: 0.75 != 0.5",
                     "--- FAIL: TestSFBugsRatioForNullSeqn", "difflib_test.go:20: 1 != 2"):
            assert kept in text, kept
        assert re.search(r"^FAIL\tgithub\.com/pmezard/go-difflib/difflib\t[\d.]+s$", text, re.M)
    assert "[garrepa log | go | FAILED" in str(big["content"])
    assert "characters truncated" not in str(big["content"]) and "--- PASS" not in str(big["content"])
    assert "[garrepa log" not in str(small["content"]) and "--- PASS" in str(small["content"])


def test_the_runner_cannot_be_pointed_at_another_project(tmp_path: Path,
                                                        garrepa_home: Path) -> None:
    """Issue 33: the allow rule admits the runner's command with any words after it, so the
    agent's own `… | <runner> --project /other/dir` runs with no prompt (`--permission-mode
    default`); the runner's project is the one its path is in, and nothing is written in
    /other/dir. Negative control: the route's own rewrite of `make test` still runs with no
    prompt, its log read by the runner."""
    project = tmp_path / "proj"
    project.mkdir()
    subprocess.run(["git", "-C", str(project), "init", "-q"], check=True)
    (project / "Makefile").write_text("test:\n\t@echo testing\n\t@echo built by make\n")
    other = tmp_path / "other"
    other.mkdir()
    garrepa("init", str(project), "--logs")
    allow(project, "Bash(make test:*)")
    runner = project / ".claude" / "hooks" / "garrepa-log"
    (project / "build.log").write_text("".join(f"line {n}\n" for n in range(2000)))
    pointed = f"cat build.log 2>&1 | {runner} --family generic --project {other}"
    with FakeAnthropic([Turn.tool("Bash", command=pointed),
                        Turn.tool("Bash", command="make test")]) as fake:
        done = run_claude(project, fake.url, tmp_path / "home", garrepa_home,
                          skip_permissions=False, timeout=300)
        assert done.returncode == 0, done.stderr[-2000:]
        first, second = fake.tool_results().values()
    assert "requires approval" not in str(first["content"])  # it ran, as measured
    assert "[garrepa log | generic" in str(first["content"])
    assert list(other.iterdir()) == []  # …and wrote nothing there
    # ran through the runner, no prompt (a silent make's outcome is unknown: docs/routes.md)
    assert "requires approval" not in str(second["content"])
    assert "built by make" in str(second["content"]) and "[garrepa log | make" in str(
        second["content"])
