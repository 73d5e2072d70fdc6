"""`git log -p` names every file of every commit with its own lines (issue 35): "what changed in
file X in commit Y" is one Read of the range its row gives, on real release histories."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest

from garrepa_py.routes.git import _compressor
from garrepa_py.shell.git_command import parse
from garrepa_py.structural.git.git_digest import LIST_BUDGET, digest_log

from ..conftest import _corpus, git, run_hook, session_fields, tool_results_dir

ROW = re.compile(r"^ (?P<name>.+?) \| (?P<stat>\+\d+ -\d+|binary) \| lines (?P<a>\d+)-(?P<b>\d+)"
                 r" \| (?P<rest>.*)$", re.M)
FOLD = re.compile(r"^ (?P<dir>\S+/) \((?P<n>\d+) files[^)]*\) \| \+\d+ -\d+ \| lines "
                  r"(?P<spans>[\d, -]+) \| folded, left out$", re.M)
COMMIT = re.compile(r"^commit (?P<sha>[0-9a-f]{40}) \| ", re.M)


def run(repo: Path, command: str) -> str:
    return subprocess.run(command, shell=True, cwd=repo, capture_output=True, text=True,
                          check=True).stdout


def truth(source: str) -> dict[str, list[tuple[str, int, int]]]:
    """sha -> each file's `diff --git` section (`a/old b/new`, first line, last line), found
    by scanning git's own output, not by the digest's parser."""
    lines = source.split("\n")
    found: dict[str, list[tuple[str, int, int]]] = {}
    sha, open_at, path = "", 0, ""

    def close(end: int) -> None:
        nonlocal open_at
        if open_at:
            last = end
            while last > open_at and lines[last - 1] == "":
                last -= 1  # the blank line git log puts between commits
            found[sha].append((path, open_at, last))
        open_at = 0

    for number, line in enumerate(lines, start=1):
        if line.startswith("commit "):
            close(number - 1)
            sha = line.split()[1]
            found[sha] = []
        elif line.startswith("diff --git "):
            close(number - 1)
            open_at, path = number, line[len("diff --git "):]  # `a/old b/new`
    close(len(lines))
    return found


def name_status(repo: Path, sha: str) -> dict[str, str]:
    """new path -> git's own status letter (A, D, M, R…) for the commit."""
    out = git(repo, "show", "--format=", "--name-status", "-M", sha)
    status = {}
    for line in out.splitlines():
        parts = line.split("\t")
        status[parts[-1]] = parts[0][0]
    return status


def spans(text: str) -> list[tuple[int, int]]:
    return [(int(a), int(b)) for a, b in re.findall(r"(\d+)-(\d+)", text)]


def check_every_file(repo: Path, source: str, digest: str, folds_allowed: bool) -> int:
    """Every file of every commit: a row whose lines are exactly its section (named new,
    deleted or renamed as git says), or a folded directory row whose lines hold it."""
    sections = truth(source)
    parts = {m["sha"]: digest[m.end():] for m in COMMIT.finditer(digest)}
    assert set(parts) == set(sections)
    folded = 0
    for sha, files in sections.items():
        part = COMMIT.split(parts[sha], 1)[0]
        rows = {int(m["a"]): m for m in ROW.finditer(part) if m["rest"] != "folded, left out"}
        folds = list(FOLD.finditer(part))
        status = name_status(repo, sha)
        for path, first, last in files:
            row = rows.get(first)
            if row is not None:
                assert int(row["b"]) == last, (sha, path)
                name = row["name"]
                new = name.split(" => ")[-1].removesuffix(" (new)").removesuffix(" (deleted)")
                letter = status[new]
                assert name.endswith(" (new)") == (letter == "A"), name
                assert name.endswith(" (deleted)") == (letter == "D"), name
                assert (" => " in name) == (letter == "R"), name
                continue
            assert folds_allowed, (sha, path)
            holder = [f for f in folds if f" a/{f['dir']}" in f" {path}"
                      or f" b/{f['dir']}" in f" {path}"
                      and any(a <= first and last <= b for a, b in spans(f["spans"]))]
            assert len(holder) == 1, (sha, path)
            folded += 1
        for fold in folds:  # a folded row's count is the files it holds, its lines only theirs
            inside = [f for f in files if any(a <= f[1] and f[2] <= b
                                              for a, b in spans(fold["spans"]))]
            assert len(inside) == int(fold["n"])
            assert all(f"/{fold['dir']}" in p for p, _, _ in inside)
    return folded


