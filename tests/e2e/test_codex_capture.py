"""The Codex capture rewrite in the real Codex binary (issue 36): a shell call's whole stdout is
teed into a private spill before Codex cuts it, and nothing else about the call changes.

Each case runs the call twice: with garrepa's hook as a PreToolUse entry (`--host codex`: the
capture route asks hosts/codex/pre_bash.py) in `.codex/hooks.json` and a probe PostToolUse
hook that only records what Codex hands it, and with no hooks at all (the negative control).
The model's output item must be the same bytes in both (Codex's own `Chunk ID` and `Wall time`
lines aside, which differ on every run).
"""

from __future__ import annotations

import hashlib
import json
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from garrepa_py.hosts.codex import capture_store

from ..conftest import SRC
from ..support import codex_run, corpora
from ..support.codex_run import CodexRun, hook_events, run_codex, write_config
from ..support.fake_responses import FakeResponses, Reply

pytestmark = [pytest.mark.codex]

SEQ = "seq 1 50000"



@dataclass
class Run:
    fake: FakeResponses
    run: CodexRun
    project: Path
    log: Path
    capture: Path

    def received(self, call_id: str = "call_000001") -> str:
        return self.fake.output_text(call_id)

    def posts(self) -> list[dict[str, Any]]:
        return hook_events(self.log, "PostToolUse")

    def ran(self, index: int = 0) -> str:
        """The command Codex ran (PostToolUse's tool_input)."""
        return str(self.posts()[index]["tool_input"]["command"])

    def spill(self, call_id: str = "call_000001") -> bytes | None:
        session = str(self.posts()[0]["session_id"])
        return capture_store.read_bytes(str(self.capture), session, call_id)

    def full_output(self, index: int = 0) -> str | None:
        post = self.posts()[index]
        return capture_store.full_output(str(self.capture), post["session_id"],
                                         post["tool_use_id"], post["tool_response"])


def hooks_json(project: Path, log: Path, capture: Path) -> None:
    (project / ".codex").mkdir(parents=True, exist_ok=True)
    log.mkdir(parents=True, exist_ok=True)
    pre = shlex.join(["env", f"GARREPA_CODEX_CAPTURE_DIR={capture}",
                      f"GARREPA_HOME={log.parent / 'garrepa-home'}", sys.executable, "-I", "-S",
                      "-c", "import sys; sys.path.insert(0, sys.argv[1]); "
                      "from garrepa_py.hook.entry import main; main()", str(SRC),
                      "--host", "codex"])
    post = " ".join([sys.executable, str(codex_run.PROBE_HOOK), str(log), str(log / "none")])
    hooks = {"PreToolUse": [{"matcher": "*", "hooks": [{"type": "command", "command": pre}]}],
             "PostToolUse": [{"matcher": "*", "hooks": [{"type": "command", "command": post}]}]}
    (project / ".codex" / "hooks.json").write_text(json.dumps({"hooks": hooks}, indent=2))


def codex(tmp_path: Path, script: list[Reply], *, hooks: bool = True,
          args: tuple[str, ...] = (), rules: str = "") -> Run:
    project = tmp_path / "proj"
    project.mkdir(parents=True, exist_ok=True)
    log, capture = tmp_path / "hook-log", tmp_path / "cap" / "codex-capture"
    if hooks:
        hooks_json(project, log, capture)
    with FakeResponses(script) as fake:
        home = tmp_path / "codex-home"
        write_config(home, fake.url, project)
        if rules:
            (home / "rules").mkdir()
            (home / "rules" / "default.rules").write_text(rules)
        run = run_codex(project, home, args=("--strict-config", *args))
    assert run.returncode == 0, run.stderr[-2000:]
    return Run(fake, run, project, log, capture)


def stable(received: str) -> str:
    """The output item without Codex's per-run `Chunk ID` and `Wall time` lines (its first two)."""
    head = received.split("\n", 2)
    if len(head) == 3 and head[0].startswith("Chunk ID: ") and head[1].startswith("Wall time: "):
        return head[2]
    return received


def both(tmp_path: Path, script: list[Reply], **kwargs: Any) -> tuple[Run, Run]:
    hooked = codex(tmp_path / "hooked", script, **kwargs)
    control = codex(tmp_path / "control", script, hooks=False, **kwargs)
    return hooked, control


