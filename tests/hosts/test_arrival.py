"""Proof of arrival (hosts/arrival.py): the fingerprint is the crc32 of a replacement's first and
last 64 chars, so a reply found again in a transcript matches whatever the host did in between
to the middle, and never matches another reply's ends."""

from __future__ import annotations

import zlib

from garrepa_py.hosts import arrival

BRIEFING = ("[garrepa briefing | read | docs/guide.md | original: 62,010 chars, 1,962 lines]\n"
            + "".join(f"- section {n} | lines {n * 10}-{n * 10 + 9}\n" for n in range(200))
            + "garrepa: Read the same file with offset=<first line> and limit=<line count>.\n")


def crc(text: str) -> str:
    return format(zlib.crc32(text.encode()), "08x")


def test_the_fingerprint_is_the_crc_of_the_first_and_of_the_last_64_chars() -> None:
    body = BRIEFING.rstrip()
    assert arrival.fingerprint(BRIEFING) == crc(body[:64]) + crc(body[-64:])
    assert len(arrival.fingerprint(BRIEFING)) == 16


def test_trailing_whitespace_the_host_drops_does_not_change_it() -> None:
    assert arrival.fingerprint(BRIEFING + "\n\n  \t") == arrival.fingerprint(BRIEFING)
    assert arrival.matches(arrival.fingerprint(BRIEFING), BRIEFING.rstrip())


def test_a_change_at_either_end_is_another_reply_the_middle_is_not_probed() -> None:
    print_ = arrival.fingerprint(BRIEFING)
    assert not arrival.matches(print_, "x" + BRIEFING)
    assert not arrival.matches(print_, BRIEFING.rstrip() + ".")
    middle = len(BRIEFING) // 2
    assert arrival.matches(print_, BRIEFING[:middle] + "#" + BRIEFING[middle + 1:])


def test_a_short_text_is_probed_whole_from_both_ends() -> None:
    assert arrival.fingerprint("ok") == crc("ok") * 2
    assert arrival.fingerprint("") == crc("") * 2 == "00000000" * 2


def test_a_lone_surrogate_from_a_transcript_is_fingerprinted_not_raised() -> None:
    text = "caf\udce9 " * 40
    assert arrival.fingerprint(text) == arrival.fingerprint(text)
    assert arrival.matches(arrival.fingerprint(text), text)


def test_only_a_16_digit_print_can_match() -> None:
    print_ = arrival.fingerprint(BRIEFING)
    assert not arrival.matches(print_[:8], BRIEFING)
    assert not arrival.matches(print_ + "0", BRIEFING)
    assert not arrival.matches("", "")
