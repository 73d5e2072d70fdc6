"""Importance first, on flask's real release diffs: the main module, CLI and changelog are in the
patch; files go source, tests, docs, build metadata; every file is named once, with the lines of
the exact original it is at; the digest fits its budget and is never cut."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from garrepa_py.routes.git import _compressor
from garrepa_py.shell.git_command import parse
from garrepa_py.structural.git.git_digest import BUDGET, LIST_BUDGET, digest_log
from garrepa_py.structural.git.git_rank import priority

from ..conftest import _corpus, git, run_hook, session_fields
from .test_git_digest_corpus import patch_section, tree_at

ROW = re.compile(r"^ (?P<name>.+?) \| (?P<stat>\+\d+ -\d+|binary) \| lines (?P<a>\d+)-(?P<b>\d+)"
                 r"(?P<rest>.*)$", re.M)
LEFT_HUNKS = re.compile(r"hunks? left out at lines ([\d, -]+)")
RELEASES = [("HEAD~2", "HEAD~1"), ("HEAD~3", "HEAD~2"), ("HEAD~1", "HEAD")]


@pytest.fixture(scope="module")
def flask_repo() -> Path:
    """flask 2.3.3, 3.0.0, 3.0.3 and 3.1.0 from PyPI, one commit each."""
    return _corpus("flask")


def digest_of(repo: Path, command: str) -> tuple[str, str]:
    source = subprocess.run(command, shell=True, cwd=repo, capture_output=True, text=True,
                            check=True).stdout
    dump = parse(command)
    assert dump is not None
    return source, _compressor(dump)(source).text


def largest_hunk(source: str, path: str) -> str:
    section = next(f for f in ("\n" + source).split("\ndiff --git ") if f.startswith(f"a/{path} "))
    return max(("@@" + h for h in section.split("\n@@")[1:]), key=len).rstrip("\n")


def ranges(text: str) -> list[tuple[int, int]]:
    return [(int(a), int(b or a)) for a, b in re.findall(r"(\d+)(?:-(\d+))?", text)]


def test_the_main_module_cli_and_changelog_are_in_the_patch(flask_repo: Path) -> None:
    # 3.0.0 -> 3.0.3 (118 K chars): "smallest first" put example import tweaks and
    # requirements/*.in in the patch and left app.py, cli.py and CHANGES.rst out.
    source, digest = digest_of(flask_repo, "git diff HEAD~2 HEAD~1")
    assert len(source) > 100_000
    patch = patch_section(digest)
    for main in ("src/flask/app.py", "src/flask/cli.py", "CHANGES.rst"):
        assert f"diff --git a/{main} b/{main}" in patch, main
    for noise in ("requirements/dev.in", "examples/tutorial/flaskr/auth.py"):
        assert f"diff --git a/{noise} " not in patch
    # the largest hunk of each, whole
    for main in ("src/flask/app.py", "src/flask/cli.py", "CHANGES.rst"):
        assert largest_hunk(source, main) in patch, main


@pytest.mark.parametrize("old, new", RELEASES)
def test_patch_goes_in_rank_order_and_applies(flask_repo: Path, tmp_path: Path, old: str,
                                              new: str) -> None:
    source, digest = digest_of(flask_repo, f"git diff {old} {new}")
    patch = patch_section(digest)
    assert largest_hunk(source, "CHANGES.rst") in patch  # the release's own notes
    files = re.findall(r"^diff --git a/\S+ b/(\S+)$", patch, re.M)
    ranks = [priority(path) for path in files]
    assert ranks == sorted(ranks) and len(set(ranks)) >= 2, list(zip(files, ranks, strict=True))
    (tmp_path / "p.diff").write_text(patch)
    tree = tree_at(flask_repo, old, tmp_path / "tree")
    check = subprocess.run(["git", "apply", "--check", str(tmp_path / "p.diff")], cwd=tree,
                           capture_output=True, text=True)
    assert check.returncode == 0, check.stderr[-2000:]


@pytest.mark.parametrize("old, new", RELEASES)
def test_every_file_is_named_once_with_its_lines_in_the_exact_original(
        flask_repo: Path, old: str, new: str) -> None:
    source, digest = digest_of(flask_repo, f"git diff {old} {new}")
    lines = source.split("\n")
    changed = git(flask_repo, "diff", "--name-only", old, new).split()
    rows = list(ROW.finditer(digest))
    named = [row["name"].removesuffix(" (new)").removesuffix(" (deleted)") for row in rows]
    assert len(named) == len(set(named)) == len(changed)  # each file once, none missing
    left_out = 0
    for row in rows:
        first, last = int(row["a"]), int(row["b"])
        path = named[rows.index(row)].split(" => ")[-1]
        assert lines[first - 1].startswith("diff --git ") and f"b/{path}" in lines[first - 1]
        assert last >= len(lines) - 1 or lines[last].startswith("diff --git ")  # whole section
        hunks = LEFT_HUNKS.search(row["rest"])
        if "in the patch" not in row["rest"]:
            left_out += 1
        for a, b in ranges(hunks.group(1)) if hunks else []:
            assert first < a <= b <= last and lines[a - 1].startswith("@@ ")
    assert left_out  # these diffs do not fit: the rows say where the rest is
    assert "Left out" not in digest and "see: git" not in digest  # no second list, no command
    assert len(digest) <= BUDGET and "more lines not shown" not in digest


ROOMY = 48_000  # every row and each commit's main hunks: which hunks come is what is tested


@pytest.mark.parametrize("budget", [ROOMY, None])  # None: the route's own (config/budgets.py)
def test_log_p_carries_each_commits_main_hunks(flask_repo: Path, budget: int | None) -> None:
    # 1.57 MB: the digest used to hold file lists only, each file twice, and was cut.
    source, digest = digest_of(flask_repo, "git log -p")
    if budget is not None:
        digest = digest_log(source, budget=budget, rows_budget=budget)
    assert len(source) > 1_000_000
    assert len(digest) <= (budget or LIST_BUDGET) and "more lines not shown" not in digest
    shas = git(flask_repo, "log", "--format=%H").split()
    parts = re.split(r"^commit [0-9a-f]{40} \| ", digest, flags=re.M)[1:]
    assert len(parts) == len(shas)
    for sha, part in zip(shas, parts, strict=True):
        assert sha in digest
        # at the route's budget the rows of 370 files come first (issue 35): hunks only if room
        assert budget is None or "\ndiff --git a/" in part, sha
        names = [m["name"] for m in ROW.finditer(part)]
        assert len(names) == len(set(names))
    if budget == ROOMY:  # at the route's smaller budget each commit gets fewer, smaller hunks
        newest = parts[0]
        assert ("diff --git a/src/flask/app.py" in newest
                or "diff --git a/src/flask/cli.py" in newest)
        for commit, part in zip(shas[:-1], parts[:-1], strict=True):  # the root: 1,516 lines
            shown = git(flask_repo, "show", "--format=", commit)
            assert largest_hunk(shown, "CHANGES.rst") in part, commit
    lines = source.split("\n")
    for row in ROW.finditer(digest):
        assert lines[int(row["a"]) - 1].startswith("diff --git ")


def test_the_hook_names_lines_of_its_own_spill(flask_repo: Path, tmp_path: Path) -> None:
    """Through the real hook: each row's `lines A-B` are lines of the file the pointer names."""
    import json

    source = git(flask_repo, "diff", "HEAD~2", "HEAD~1")
    event = {"session_id": "s", **session_fields(tmp_path), "hook_event_name": "PostToolUse",
             "tool_name": "Bash", "tool_input": {"command": "git diff HEAD~2 HEAD~1"},
             "tool_response": {"stdout": source, "stderr": "", "interrupted": False},
             "tool_use_id": "t"}
    project = tmp_path / "project"
    project.mkdir()
    proc = run_hook(json.dumps(event), env={"CLAUDE_PROJECT_DIR": str(project),
                                            "GARREPA_PROVIDER": "none"})
    assert proc.returncode == 0, proc.stderr
    text = json.loads(proc.stdout)["hookSpecificOutput"]["updatedToolOutput"]["stdout"]
    assert len(text) < 30_000 and "more lines not shown" not in text
    spill = Path(text.rsplit("[exact original: ", 1)[1].split(" (", 1)[0])
    spilled = spill.read_text().split("\n")
    rows = list(ROW.finditer(text))
    assert len(rows) == 61
    for row in rows:
        path = row["name"].removesuffix(" (new)").removesuffix(" (deleted)").split(" => ")[-1]
        assert spilled[int(row["a"]) - 1].startswith("diff --git ") and path in spilled[
            int(row["a"]) - 1]


