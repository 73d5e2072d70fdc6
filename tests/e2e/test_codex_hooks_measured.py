"""What Codex CLI's hooks can do to a tool's output, measured in its real binary (issue 36).

The pinned Codex (scripts/test installs 0.171.0) runs headless (`codex exec`) in a temp project
against a loopback fake of the Responses API (tests/support/fake_responses.py) with a dummy key.
Probe hooks in the project's `.codex/hooks.json` save the event they get and answer in one
shape; the fake's request log shows what the model received for the call. The write-up is
docs/codex-hooks-measured.md.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from ..support.codex_run import CodexRun, hook_events, run_codex, write_config, write_probe_hooks
from ..support.fake_responses import FakeResponses, Reply

pytestmark = [pytest.mark.codex]

FIXTURES = Path(__file__).with_name("fixtures") / "codex-0.171.0"
SEQ = "seq 1 50000"
SEQ_CHARS = sum(len(f"{n}\n") for n in range(1, 50001))  # 288,894: the whole output



@dataclass
class Probe:
    fake: FakeResponses
    run: CodexRun
    log: Path
    project: Path

    def received(self, call_id: str = "call_000001") -> str:
        return self.fake.output_text(call_id)

    def events(self, name: str) -> list[dict[str, Any]]:
        return hook_events(self.log, name)


def probe(tmp_path: Path, script: list[Reply], replies: dict[str, dict[str, Any]] | None = None,
          *, hooks: bool = True, args: tuple[str, ...] = (), mcp: bool = False,
          bypass_hook_trust: bool = True) -> Probe:
    project = tmp_path / "proj"
    project.mkdir(parents=True, exist_ok=True)
    log = tmp_path / "hook-log"
    if hooks:
        write_probe_hooks(project, log, replies or {})
    with FakeResponses(script) as fake:
        write_config(tmp_path / "codex-home", fake.url, project, mcp=mcp)
        run = run_codex(project, tmp_path / "codex-home", args=("--strict-config", *args),
                        bypass_hook_trust=bypass_hook_trust)
    assert run.returncode == 0, run.stderr[-2000:]
    return Probe(fake, run, log, project)


def post_reply(**fields: Any) -> dict[str, dict[str, Any]]:
    return {"PostToolUse": fields}


def test_the_shell_tool_is_exec_command(tmp_path: Path) -> None:
    result = probe(tmp_path, [Reply.call("exec_command", cmd="echo hi")], hooks=False)
    assert "exec_command" in result.fake.tool_names()
    assert "shell" not in result.fake.tool_names()
    assert result.received().endswith("Output:\nhi\n")
    assert "Process exited with code 0" in result.received()


def test_negative_control_without_hooks_the_model_gets_codex_own_cut_output(
        tmp_path: Path) -> None:
    result = probe(tmp_path, [Reply.call("exec_command", cmd=SEQ)], hooks=False)
    received = result.received()
    assert "Warning: truncated output (original token count: 72224)" in received
    assert "Total output lines: 50000" in received
    assert received.endswith("49999\n50000\n")
    assert "\n1\n2\n3\n" in received
    assert "\n25000\n" not in received  # the middle is gone
    assert 9_000 < len(received) < 11_000 < SEQ_CHARS


@pytest.mark.parametrize("run", range(3))
def test_post_block_reason_is_exactly_what_the_model_receives(tmp_path: Path, run: int) -> None:
    text = f"garrepa digest #{run}: 50000 lines, 1..50000"
    result = probe(tmp_path, [Reply.call("exec_command", cmd=SEQ),
                              Reply.call("exec_command", cmd="echo second")],
                   post_reply(decision="block", reason=text))
    assert result.received("call_000001") == text
    assert result.received("call_000002") == text  # and the turn went on to the next call


@pytest.mark.parametrize("run", range(3))
def test_post_continue_false_stop_reason_is_what_the_model_receives(tmp_path: Path,
                                                                   run: int) -> None:
    text = f"stopped #{run}: the digest"
    result = probe(tmp_path, [Reply.call("exec_command", cmd=SEQ),
                              Reply.call("exec_command", cmd="echo second")],
                   post_reply(**{"continue": False, "stopReason": text}))
    assert result.received("call_000001") == text
    assert result.received("call_000002") == text  # the turn is not stopped
    assert result.run.events[-1]["type"] == "turn.completed"


def test_post_updated_tool_output_is_ignored(tmp_path: Path) -> None:
    result = probe(tmp_path, [Reply.call("exec_command", cmd="echo original")],
                   post_reply(hookSpecificOutput={"hookEventName": "PostToolUse",
                                                  "updatedToolOutput": "REPLACED"}))
    assert "REPLACED" not in result.received()
    assert result.received().endswith("Output:\noriginal\n")


def test_pre_allow_updated_input_rewrites_the_command(tmp_path: Path) -> None:
    result = probe(tmp_path, [Reply.call("exec_command", cmd="echo original")],
                   {"PreToolUse": {"hookSpecificOutput": {
                       "hookEventName": "PreToolUse", "permissionDecision": "allow",
                       "updatedInput": {"command": "echo REWRITTEN; echo $? >rewrite-ran"}}}})
    assert result.received().endswith("Output:\nREWRITTEN\n")
    assert (result.project / "rewrite-ran").read_text() == "0\n"
    # PostToolUse sees what ran, the model's call item keeps what it asked for
    assert result.events("PostToolUse")[0]["tool_input"]["command"].startswith("echo REWRITTEN")
    assert result.fake.main_loop_requests()[1].body["input"][-2]["arguments"] == \
        json.dumps({"cmd": "echo original"})


def test_the_output_a_post_hook_sees_is_already_cut(tmp_path: Path) -> None:
    result = probe(tmp_path, [Reply.call("exec_command", cmd=SEQ)])
    [event] = result.events("PostToolUse")
    seen = event["tool_response"]
    assert isinstance(seen, str)
    assert seen.startswith("Warning: truncated output (original token count: 72224)\n"
                           "Total output lines: 50000\n\n1\n2\n")
    assert seen.endswith("49999\n50000\n")
    # measured: about 10,100 characters of 288,894 (about 12,200 as JSON text, \n escaped)
    assert 9_900 < len(seen) < 10_300
    assert result.received().endswith(seen)  # the model gets the same cut, behind a header


def _shape(value: Any) -> Any:
    """The event's shape: keys kept, volatile values (ids, paths) named by their kind."""
    if isinstance(value, dict):
        return {k: _shape(v) if k not in ("session_id", "turn_id", "transcript_path", "cwd")
                else f"<{k}>" for k, v in value.items()}
    if isinstance(value, list):
        return [_shape(v) for v in value]
    return value


