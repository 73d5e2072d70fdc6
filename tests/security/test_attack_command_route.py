"""Hostile inputs to the command route through the real hook process.

Each test states the behaviour the route must have; the ones that fail are open bugs.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from garrepa_py.config.trust_write import record_trust

from ..conftest import run_hook, session_fields

SOURCE = "".join(f"def function_{n}(value):\n    return value * {n}  # line {n}\n"
                 for n in range(3000))


def project(tmp_path: Path) -> Path:
    root = tmp_path / "project"
    root.mkdir(exist_ok=True)
    (root / "garrepa.config.json").write_text(json.dumps({"provider": {"type": "none"}}))
    record_trust(root / "garrepa.config.json")
    return root


def hook(tmp_path: Path, command: str, response: Any, root: Path | None = None) -> Any:
    root = root or project(tmp_path)
    event = {"session_id": "s", **session_fields(tmp_path), "hook_event_name": "PostToolUse",
             "tool_name": "Bash", "tool_input": {"command": command, "description": "d"},
             "tool_response": response, "tool_use_id": "t"}
    proc = run_hook(json.dumps(event), env={"CLAUDE_PROJECT_DIR": str(root),
                                            "GARREPA_PROVIDER": "none"})
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout) if proc.stdout.strip() else None


def bash(text: str) -> dict[str, Any]:
    return {"stdout": text, "stderr": "", "interrupted": False, "isImage": False,
            "noOutputExpected": False}


def rewritten(reply: Any) -> bool:
    return bool(reply) and "updatedToolOutput" in reply.get("hookSpecificOutput", {})


# Each prints the whole of a source file; its output must reach the agent exactly.
EXACT_READS = [
    "python3 -c \"print(open('app.py').read())\"",
    "python -c 'import sys; sys.stdout.write(open(\"app.py\").read())'",
    "perl -pe1 app.py",
    "base64 app.py",
    "git cat-file -p 3b18e512dba79e4c8300dd08aeb37f8e728b8dad",
    "zcat app.py.gz",
    "hexdump -C app.py",
    "cut -c1- app.py",
    "grep '' app.py",
    "jq . package.json",
    "cat app.log.py",
    "dd if=app.py",
    "diff /dev/null app.py",
    "cp app.py /dev/stdout",
    "tee < app.py",
    "paste app.py",
]


@pytest.mark.parametrize("command", EXACT_READS)
def test_a_whole_file_printed_in_disguise_stays_exact(tmp_path: Path, command: str) -> None:
    assert not rewritten(hook(tmp_path, command, bash(SOURCE)))


# The agent recovering a spill's exact bytes, written as an agent would write it.
SPILL_READS = [
    "grep -n '' .garrepa/spill/0123456789abcdef0123456789abcdef.txt",
    "cd .garrepa/spill && grep -n def 0123456789abcdef0123456789abcdef.txt",
    "cd .garrepa && grep -rn def spill",
    "grep -n def ./.garrepa//spill/0123456789abcdef0123456789abcdef.txt",
]


@pytest.mark.parametrize("command", SPILL_READS)
def test_a_read_of_a_spill_is_never_digested_again(tmp_path: Path, command: str) -> None:
    assert not rewritten(hook(tmp_path, command, bash(SOURCE)))


def test_an_excluded_command_behind_cd_stays_exact(tmp_path: Path) -> None:
    root = project(tmp_path)
    (root / "garrepa.config.json").write_text(json.dumps(
        {"provider": {"type": "none"}, "commands": {"exclude": ["kubectl get secret*"]}}))
    record_trust(root / "garrepa.config.json")
    assert not rewritten(hook(tmp_path, "kubectl get secret -o yaml", bash(SOURCE), root))
    assert not rewritten(hook(tmp_path, "cd k8s && kubectl get secret -o yaml", bash(SOURCE),
                              root))


def test_control_a_large_grep_is_digested(tmp_path: Path) -> None:
    """The route works at all: without this the exact-read tests would pass vacuously."""
    listing = "".join(f"src/m{n % 40}.py:{n}:    value = {n}\n" for n in range(4000))
    assert rewritten(hook(tmp_path, "grep -rn value src", bash(listing)))


@pytest.mark.parametrize("response", [
    {"stdout": ["x"] * 10, "stderr": 1},
    {"stdout": "x\n" * 20000, "stderr": "", "persistedOutputPath": 7, "persistedOutputSize": 9},
    {"stdout": "x\n" * 20000, "stderr": "", "persistedOutputPath": "/etc/passwd",
     "persistedOutputSize": 400000},
    {"stdout": "x\n" * 20000, "stderr": {"a": 1}, "interrupted": False},
    {"stdout": "\udcff\x00\x1b[31m" * 40000, "stderr": ""},
    "plain string",
    None,
])
def test_malformed_responses_never_break_the_hook(tmp_path: Path, response: Any) -> None:
    reply = hook(tmp_path, "grep -rn value src", response)
    if rewritten(reply):
        out = reply["hookSpecificOutput"]["updatedToolOutput"]
        assert isinstance(out["stdout"], str) and isinstance(out["stderr"], str)


def test_five_megabytes_digest_within_budget_and_shorter(tmp_path: Path) -> None:
    from garrepa_py.config import budgets

    listing = "".join(f"pkg/mod{n % 977}/file{n}.go:{n}: TODO fix {n}\n" for n in range(120000))
    assert len(listing) > 5_000_000
    reply = hook(tmp_path, "grep -rn TODO pkg", bash(listing))
    text = reply["hookSpecificOutput"]["updatedToolOutput"]["stdout"]
    assert len(text) < len(listing)
    assert len(text) <= budgets.COMMAND_DIGEST_CHARS + 2000


def test_a_grep_that_found_garrepas_own_spills_says_so(tmp_path: Path) -> None:
    """A plain `grep -r` over the project also searches an older install's .garrepa/spill/: the
    digest names how many lines are those and how to leave them out (new spills are kept
    outside the project: tests/security/test_spill_place.py)."""
    listing = "".join(f"src/m{n % 40}.py:{n}:    value = {n}\n" for n in range(3000))
    own = "".join(f"./.garrepa/spill/{'a' * 32}.txt:{n}:src/m1.py:{n}:    value = {n}\n"
                  for n in range(700))
    reply = hook(tmp_path, "grep -rn value .", bash(listing + own))
    assert rewritten(reply)
    text = reply["hookSpecificOutput"]["updatedToolOutput"]["stdout"]
    assert ("[garrepa: 700 of these lines are in an older garrepa install's saved outputs "
            "under .garrepa/") in text
    assert "--exclude-dir=.garrepa" in text
    plain = hook(tmp_path, "grep -rn value .", bash(listing))
    assert "saved outputs under .garrepa" not in plain["hookSpecificOutput"]["updatedToolOutput"][
        "stdout"]


@pytest.mark.parametrize("command", [
    "grep -rn value . --exclude-dir=.garrepa", "grep -rn --exclude-dir .garrepa value .",
    "rg -n value -g '!.garrepa'", "rg -n value --glob='!.garrepa'"])
def test_leaving_the_old_spills_out_is_not_a_read_of_them(tmp_path: Path, command: str) -> None:
    """What the note on an older install's in-tree spills tells the agent to add keeps the
    search digested; the control, a search *of* .garrepa/, stays exact."""
    listing = "".join(f"src/m{n % 40}.py:{n}:    value = {n}\n" for n in range(3000))
    assert rewritten(hook(tmp_path, command, bash(listing)))
    assert not rewritten(hook(tmp_path, "grep -rn value .garrepa", bash(listing)))
