"""garrepa's "exact original" lines, told the way a Codex agent can follow them (standard library
only).

The engine's pointer lines say "Read it with offset/limit": Claude Code's Read tool. A Codex agent
has no Read tool, only its shell (`exec_command`), where a `sed -n` of a file that is not a log
arrives exactly as it is. So in a reply to Codex, each of garrepa's own pointer lines
(`[exact original: …` / `[exact log: …`; a source's look-alike arrives escaped as `&#91;…`, see
engine/quoting.py) says to print a range of the file it names with `sed -n 'START,ENDp'`.
"""

from __future__ import annotations

HEADS = ("[exact original: ", "[exact log: ")
READ = "Read it with offset/limit"
SED = "`sed -n 'START,ENDp'` it"  # the file the line names (a readable copy: that copy)


def for_codex(text: str) -> str:
    """`text` with the Read advice of garrepa's pointer lines turned into a `sed -n` (no longer
    than the advice it replaces, so a reply never grows past what the engine accounted for)."""
    if READ not in text:
        return text
    lines = text.split("\n")
    for index, line in enumerate(lines):
        if line.startswith(HEADS):
            lines[index] = line.replace(READ, SED, 1)
    return "\n".join(lines)
