"""Property-based tests: any input to the hook or to a parser on its path is handled.

The hook: any bytes or any event shape → exit 0, and stdout is empty or exactly one JSON object
in valid UTF-8, inside the deadline. The parsers: never raise on any text.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from garrepa_py import fastjson
from garrepa_py.engine import validate
from garrepa_py.event import ToolEvent
from garrepa_py.hosts.claude_code import saved_output
from garrepa_py.hosts.claude_code.host import HOST
from garrepa_py.shell import git_command
from garrepa_py.structural import generic, handles, mcp_result
from garrepa_py.structural.doc import document
from garrepa_py.structural.git import git_digest
from garrepa_py.structural.json import json_digest

from ..conftest import run_hook, session_fields

# Text that looks like the things the parsers look for, plus anything at all.
PIECES = st.sampled_from([
    "# ", "## ", "===", "---", "```", "\n", "\r\n", "\t", " ", "[", "]", "{", "}", '"', ":", ",",
    "diff --git a/x b/x\n", "@@ -1,2 +1,3 @@\n", "+add\n", "-del\n", "commit ", "Author: a <a@b.c>\n",
    "https://github.com/o/r/issues/1", "#12", "ABC-123", "0123456789abcdef0123", "\\", "\0",
    "\ud800", "é", "💥", "Error: result (1 characters across 1 lines) exceeds maximum allowed "
    "tokens. Output has been saved to /tmp/x.txt.\nFormat: x", "`code`", "lines 1-2", "|",
])
TEXT = st.one_of(st.text(max_size=400), st.lists(PIECES, max_size=60).map("".join))
JSONISH = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False),
              st.text(max_size=30)),
    lambda children: st.one_of(st.lists(children, max_size=6),
                               st.dictionaries(st.text(max_size=12), children, max_size=6)),
    max_leaves=40,
)
BIG = st.tuples(TEXT, st.integers(1, 80)).map(lambda pair: pair[0] * pair[1])  # past thresholds
FAST = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(TEXT)
def test_text_parsers_never_raise(text: str) -> None:
    document.render(document.outline(text, "x.md"), "x.md", 2000)
    document.render(document.outline(text, "x.rst"), "x.rst", 2000)
    document.outline(text, "x.html")
    mcp_result.compress([text])
    mcp_result.compress([text, text])
    generic.compress(text)
    git_digest.digest_diff(text, lambda diff: f"git diff -- {diff.path}")
    git_digest.digest_log(text, lambda sha, diff: f"git show {sha} -- {diff.path}")
    json_digest.parse(text)
    git_command.parse(text)
    handles.extract(text)
    validate.check(text, text + " source", ())
    saved_output.mcp_notice_path(ToolEvent({"session_id": "s", "transcript_path": "/t/s.jsonl"}, HOST),
                                 text)
    try:
        fastjson.loads(text)
    except ValueError:
        pass


@FAST
@given(JSONISH)
def test_json_digest_never_raises(value: Any) -> None:
    text = json_digest.digest(value, 3000)
    assert isinstance(text, str)
    mcp_result.compress([json.dumps(value)])


def _events(root: Path) -> st.SearchStrategy[bytes]:
    session = session_fields(root)
    response = st.one_of(
        BIG, JSONISH,
        st.lists(st.fixed_dictionaries({"type": st.sampled_from(["text", "text", "image", "x"]),
                                        "text": BIG}), max_size=3),
        st.fixed_dictionaries({"stdout": BIG, "stderr": st.just(""),
                               "interrupted": st.booleans()}),
    )
    event = st.fixed_dictionaries({
        "hook_event_name": st.sampled_from(["PreToolUse", "PostToolUse", "Stop", 7]),
        "tool_name": st.sampled_from(["Read", "Bash", "mcp__github__list", "Grep", None]),
        "tool_input": st.one_of(JSONISH, st.fixed_dictionaries({
            "file_path": TEXT, "command": st.sampled_from(["git log -p", "git diff", "ls"])})),
        "tool_response": response,
        "session_id": st.just(session["session_id"]),
        "transcript_path": st.just(session["transcript_path"]),
    })
    return st.one_of(event.map(lambda e: json.dumps(e).encode()), st.binary(max_size=300),
                     TEXT.map(lambda t: t.encode("utf-8", "surrogatepass")))


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_the_hook_answers_anything_with_nothing_or_one_json_object(project: Path,
                                                                   garrepa_home: Path,
                                                                   data: st.DataObject) -> None:
    payload = data.draw(_events(project.parent))
    # returning at all is the point (run_hook's timeout guards a hang); no stopwatch
    proc = run_hook(payload, env={"CLAUDE_PROJECT_DIR": str(project),
                                  "GARREPA_PROVIDER": "none", "GARREPA_THRESHOLD": "1000"})
    assert proc.returncode == 0
    record = json.loads((garrepa_home / "journal.jsonl").read_text().splitlines()[-1])
    assert record["decision"] != "error", record  # every input handled, none crashed
    if proc.stdout:
        reply = json.loads(proc.stdout.decode("utf-8"))  # strict UTF-8, exactly one document
        assert isinstance(reply, dict) and set(reply) == {"hookSpecificOutput"}


@settings(max_examples=30, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(blocks=st.lists(BIG, min_size=1, max_size=3))
def test_large_mcp_text_is_briefed_or_passed_for_a_stated_reason(project: Path,
                                                                 garrepa_home: Path,
                                                                 blocks: list[str]) -> None:
    event = {**session_fields(project.parent), "hook_event_name": "PostToolUse",
             "tool_name": "mcp__notion__search", "tool_input": {},
             "tool_response": [{"type": "text", "text": text} for text in blocks]}
    proc = run_hook(json.dumps(event), env={"CLAUDE_PROJECT_DIR": str(project),
                                            "GARREPA_PROVIDER": "none", "GARREPA_THRESHOLD": "1000"})
    assert proc.returncode == 0
    record = json.loads((garrepa_home / "journal.jsonl").read_text().splitlines()[-1])
    if proc.stdout:
        output = json.loads(proc.stdout.decode("utf-8"))["hookSpecificOutput"]["updatedToolOutput"]
        assert output[0]["text"].startswith("[garrepa briefing | mcp | mcp__notion__search |")
        assert record["decision"] == "compress"
    else:
        # digest-unaccountable: a digest that cannot name a range for all it leaves out (a
        # huge single line) never replaces the original (issue 34)
        assert record["reason"] in ("under-threshold", "not-shorter", "digest-unaccountable") \
            or record["reason"].startswith("secret-content:"), record
