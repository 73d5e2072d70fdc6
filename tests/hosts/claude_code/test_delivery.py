"""Claude Code's delivery rules (hosts/claude_code/delivery.py) against the numbers measured on
2.1.328/2.1.332.

Expected texts are written out here from the measured templates (claude-code-hooks-measured.md
§1, §6 and the binary's strings), not computed by the module under test.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from garrepa_py.hosts.claude_code import delivery as baseline

SAVED = "/home/u/.claude/projects/-p/0d1e.../tool-results/toolu_01ABC.txt"
LINE = "x" * 99 + "\n"  # 100-char lines: the 2,000-char preview ends on a line boundary


def notice(size_label: str, path: str, preview: str, more: bool) -> str:
    return ("<persisted-output>\nOutput too large (" + size_label + "). Full output saved to: "
            + path + "\n\nPreview (first 2KB):\n" + preview + ("\n...\n" if more else "\n")
            + "</persisted-output>")


def bash_event(response: dict[str, object], **fields: object) -> dict[str, object]:
    return {"hook_event_name": "PostToolUse", "tool_name": "Bash", "tool_use_id": "toolu_01ABC",
            "transcript_path": "/home/u/.claude/projects/-p/0d1e....jsonl",
            "tool_input": {"command": "git log -p"}, "tool_response": response, **fields}


@pytest.fixture(autouse=True)
def _no_user_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(tmp_path / "claude-home"))
    monkeypatch.delenv("BASH_MAX_OUTPUT_LENGTH", raising=False)
    monkeypatch.setenv("CLAUDE_PROJECT_DIR", str(tmp_path / "no-project"))


def test_a_168894_char_bash_output_reaches_the_model_as_the_notice() -> None:
    output = (LINE * 1689)[:168_894]
    response = {"stdout": output[:30_000], "stderr": "", "interrupted": False,
                "persistedOutputPath": SAVED, "persistedOutputSize": 168_894}
    expected = notice("164.9KB", SAVED, LINE * 19 + "x" * 99, more=True)
    assert baseline.event_baseline(bash_event(response)) == len(expected)
    assert 2_100 < len(expected) < 2_300  # the 2,235 of issue 27, within the path's length


def test_a_failed_30000_char_output_delivers_10040() -> None:
    output = "y" * 30_000
    error = ("Exit code 1\n" + output)
    cut = error[:5000] + "\n\n... [20012 characters truncated] ...\n\n" + error[-5000:]
    assert len(cut) == 10_040
    assert baseline.failure_chars(output, 1) == 10_040
    assert baseline.failure_chars("y" * 200_000, 1) == 10_040  # cut from the 30,000 kept
    event = {"hook_event_name": "PostToolUseFailure", "tool_name": "Bash", "error": cut}
    assert baseline.event_baseline(event) == 10_040
    assert baseline.failure_chars("short", 2) == len("Exit code 2\nshort")


def test_25000_chars_stay_inline_and_31000_are_persisted() -> None:
    inline = {"stdout": "z" * 25_000, "stderr": "", "interrupted": False}
    assert baseline.event_baseline(bash_event(inline)) == 25_000
    over = {"stdout": "z" * 31_000, "stderr": "", "interrupted": False}
    path = "/home/u/.claude/projects/-p/0d1e.../tool-results/toolu_01ABC.txt"
    assert baseline.event_baseline(bash_event(over)) == len(
        notice("30.3KB", path, "z" * 2000, more=True))


@pytest.mark.parametrize("value, window", [
    ("100000", 100_000), ("999999", 150_000), ("abc", 30_000), ("0", 30_000), ("-5", 30_000),
    ("", 30_000), (None, 30_000), ("150000", 150_000),
])
def test_bash_max_output_length_is_read_as_claude_code_reads_it(value: str | None,
                                                                window: int) -> None:
    limits = baseline.BashLimits(env=value)
    assert limits.window == window
    assert limits.inline == 30_000  # on its own it only sizes the read-back window


@pytest.mark.parametrize("setting, kept", [(50_000, 50_000), (1_000, 4_000),
                                           (999_999, 128_000), (0, 30_000), ("big", 30_000)])
def test_bash_output_max_chars_sets_both_limits(setting: object, kept: int) -> None:
    limits = baseline.BashLimits(setting, env="100000")  # type: ignore[arg-type]
    assert limits.inline == kept
    assert limits.window == (kept if kept != 30_000 else 100_000)


def test_the_settings_files_are_read_last_one_winning(tmp_path: Path) -> None:
    project = tmp_path / "p"
    (project / ".claude").mkdir(parents=True)
    (project / ".claude" / "settings.json").write_text('{"bashOutputMaxChars": 50000}')
    assert baseline.bash_limits(str(project), {}).inline == 50_000
    (project / ".claude" / "settings.local.json").write_text('{"bashOutputMaxChars": 8000}')
    assert baseline.bash_limits(str(project), {}).inline == 8_000
    (project / ".claude" / "settings.local.json").write_text("{not json")
    assert baseline.bash_limits(str(project), {"BASH_MAX_OUTPUT_LENGTH": "70000"}).window == 50_000


def test_a_replacement_is_subject_to_the_same_rules() -> None:
    event = bash_event({"stdout": "", "stderr": "", "interrupted": False})
    small = {"hookSpecificOutput": {"hookEventName": "PostToolUse", "updatedToolOutput": {
        "stdout": "d" * 29_000, "stderr": "", "interrupted": False}}}
    assert baseline.reply_delivered(event, small) == 29_000
    big = {"hookSpecificOutput": {"hookEventName": "PostToolUse", "updatedToolOutput": {
        "stdout": "d" * 50_000, "stderr": "", "interrupted": False}}}
    assert baseline.reply_delivered(event, big) == len(notice("48.8KB", SAVED, "d" * 2000, True))
    kept_keys = {"hookSpecificOutput": {"hookEventName": "PostToolUse", "updatedToolOutput": {
        "stdout": "SUMMARY-OF-BIG", "stderr": "", "interrupted": False,
        "persistedOutputPath": SAVED, "persistedOutputSize": 168_894}}}  # B07: wrapped again
    assert baseline.reply_delivered(event, kept_keys) == len(
        notice("164.9KB", SAVED, "SUMMARY-OF-BIG", more=False))


def test_read_is_numbered_like_cat_n() -> None:
    event = {"hook_event_name": "PostToolUse", "tool_name": "Read", "tool_response": {
        "type": "text", "file": {"filePath": "/p/small.txt", "content": "alpha\nbeta\ngamma\n",
                                 "numLines": 4, "startLine": 1, "totalLines": 4}}}
    assert baseline.event_baseline(event) == len("1\talpha\n2\tbeta\n3\tgamma\n4\t")
    assert baseline.numbered_chars("X\nY", 500) == len("500\tX\n501\tY")
    text = "line\n" * 3000
    assert baseline.numbered_chars(text) == len("".join(f"{n}\tline\n" for n in range(1, 3001))
                                                + "3001\t")


def test_a_read_over_256_kb_is_refused_with_claude_codes_error() -> None:
    measured = ("File content (590.7KB) exceeds maximum allowed size (256KB). Use offset and "
                "limit parameters to read specific portions of the file, or search for specific "
                "content instead of reading the whole file. To read it anyway, up to what still "
                "fits in your context, call Read again with allow_large: true — only if you "
                "genuinely need all of it or the user asked for the whole file.")
    assert baseline.read_error_chars(604_877) == len(measured)


def test_mcp_inline_persisted_and_over_the_token_cap() -> None:
    def mcp(response: object) -> dict[str, object]:
        return {"hook_event_name": "PostToolUse", "tool_name": "mcp__probe__big_text",
                "tool_use_id": "toolu_01ABC", "tool_response": response,
                "transcript_path": "/home/u/.claude/projects/-p/0d1e....jsonl"}

    assert baseline.event_baseline(mcp([{"type": "text", "text": "m" * 48_000}])) == 48_000
    assert baseline.event_baseline(mcp([{"type": "text", "text": "m" * 55_000}])) == len(
        notice("53.7KB", SAVED, "m" * 2000, more=True))
    image = [{"type": "image", "source": {}}, {"type": "text", "text": "m" * 55_000}]
    assert baseline.event_baseline(mcp(image)) == 55_000  # a result with an image stays inline
    capped = ("Error: result (438,893 characters across 30,000 lines) exceeds maximum allowed "
              "tokens. Output has been saved to /t/mcp.txt.\nFormat: Plain text\nUse offset...")
    assert baseline.event_baseline(mcp(capped)) == len(capped)


def test_a_read_denied_before_it_ran_delivers_the_hook_error() -> None:
    reply = {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny",
                                    "permissionDecisionReason": "DOC MAP"}}
    assert baseline.reply_delivered({"tool_name": "Read"}, reply) == len(
        "PreToolUse:Read hook error: DOC MAP")
    assert baseline.event_baseline({"hook_event_name": "PreToolUse", "tool_name": "Read"}) is None
