"""A new user's and an upgrader's run of issue 33 (spills outside the project), with real
processes: the installed `garrepa`, the project's own launcher as Claude Code starts it, and the
real Claude Code binary. Each test shows a problem found by hand, beside its benign twin."""

from __future__ import annotations

import hashlib
import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from garrepa_py import journal

GARREPA = Path(sys.executable).with_name("garrepa")
POINTER = re.compile(r"\[exact original: (.+?) \([\d,]+ lines\)")
GREP = 'grep -rn "def " .'


def _env(tmp_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("GARREPA", "ANTHROPIC", "CLAUDE"))}
    env.update(GARREPA_HOME=str(tmp_path / "garrepa-home"),
               CLAUDE_CONFIG_DIR=str(tmp_path / "claude-config"))
    return env


def _project(root: Path, env: dict[str, str]) -> Path:
    """A git project of 500 modules (a grep -rn of them is ~48 K), installed with `init`."""
    for n in range(500):
        folder = root / "pkg" / f"mod{n // 20}"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"file{n}.py").write_text(
            f"def handler_{n}(request):\n    return respond(request, code={n})\n"
            f"def helper_{n}(value):\n    return value * {n}\n")
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    subprocess.run([str(GARREPA), "init", "--provider", "none"], cwd=root, env=env,
                   check=True, capture_output=True)
    return root


def _hook_grep(project: Path, env: dict[str, str]) -> str:
    """The project's launcher, started as Claude Code starts it, on a real grep -rn's output;
    returns the spill path the briefing names."""
    out = subprocess.run(GREP, shell=True, cwd=project, capture_output=True, text=True).stdout
    assert len(out) > 40_000
    event = {"session_id": "s1", "cwd": str(project), "hook_event_name": "PostToolUse",
             "tool_name": "Bash", "tool_use_id": "toolu_1",
             "tool_input": {"command": GREP, "description": "find"},
             "tool_response": {"stdout": out, "stderr": "", "interrupted": False}}
    run = subprocess.run([str(project / ".claude" / "hooks" / "garrepa-hook")],
                         input=json.dumps(event), cwd=project, capture_output=True, text=True,
                         env={**env, "CLAUDE_PROJECT_DIR": str(project)}, timeout=60)
    assert run.returncode == 0 and run.stdout, run.stderr[-500:]
    text = json.loads(run.stdout)["hookSpecificOutput"]["updatedToolOutput"]["stdout"]
    return str(POINTER.findall(text)[-1])


def _claude_folder_name(path: str) -> str:
    """Claude Code's `path.replace(/[^a-zA-Z0-9]/g, "-")`: JavaScript strings are UTF-16, so
    every code unit that is not an ASCII letter or digit becomes one `-`."""
    units = path.encode("utf-16-le")
    chars = [units[i:i + 2].decode("utf-16-le", "surrogatepass") for i in range(0, len(units), 2)]
    return "".join(c if c.isascii() and c.isalnum() else "-" for c in chars)


@pytest.mark.parametrize("name", ["proj 📁 x", "proj ü x"])
def test_spills_of_a_project_path_with_an_emoji_go_to_claude_codes_own_folder(
        tmp_path: Path, name: str) -> None:
    """Claude Code names its folder for `/tmp/p📁` `-tmp-p--` (an emoji is two UTF-16 code
    units); garrepa wrote to `-tmp-p-`, a folder Claude Code does not own, so the agent's Read
    of the spill asked for a permission (measured in 2.1.332, default mode). The control, a
    `ü` (one code unit), always matched."""
    env = _env(tmp_path)
    project = _project(tmp_path / name, env)
    spill = Path(_hook_grep(project, env))
    assert spill.parents[3] == tmp_path / "claude-config" / "projects"
    assert spill.parents[2].name == _claude_folder_name(str(project)), spill


def test_doctor_hint_for_old_spills_is_a_command_that_removes_only_them(tmp_path: Path) -> None:
    """An upgrader whose project path has a space: doctor's hint said `rm -r /…/my proj/.garrepa`
    unquoted, which removes `/…/my` and `./proj/.garrepa` instead, and offered
    `garrepa uninstall --purge` for the spills without saying it uninstalls garrepa. The
    command in the hint, run by a shell, must remove the old spills and nothing else; the
    control is a path with no space."""
    env = _env(tmp_path)
    for folder in ("my proj", "myproj"):
        base = tmp_path / folder.replace(" ", "_")
        project = _project(base / folder, env)
        (base / "my").mkdir()  # what an unquoted `rm -r …/my proj/.garrepa` would remove
        legacy = project / ".garrepa" / "spill"
        legacy.mkdir(parents=True, mode=0o700)
        text = b"an older install's exact output\n"
        (legacy / (hashlib.sha256(text).hexdigest()[:32] + ".txt")).write_bytes(text)
        doctor = subprocess.run([str(GARREPA), "doctor", "--json"], cwd=project, env=env,
                                capture_output=True, text=True)
        checks = {c["name"]: c for c in json.loads(doctor.stdout)["checks"]}
        hint = checks["old spills"]["hint"]
        assert hint == (f"once you no longer need them, remove them: rm -r "
                        f"{shlex.quote(str(project / '.garrepa'))} (`garrepa uninstall --purge` "
                        "removes them too, with the rest of garrepa's install in this project)")
        command = hint.split("remove them: ", 1)[1].split(" (", 1)[0]
        subprocess.run(["sh", "-c", command], cwd=project, check=True)
        assert not (project / ".garrepa").exists() and (base / "my").is_dir()
        assert (project / ".claude" / "settings.json").is_file()
        after = subprocess.run([str(GARREPA), "doctor", "--json"], cwd=project, env=env,
                               capture_output=True, text=True)
        assert "old spills" not in {c["name"] for c in json.loads(after.stdout)["checks"]}


