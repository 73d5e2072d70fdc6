"""The committed corpora: a toolchain that did not run is never kept as a run (issue 26), the
archives are the ones the manifest pins, and the loader unpacks them whole, without a network."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import threading
from pathlib import Path

import pytest

from .conftest import load_script
from .support import corpora
from .support.corpus_check import EXPECTED, problems_of_corpus, problems_of_run

# What cargo printed under a fresh HOME whose rustup had no toolchain (issue 26; the same text
# rustup 1.28 prints here with an empty RUSTUP_HOME). It was recorded as three cargo runs.
RUSTUP_FAILURE = ("error: rustup could not choose a version of cargo to run, because one wasn't "
                  "specified explicitly, and no default is configured.\n"
                  "help: run 'rustup default stable' to download the latest stable release of "
                  "Rust and set it as your default toolchain.\n")


@pytest.mark.parametrize("name, failing", [("cargo-test-pass", []),
                                           ("cargo-test-failures", ["test_eq", "test_ne",
                                                                    "test_align"]),
                                           ("cargo-build-error", [])])
def test_rustup_without_a_toolchain_is_not_a_cargo_run(name: str, failing: list[str]) -> None:
    """The builder names the flipped tests itself, so even the failure run looked whole."""
    meta = {"command": "cargo test", "exit_code": 1, "failing": failing}
    problems = problems_of_run(name, meta, RUSTUP_FAILURE)
    assert f"{name}: the toolchain failed: \"error: rustup could not choose a version of cargo " \
           "to run, because one wasn't specified explicitly, and no default is configured.\"" \
           in problems
    assert any("no line of the tool's own output matches" in p for p in problems)


def test_the_real_cargo_pass_log_is_accepted_and_its_summary_is_what_makes_it() -> None:
    native = corpora.load("nativelogs")
    meta = json.loads((native / "cargo-test-pass.json").read_text())
    log = (native / "cargo-test-pass.log").read_text()
    assert problems_of_run("cargo-test-pass", meta, log) == []
    cut = "\n".join(line for line in log.split("\n") if "test result:" not in line)
    assert problems_of_run("cargo-test-pass", meta, cut) == [
        "cargo-test-pass: no line of the tool's own output matches '^test result: ok\\\\. \\\\d+ passed'"]


@pytest.mark.parametrize("kind", ["logs", "jslogs", "nativelogs"])
def test_every_committed_run_is_a_real_run_of_its_tool(kind: str) -> None:
    root = corpora.load(kind)
    assert problems_of_corpus(root) == []
    assert {p.stem for p in root.glob("*.json")} <= set(EXPECTED)


def test_exit_codes_must_say_what_the_run_is_for() -> None:
    native = corpora.load("nativelogs")
    log = (native / "go-test-pass.log").read_text()
    assert problems_of_run("go-test-pass", {"exit_code": 1}, log) == [
        "go-test-pass: a passing run exited 1"]
    failures = (native / "go-test-failures.log").read_text()
    assert problems_of_run("go-test-failures", {"exit_code": 0, "failing": ["TestX"]},
                           failures) == ["go-test-failures: a failing run exited 0"]
    assert problems_of_run("go-test-failures", {"exit_code": 1, "failing": []}, failures) == [
        "go-test-failures: a failing run names no failing test"]
    assert problems_of_run("go-test-pass", {"exit_code": 127},
                           "sh: 1: go: not found\n")[0] == "go-test-pass: exit code 127: the tool did not run"


def test_a_silent_tool_that_printed_something_did_not_pass() -> None:
    assert problems_of_run("tsc-clean", {"exit_code": 0}, "") == []
    printed = "npm ERR! could not determine executable to run\n"
    assert problems_of_run("tsc-clean", {"exit_code": 0}, printed) == [
        "tsc-clean: the toolchain failed: 'npm ERR! could not determine executable to run'",
        f"tsc-clean: the tool is silent when it passes, but the log has {len(printed)} chars"]


def test_a_run_nobody_said_the_purpose_of_is_refused() -> None:
    assert problems_of_run("cargo-bench", {"exit_code": 0}, "test result: ok. 1 passed") == [
        "cargo-bench: no expectation in tests/support/corpus_check.py EXPECTED (say what the run "
        "is for before it is kept)"]


def test_a_broken_or_missing_toolchain_is_an_error_naming_what_to_install(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    builder = load_script("scripts/build_corpora.py")
    fake = tmp_path / "bin"
    fake.mkdir()
    cargo = fake / "cargo"
    cargo.write_text(f"#!/bin/sh\nprintf '%s' \"{RUSTUP_FAILURE}\" >&2\nexit 1\n")
    cargo.chmod(0o755)
    monkeypatch.setenv("PATH", str(fake))
    with pytest.raises(builder.BuildError) as broken:
        builder.toolchain("cargo")
    assert str(broken.value) == (
        "cargo: `cargo --version` does not run (error: rustup could not choose a version of cargo "
        "to run, because one wasn't specified explicitly, and no default is configured.); "
        "apt-get install cargo librust-semver-dev")
    with pytest.raises(builder.BuildError) as missing:
        builder.toolchain("go")
    assert str(missing.value) == ("go: go is not installed (apt-get install golang-go "
                                  "golang-github-google-go-cmp-dev golang-github-pmezard-go-difflib-dev)")


def test_the_manifest_pins_every_committed_archive() -> None:
    entries = corpora.manifest()
    archives = {p.name for p in corpora.FOLDER.iterdir() if p.name != "MANIFEST.json"}
    assert archives == {entry["archive"] for entry in entries.values()}
    for kind, entry in entries.items():
        data = (corpora.FOLDER / entry["archive"]).read_bytes()
        assert (hashlib.sha256(data).hexdigest(), len(data)) == (entry["sha256"], entry["bytes"])
        assert entry["sources"], kind
        assert all(len(source["sha256"]) == 64 for source in entry["sources"]), kind


def test_a_release_repository_keeps_its_commit_shas() -> None:
    from .conftest import git

    entry = corpora.manifest()["gitrepo"]
    repo = corpora.load("gitrepo")
    assert git(repo, "rev-parse", "HEAD").strip() == entry["head"]
    assert git(repo, "log", "--all", "--format=%s").split("\n")[:2] == [
        "Release click 8.1.7", "Release click 8.1.6"]
    assert len(git(repo, "ls-files").split()) == entry["files"]


@pytest.fixture
def private_corpora(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The loader over a copy of the committed npm corpus, unpacking into tmp_path."""
    folder = tmp_path / "corpora"
    folder.mkdir()
    entry = corpora.manifest()["npm"]
    shutil.copy(corpora.FOLDER / entry["archive"], folder)
    (folder / "MANIFEST.json").write_text(json.dumps({"npm": entry}))
    monkeypatch.setattr(corpora, "FOLDER", folder)
    monkeypatch.setattr(corpora, "MANIFEST", folder / "MANIFEST.json")
    monkeypatch.setattr(corpora, "CACHE", tmp_path / "cache")
    corpora.load.cache_clear()
    yield folder
    corpora.load.cache_clear()


def test_workers_asking_at_once_all_get_the_whole_corpus(private_corpora: Path) -> None:
    found: list[Path] = []
    load = corpora.load.__wrapped__  # each thread unpacks for itself, as separate workers do
    threads = [threading.Thread(target=lambda: found.append(load("npm"))) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    entry = corpora.manifest()["npm"]
    assert set(found) == {corpora.CACHE / f"npm-{entry['sha256'][:12]}"}
    assert len(list(found[0].glob("*.json"))) == entry["files"]
    assert os.listdir(corpora.CACHE) == [found[0].name]  # no half-unpacked folder left


def test_an_archive_that_is_not_the_pinned_one_is_refused(private_corpora: Path) -> None:
    archive = private_corpora / "npm.tar.xz"
    archive.write_bytes(archive.read_bytes() + b"\0")
    with pytest.raises(corpora.CorpusError, match="rebuild it with scripts/build_corpora.py"):
        corpora.load("npm")
    assert not (corpora.CACHE).exists() or not any(corpora.CACHE.iterdir())