def test_a_whole_release_imported_at_once_fits_and_names_where_the_rest_is(
        flask_repo: Path) -> None:
    """flask 2.3.3 imported in one commit (1.18 MB, 200+ new files): too many rows for the
    table's half of the budget, so the rows of the files in the patch and the most important
    others are kept and one line names the lines the other files are within."""
    root = git(flask_repo, "rev-list", "--max-parents=0", "HEAD").strip()
    command = f"git diff 4b825dc642cb6eb9a060e54bf8d69288fbee4904 {root}"  # the empty tree
    source, digest = digest_of(flask_repo, command)
    lines = source.split("\n")
    assert len(source) > 1_000_000
    assert len(digest) <= BUDGET and "more lines not shown" not in digest
    rest = re.search(r"^ … (\d+) more files, left out: each a `diff --git` section within lines "
                     r"(\d+)-(\d+)$", digest, re.M)
    assert rest is not None
    shown = list(ROW.finditer(digest))
    assert len(shown) + int(rest.group(1)) == source.count("\ndiff --git ") + 1
    first, last = int(rest.group(2)), int(rest.group(3))
    assert lines[first - 1].startswith("diff --git ") and last <= len(lines)
    for row in shown:
        assert lines[int(row["a"]) - 1].startswith("diff --git ")
    assert "diff --git a/CHANGES.rst b/CHANGES.rst" not in patch_section(digest)  # 1,516 lines
    assert "\ndiff --git a/src/flask/" in patch_section(digest)


