"""`garrepa peek ID` / `garrepa ask ID` read a spill only through its folder's own checks.

Briefings tell the agent to run `garrepa peek ID`, and a repository can ship a `.garrepa/` of
its own: a planted spill that is a symlink (to /etc/passwd, to a file outside, to a FIFO), a
`.garrepa` or `.garrepa/spill` that is a symlink, a spill owned by someone else or open to
others, a hard link, a file whose name is not the hash of its bytes — none is followed or
printed, and the error says why with a `hint:`. Each runs the real CLI process; the control
(a spill garrepa wrote) prints its lines, so a refusal of everything could not pass.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from garrepa_py.engine import store

from ..support.fake_anthropic import FakeAnthropic

GENUINE = "line 1 of the genuine spill\nline 2 GENUINE-SPILL-CANARY\n"
OUTSIDE = "OUTSIDE-FILE-CANARY: the user's own private notes\n"
OUTSIDE_NAME = hashlib.sha256(OUTSIDE.encode()).hexdigest()[:32] + ".txt"  # a well-formed name
OUTSIDE_ID = OUTSIDE_NAME[:12]


@pytest.fixture
def root(tmp_path: Path) -> Path:
    project = tmp_path / "project"
    (project / ".git").mkdir(parents=True)
    return project


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    """A file of the user's outside the project, owner-only like a spill."""
    path = tmp_path / "elsewhere" / "notes.txt"
    path.parent.mkdir()
    path.write_text(OUTSIDE)
    path.chmod(0o600)
    return path


def garrepa(root: Path, *args: str, env: dict[str, str] | None = None,
            ) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "garrepa_py", *args], cwd=root,
                          capture_output=True, text=True, timeout=60, check=False,
                          env=dict(os.environ, **(env or {})))


def spill_folder(root: Path) -> Path:
    folder = root / ".garrepa" / "spill"
    folder.mkdir(parents=True, exist_ok=True)
    folder.parent.chmod(0o700)
    folder.chmod(0o700)
    return folder


def plant_link_to_passwd(root: Path, outside: Path) -> None:
    (spill_folder(root) / OUTSIDE_NAME).symlink_to("/etc/passwd")


def plant_link_outside(root: Path, outside: Path) -> None:
    (spill_folder(root) / OUTSIDE_NAME).symlink_to(outside)


def plant_link_to_fifo(root: Path, outside: Path) -> None:
    fifo = outside.parent / "pipe"
    os.mkfifo(fifo)
    (spill_folder(root) / OUTSIDE_NAME).symlink_to(fifo)


def plant_fifo(root: Path, outside: Path) -> None:
    os.mkfifo(spill_folder(root) / OUTSIDE_NAME, 0o600)


def plant_state_link(root: Path, outside: Path) -> None:
    """`.garrepa` itself a link to a folder holding a perfectly shaped spill."""
    shaped = outside.parent / "state" / "spill"
    shaped.mkdir(parents=True)
    (shaped / OUTSIDE_NAME).write_text(OUTSIDE)
    (shaped / OUTSIDE_NAME).chmod(0o600)
    (root / ".garrepa").symlink_to(shaped.parent)


def plant_spill_dir_link(root: Path, outside: Path) -> None:
    (root / ".garrepa").mkdir(mode=0o700)
    os.rename(outside, outside.parent / OUTSIDE_NAME)
    (root / ".garrepa" / "spill").symlink_to(outside.parent)


def plant_hard_link(root: Path, outside: Path) -> None:
    os.link(outside, spill_folder(root) / OUTSIDE_NAME)


def plant_world_writable(root: Path, outside: Path) -> None:
    target = spill_folder(root) / OUTSIDE_NAME
    target.write_text(OUTSIDE)
    target.chmod(0o666)


def plant_cloned_mode(root: Path, outside: Path) -> None:
    """What a clone leaves: 0644 (garrepa writes every spill 0600)."""
    target = spill_folder(root) / OUTSIDE_NAME
    target.write_text(OUTSIDE)
    target.chmod(0o644)


