"""Whether a file the agent Reads is a saved log or command output, and of which runner.

A test run saved as `test-output.txt` is not a document: mapped by headings it would be cut to
its opening lines with the failures at the end hidden. The runner families are told by the logs
route's own detectors (logs.SNIFFED, used read-only), `make` by its directory lines, any other
log by timestamps opening most of its lines; a huge file by its head and tail. Real logs look
like markup to a markup sniffer (`=== RUN` is an AsciiDoc heading, tape's `# test` a Markdown
one), so a detector is believed first, except in a file whose extension names a markup its
content also shows.
"""

from __future__ import annotations

import re

from garrepa_py.structural.doc import markup
from garrepa_py.structural.log import logs

SAMPLE_LINES = 400  # lines of each end read for `make` lines and timestamps
HEAD_CHARS, TAIL_CHARS = 256 * 1024, 64 * 1024  # what the detectors read of a huge file
TIMESTAMPED_SHARE = 0.5
_MAKE = re.compile(r"^g?make(\[\d+\])?: (Entering|Leaving) directory |^g?make(\[\d+\])?: \*\*\* ")
_TIMESTAMP = re.compile(
    r"^\[?(\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?"  # ISO 8601, RFC 3339, Python logging
    r"|\d{2}:\d{2}:\d{2}([.,]\d+)?\b"  # a time of day
    r"|[A-Z][a-z]{2} [ \d]\d \d{2}:\d{2}:\d{2})")  # syslog


def family(text: str, path: str, sniffed: markup.Sniffed | None = None) -> str | None:
    """The log family of `text` (a key of logs.PARSERS, or "make"), None for a document."""
    sniffed = sniffed or markup.sniff(text, path)
    hinted = markup.extension_kind(path)
    if hinted is not None and sniffed.kind == hinted and sniffed.strength >= markup.DECISIVE:
        return None  # a .md, .rst, .adoc or .org whose content is that markup: the author's
    lines = logs.clean(_ends(text))
    named = next((name for name, looks in logs.SNIFFED if looks(lines)), None)
    if named is not None:
        return named
    ends = lines[:SAMPLE_LINES] + lines[SAMPLE_LINES:][-SAMPLE_LINES:]
    if any(_MAKE.match(line) for line in ends):
        return "make"
    written = [line for line in ends if line.strip()]
    stamped = sum(1 for line in written if _TIMESTAMP.match(line))
    if written and stamped >= TIMESTAMPED_SHARE * len(written) and stamped >= 5:
        return "generic"
    return None


def _ends(text: str) -> str:
    """The text, or of a huge one its head and tail: a runner shows itself at its start (a
    session header, `Compiling`) or its end (the summary), and the Read of a 5 MB document must
    not pay the detectors on every line."""
    if len(text) <= HEAD_CHARS + TAIL_CHARS:
        return text
    head = text[:HEAD_CHARS].rsplit("\n", 1)[0]
    tail = text[-TAIL_CHARS:].split("\n", 1)[-1]
    return f"{head}\n{tail}"