def test_the_hook_digests_a_saved_log_p_within_claude_codes_inline_limit(
        flask_repo: Path, tmp_path: Path) -> None:
    """`git log -p` (1.57 MB) as Claude Code hands it over: 30,000 chars inline and the whole
    text in its saved file. The reply stays under 30,000 chars, uncut, and its rows are lines of
    the spill, which is the whole saved text."""
    import json

    from ..conftest import tool_results_dir

    source = git(flask_repo, "log", "-p")
    saved = tool_results_dir(tmp_path) / "b2.txt"
    saved.write_text(source)
    event = {"session_id": "s", **session_fields(tmp_path), "hook_event_name": "PostToolUse",
             "tool_name": "Bash", "tool_input": {"command": "git log -p"},
             "tool_response": {"stdout": source[:30000], "stderr": "", "interrupted": False,
                               "isImage": False, "noOutputExpected": False,
                               "persistedOutputPath": str(saved),
                               "persistedOutputSize": len(source)},
             "tool_use_id": "t"}
    project = tmp_path / "project"
    project.mkdir()
    proc = run_hook(json.dumps(event), env={"CLAUDE_PROJECT_DIR": str(project),
                                            "GARREPA_PROVIDER": "none"})
    assert proc.returncode == 0, proc.stderr
    text = json.loads(proc.stdout)["hookSpecificOutput"]["updatedToolOutput"]["stdout"]
    assert len(text) < 30_000 and "more lines not shown" not in text
    spill = Path(text.rsplit("[exact original: ", 1)[1].split(" (", 1)[0])
    assert spill.read_text() == source
    spilled = source.split("\n")
    rows = list(ROW.finditer(text))
    assert len(rows) > 20
    for row in rows:
        assert spilled[int(row["a"]) - 1].startswith("diff --git ")
    assert len(rows) > 300  # 370 files: each its row, or its directory's folded row
