"""The git route through the real hook process."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from garrepa_py import journal

from ..conftest import git, run_hook, session_fields, tool_results_dir

SESSION_ROOT: list[Path] = []  # the tmp_path whose tool-results folder this test's events name


def bash_event(command: str, response: dict[str, Any], root: Path | None = None) -> str:
    session = session_fields(root or SESSION_ROOT[-1]) if (root or SESSION_ROOT) else {}
    return json.dumps({"session_id": "s", **session, "hook_event_name": "PostToolUse",
                       "tool_name": "Bash", "tool_input": {"command": command, "description": "d"},
                       "tool_response": response, "tool_use_id": "t"})


@pytest.fixture(autouse=True)
def _session_root(tmp_path: Path) -> Any:
    SESSION_ROOT.append(tmp_path)
    yield
    SESSION_ROOT.remove(tmp_path)


def post(project: Path, command: str, response: dict[str, Any]) -> Any:
    proc = run_hook(bash_event(command, response), env={"CLAUDE_PROJECT_DIR": str(project),
                                                        "GARREPA_PROVIDER": "none"})
    assert proc.returncode == 0
    return json.loads(proc.stdout)["hookSpecificOutput"] if proc.stdout else None


def persisted(tmp_path: Path, text: str) -> dict[str, Any]:
    path = tool_results_dir(tmp_path) / "b1.txt"
    path.write_text(text)
    return {"stdout": text[:30000], "stderr": "", "interrupted": False, "isImage": False,
            "noOutputExpected": False, "persistedOutputPath": str(path),
            "persistedOutputSize": len(text)}


def last(garrepa_home: Path) -> dict:
    return list(journal.read(target=garrepa_home / "journal.jsonl"))[-1]


def test_persisted_log_becomes_a_digest_in_bash_shape(repo_copy: Path, tmp_path: Path,
                                                      garrepa_home: Path) -> None:
    source = git(repo_copy, "log", "-p")
    output = post(repo_copy, "git log -p", persisted(tmp_path, source))
    replaced = output["updatedToolOutput"]
    assert set(replaced) == {"stdout", "stderr", "interrupted", "isImage", "noOutputExpected"}
    assert (replaced["stderr"], replaced["interrupted"], replaced["isImage"]) == ("", False, False)
    text = replaced["stdout"]
    assert text.startswith("[garrepa briefing | git | git log -p | original: ")
    assert len(text) < 30000
    spill = text.rsplit("[exact original: ", 1)[1].split(" (", 1)[0]
    assert Path(spill).read_text() == source  # the whole dump, not the 30,000-char cut
    record = last(garrepa_home)
    assert (record["route"], record["decision"], record["reason"]) == ("git", "compress",
                                                                       "digested-log")
    assert record["chars_in"] == len(source)


def test_inline_diff_over_threshold(repo_copy: Path) -> None:
    source = git(repo_copy, "diff", "HEAD~4", "HEAD")
    assert 32000 < len(source)
    response = {"stdout": source, "stderr": "", "interrupted": False}
    replaced = post(repo_copy, "cd . && GIT_PAGER=cat git --no-pager diff HEAD~4 HEAD",
                    response)["updatedToolOutput"]
    assert set(replaced) == {"stdout", "stderr", "interrupted"}
    assert "files changed" in replaced["stdout"]


@pytest.mark.parametrize("command, extra, route, reason", [
    ("git log -p", {"interrupted": True}, "git", "interrupted-or-image"),
    ("git log -p", {"backgroundTaskId": "b1"}, "git", "background-task"),
    # not a dump the git route claims, and git is no program the command route digests (a
    # `git show REV:path` or `git cat-file -p` prints a file's bytes): exactly as it came
    ("git show HEAD:.env", {}, "command", "secret-path"),
    ("git show HEAD:README.md", {}, "command", "not-a-listed-command"),
    ("git log -p | head -c 40000", {}, "command", "not-a-listed-command"),
    ("git log -p > log.txt", {}, "command", "not-a-listed-command"),
])
def test_outputs_that_pass(repo_copy: Path, tmp_path: Path, garrepa_home: Path, command: str,
                           extra: dict, route: str, reason: str) -> None:
    response = {**persisted(tmp_path, git(repo_copy, "log", "-p")), **extra}
    assert post(repo_copy, command, response) is None
    assert (last(garrepa_home)["route"], last(garrepa_home)["reason"]) == (route, reason)


def test_small_output_is_not_parsed(repo_copy: Path, garrepa_home: Path) -> None:
    assert post(repo_copy, "git log -1", {"stdout": "commit abc", "stderr": "",
                                          "interrupted": False}) is None
    assert last(garrepa_home)["reason"] == "under-threshold"


def test_secrets_in_a_diff_are_masked_in_the_digest(repo_copy: Path, tmp_path: Path,
                                                    garrepa_home: Path) -> None:
    token = "ghp_" + "a1B2c3D4e5" * 4
    (repo_copy / "src" / "click" / "creds.py").write_text(f'TOKEN = "{token}"\n')
    # bulk that ranks below source (largest first would put a big module before creds.py)
    (repo_copy / "package-lock.json").write_text('{"lockfileVersion": 3}\n' * 3000)
    git(repo_copy, "add", "-A")
    source = git(repo_copy, "diff", "--cached") + git(repo_copy, "diff", "HEAD~1", "HEAD")
    output = post(repo_copy, "git diff --cached", persisted(tmp_path, source))
    text = output["updatedToolOutput"]["stdout"]
    assert token not in text and '+TOKEN = "[secret: github-token]"' in text
    line = source[:source.index(token)].count("\n") + 1
    assert f"line {line} github-token" in text
    assert last(garrepa_home)["masked"] == "github-token:1"


def test_the_requests_release_diff_is_digested_with_its_test_keys_masked(
        tmp_path: Path, garrepa_home: Path) -> None:
    """requests 2.31.0 -> 2.32.3 passed through whole (112 K chars) over its test certificates."""
    from ..support import corpora

    repo = corpora.load("requests")
    source = git(repo, "diff", "HEAD~1")
    assert len(source) > 100_000 and "-----BEGIN PRIVATE KEY-----" in source
    project = tmp_path / "proj"
    project.mkdir()
    output = post(project, "git diff HEAD~1", persisted(tmp_path, source))
    text = output["updatedToolOutput"]["stdout"]
    assert "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQDHlIhe7GLCeSk8" not in text
    assert "src/requests/utils.py" in text and "files changed" in text
    assert last(garrepa_home)["masked"] == "private-key:168,secret-file:129"  # .pem hunks whole
