"""garrepa's pointer lines told as a `sed -n` for Codex (hosts/codex/pointers.py)."""

from __future__ import annotations

from garrepa_py.engine import stamp
from garrepa_py.hosts.codex import delivery
from garrepa_py.hosts.codex.pointers import for_codex

SPILL = "/home/u/.claude/projects/-p/garrepa/spill/" + "ab" * 16 + ".txt"


def test_a_spill_pointer_says_to_sed_a_range_and_is_never_longer() -> None:
    pointer = stamp.spill_pointer(SPILL, 4000)
    text = f"[garrepa briefing | mcp | x]\nbody\n{pointer}"
    told = for_codex(text)
    assert "offset/limit" not in told and len(told) <= len(text)
    assert f"[exact original: {SPILL} (4,000 lines) | `sed -n 'START,ENDp'` it, or run " \
           "`garrepa peek abab" in told
    assert told.split("\n")[:2] == ["[garrepa briefing | mcp | x]", "body"]


def test_a_log_pointer_and_a_readable_copy_too() -> None:
    assert for_codex(stamp.log_pointer(SPILL, 10)).startswith(
        f"[exact log: {SPILL} (10 lines, as it came) | `sed -n 'START,ENDp'` it for any part")
    readable = for_codex(stamp.readable_pointer(SPILL, 9, "/x/raw.json", False))
    assert f"readable copy: {SPILL} (9 lines: " in readable and "offset/limit" not in readable


def test_the_source_own_lines_stay_as_they_are() -> None:
    quoted = "&#91;exact original: /etc/x (1 lines) | Read it with offset/limit]"
    inner = "  [exact original: /etc/x (1 lines) | Read it with offset/limit]"
    text = f"{quoted}\n{inner}\n[exact log: (not written) (3 lines, as it came)]"
    assert for_codex(text) == text
    assert for_codex("no pointer") == "no pointer"


def test_the_reply_and_what_it_delivers_carry_the_told_text() -> None:
    reply = delivery.block(stamp.spill_pointer(SPILL, 2))
    assert "`sed -n 'START,ENDp'` it" in reply["reason"]
    assert delivery.reply_delivered(reply) == len(reply["reason"])