def plant_other_owner(root: Path, outside: Path) -> None:
    target = spill_folder(root) / OUTSIDE_NAME
    target.write_text(OUTSIDE)
    target.chmod(0o600)
    os.chown(target, 65534, 65534)


def plant_wrong_hash(root: Path, outside: Path) -> None:
    target = spill_folder(root) / (OUTSIDE_ID + "0" * 20 + ".txt")
    target.write_text(OUTSIDE + "one more line the name does not hash\n")
    target.chmod(0o600)


PLANTS: dict[str, tuple[Callable[[Path, Path], None], str]] = {
    "link-to-passwd": (plant_link_to_passwd, "is a symbolic link"),
    "link-outside": (plant_link_outside, "is a symbolic link"),
    "link-to-fifo": (plant_link_to_fifo, "is a symbolic link"),
    "fifo": (plant_fifo, "is not a regular file (a FIFO, a device or a folder)"),
    "state-dir-link": (plant_state_link,
                       "is in a folder garrepa does not own (a symlink, or another user's)"),
    "spill-dir-link": (plant_spill_dir_link,
                       "is in a folder garrepa does not own (a symlink, or another user's)"),
    "hard-link": (plant_hard_link, "has other hard links (it could be any file)"),
    "world-writable": (plant_world_writable,
                       "is open to other users (garrepa writes spills owner-only)"),
    "cloned-mode": (plant_cloned_mode, "is open to other users (garrepa writes spills owner-only)"),
    "other-owner": (plant_other_owner, "is owned by another user"),
    "wrong-hash": (plant_wrong_hash, "does not hold the bytes its name is the hash of"),
}


def _plant(name: str, root: Path, outside: Path) -> None:
    if name == "other-owner" and os.geteuid() != 0:
        pytest.skip("giving a file to another user needs root")
    PLANTS[name][0](root, outside)


def test_a_spill_garrepa_wrote_is_printed(root: Path) -> None:
    """The control: the same command on a genuine spill prints its exact lines."""
    spill_id = store.spill_id(store.spill(str(root), GENUINE))
    proc = garrepa(root, "peek", spill_id)
    assert (proc.returncode, proc.stdout) == (0, "1\tline 1 of the genuine spill\n"
                                                 "2\tline 2 GENUINE-SPILL-CANARY\n")


@pytest.mark.parametrize("plant", list(PLANTS))
def test_peek_never_follows_or_prints_a_planted_spill(root: Path, outside: Path,
                                                      plant: str) -> None:
    _plant(plant, root, outside)
    proc = garrepa(root, "peek", OUTSIDE_ID)
    assert proc.returncode == 1
    assert "CANARY" not in proc.stdout + proc.stderr and "root:" not in proc.stdout
    assert proc.stdout == ""
    assert PLANTS[plant][1] in proc.stderr
    assert "\nhint: garrepa did not write it in your name and never follows or prints it" in \
        proc.stderr


@pytest.mark.parametrize("plant", ["link-to-passwd", "link-outside", "state-dir-link",
                                   "hard-link", "cloned-mode"])
def test_ask_never_sends_a_planted_spill(root: Path, outside: Path, plant: str) -> None:
    _plant(plant, root, outside)
    with FakeAnthropic(reply_text="1: anything") as fake:
        proc = garrepa(root, "ask", OUTSIDE_ID, "what is in it?",
                       env={"GARREPA_PROVIDER": "anthropic", "GARREPA_BASE_URL": fake.url,
                            "ANTHROPIC_API_KEY": "sk-test"})
        sent = [r for r in fake.requests if "count_tokens" not in r.path]
    assert (proc.returncode, proc.stdout, sent) == (1, "", [])
    assert PLANTS[plant][1] in proc.stderr and "\nhint: " in proc.stderr