def direct(command: str, cwd: Path) -> bytes:
    """The command's own stdout, run directly (as Codex would: bash -lc)."""
    return subprocess.run(["/bin/bash", "-lc", command], cwd=cwd, capture_output=True,
                          check=False, stdin=subprocess.DEVNULL, timeout=120).stdout


def test_seq_spills_every_byte_and_the_model_gets_what_it_would_have(tmp_path: Path) -> None:
    hooked, control = both(tmp_path, [Reply.call("exec_command", cmd=SEQ)])
    assert hooked.ran().startswith("set -o posix -o pipefail; seq 1 50000 | ")
    spilled = hooked.spill()
    assert spilled is not None
    assert hashlib.sha256(spilled).hexdigest() == hashlib.sha256(
        direct(SEQ, hooked.project)).hexdigest()
    assert len(spilled) == 288_894
    assert stable(hooked.received()) == stable(control.received())
    assert "Warning: truncated output (original token count: 72224)" in hooked.received()
    # what a PostToolUse hook gets is Codex's cut; the spill agrees with it and is whole
    post = hooked.posts()[0]
    assert len(post["tool_response"]) < 10_300
    assert hooked.full_output() == spilled.decode()
    # private: 0600 files in 0700 folders
    for path in hooked.capture.iterdir():
        assert path.stat().st_mode & 0o777 == 0o600
    assert hooked.capture.stat().st_mode & 0o777 == 0o700
    assert hooked.capture.parent.stat().st_mode & 0o777 == 0o700


def test_an_output_over_codex_exec_buffer_is_given_back_whole(tmp_path: Path) -> None:
    """Over 1 MiB Codex's cut names the bytes it dropped, not the line count (a `git log -p` of
    any real project): the spill still agrees with it (it used to pass as `host-output-cut`)."""
    command = "seq 1 300000"
    hooked = codex(tmp_path, [Reply.call("exec_command", cmd=command)])
    spilled = hooked.spill()
    assert spilled is not None and len(spilled) == 1_988_895
    seen = hooked.posts()[0]["tool_response"]
    assert seen.split("\n")[1] == f"... {1_988_895 - 1024 * 1024} bytes omitted ..."
    assert hooked.full_output() == spilled.decode()


def test_a_real_corpus_grep_spills_every_byte(tmp_path: Path) -> None:
    docs = corpora.load("docs")
    command = f"grep -rn import {docs}"
    hooked, control = both(tmp_path, [Reply.call("exec_command", cmd=command)])
    own = direct(command, tmp_path)
    assert len(own) > 50_000
    spilled = hooked.spill()
    assert spilled is not None and hashlib.sha256(spilled).digest() == hashlib.sha256(own).digest()
    assert stable(hooked.received()) == stable(control.received())
    assert hooked.full_output() == own.decode("utf-8", "replace")


@pytest.mark.parametrize("command, code", [
    ("sh -c 'echo out; exit 1'", 1),
    ("nosuchcommand-garrepa", 127),
    ("sh -c 'echo before; kill -9 $$'", 137),
    ("sh -c 'echo ok'", 0),
], ids=["exit-1", "not-found-127", "killed-137", "exit-0"])
def test_exit_status_and_output_are_kept(tmp_path: Path, command: str, code: int) -> None:
    hooked, control = both(tmp_path, [Reply.call("exec_command", cmd=command)])
    assert hooked.ran() != command  # rewritten
    assert f"Process exited with code {code}\n" in hooked.received()
    assert stable(hooked.received()) == stable(control.received())


@pytest.mark.parametrize("command", [
    "echo a && echo b",
    "seq 3 | wc -l",
    "echo a > out.txt",
    "cat <<EOF\nhello\nEOF",
    "echo $HOME",
    "cd /tmp",
    "FOO=1 env",
    "echo a # note",
], ids=["and", "pipe", "redirect", "heredoc", "variable", "builtin", "assignment", "comment"])
def test_a_compound_or_unsure_command_is_not_rewritten(tmp_path: Path, command: str) -> None:
    hooked = codex(tmp_path, [Reply.call("exec_command", cmd=command)])
    assert hooked.ran() == command
    assert not hooked.capture.exists() or not any(hooked.capture.iterdir())