def test_peek_finds_an_older_installs_spill_from_outside_its_project(tmp_path: Path) -> None:
    """An upgrader runs `garrepa peek ID` (the id a briefing of the older install printed) from
    another directory: new spills are found from anywhere, an older install's (inside its
    project) were not ("no spill of that id in ~/.claude/projects/<cwd>/…"). The journal names
    the project of each briefing's spill. Control: an id no briefing named is still unknown."""
    env = _env(tmp_path)
    project = _project(tmp_path / "old", env)
    legacy = project / ".garrepa" / "spill"
    legacy.mkdir(parents=True, mode=0o700)
    text = "".join(f"line {n} of the older output\n" for n in range(1, 40))
    name = hashlib.sha256(text.encode()).hexdigest()[:32] + ".txt"
    (legacy / name).write_text(text)
    (legacy / name).chmod(0o600)
    journal.append({"v": "0.1.0", "event": "PostToolUse", "tool": "Bash", "route": "command",
                    "project": str(project), "spills": [name[:12]], "decision": "compress",
                    "reason": "digested", "ts": 1.0},
                   target=str(tmp_path / "garrepa-home" / "journal.jsonl"))
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    peek = subprocess.run([str(GARREPA), "peek", name[:12], "2", "3"], cwd=elsewhere, env=env,
                          capture_output=True, text=True)
    assert (peek.returncode, peek.stdout) == (
        0, "2\tline 2 of the older output\n3\tline 3 of the older output\n"), peek.stderr
    unknown = "0" * 12
    miss = subprocess.run([str(GARREPA), "peek", unknown], cwd=elsewhere, env=env,
                          capture_output=True, text=True)
    assert miss.returncode == 1 and "CLAUDE_CONFIG_DIR" in miss.stderr, miss.stderr


def test_preview_of_another_command_says_how_to_preview_it(tmp_path: Path) -> None:
    """`garrepa preview -- grep -rn "def " .` (as `-- git log` works): the error lost the quoting
    ('grep -rn def  .') and its hint listed every form but the one for any command's output.
    Control: `-- git log` previews."""
    env = _env(tmp_path)
    project = _project(tmp_path / "p", env)
    run = subprocess.run([str(GARREPA), "preview", "--", "grep", "-rn", "def ", "."],
                         cwd=project, env=env, capture_output=True, text=True)
    assert run.returncode == 1
    assert "error: grep -rn 'def ' . is neither one file nor a git command" in run.stderr
    assert "garrepa preview --output OUT.txt --command 'grep -rn '\"'\"'def '\"'\"' .'" in \
        run.stderr, run.stderr
    subprocess.run(["git", "-c", "user.name=T", "-c", "user.email=t@example.com", "commit",
                    "-qm", "x", "--allow-empty"], cwd=project, check=True)
    ok = subprocess.run([str(GARREPA), "preview", "--", "git", "log"], cwd=project, env=env,
                        capture_output=True, text=True)
    assert ok.returncode == 0, ok.stderr


@pytest.mark.e2e
@pytest.mark.parametrize("name", ["p 📁", "p ü"])
def test_agent_reads_the_spill_of_an_emoji_project_with_no_prompt(
        tmp_path: Path, name: str, claude_code: Path | None) -> None:
    """The real Claude Code, default permission mode, a grep -rn allowed by rule: the agent's
    Read of the spill its digest names is answered (it asked for a permission when the
    project's path held an emoji). Control: the same with `ü`."""
    if claude_code is None:
        pytest.skip("no Claude Code binary (GARREPA_TEST_CLAUDE)")
    from ..support.claude_run import run_claude
    from ..support.fake_anthropic import FakeAnthropic, Turn

    home = tmp_path / "home"
    env = _env(tmp_path)
    env.update(HOME=str(home), CLAUDE_CONFIG_DIR=str(home / ".claude"))
    project = _project(tmp_path / name, env)
    named: list[str] = []

    def read_spill(body: dict[str, Any]) -> Turn:
        last = json.dumps(body["messages"][-1], ensure_ascii=False).replace("\\\\", "\\")
        named.append(POINTER.findall(last)[-1])
        return Turn.tool("Read", file_path=named[-1], offset=3, limit=2)

    script = [Turn.tool("Bash", command=GREP, description="find"), read_spill]
    with FakeAnthropic(script) as fake:
        run = run_claude(project, fake.url, home, Path(env["GARREPA_HOME"]),
                         skip_permissions=False, extra_args=("--allowedTools", "Bash(grep:*)"),
                         extra_env={"CLAUDE_CONFIG_DIR": str(home / ".claude"),
                                    "PATH": f"{GARREPA.parent}:/usr/bin:/bin"})
        assert run.returncode == 0, run.stderr[-2000:]
        digest, spill_read = list(fake.tool_results().values())
    assert "[garrepa briefing | command" in json.dumps(digest["content"])
    assert not spill_read.get("is_error"), spill_read
    exact = Path(named[0]).read_text().split("\n")
    assert spill_read["content"] == f"3\t{exact[2]}\n4\t{exact[3]}"
    assert list(Path(named[0]).parents[2].glob("*.jsonl")), "not beside Claude Code's transcript"
