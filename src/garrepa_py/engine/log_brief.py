"""The logs route's briefing through the engine: the structural digest of a test or build log
(structural/log/logs.py), with the engine's rules for garrepa's own lines.

Every line quoted from the log (summary lines, failure blocks, their titles) passes through
engine/quoting.py's one rule, as every route's quoted content does: a test
that prints `[garrepa log | pytest | passed …]` or a chat-template token cannot pass for
garrepa or for markup. The line naming the exact log is the stamp's. The spill is the engine's
store (the runner streams into `store.spill_stream`), and the run's journal line is a
`journal.Record` like every other route's.

Secrets are masked in every quoted line, as in every other route's briefing: the log is scanned
whole (so a private key's body lines or a YAML block are known), and each line it quotes is
masked as found there, or scanned on its own when the whole scan could not be sure.
"""

from __future__ import annotations

from collections.abc import Callable

from garrepa_py.engine import quoting, stamp
from garrepa_py.guard import secrets

TYPE_CHECKING = False
if TYPE_CHECKING:
    from garrepa_py.structural.log.log_lines import Cut
    from garrepa_py.structural.log.logs import Digest


def _quote(line: str) -> str:
    return quoting.quote(line)


def _masking_quote(raw: str) -> Callable[[str], str]:
    """`_quote` after masking: each line the whole scan found a secret on is replaced by its
    masked form; any other line (a block title, a line cut at the cap) is scanned alone."""
    from garrepa_py.structural.log.log_lines import clean

    lines = clean(raw)
    found = secrets.scan("\n".join(lines))
    masked = secrets.mask("\n".join(lines), found).split("\n") if found.findings else lines
    table = {lines[f.line - 1]: masked[f.line - 1] for f in found.findings}

    def quote(line: str) -> str:
        known = table.get(line)
        return _quote(known if known is not None else secrets.masked(line)[0])

    return quote


def digest(raw: str, family: str, spill: str, cut: Cut | None = None) -> Digest:
    from garrepa_py.structural.log import logs

    return logs.digest(raw, family, spill, cut=cut, quote=_masking_quote(raw),
                       pointer=stamp.log_pointer)