def _check_sample(name: str, event: dict[str, Any]) -> None:
    sample = FIXTURES / f"{name}.json"
    assert _shape(event) == json.loads(sample.read_text()), f"{sample} no longer matches"


def test_event_shapes_for_a_shell_call_match_the_committed_samples(tmp_path: Path) -> None:
    result = probe(tmp_path, [Reply.call("exec_command", cmd="echo hi")])
    [pre] = result.events("PreToolUse")
    [post] = result.events("PostToolUse")
    assert pre["transcript_path"].startswith(str(tmp_path / "codex-home" / "sessions"))
    assert Path(pre["cwd"]) == result.project
    _check_sample("pre-tool-use.shell", pre)
    _check_sample("post-tool-use.shell", post)


def test_event_shapes_for_an_mcp_call_match_the_committed_samples(tmp_path: Path) -> None:
    result = probe(tmp_path, [Reply.mcp("probe", "big_text", lines=3)], mcp=True)
    [pre] = result.events("PreToolUse")
    [post] = result.events("PostToolUse")
    _check_sample("pre-tool-use.mcp", pre)
    _check_sample("post-tool-use.mcp", post)
    # the model gets MCP output as content items behind a "Wall time" item
    assert result.fake.outputs()["call_000001"][0]["text"].startswith("Wall time: ")
    assert result.received().endswith("mcp line 3: the quick brown fox")


def test_mcp_block_reason_replaces_the_output_and_updated_mcp_output_does_not(
        tmp_path: Path) -> None:
    blocked = probe(tmp_path / "a", [Reply.mcp("probe", "big_text", lines=3)],
                    post_reply(decision="block", reason="MCP DIGEST"), mcp=True)
    assert blocked.fake.outputs()["call_000001"] == "MCP DIGEST"
    updated = probe(tmp_path / "b", [Reply.mcp("probe", "big_text", lines=3)],
                    post_reply(hookSpecificOutput={
                        "hookEventName": "PostToolUse",
                        "updatedMCPToolOutput": {"content": [{"type": "text", "text": "NEW"}]}}),
                    mcp=True)
    assert "NEW" not in updated.received()
    assert updated.received().endswith("mcp line 3: the quick brown fox")