@pytest.mark.parametrize("extra", [{"tty": True}, {"sandbox_permissions": "require_escalated",
                                                   "justification": "needs it"}],
                         ids=["tty", "escalation"])
def test_a_tty_or_escalated_call_is_not_rewritten(tmp_path: Path, extra: dict[str, Any]) -> None:
    hooked, control = both(tmp_path, [Reply.call("exec_command", cmd="echo hi", **extra)])
    assert stable(hooked.received()) == stable(control.received())
    posts = hooked.posts()
    assert not posts or posts[0]["tool_input"]["command"] == "echo hi"


def test_read_only_sandbox_still_refuses_a_write_and_the_capture_fails_open(
        tmp_path: Path) -> None:
    hooked, control = both(tmp_path, [Reply.call("exec_command", cmd="touch made"),
                                      Reply.call("exec_command", cmd=SEQ)],
                           args=("--sandbox", "read-only"))
    assert "Read-only file system" in hooked.received("call_000001")
    assert not (hooked.project / "made").exists()
    assert stable(hooked.received("call_000001")) == stable(control.received("call_000001"))
    # the spill folder is not writable in the sandbox: the command ran, its output is Codex's
    assert hooked.ran(1).startswith("set -o posix")
    assert stable(hooked.received("call_000002")) == stable(control.received("call_000002"))
    assert hooked.spill("call_000002") is None and hooked.full_output(1) is None


def test_a_forbidding_exec_policy_rule_still_stops_the_rewritten_command(tmp_path: Path) -> None:
    rules = 'prefix_rule(pattern=["touch"], decision="forbidden")\n'
    hooked, control = both(tmp_path, [Reply.call("exec_command", cmd="touch made")], rules=rules)
    assert "policy forbids commands starting with `touch`" in control.received()
    assert "policy forbids commands starting with `touch`" in hooked.received()
    assert not (hooked.project / "made").exists()


def test_stderr_output_makes_the_spill_disagree_so_nothing_is_claimed(tmp_path: Path) -> None:
    command = "sh -c 'seq 1 30000; echo oops >&2; seq 1 3000'"
    hooked, control = both(tmp_path, [Reply.call("exec_command", cmd=command)])
    # where stderr's line falls among stdout's depends on timing, in the control too (seen
    # under load: `oops` last in the control, cut away in the hooked run): the head is the same
    mine, theirs = stable(hooked.received()), stable(control.received())
    assert abs(len(mine) - len(theirs)) <= 16 and mine[:4000] == theirs[:4000]
    assert hooked.spill() is not None  # stdout alone
    assert hooked.full_output() is None


def test_allow_does_not_skip_approval_and_an_escalated_call_is_reviewed_as_asked(
        tmp_path: Path) -> None:
    """`permissionDecision: allow` + `updatedInput` does not bypass Codex's approval: an
    escalated call is still sent for review (`--approve-for-me`: a reviewer request to the
    model), and the review names the rewritten command. garrepa leaves escalated calls alone, so
    the review names what the model asked for."""
    escalated = Reply.call("exec_command", cmd="touch made", sandbox_permissions="require_escalated",
                           justification="needs it")
    probe_project = tmp_path / "probe" / "proj"
    probe_project.mkdir(parents=True)
    codex_run.write_probe_hooks(probe_project, tmp_path / "probe" / "log", {"PreToolUse": {
        "hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow",
                               "updatedInput": {"command": "touch made-by-rewrite"}}}})
    with FakeResponses([escalated]) as fake:
        write_config(tmp_path / "probe" / "codex-home", fake.url, probe_project)
        run_codex(probe_project, tmp_path / "probe" / "codex-home", args=("--approve-for-me",))
    reviews = [json.dumps(r.body) for r in fake.main_loop_requests()[1:]
               if "Planned action JSON" in json.dumps(r.body)]
    assert reviews and all("touch made-by-rewrite" in review for review in reviews)
    assert not (probe_project / "made-by-rewrite").exists()

    hooked = codex(tmp_path / "garrepa", [escalated], args=("--approve-for-me",))
    reviews = [json.dumps(r.body) for r in hooked.fake.main_loop_requests()[1:]
               if "Planned action JSON" in json.dumps(r.body)]
    assert reviews and not any("pipefail" in review for review in reviews)
