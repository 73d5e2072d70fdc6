"""Reading Codex's session files, on real ones written by Codex 0.171.0 (ids and paths replaced;
tests/support/build_codex_sessions.py writes them again)."""

from __future__ import annotations

import json
from pathlib import Path

from garrepa_py.hosts.codex.sessions import read_session, text_chars

SESSIONS = Path(__file__).resolve().parents[2] / "e2e" / "fixtures" / "codex-0.171.0" / "sessions"
SEQ_CHARS = sum(len(f"{n}\n") for n in range(1, 20001))  # 108,894: seq 1 20000, all of it


def test_a_cut_shell_output_what_the_model_got_and_what_codex_kept() -> None:
    session = read_session(str(SESSIONS / "rollout-shell.jsonl"))
    call = session.call("call_000001")
    assert call is not None and call.tool == "exec_command"
    assert call.item_type == "CommandExecution" and call.exit_code == 0
    assert isinstance(call.received, str)
    assert call.received.startswith("Chunk ID: ")
    assert "Warning: truncated output (original token count: 27224)" in call.received
    assert call.aggregated_output_chars == 65_536 < SEQ_CHARS  # Codex's own cap
    assert call.received_chars is not None and call.received_chars < 12_000


def test_a_failing_command_keeps_its_exit_code() -> None:
    call = read_session(str(SESSIONS / "rollout-shell.jsonl")).call("call_000002")
    assert call is not None
    assert call.exit_code == 3
    assert call.aggregated_output_chars == len("oops\n")
    assert isinstance(call.received, str) and call.received.endswith("Output:\noops\n")
    assert "Process exited with code 3" in call.received


def test_an_mcp_call_is_named_as_hook_events_name_it() -> None:
    session = read_session(str(SESSIONS / "rollout-mcp.jsonl"))
    call = session.call("call_000001")
    assert call is not None and call.tool == "mcp__probe__big_text"
    assert call.item_type == "McpToolCall" and call.exit_code is None
    assert isinstance(call.received, list)
    assert call.received[0]["text"].startswith("Wall time: ")
    assert call.received_chars == text_chars(call.received) == sum(
        len(item["text"]) for item in call.received)


def test_token_usage_one_record_per_model_response() -> None:
    usage = read_session(str(SESSIONS / "rollout-shell.jsonl")).usage
    assert [u.response_id for u in usage] == ["resp_000001", "resp_000002", "resp_000004"]
    assert all(u.input_tokens == 100 and u.output_tokens == 20 for u in usage)  # the fake's
    assert {u.turn_id for u in usage} == {"uuid-3"}


def test_bad_lines_and_missing_files_are_skipped(tmp_path: Path) -> None:
    assert read_session(str(tmp_path / "absent.jsonl")).calls == {}
    path = tmp_path / "rollout.jsonl"
    good = (SESSIONS / "rollout-mcp.jsonl").read_text().splitlines()
    noise = ["not json", "[1, 2]", json.dumps({"type": "response_item", "payload": {
        "type": "function_call_output", "call_id": 7, "output": "x"}}),
        json.dumps({"type": "token_usage_record", "payload": {"usage": "many"}})]
    path.write_text("\n".join(noise + good))
    session = read_session(str(path))
    assert list(session.calls) == ["call_000001"]
    assert len(session.usage) == 2


def test_results_map_each_call_to_what_the_model_received() -> None:
    from garrepa_py.hosts.codex.sessions import results

    found = results(str(SESSIONS / "rollout-shell.jsonl"))
    assert found is not None and set(found) == {"call_000001", "call_000002"}
    assert str(found["call_000002"]).endswith("Output:\noops\n")
    mcp = results(str(SESSIONS / "rollout-mcp.jsonl"))
    assert mcp is not None and isinstance(mcp["call_000001"], list)
    assert results(str(SESSIONS / "missing.jsonl")) is None


def test_a_block_reason_in_place_of_the_output_arrived_and_codexs_own_did_not(
        tmp_path: Path) -> None:
    """A hook's block reason replaces the call's whole output with one string (measured): the
    fixture with call_000001's output swapped for a digest, as Codex writes it then."""
    from garrepa_py.hosts import arrival
    from garrepa_py.hosts.codex.host import HOST
    from garrepa_py.hosts.codex.sessions import arrived

    digest = "[garrepa] seq 1 20000: 20000 lines, 108,894 chars\nlines 1-20000: 1 … 20000\n"
    lines = []
    for raw in (SESSIONS / "rollout-shell.jsonl").read_text().splitlines():
        line = json.loads(raw)
        payload = line.get("payload", {})
        if payload.get("type") == "function_call_output" and payload["call_id"] == "call_000001":
            payload["output"] = digest
        lines.append(json.dumps(line))
    session = tmp_path / "rollout.jsonl"
    session.write_text("\n".join(lines) + "\n")
    found = HOST.transcript_results(str(session))
    assert found is not None
    print_ = arrival.fingerprint(digest)
    assert HOST.arrived(print_, found["call_000001"], "Bash") is True
    assert HOST.arrived(print_, found["call_000002"], "Bash") is False
    mcp = read_session(str(SESSIONS / "rollout-mcp.jsonl")).call("call_000001")
    assert mcp is not None and arrived(print_, mcp.received) is False
    assert arrived(print_, None) is None and arrived(print_, []) is None
