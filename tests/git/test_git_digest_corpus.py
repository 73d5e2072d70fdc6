"""Git digests of a real repository: complete stat tables, patches that still apply, every SHA."""

from __future__ import annotations

import io
import re
import subprocess
import tarfile
from pathlib import Path

import pytest

from garrepa_py.routes.git import _compressor
from garrepa_py.shell.git_command import parse
from garrepa_py.structural.git.git_digest import BUDGET, LIST_BUDGET
from garrepa_py.structural.git.git_rank import table_note

from ..conftest import git


def _structural(dump, source: str) -> str:  # type: ignore[no-untyped-def]
    """The git route's structural digest of `source`, as the registry makes it for `dump`."""
    return _compressor(dump)(source).text


def patch_section(digest: str) -> str:
    body = digest.split("Patch (whole hunks; applies with git apply):\n", 1)[1]
    return body.rstrip("\n") + "\n"


def tree_at(repo: Path, rev: str, target: Path) -> Path:
    archive = subprocess.run(["git", "-C", str(repo), "archive", rev], capture_output=True,
                             check=True).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(target, filter="data")
    return target


@pytest.mark.parametrize("old, new", [("HEAD~4", "HEAD"), ("HEAD~1", "HEAD"), ("HEAD~3", "HEAD~1")])
def test_diff_digest_stat_is_complete_and_patch_applies(click_repo: Path, tmp_path: Path,
                                                        old: str, new: str) -> None:
    command = f"git diff {old} {new}"
    source = git(click_repo, "diff", old, new)
    digest = _structural(parse(command), source)  # type: ignore[arg-type]
    assert len(digest) <= BUDGET
    changed = git(click_repo, "diff", "--name-only", old, new).split()
    stat_block = digest.split("\n\n", 1)[0]
    for path in changed:
        assert re.search(rf"^ {re.escape(path)}( \(new\)| \(deleted\))? \| ", stat_block, re.M), path
    patch = patch_section(digest)
    assert patch.count("diff --git ") >= 1
    (tmp_path / "p.diff").write_text(patch)
    tree = tree_at(click_repo, old, tmp_path / "tree")
    check = subprocess.run(["git", "apply", "--check", "-v", str(tmp_path / "p.diff")], cwd=tree,
                           capture_output=True, text=True)
    assert check.returncode == 0, check.stderr[-2000:]
    included = set(re.findall(r"^diff --git a/(\S+) ", patch, re.M))
    left = set(re.findall(r"^ (\S+) .*\| lines \d+-\d+ \| left out$", digest, re.M))
    assert included | left >= set(changed)


def test_sources_come_before_lockfiles_and_generated_files(repo_copy: Path) -> None:
    (repo_copy / "package-lock.json").write_text('{"lockfileVersion": 3}\n' * 3000)
    (repo_copy / "src" / "click" / "extra.py").write_text("def added():\n    return 1\n")
    git(repo_copy, "add", "-A")
    source = git(repo_copy, "diff", "--cached")
    digest = _structural(parse("git diff --cached"), source)  # type: ignore[arg-type]
    patch = patch_section(digest)
    assert "diff --git a/src/click/extra.py" in patch
    assert "package-lock.json" not in patch
    assert re.search(r"^ package-lock.json \(new\) \| \+3000 -0 \| lines \d+-\d+ \| left out$",
                     digest, re.M)


def test_log_digest_keeps_every_sha_author_date_subject(click_repo: Path) -> None:
    source = git(click_repo, "log")
    digest = _structural(parse("git log"), source)  # type: ignore[arg-type]
    for sha in git(click_repo, "log", "--format=%H").split():
        assert sha in digest
    assert "Release click 8.1.3" in digest and "Import the click 8.1.3 sdist from PyPI." in digest
    assert "Release Bot <releases@example.com>" in digest


def test_log_p_digest_has_each_commit_and_valid_hunks(click_repo: Path, tmp_path: Path) -> None:
    source = git(click_repo, "log", "-p")
    assert len(source) > 30000
    digest = _structural(parse("git log -p"), source)  # type: ignore[arg-type]
    assert len(digest) <= LIST_BUDGET  # every file's row first (issue 35), then hunks
    shas = git(click_repo, "log", "--format=%H").split()
    for sha in shas:
        assert f"commit {sha} | Release Bot" in digest
    # the newest commit's included hunks apply to its parent
    newest = digest.split(f"commit {shas[1]} |", 1)[0].split("\n")
    start = next(i for i, line in enumerate(newest) if line.startswith("diff --git "))
    patch = "\n".join(newest[start:]).rstrip("\n") + "\n"
    (tmp_path / "p.diff").write_text(patch)
    tree = tree_at(click_repo, shas[1], tmp_path / "tree")
    check = subprocess.run(["git", "apply", "--check", str(tmp_path / "p.diff")], cwd=tree,
                           capture_output=True, text=True)
    assert check.returncode == 0, check.stderr[-2000:]
    assert re.search(r"^ \S+ .*\| lines \d+-\d+ \| (left out|\d+ of \d+ hunks)", digest, re.M)


def test_show_digest(click_repo: Path) -> None:
    source = git(click_repo, "show", "HEAD~1")
    digest = _structural(parse("git show HEAD~1"), source)  # type: ignore[arg-type]
    sha = git(click_repo, "rev-parse", "HEAD~1").strip()
    assert digest.startswith(f"1 commits, in the order git printed them:\n{table_note()}\n"
                             f"commit {sha} | ")
    assert "diff --git a/CHANGES.rst b/CHANGES.rst" in digest


def test_digest_is_deterministic(click_repo: Path) -> None:
    source = git(click_repo, "log", "-p")
    assert _structural(parse("git log -p"), source) == _structural(parse("git log -p"), source)  # type: ignore[arg-type]
