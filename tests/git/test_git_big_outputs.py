"""Big real git outputs: code first, renames that show the change, one-line logs and blame,
and line counts as `wc -l` counts them."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from garrepa_py.routes.git import _compressor
from garrepa_py.shell.git_command import parse
from garrepa_py.structural.git import git_digest

from ..conftest import _corpus, git

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def requests_repo() -> Path:
    """requests 2.31.0 then 2.32.3, one commit each (the package moved to src/ in between)."""
    return _corpus("requests")


def digest(repo: Path, command: str) -> str:
    output = subprocess.run(command, shell=True, cwd=repo, capture_output=True, text=True,
                            check=True).stdout
    dump = parse(command)
    assert dump is not None
    return _compressor(dump)(output).text


ROOMY = 24_000  # room for several whole files: the order they come in is what is tested


@pytest.mark.parametrize("budget", [ROOMY, None])  # None: the route's own (config/budgets.py)
def test_source_changes_come_before_docs_and_build_metadata(requests_repo: Path,
                                                            budget: int | None) -> None:
    output = git(requests_repo, "diff", "HEAD~1")
    text = (digest(requests_repo, "git diff HEAD~1") if budget is None
            else git_digest.digest_diff(output, budget=budget))
    patches = re.findall(r"^diff --git a/\S+ b/(\S+)$", text, re.M)
    changed = git(requests_repo, "diff", "--name-only", "HEAD~1").split()
    assert text.startswith(f"{len(changed)} files changed, ")
    assert len(re.findall(r"^ \S.* \| (\+\d+ -\d+|binary) \| lines \d+-\d+ \| ", text,
                          re.M)) == len(changed)  # every file has its row, at any budget
    if budget == ROOMY:
        # the release's own changelog first, then its largest source changes
        assert patches[0] == "HISTORY.md"
        for source in ("adapters.py", "utils.py", "sessions.py"):
            assert f"src/requests/{source}" in patches
    for noise in ("MANIFEST.in", "PKG-INFO", "src/requests.egg-info/SOURCES.txt"):
        assert noise not in patches  # left out, and its row says where it is
        assert re.search(rf"^ (\S+ => )?{re.escape(noise)}( \(new\))? \| .* \| lines \d+-\d+ \| "
                         "left out$", text, re.M), noise
    assert patches and all(p.startswith("src/requests/") for p in patches if p != "HISTORY.md")


def test_a_renamed_file_is_named_old_new_with_the_lines_of_its_change(requests_repo: Path) -> None:
    output = git(requests_repo, "diff", "HEAD~1")
    text = digest(requests_repo, "git diff HEAD~1")
    found = re.search(r"^ requests/utils\.py => src/requests/utils\.py \| \+9 -7 \| "
                      r"lines (\d+)-(\d+) \| ", text, re.M)
    assert found is not None
    first, last = int(found.group(1)), int(found.group(2))
    shown = output.split("\n")[first - 1:last]  # what Read with offset/limit returns
    assert shown[0] == "diff --git a/requests/utils.py b/src/requests/utils.py"
    assert "rename from requests/utils.py" in shown and "new file mode" not in "\n".join(shown)
    added = sum(1 for line in shown if line.startswith("+") and not line.startswith("+++"))
    removed = sum(1 for line in shown if line.startswith("-") and not line.startswith("---"))
    assert (added, removed) == (9, 7)  # the real change, not a 1,102-line new file


def fast_import(repo: Path, subjects: list[str]) -> None:
    """One commit per subject, through `git fast-import` (seconds for thousands)."""
    stream = []
    for number, subject in enumerate(subjects, start=1):
        data = f"{number}\n".encode()
        message = subject.encode()
        stream.append(b"commit refs/heads/main\n"
                      + f"committer Dev <dev@example.com> {1700000000 + number} +0000\n".encode()
                      + f"data {len(message)}\n".encode() + message + b"\n"
                      + b"M 644 inline log.txt\n" + f"data {len(data)}\n".encode() + data + b"\n")
    subprocess.run(["git", "-C", str(repo), "fast-import", "--quiet"], input=b"".join(stream),
                   check=True)
    git(repo, "checkout", "-q", "main")


@pytest.fixture(scope="module")
def long_history(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """1,500 commits whose subjects are the change notes of click's CHANGES.rst (real text)."""
    docs = _corpus("docs")
    notes = [line.strip("-* ").strip() for line in
             (docs / "click-8.1.7" / "CHANGES.rst").read_text().split("\n")
             if line.startswith(("-", "    ")) and len(line.strip()) > 20]
    subjects = [notes[n % len(notes)][:72] for n in range(1500)]
    repo = tmp_path_factory.mktemp("history")
    git(repo, "init", "-q", "-b", "main")
    fast_import(repo, subjects)
    return repo


