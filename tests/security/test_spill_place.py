"""Spills out of the project's way (issue 33): nothing a repository ships makes a spill
committable, a repeated search of the project never finds one, and an older install's spills
still read back. Each case runs the real hook (or the real `garrepa` command) as a process,
with real grep, find, ls and git, and a negative control beside it.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from garrepa_py import journal, paths

from ..support.state import state_dir
from .helpers import bash_event, hook, reply

GIT = ["git", "-c", "user.name=T", "-c", "user.email=t@example.com"]
TOKEN = "ghp_" + "Z9y8X7w6V5u4T3s2R1q0P9o8N7m6L5k4J3i2"
POINTER = re.compile(r"\[exact original: (\S+) \(")


def _project(tmp_path: Path, gitignore: str | None) -> Path:
    """A git project of 300 small modules (a grep -rn of them is ~40 K), one holding a token."""
    root = tmp_path / "project"
    for n in range(300):
        folder = root / "pkg" / f"mod{n // 30}"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"file{n}.py").write_text(
            f"def handler_{n}(request):\n    return respond(request, code={n})\n"
            f"def helper_{n}():\n    pass\n")
    (root / "pkg" / "settings.py").write_text(f"def token(): return '{TOKEN}'\n")
    if gitignore is not None:
        (root / ".garrepa").mkdir()
        (root / ".garrepa" / ".gitignore").write_text(gitignore)
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    subprocess.run(GIT + ["add", "-A"], cwd=root, check=True)
    subprocess.run(GIT + ["commit", "-qm", "first"], cwd=root, check=True)
    return root


def _grep_through_hook(root: Path, command: str = "grep -rn def .") -> tuple[str, str]:
    """The real command's output, and what the hook made of it."""
    out = subprocess.run(command, shell=True, cwd=root, capture_output=True, text=True).stdout
    assert len(out) > 25_000
    got = reply(hook(root, bash_event(root, command, {"stdout": out, "stderr": "",
                                                      "interrupted": False})))
    return out, got["updatedToolOutput"]["stdout"] if got else ""


def _staged(root: Path) -> str:
    return subprocess.run(GIT + ["add", "-A", "--dry-run"], cwd=root, capture_output=True,
                          text=True, check=True).stdout


def test_a_repository_cannot_get_a_spill_committed(tmp_path: Path) -> None:
    for shipped in ("", "!*\n"):  # committed empty, or un-ignoring everything
        root = _project(tmp_path / f"case{len(shipped)}", shipped)
        _, digest = _grep_through_hook(root)
        spill = Path(POINTER.findall(digest)[0])
        assert TOKEN in spill.read_text() and TOKEN not in digest  # the exact copy, masked view
        assert not str(spill).startswith(str(root)) and spill.parent == state_dir(root) / "spill"
        assert _staged(root) == ""
        # negative control: a file of the project's own is staged as ever
        (root / "pkg" / "new.py").write_text("x = 1\n")
        assert "pkg/new.py" in _staged(root)


def test_repeated_searches_never_feed_on_the_spills(tmp_path: Path) -> None:
    root = _project(tmp_path, None)
    sizes = []
    for _ in range(3):
        out, digest = _grep_through_hook(root)
        assert digest.startswith("[garrepa briefing | command")
        sizes.append(len(out))
    assert sizes[0] == sizes[1] == sizes[2]
    for listing in ("find .", "ls -laR ."):
        out = subprocess.run(listing, shell=True, cwd=root, capture_output=True, text=True).stdout
        assert "spill" not in out and "garrepa" not in out
    assert len(list((state_dir(root) / "spill").iterdir())) == 1  # the same output, one spill


def test_an_older_installs_spills_are_found_by_grep_and_said_so(tmp_path: Path) -> None:
    """The negative control of the above: spills inside the project (where an older install
    wrote them) are found by a plain grep -r, and the digest says how many lines are theirs."""
    root = _project(tmp_path, None)
    old = root / ".garrepa" / "spill"
    old.mkdir(parents=True)
    (old / ("a" * 32 + ".txt")).write_text("".join(f"./x.py:{n}:def old_{n}():\n"
                                                   for n in range(400)))
    out, digest = _grep_through_hook(root)
    assert out.count(".garrepa/spill/") == 400
    assert "400 of these lines are in" in digest and "--exclude-dir=.garrepa" in digest


def _garrepa(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "garrepa_py", *args], cwd=root,
                          capture_output=True, text=True, timeout=60, check=False)


