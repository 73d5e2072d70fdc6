"""The capture runner (hook/tee_runner.py), run as Codex runs it: a real pipeline in bash."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

from garrepa_py.hosts.codex import capture_store

RUNNER = f"{sys.executable} -I -m garrepa_py.hook.tee_runner"


def pipeline(command: str, directory: Path, *extra: str) -> subprocess.CompletedProcess[bytes]:
    script = (f"set -o posix -o pipefail; {command} | {RUNNER} --dir {directory} "
              f"--session s-1 --id call_1 {' '.join(extra)}")
    return subprocess.run(["/bin/bash", "-c", script], capture_output=True, check=False,
                          timeout=60)


def test_every_byte_flows_on_and_is_spilled_privately(tmp_path: Path) -> None:
    directory = tmp_path / "garrepa-x" / "codex-capture"
    done = pipeline("seq 1 200000", directory)
    own = subprocess.run(["seq", "1", "200000"], capture_output=True, check=True).stdout
    assert done.returncode == 0 and done.stdout == own and done.stderr == b""
    spilled = capture_store.read_bytes(str(directory), "s-1", "call_1")
    assert spilled == own
    meta = json.loads((directory / "s-1.call_1.json").read_text())
    assert meta == {"size": len(own), "kept": len(own), "cut": False,
                    "sha256": hashlib.sha256(own).hexdigest()}
    assert (directory / "s-1.call_1.out").stat().st_mode & 0o777 == 0o600
    assert directory.stat().st_mode & 0o777 == 0o700


def test_raw_bytes_stay_exact(tmp_path: Path) -> None:
    data = bytes(range(256)) * 50
    source = tmp_path / "blob"
    source.write_bytes(data)
    done = pipeline(f"cat {source}", tmp_path / "g" / "c")
    assert done.stdout == data
    assert capture_store.read_bytes(str(tmp_path / "g" / "c"), "s-1", "call_1") == data


def test_past_the_cap_the_spill_says_cut_and_the_output_still_flows(tmp_path: Path) -> None:
    directory = tmp_path / "g" / "c"
    done = pipeline("seq 1 100000", directory, "--cap", "1000")
    assert done.stdout == subprocess.run(["seq", "1", "100000"], capture_output=True).stdout
    meta = json.loads((directory / "s-1.call_1.json").read_text())
    assert meta["cut"] is True and meta["kept"] == 1000 and meta["size"] == len(done.stdout)
    assert (directory / "s-1.call_1.out").stat().st_size == 1000
    assert capture_store.read_bytes(str(directory), "s-1", "call_1") is None


def test_the_exit_status_is_the_commands(tmp_path: Path) -> None:
    assert pipeline("sh -c 'echo x; exit 5'", tmp_path / "g" / "c").returncode == 5
    assert pipeline("sh -c 'kill -TERM $$'", tmp_path / "g" / "c").returncode == 143


def test_an_unwritable_folder_fails_open(tmp_path: Path) -> None:
    (tmp_path / "g").mkdir()
    (tmp_path / "g" / "c").write_text("a file where the folder should be")
    done = pipeline("seq 1 5000", tmp_path / "g" / "c")
    assert done.returncode == 0 and done.stdout == subprocess.run(
        ["seq", "1", "5000"], capture_output=True).stdout
    assert done.stderr == b""


def test_a_folder_that_is_a_link_is_not_written(tmp_path: Path) -> None:
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "g").mkdir()
    os.symlink(tmp_path / "elsewhere", tmp_path / "g" / "c")
    done = pipeline("echo hi", tmp_path / "g" / "c")
    assert done.stdout == b"hi\n" and done.returncode == 0
    assert list((tmp_path / "elsewhere").iterdir()) == []


def test_missing_or_odd_ids_write_nothing_and_pass_everything(tmp_path: Path) -> None:
    script = f"echo hi | {RUNNER} --dir {tmp_path / 'g' / 'c'} --session '../x' --id call_1"
    done = subprocess.run(["/bin/bash", "-c", script], capture_output=True, check=False)
    assert done.stdout == b"hi\n" and done.returncode == 0
    assert not (tmp_path / "g").exists()


def test_stdin_stays_the_commands(tmp_path: Path) -> None:
    script = (f"set -o posix -o pipefail; cat | {RUNNER} --dir {tmp_path / 'g' / 'c'} "
              "--session s --id c")
    done = subprocess.run(["/bin/bash", "-c", script], input=b"from stdin\n",
                          capture_output=True, check=False)
    assert done.stdout == b"from stdin\n"


def test_the_runner_run_as_a_file_finds_its_own_package_without_site(tmp_path: Path) -> None:
    """`PY -I -S ROOT/garrepa_py/hook/tee_runner.py`, how the Codex rewrite starts it: nothing on
    the path but the standard library, and still the spill is written and the bytes flow."""
    import garrepa_py

    script = Path(garrepa_py.__file__).parent / "hook" / "tee_runner.py"
    capture = tmp_path / "g" / "cap"
    done = subprocess.run(
        ["/bin/bash", "-c", f"set -o posix -o pipefail; seq 1 3 | {sys.executable} -I -S "
                            f"{script} --dir {capture} --session s1 --id c1"],
        capture_output=True, check=False, timeout=60, env={"PATH": "/usr/bin:/bin"})
    assert (done.returncode, done.stdout, done.stderr) == (0, b"1\n2\n3\n", b"")
    assert (capture / "s1.c1.out").read_bytes() == b"1\n2\n3\n"