@pytest.mark.parametrize("command", ["git log --oneline", "git log --oneline --graph"])
def test_a_one_line_log_keeps_every_commit(long_history: Path, command: str) -> None:
    output = subprocess.run(command, shell=True, cwd=long_history, capture_output=True,
                            text=True, check=True).stdout
    assert len(output) > 60_000
    text = digest(long_history, command)
    assert text.startswith("1500 commits, one line each as git printed them:")
    assert len(text) <= 24_000
    shas = re.findall(r"\b[0-9a-f]{7,12}\b", output)
    assert len(shas) == 1500 and all(sha in text for sha in shas)  # every commit accounted for


def test_blame_is_runs_of_lines_by_commit(repo_copy: Path) -> None:
    output = git(repo_copy, "blame", "src/click/core.py")
    text = digest(repo_copy, "git blame src/click/core.py")
    lines = output.count("\n")
    assert text.startswith(f"git blame of {lines:,} lines: ")
    assert len(text) < len(output) / 10
    covered = 0
    for first, last in re.findall(r"^(\d+)(?:-(\d+))? \| [0-9a-f]{7,40} \| ", text, re.M):
        covered += int(last or first) - int(first) + 1
    assert covered == lines  # every line is in exactly one run
    for sha in set(re.findall(r"^\^?([0-9a-f]{8})", output, re.M)):
        assert sha in text


def test_line_counts_are_wc_counts(doc_corpus: Path, tmp_path: Path) -> None:
    changelog = doc_corpus / "attrs-23.2.0" / "CHANGELOG.md"
    expected = int(subprocess.run(["wc", "-l", str(changelog)], capture_output=True, text=True,
                                  check=True).stdout.split()[0])
    from garrepa_py import textlines

    assert textlines.count(changelog.read_text()) == expected
    assert textlines.split(changelog.read_text())[-1] != ""  # no blank line past the end
    out = subprocess.run([sys.executable, "-m", "garrepa_py", "peek", str(changelog),
                          str(expected - 1), str(expected + 5)], capture_output=True, text=True,
                         cwd=changelog.parent)  # peek reads paths inside the project it runs in
    assert out.returncode == 0, out.stderr
    shown = [line for line in out.stdout.split("\n") if line]
    assert len(shown) == 2 and shown[-1].startswith(f"{expected}")


def test_the_read_map_cap_holds_with_a_long_path(tmp_path: Path, doc_corpus: Path) -> None:
    from garrepa_py.routes.read import MAP_CHARS, capped

    briefing = "\n".join([f"[garrepa briefing | read | {'deep/' * 200}CHANGES.rst | …]",
                          *(f"- section {n} | lines {n}-{n + 9}" for n in range(2000)),
                          f"[exact text: /{'deep/' * 200}CHANGES.rst itself, 20,000 lines]"])
    text = capped(briefing, "garrepa: this Read was cut to lines 1-40 of 20,000.")
    assert len(text) <= MAP_CHARS
    assert text.endswith("garrepa: this Read was cut to lines 1-40 of 20,000.")
    assert "CHANGES.rst itself, 20,000 lines]" in text  # the way back always stays
    assert json.dumps(text)  # plain text, nothing cut inside a character
