"""Issue 33: a masked range is reported as a range (a 40-line private key is one entry of the
masking notice, not 40), and the logs runner's digest of a long failing run is masked as every
other route's briefing is. Both through real processes (the hook; the runner in a bash pipe),
each with its control."""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path

import pytest

from garrepa_py.install.interpreter import interpreter_record_text

from .helpers import bash_event, hook, reply

REPO = Path(__file__).resolve().parents[2]
LAUNCHER = REPO / "templates" / "garrepa-log"
KEY_BODY = [("MIIEowIBAAKCAQEA" + f"{n:02d}" + "q8mK2vN7xR4pL5tY6wQ1eR3tY7uI9oP0aS2dF4gH6jK8lZ")
            for n in range(38)]


def _log_p(extra: str) -> str:
    """A `git log -p` of 120 commits; the 60th adds docs/setup.md holding `extra`."""
    commits = []
    for n in range(120):
        body = [f"+line {n}-{k} of the changelog" for k in range(12)]
        path = "CHANGES.md"
        if n == 60:
            path, body = "docs/setup.md", ["+" + line for line in extra.split("\n")]
        commits.append(f"commit {n:040x}\nAuthor: Dev <dev@example.com>\n"
                       f"Date:   Mon Jan 1 00:00:00 2024 +0000\n\n    change {n}\n\n"
                       f"diff --git a/{path} b/{path}\n--- a/{path}\n+++ b/{path}\n"
                       f"@@ -1,0 +1,{len(body)} @@\n" + "\n".join(body) + "\n")
    return "".join(commits)


def _notice(project: Path, stdout: str) -> str:
    response = {"stdout": stdout, "stderr": "", "interrupted": False, "isImage": False}
    proc = hook(project, bash_event(project.parent, "git log -p", response))
    text = json.dumps(reply(proc))
    found = re.search(r"\[secrets masked above as \[secret: KIND\]: ([^|]*)\|", text)
    assert found is not None, text[:500]
    return found.group(1)


def _line_of(text: str, needle: str) -> int:
    return text.split("\n").index(next(line for line in text.split("\n") if needle in line)) + 1


def test_a_forty_line_private_key_is_one_range_in_the_notice(project: Path,
                                                              garrepa_home: Path) -> None:
    key = "\n".join(["-----BEGIN RSA PRIVATE KEY-----", *KEY_BODY,
                     "-----END RSA PRIVATE KEY-----"])
    stdout = _log_p(key)
    first, last = _line_of(stdout, "BEGIN RSA"), _line_of(stdout, "END RSA")
    assert last - first == 39
    notice = _notice(project, stdout)
    assert f"lines {first}-{last} private-key" in notice
    assert notice.count("private-key") == 1


def test_separate_secrets_stay_separate_entries(project: Path, garrepa_home: Path) -> None:
    """The control: lines apart, or of two kinds, are not joined into a range."""
    stdout = _log_p("DB_PASSWORD=Zx9qLw2Rv7Kp\nnot a secret\nAPI_TOKEN=Tq8Lw2Rv7KpX\n"
                    "GH=ghp_Xq7pL2mN9vB4cR8tY1wZ5kJ3hG6fD0sAQ7wE")
    first = _line_of(stdout, "DB_PASSWORD")
    notice = _notice(project, stdout)
    assert f"line {first} credential; line {first + 2} credential; " \
           f"line {first + 3} github-token" in notice
    assert "lines " not in notice


@pytest.fixture
def home(tmp_path: Path) -> Path:
    home = tmp_path / "home"
    home.mkdir()
    (home / "interpreter").write_text(interpreter_record_text())
    return home


def _run_log(tmp_path: Path, home: Path, log: str) -> str:
    source = tmp_path / "run.log"
    source.write_text(log)
    project = tmp_path / "project"
    project.mkdir()
    runner = f"sh {LAUNCHER} --family pytest --project {project}"
    done = subprocess.run(["bash", "-c", f"cat {source} | {runner}"], capture_output=True,
                          timeout=120, env={**os.environ, "GARREPA_HOME": str(home)})
    assert done.returncode == 1  # the run failed, and says so
    return done.stdout.decode()


SECRETS = ("Cu7lPw0rdZ9", "ghp_Xq7pL2mN9vB4cR8tY1wZ5kJ3hG6fD0sAQ7wE", "Zx9qLw2Rv7Kp",
           KEY_BODY[0])


def _failing_run(failure: str) -> str:
    passed = "".join(f"tests/test_mod{n}.py::test_case_{n} PASSED\n" for n in range(400))
    return (f"{passed}tests/test_cfg.py::test_login FAILED\n"
            "=================================== FAILURES ===================================\n"
            "__________________________________ test_login __________________________________\n"
            f"{failure}\n"
            "=========================== short test summary info ============================\n"
            "FAILED tests/test_cfg.py::test_login - AssertionError: login refused\n"
            "======================== 1 failed, 400 passed in 2.10s =========================\n")


def test_the_logs_digest_of_a_failing_run_masks_its_secrets(tmp_path: Path, home: Path) -> None:
    failure = ("    def test_login():\n"
               ">       assert login('https://ci:Cu7lPw0rdZ9@ci.example.com',"
               " token='ghp_Xq7pL2mN9vB4cR8tY1wZ5kJ3hG6fD0sAQ7wE')\n"
               "E       AssertionError: export DB_PASSWORD=Zx9qLw2Rv7Kp\n"
               "E   -----BEGIN RSA PRIVATE KEY-----\n"
               + "".join(f"E   {line}\n" for line in KEY_BODY[:3])
               + "E   -----END RSA PRIVATE KEY-----\n"
               "E   region = eu-west-1 and the host is ci.example.com")
    out = _run_log(tmp_path, home, _failing_run(failure))
    assert out.startswith("[garrepa log | pytest | FAILED")  # the digest, not the log
    assert "E   region = eu-west-1 and the host is ci.example.com" in out  # the neighbour
    assert "[secret: url-password]" in out and "[secret: private-key]" in out
    for secret in SECRETS:
        assert secret not in out, secret


def test_the_logs_digest_keeps_a_benign_failure_whole(tmp_path: Path, home: Path) -> None:
    """The control: a failure naming tokens and passwords, with no secret, is quoted as it is."""
    failure = ("    def test_login():\n"
               ">       assert login(user, password=password, token=token)\n"
               "E       AssertionError: the token expired; use password_file=/run/pw")
    out = _run_log(tmp_path, home, _failing_run(failure))
    assert out.startswith("[garrepa log | pytest | FAILED")
    assert ">       assert login(user, password=password, token=token)" in out
    assert "E       AssertionError: the token expired; use password_file=/run/pw" in out
    assert "[secret:" not in out