def test_peek_finds_new_and_older_spills_by_id(tmp_path: Path) -> None:
    root = _project(tmp_path, None)
    _, digest = _grep_through_hook(root)
    spill = Path(POINTER.findall(digest)[0])
    spill_id = spill.name[:12]
    assert f"garrepa peek {spill_id}" in digest
    first = spill.read_text().split("\n")[0]
    for where in (root, tmp_path):  # from the project, and from anywhere else
        done = _garrepa(where, "peek", spill_id, "1", "1")
        assert (done.returncode, done.stdout) == (0, f"1\t{first}\n"), done.stderr
    # an older install's spill, in the project, still reads back by id and by path
    text = "old line one\nold line two\n"
    import hashlib

    name = hashlib.sha256(text.encode()).hexdigest()[:32] + ".txt"
    old = root / ".garrepa" / "spill"
    old.mkdir(parents=True, mode=0o700)
    (root / ".garrepa").chmod(0o700)
    (old / name).write_text(text)
    (old / name).chmod(0o600)
    done = _garrepa(root, "peek", name[:12], "2", "2")
    assert (done.returncode, done.stdout) == (0, "2\told line two\n"), done.stderr
    # the negative control: a spill-shaped file the user does not own the way garrepa writes
    (old / name).chmod(0o644)
    refused = _garrepa(root, "peek", name[:12])
    assert refused.returncode == 1 and "open to other users" in refused.stderr


def test_a_read_of_a_spill_is_a_recovery_not_a_new_map(tmp_path: Path,
                                                       garrepa_home: Path) -> None:
    """A spill under ~/.claude/ is not documentation by its path (anything under .claude/ is
    left alone), but a Read of it is still journaled as the recovery it is."""
    root = _project(tmp_path, None)
    _, digest = _grep_through_hook(root)
    spill = POINTER.findall(digest)[0]
    from .helpers import read_event

    event = {**read_event(root, spill, offset=1, limit=2), "hook_event_name": "PostToolUse",
             "tool_response": {"type": "text", "file": {"filePath": spill, "content": "x",
                                                        "numLines": 1, "startLine": 1,
                                                        "totalLines": 1500}}}
    assert reply(hook(root, event)) is None
    record = list(journal.read(target=garrepa_home / "journal.jsonl"))[-1]
    assert (record["reason"], record["recovers"]) == ("spill-file", Path(spill).name[:12])


def test_uninstall_purge_and_doctor_know_both_places(tmp_path: Path) -> None:
    root = _project(tmp_path, None)
    assert _garrepa(root, "init", str(root), "--provider", "none").returncode == 0
    _grep_through_hook(root)
    (root / ".garrepa" / "spill").mkdir(parents=True)
    doctor = json.loads(_garrepa(root, "doctor", "--json", str(root)).stdout)
    checks = {check["name"]: check for check in doctor["checks"]}
    assert checks["spill"]["detail"] == f"{state_dir(root)} writable"
    assert checks["old spills"]["status"] == "warn"
    assert "holds an older install's spills" in checks["old spills"]["detail"]
    done = _garrepa(root, "uninstall", str(root), "--purge")
    assert done.returncode == 0, done.stderr
    assert not state_dir(root).exists() and not (root / ".garrepa").exists()
    # negative control: without --purge both stay
    root2 = _project(tmp_path / "two", None)
    assert _garrepa(root2, "init", str(root2), "--provider", "none").returncode == 0
    _grep_through_hook(root2)
    assert _garrepa(root2, "uninstall", str(root2)).returncode == 0
    assert list((state_dir(root2) / "spill").iterdir())


def test_a_long_project_path_takes_claude_codes_own_folder(tmp_path: Path) -> None:
    """Claude Code cuts a folder name over 200 characters and appends `-` and the base-36
    absolute value of the path's Java-style hashCode (read from its binaries and checked
    against both: tests/e2e/test_attack_round2_spill_place.py): garrepa names the same folder
    whether it exists yet or not, and a second project sharing those 200 characters its own."""
    deep = tmp_path / ("d" * 120) / ("e" * 120)
    deep.mkdir(parents=True)
    name = "".join(c if c.isalnum() else "-" for c in str(deep))
    assert len(name) > 200

    def java_hash(text: str) -> int:
        value = 0
        for char in text:  # BMP only here: one UTF-16 unit a character
            value = (31 * value + ord(char)) % 2**32
        return abs(value - 2**32 if value >= 2**31 else value)

    def base36(value: int) -> str:
        digits = ""
        while True:
            value, digit = divmod(value, 36)
            digits = "0123456789abcdefghijklmnopqrstuvwxyz"[digit] + digits
            if not value:
                return digits

    assert int(base36(java_hash(str(deep))), 36) == java_hash(str(deep))
    expected = name[:200] + "-" + base36(java_hash(str(deep)))
    assert state_dir(deep).parent.name == expected
    (Path(paths.claude_projects_dir()) / (name[:200] + "-1a2b3c")).mkdir(parents=True)
    assert state_dir(deep).parent.name == expected  # another project's folder is not taken
    assert state_dir(str(deep) + "2").parent.name != expected
