"""Attack on issue 33's "exact stays exact" (round 2): commands the parsed-command rule still
digested although they print a file whole — a package manager running another program
(`uv run cat F`, `npm exec`, `pnpm exec`, `yarn exec`), curl reading a file by a default
protocol (`--proto-default file /F`) or a write-out format from a file (`-w @F`), fd's
attached exec forms (`-xcat`, `--exec=cat`), `dmesg -F F`, and a Secret named as
`kind/name` (`kubectl get secret/x -o yaml`). Each was confirmed with the real tool where it is
installed here (curl 8, util-linux dmesg) and runs through the real hook process; each has its
benign twin of the same shape that IS still digested, so the rule stays narrow.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from .test_exact_by_parse import digested

# (prints a file or a secret whole, its benign twin)
PAIRS = [
    ("uv run cat app.py", "uv pip list"),
    ("uv run --frozen python -c 'print(open(\"app.py\").read())'", "uv pip freeze"),
    ("npm exec -- cat app.py", "npm ls --all"),
    ("npm x cat app.py", "npm outdated"),
    ("pnpm exec cat app.py", "pnpm list"),
    ("yarn exec cat app.py", "yarn list"),
    ("curl --proto-default file /work/app.py", "curl --proto-default https example.com/a"),
    ("curl -s --proto-default=file /work/app.py", "curl -s --proto-default=https example.com/a"),
    ("curl -w @app.py https://example.com/", "curl -w '%{http_code}' https://example.com/"),
    ("curl --write-out @app.py https://example.com/", "curl --write-out x https://example.com/"),
    ("fd py -xcat", "fd py -xls"),
    ("fd py --exec=cat", "fd py --exec=wc"),
    ("fd py --exec-batch=cat", "fd py --exec-batch=ls"),
    ("dmesg -F app.py", "dmesg -T"),
    ("dmesg --file=app.py", "dmesg --level=err"),
    ("kubectl get secret/db -o yaml", "kubectl get pod/db -o yaml"),
    ("kubectl get secrets/db,configmap/x -o json", "kubectl get pods/db,configmap/x -o json"),
]


@pytest.mark.parametrize(("whole", "twin"), PAIRS, ids=[p[0] for p in PAIRS])
def test_a_whole_print_reaches_the_agent_exactly_and_its_twin_is_digested(
        tmp_path: Path, whole: str, twin: str) -> None:
    assert not digested(tmp_path / "whole", whole), f"{whole!r} prints the file: must be exact"
    assert digested(tmp_path / "twin", twin), f"{twin!r} prints no file: it is digested"


# Rust regex (rg, and the Grep tool, which is ripgrep) reads `\b{start}`, `\b{end}`,
# `\b{start-half}`, `\b{end-half}` as one zero-width assertion: the proof read `{start}` as
# seven literal characters, so a pattern that matches at every word start was "proved" to
# need a character and its whole-file print was digested.
BOUNDARIES = ["\\b{start}", "\\b{end}", "\\b{start-half}", "\\b{end-half}"]


@pytest.mark.parametrize("pattern", BOUNDARIES)
def test_rg_with_a_rust_word_boundary_prints_the_file_and_stays_exact(
        tmp_path: Path, pattern: str) -> None:
    assert not digested(tmp_path / "whole", f"rg '{pattern}' app.py")
    assert digested(tmp_path / "twin", f"rg '{pattern}def' app.py")  # needs `def`: digested


@pytest.mark.parametrize("pattern", BOUNDARIES)
def test_a_grep_tool_call_with_a_rust_word_boundary_stays_exact(
        tmp_path: Path, pattern: str) -> None:
    from .test_exact_by_parse import GREP_CONTENT, SOURCE, run

    whole = {"pattern": pattern, "path": "app.py", "output_mode": "content"}
    assert run(tmp_path / "whole", "Grep", whole, GREP_CONTENT) is None
    twin = {**whole, "pattern": pattern + "def"}
    reply = run(tmp_path / "twin", "Grep", twin, GREP_CONTENT)
    assert reply["hookSpecificOutput"]["updatedToolOutput"]["content"] != SOURCE * 2