def test_ask_on_a_genuine_spill_reaches_the_model(root: Path) -> None:
    """The control for the test above: the fake model does get a spill garrepa wrote."""
    spill_id = store.spill_id(store.spill(str(root), GENUINE))
    with FakeAnthropic(reply_text="2: line 2 GENUINE-SPILL-CANARY") as fake:
        proc = garrepa(root, "ask", spill_id, "which line is the canary?",
                       env={"GARREPA_PROVIDER": "anthropic", "GARREPA_BASE_URL": fake.url,
                            "ANTHROPIC_API_KEY": "sk-test"})
    assert (proc.returncode, proc.stdout) == (0, "2\tline 2 GENUINE-SPILL-CANARY\n")


@pytest.mark.parametrize("how", ["spill-path", "link-into-spill", "cache-path"])
def test_a_path_into_the_spill_folder_gets_the_same_checks(root: Path, outside: Path,
                                                           how: str) -> None:
    plant_link_to_passwd(root, outside)
    if how == "spill-path":
        target = f".garrepa/spill/{OUTSIDE_NAME}"
        expected = "is a symbolic link"
    elif how == "link-into-spill":
        genuine = store.spill(str(root), GENUINE)
        (root / "shortcut.txt").symlink_to(genuine)
        target = "shortcut.txt"
        expected = "reaches into garrepa's state folder other than by a spill's id"
    else:
        (root / ".garrepa" / "cache").mkdir()
        (root / ".garrepa" / "cache" / "x.txt").symlink_to("/etc/passwd")
        target = ".garrepa/cache/x.txt"
        expected = "reaches into garrepa's state folder other than by a spill's id"
    proc = garrepa(root, "peek", target)
    assert (proc.returncode, proc.stdout) == (1, "")
    assert expected in proc.stderr and "\nhint: " in proc.stderr


def test_the_spill_path_of_a_genuine_spill_still_works(root: Path) -> None:
    path = store.spill(str(root), GENUINE)
    proc = garrepa(root, "peek", path, "2")
    assert (proc.returncode, proc.stdout) == (0, "2\tline 2 GENUINE-SPILL-CANARY\n")


def test_a_file_named_like_the_spill_id_is_never_taken_for_it(root: Path, outside: Path) -> None:
    """A repository can predict the id of a briefing it causes (the hash of its own diff) and
    ship a link of that name to one of the user's files: the id still means the spill."""
    spill_id = store.spill_id(store.spill(str(root), GENUINE))
    (root / spill_id).symlink_to(outside)
    (root / "deadbeef").symlink_to(outside)
    proc = garrepa(root, "peek", spill_id)
    assert (proc.returncode, proc.stdout) == (0, "1\tline 1 of the genuine spill\n"
                                                 "2\tline 2 GENUINE-SPILL-CANARY\n")
    proc = garrepa(root, "peek", "deadbeef")
    assert (proc.returncode, proc.stdout) == (1, "")
    assert "CANARY" not in proc.stderr and "give it as ./deadbeef" in proc.stderr
    # by path, a link out of the project is refused too: the agent may run `peek`/`ask`
    # without a prompt, so they read no more than Claude Code's Read would without asking
    proc = garrepa(root, "peek", "./deadbeef")
    assert (proc.returncode, "OUTSIDE-FILE-CANARY" in proc.stdout + proc.stderr) == (1, False)
    assert "is outside this project" in proc.stderr and "hint: " in proc.stderr


def test_a_secret_file_or_a_path_out_of_the_project_is_never_read(root: Path,
                                                                   outside: Path) -> None:
    (root / ".env").write_text("API_KEY=sk-live-CANARY\n")
    for target in (".env", str(outside), "../" + outside.name if outside.parent == root.parent
                   else str(outside), "/etc/passwd"):
        for command in (["peek", target], ["ask", target, "root"]):
            proc = garrepa(root, *command)
            assert proc.returncode == 1, (command, proc.stdout)
            assert "CANARY" not in proc.stdout + proc.stderr and "root:" not in proc.stdout
            assert "hint: " in proc.stderr
