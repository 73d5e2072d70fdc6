"""Hostile inputs to the search route (Grep / Glob) and the command route's residue, through the
real hook process with a trusted config and no model.

Each test states the behaviour the routes must have; the ones that fail are open bugs.
"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest

from garrepa_py.config.trust_write import record_trust

from ..conftest import REPO, run_hook, session_fields

LISTING = "".join(f"src/m{n % 40}.py:{n}:    value = {n}\n" for n in range(4000))
SOURCE = "".join(f"def function_{n}(value):\n    return value * {n}  # line {n}\n"
                 for n in range(3000))


def project(tmp_path: Path) -> Path:
    root = tmp_path / "project"
    root.mkdir(exist_ok=True)
    (root / "garrepa.config.json").write_text(json.dumps(
        {"provider": {"type": "none"}, "search": {"enabled": True}}))
    record_trust(root / "garrepa.config.json")
    return root


def hook(tmp_path: Path, tool: str, tool_input: dict[str, Any], response: Any) -> Any:
    root = project(tmp_path)
    event = {"session_id": "s", **session_fields(tmp_path), "hook_event_name": "PostToolUse",
             "tool_name": tool, "tool_input": tool_input, "tool_response": response,
             "tool_use_id": "t", "cwd": str(root)}
    proc = run_hook(json.dumps(event), env={"CLAUDE_PROJECT_DIR": str(root),
                                            "GARREPA_PROVIDER": "none"})
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout) if proc.stdout.strip() else None


def updated(reply: Any) -> Any:
    return (reply or {}).get("hookSpecificOutput", {}).get("updatedToolOutput")


def bash(text: str) -> dict[str, Any]:
    return {"stdout": text, "stderr": "", "interrupted": False, "isImage": False,
            "noOutputExpected": False}


GREP_CONTENT = {"pattern": "value", "output_mode": "content", "-n": True}
CONTENT = {"mode": "content", "numFiles": 0, "filenames": [], "content": LISTING,
           "numLines": 4000, "totalLines": 4000}


def test_control_a_large_grep_content_is_digested(tmp_path: Path) -> None:
    """The route works at all: without this the pass-through tests would pass vacuously."""
    out = updated(hook(tmp_path, "Grep", GREP_CONTENT, CONTENT))
    assert out and out["mode"] == "content" and len(out["content"]) < len(LISTING)


def grep_shape_ok(out: dict[str, Any]) -> bool:
    """Grep's output schema as measured (docs/measured-search-tools.md §3): a reply without
    `mode` is rendered as an empty files_with_matches ("No files found"); wrong types drop it."""
    return (out.get("mode") in ("content", "files_with_matches", "count")
            and isinstance(out.get("numFiles"), int) and not isinstance(out["numFiles"], bool)
            and isinstance(out.get("filenames"), list)
            and all(isinstance(n, str) for n in out["filenames"])
            and isinstance(out.get("content", ""), str))


@pytest.mark.parametrize("response", [
    {k: v for k, v in CONTENT.items() if k != "mode"},   # the model would get "No files found"
    {**CONTENT, "numFiles": "0"},
    {**CONTENT, "filenames": [1, None]},
    {**CONTENT, "content": LISTING.splitlines()},
    {**CONTENT, "content": LISTING.replace("value", "va\x00lue\udcff", 50)},
], ids=["no-mode", "numFiles-string", "filenames-not-strings", "content-list", "nul-surrogate"])
def test_a_malformed_grep_reply_is_passed_or_answered_in_a_shape_claude_code_accepts(
        tmp_path: Path, response: dict[str, Any]) -> None:
    out = updated(hook(tmp_path, "Grep", GREP_CONTENT, response))
    assert out is None or grep_shape_ok(out)


def test_five_megabytes_of_grep_content_digest_within_the_inline_bound(tmp_path: Path) -> None:
    big = LISTING * (5_000_000 // len(LISTING) + 1)
    out = updated(hook(tmp_path, "Grep", GREP_CONTENT, {**CONTENT, "content": big}))
    assert out and grep_shape_ok(out) and len(out["content"]) <= 20_000


def test_files_with_matches_header_counts_the_names_it_shows(tmp_path: Path) -> None:
    """Claude Code prints `Found {numFiles} files` over the reply's `filenames`: the header must
    count the entries the reply lists (the digest's lines), not the original's files."""
    names = [f"pkg/sub{n % 30}/file_{n}_with_a_rather_long_name_to_add_chars.py"
             for n in range(800)]
    out = updated(hook(tmp_path, "Grep", {"pattern": "x"},
                       {"mode": "files_with_matches", "filenames": names, "numFiles": 800,
                        "totalFiles": 800}))
    assert out and grep_shape_ok(out)
    assert out["numFiles"] == len(out["filenames"])


def test_a_glob_cut_at_100_still_says_how_many_matched(tmp_path: Path) -> None:
    """The original told the model `Showing 100 of 1398 matching files; 1298 more are not
    listed`; the reply sets `truncated: false`, so that note must be carried by the digest
    itself — else the agent believes 100 files are all there are."""
    names = [f"very/deep/directory/number{n % 7}/levels/file_{n}_{'x' * 300}.py"
             for n in range(100)]
    out = updated(hook(tmp_path, "Glob", {"pattern": "**/*"},
                       {"filenames": names, "durationMs": 16, "numFiles": 100, "truncated": True,
                        "totalMatches": 1398, "countIsComplete": True}))
    assert out and isinstance(out["numFiles"], int) and isinstance(out["durationMs"], int)
    shown = "\n".join(out["filenames"])
    assert out["truncated"] is True or "1398" in shown or "1,398" in shown


def test_a_grep_cut_by_its_head_limit_still_says_it_was_cut(tmp_path: Path) -> None:
    """`appliedLimit` is dropped (its footer would be about the original); the digest must
    then say the result was already cut at 250 of 4,000 lines, or the agent takes the 250
    for every match."""
    lines = "".join(LISTING.splitlines(keepends=True)[:250]) * 8
    out = updated(hook(tmp_path, "Grep", GREP_CONTENT,
                       {**CONTENT, "content": lines, "numLines": 2000, "totalLines": 40000,
                        "appliedLimit": 2000}))
    assert out
    assert "appliedLimit" in out or re.search(r"limit|40,?000", out["content"])


@pytest.mark.parametrize("path", ["/home/u/.ssh", "id_rsa", "~/.aws", "secrets"])
def test_a_grep_of_a_secret_path_stays_exact(tmp_path: Path, path: str) -> None:
    assert updated(hook(tmp_path, "Grep", {**GREP_CONTENT, "path": path}, CONTENT)) is None


@pytest.mark.parametrize("tool_input", [
    {**GREP_CONTENT, "path": ".garrepa/spill"},
    {**GREP_CONTENT, "path": ".garrepa"},
    {**GREP_CONTENT, "glob": ".garrepa/**"},
    {"pattern": "value", "output_mode": "content", "path": "./.garrepa//spill/"},
], ids=["spill", "garrepa", "glob", "dotted"])
def test_a_grep_of_the_spill_folder_is_never_digested_again(
        tmp_path: Path, tool_input: dict[str, Any]) -> None:
    assert updated(hook(tmp_path, "Grep", tool_input, CONTENT)) is None


def test_a_grep_whose_results_are_spill_files_is_never_digested_again(tmp_path: Path) -> None:
    spilled = {**CONTENT, "content": LISTING.replace("src/", ".garrepa/spill/")}
    assert updated(hook(tmp_path, "Grep", GREP_CONTENT, spilled)) is None


def test_an_absolute_spill_path_is_never_digested_again(tmp_path: Path) -> None:
    path = str(tmp_path / "project" / ".garrepa" / "spill")
    assert updated(hook(tmp_path, "Grep", {**GREP_CONTENT, "path": path}, CONTENT)) is None


# Command route residue: each prints a file whole (or a secret) through an allowlisted program.
WHOLE_FILE = [
    "grep -v zzz app.py",
    "grep --invert-match zzz app.py",
    "grep -w -v zzz app.py",
    "rg -v zzz app.py",
    "rg --passthru x app.py",
    "grep 'a*' app.py",
    "curl -s file:///work/app.py",
    "wget -qO- file:///work/app.py",
    "docker exec c cat /app/settings.py",
    "docker exec c sh -c 'cat /app/settings.py'",
    "docker run --rm img cat /etc/app.py",
    "kubectl exec pod -- cat /app/settings.py",
    "kubectl cp pod:/app/settings.py /dev/stdout",
    "aws s3 cp s3://bucket/app.py -",
]


@pytest.mark.parametrize("command", WHOLE_FILE)
def test_a_whole_file_printed_by_an_allowlisted_program_stays_exact(
        tmp_path: Path, command: str) -> None:
    reply = hook(tmp_path, "Bash", {"command": command, "description": "d"}, bash(SOURCE))
    assert updated(reply) is None


SECRET_DUMPS = [
    "kubectl get secret -o yaml",
    "kubectl get secrets -o json",
    "aws secretsmanager get-secret-value --secret-id db",
    "gcloud secrets versions access latest --secret=db",
    "az keyvault secret show --name db",
    "cat id_rsa.log",
]


@pytest.mark.parametrize("command", SECRET_DUMPS)
def test_a_secret_dump_is_not_spilled_to_the_project(tmp_path: Path, command: str) -> None:
    """A digest writes the exact output to .garrepa/spill in the project: a dump of secrets
    must pass exactly (as a secret path does) rather than land on disk in plain text."""
    reply = hook(tmp_path, "Bash", {"command": command, "description": "d"}, bash(SOURCE))
    assert updated(reply) is None


def test_control_secret_values_in_a_digest_are_masked(tmp_path: Path) -> None:
    lines = [f"Collecting pkg{n}==1.{n}\n" for n in range(4000)]
    lines[2000] = ("ERROR: auth failed AWS_SECRET_ACCESS_KEY=Zx9Qm3Lr7Tp2Wv5Ks8Jd4Nf6Hb1Gc0Ye3Ua"
                   "7Io2P id=AKIA2E0A8F3B244C9986 token ghp_abcdefghijklmnopqrstuvwxyz0123456789AB\n")
    out = updated(hook(tmp_path, "Bash", {"command": "pip install -r r.txt", "description": "d"},
                       bash("".join(lines))))
    assert out and "auth failed" in out["stdout"]
    for value in ("AKIA2E0A8F3B244C9986", "ghp_abcdefghijklmnopqrstuvwxyz0123456789AB",
                  "Zx9Qm3Lr7Tp2Wv5Ks8Jd4Nf6Hb1Gc0Ye3Ua7Io2P"):
        assert value not in out["stdout"]


CLAIM = re.compile(r"^(\S+): ([\d,]+) match(?:es)?, lines? ([\d,]+)(?:-([\d,]+))?$")


def claims_hold(listing: str, digest: str) -> tuple[int, list[str]]:
    lines = listing.splitlines()
    checked, wrong = 0, []
    for line in digest.splitlines():
        found = CLAIM.match(line.strip())
        if not found:
            continue
        path, count = found.group(1), int(found.group(2).replace(",", ""))
        first = int(found.group(3).replace(",", ""))
        last = int((found.group(4) or found.group(3)).replace(",", ""))
        span = lines[first - 1:last]
        checked += 1
        in_span = sum(1 for x in span if x.split(":", 1)[0] == path)
        if in_span != count or not span or span[0].split(":", 1)[0] != path \
                or span[-1].split(":", 1)[0] != path:
            wrong.append(line)
    return checked, wrong


def test_every_per_file_claim_of_a_real_grep_digest_is_true(tmp_path: Path) -> None:
    listing = subprocess.run(["grep", "-rn", "def ", str(REPO / "src")], capture_output=True,
                             text=True, check=True).stdout
    out = updated(hook(tmp_path, "Bash", {"command": "grep -rn 'def ' src", "description": "d"},
                       bash(listing)))
    assert out
    checked, wrong = claims_hold(listing, out["stdout"])
    assert checked >= 20 and not wrong


def test_per_file_claims_hold_when_a_file_recurs_in_separate_runs(tmp_path: Path) -> None:
    """grep over several operands (grep -n x a.py b.py a.py) or a sorted merge puts one file's
    matches in separate runs: a `lines A-B` claim must not span another file's lines."""
    parts = []
    for block in range(60):
        for name in ("src/a.py", "src/b.py"):
            parts.extend(f"{name}:{block * 50 + n}:    value = {n}\n" for n in range(25))
    listing = "".join(parts)
    out = updated(hook(tmp_path, "Bash", {"command": "grep -rn value src", "description": "d"},
                       bash(listing)))
    assert out
    checked, wrong = claims_hold(listing, out["stdout"])
    assert not wrong, wrong[:3]
