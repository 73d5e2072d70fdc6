"""Attack on the Codex capture (issue 36): the tee runner must start wherever the hook itself
started. The launcher runs the hook as `PY -I -S -c '…sys.path.append(ROOT)…'`, so garrepa_py
comes from ROOT, not from PY's site-packages (a `pip install --user`, a source checkout, an
interpreter file naming another Python). A runner written as `PY -I -m garrepa_py.hook.tee_runner`
then cannot import itself, and `CMD | RUNNER` loses all of CMD's output and its exit status."""

from __future__ import annotations

import json
import os
import pwd
import subprocess
import sys
from pathlib import Path

import pytest

from ..conftest import SRC
from ..hosts.codex.test_pre_bash import pre_event

BASH_LOGIN = pwd.getpwuid(os.getuid()).pw_shell.endswith("/bash")
# the interpreter this venv was made from: it has no garrepa_py of its own
BARE_PYTHON = getattr(sys, "_base_executable", sys.executable)


def _bare_has_no_garrepa() -> bool:
    done = subprocess.run([BARE_PYTHON, "-I", "-c", "import garrepa_py"], capture_output=True,
                          check=False)
    return done.returncode != 0


@pytest.mark.skipif(not BASH_LOGIN, reason="the login shell is not bash: the rewrite is off")
def test_the_runner_starts_from_the_root_the_launcher_named(
        project: Path, garrepa_home: Path, tmp_path: Path) -> None:
    if not _bare_has_no_garrepa():
        pytest.skip("the base interpreter has garrepa_py installed")
    capture = tmp_path / "g" / "codex-capture"
    event = pre_event(project, "seq 1 3")
    proc = subprocess.run(  # exactly the launcher's way: -I -S, the root appended by hand
        [BARE_PYTHON, "-I", "-S", "-c",
         "import sys; sys.path.append(sys.argv[1]); "
         "from garrepa_py.hook.entry import main; main()", str(SRC), "--host", "codex"],
        input=json.dumps(event).encode(), capture_output=True, timeout=60, check=False,
        cwd=event["cwd"], env={"PATH": "/usr/bin:/bin", "GARREPA_PROVIDER": "none",
                               "GARREPA_HOME": str(garrepa_home), "HOME": str(garrepa_home),
                               "GARREPA_CODEX_CAPTURE_DIR": str(capture)})
    assert proc.returncode == 0, proc.stderr
    command = json.loads(proc.stdout)["hookSpecificOutput"]["updatedInput"]["command"]
    done = subprocess.run(["/bin/bash", "-c", command], capture_output=True, check=False,
                          env={"PATH": "/usr/bin:/bin"}, timeout=60)
    # the command's output and status reach Codex as without garrepa, and the spill is written
    assert (done.returncode, done.stdout, done.stderr) == (0, b"1\n2\n3\n", b"")
    assert (capture / f"{event['session_id']}.{event['tool_use_id']}.out").read_bytes() == \
        b"1\n2\n3\n"