def hook_digest(tmp_path: Path, command: str, source: str) -> str:
    """The real hook's reply to `command`'s output as Claude Code saves a long one."""
    saved = tool_results_dir(tmp_path) / "b1.txt"
    saved.write_text(source)
    event = {"session_id": "s", **session_fields(tmp_path), "hook_event_name": "PostToolUse",
             "tool_name": "Bash", "tool_input": {"command": command},
             "tool_response": {"stdout": source[:30000], "stderr": "", "interrupted": False,
                               "isImage": False, "noOutputExpected": False,
                               "persistedOutputPath": str(saved),
                               "persistedOutputSize": len(source)},
             "tool_use_id": "t"}
    project = tmp_path / "project"
    project.mkdir(exist_ok=True)
    proc = run_hook(json.dumps(event), env={"CLAUDE_PROJECT_DIR": str(project),
                                            "GARREPA_PROVIDER": "none"})
    assert proc.returncode == 0, proc.stderr
    text: str = json.loads(proc.stdout)["hookSpecificOutput"]["updatedToolOutput"]["stdout"]
    assert len(text) < 30_000 and "more lines not shown" not in text
    spill = Path(text.rsplit("[exact original: ", 1)[1].split(" (", 1)[0])
    assert spill.read_text() == source  # the ranges are lines of this file
    return text


@pytest.mark.parametrize("kind", ["gitrepo", "requests"])
def test_log_p_every_file_of_every_commit_is_a_row_through_the_hook(kind: str,
                                                                    tmp_path: Path) -> None:
    # click 8.1.3-8.1.7 (199 files in 5 commits, 963 K) and requests 2.31.0-2.32.3 (121 in 2,
    # 555 K, with renames into src/): 41 and 38 rows before, the rest in one 25,000-line range
    repo = _corpus(kind)
    source = run(repo, "git log -p")
    digest = hook_digest(tmp_path, "git log -p", source)
    assert check_every_file(repo, source, digest, folds_allowed=False) == 0


def test_log_p_of_flask_folds_whole_directories_with_their_own_lines(tmp_path: Path) -> None:
    # flask 2.3.3-3.1.0: 370 files in 4 commits (1.57 MB); 35 rows before, 335 files in
    # per-commit "more files" lines spanning up to 34,000 lines
    repo = _corpus("flask")
    source = run(repo, "git log -p")
    digest = hook_digest(tmp_path, "git log -p", source)
    assert check_every_file(repo, source, digest, folds_allowed=True) < 60
    assert "more files, left out" not in digest


@pytest.mark.parametrize("kind, command", [
    ("requests", "git log --stat -p"), ("flask", "git show HEAD HEAD~1"),
    ("gitrepo", "git log -p -- src/click"), ("flask", "git log -p -M -- src tests")])
def test_other_log_forms_name_every_file(kind: str, command: str) -> None:
    repo = _corpus(kind)
    source = run(repo, command)
    digest = _compressor(parse(command))(source).text  # type: ignore[arg-type]
    assert len(digest) <= LIST_BUDGET
    assert check_every_file(repo, source, digest, folds_allowed=False) == 0


def test_a_small_room_folds_into_directories_each_one_read() -> None:
    repo = _corpus("flask")
    source = run(repo, "git log -p")
    digest = digest_log(source, budget=8_000, rows_budget=8_000)
    folded = check_every_file(repo, source, digest, folds_allowed=True)
    assert folded > 200 and len(digest) <= 8_000
    control = digest_log(source, budget=40_000, rows_budget=40_000)
    assert not FOLD.search(control) and check_every_file(repo, source, control, False) == 0


def test_git_show_rows_are_unchanged() -> None:
    """Control: a commit whose rows fit the budget is digested as before, row for row."""
    repo = _corpus("gitrepo")
    digest = _compressor(parse("git show HEAD"))(run(repo, "git show HEAD")).text  # type: ignore[arg-type]
    assert [m.group(0) for m in ROW.finditer(digest)] == [
        " CHANGES.rst | +10 -0 | lines 9-28 | in the patch",
        " PKG-INFO | +1 -1 | lines 29-40 | in the patch",
        " docs/shell-completion.rst | +1 -1 | lines 41-53 | in the patch",
        " src/click.egg-info/PKG-INFO | +1 -1 | lines 54-65 | in the patch",
        " src/click/__init__.py | +1 -1 | lines 66-75 | in the patch",
        " src/click/_compat.py | +1 -1 | lines 76-88 | in the patch",
        " src/click/shell_completion.py | +23 -20 | lines 89-173 | in the patch"]
    assert digest.count("\ndiff --git a/") == 7