def test_project_hooks_need_hook_trust_even_in_a_trusted_project(tmp_path: Path) -> None:
    """Without --dangerously-bypass-hook-trust (and no trusted_hash for the hook in
    config.toml) the project's hooks do not run, though the project is trusted."""
    result = probe(tmp_path, [Reply.call("exec_command", cmd="echo hi")],
                   post_reply(decision="block", reason="never seen"), bypass_hook_trust=False)
    assert result.events("PreToolUse") == []
    assert result.events("PostToolUse") == []
    assert result.received().endswith("Output:\nhi\n")


def test_the_session_file_records_the_tool_output(tmp_path: Path) -> None:
    result = probe(tmp_path, [Reply.call("exec_command", cmd=SEQ)], hooks=False)
    [session] = result.run.sessions()
    assert session.parent.parent.parent.parent == tmp_path / "codex-home" / "sessions"
    lines = result.run.session_lines()
    payloads = [line.get("payload") or {} for line in lines]
    [call_output] = [p for p in payloads if p.get("type") == "function_call_output"]
    assert call_output["call_id"] == "call_000001"
    assert call_output["output"] == result.received()  # what the model got, byte for byte
    [execution] = [p["item"] for p in payloads if p.get("type") == "item_completed"
                   and p["item"].get("type") == "CommandExecution"]
    assert execution["command"][-1] == SEQ and execution["exit_code"] == 0
    # the session keeps more than the model got: the first 64 KiB of the output
    assert len(execution["aggregated_output"]) == 65_536
    assert execution["aggregated_output"].startswith("1\n2\n3\n")


REWRITE = {"PreToolUse": {"hookSpecificOutput": {
    "hookEventName": "PreToolUse", "permissionDecision": "allow",
    "updatedInput": {"command": "touch made-by-rewrite"}}}}


@pytest.mark.parametrize("mode", [(), ("-c", 'approval_policy="on-request"'),
                                  ("--approve-for-me",)], ids=["default", "on-request",
                                                                "approve-for-me"])
def test_a_rewritten_command_runs_like_the_original_would(tmp_path: Path,
                                                          mode: tuple[str, ...]) -> None:
    direct = probe(tmp_path / "direct", [Reply.call("exec_command", cmd="touch made-direct")],
                   hooks=False, args=mode)
    rewritten = probe(tmp_path / "rewritten", [Reply.call("exec_command", cmd="ls")], REWRITE,
                      args=mode)
    assert (direct.project / "made-direct").exists()
    assert (rewritten.project / "made-by-rewrite").exists()
    assert "Process exited with code 0" in rewritten.received()


def test_a_rewritten_command_stays_in_the_sandbox(tmp_path: Path) -> None:
    direct = probe(tmp_path / "direct", [Reply.call("exec_command", cmd="touch made-direct")],
                   hooks=False, args=("--sandbox", "read-only"))
    rewritten = probe(tmp_path / "rewritten", [Reply.call("exec_command", cmd="ls")], REWRITE,
                      args=("--sandbox", "read-only"))
    assert "Read-only file system" in direct.received()
    assert "Read-only file system" in rewritten.received()
    assert not (rewritten.project / "made-by-rewrite").exists()


def test_untrusted_approval_policy_is_gone(tmp_path: Path) -> None:
    project = tmp_path / "proj"
    project.mkdir()
    with FakeResponses([]) as fake:
        write_config(tmp_path / "codex-home", fake.url, project)
        run = run_codex(project, tmp_path / "codex-home",
                        args=("-c", 'approval_policy="untrusted"'))
    assert run.returncode == 1
    assert 'approval_policy = "untrusted" is no longer supported' in run.stderr
    assert fake.requests == []


def reason_of(lines: int, width: int) -> str:
    return "\n".join(f"{n:06d} " + "r" * (width - 7) for n in range(1, lines + 1))


@pytest.mark.parametrize(("lines", "width", "whole"), [
    (9_900 // 100, 99, True),     # 9,899 bytes in 99 lines: whole
    (1_000, 9, True),             # 1,000 lines, 9,999 bytes: many lines alone do not cut
    (101, 100, False),            # 10,099 bytes: cut (Codex counts a token per 4 bytes: 2,525)
])
def test_a_block_reason_is_cut_by_its_size_like_any_output(tmp_path: Path, lines: int,
                                                            width: int, whole: bool) -> None:
    """What Codex delivers of a block reason uncut (hook/pipeline.py passes the original past
    `uncut_bytes`, 10,000): the reason is cut as a shell output is, by size."""
    text = reason_of(lines, width)
    result = probe(tmp_path, [Reply.call("exec_command", cmd="echo hi")],
                   post_reply(decision="block", reason=text))
    assert (result.received() == text) is whole, (len(text), result.received()[:200])
