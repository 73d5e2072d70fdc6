"""The logs route's briefing through the engine: the structural digest of a test or build log
(structural/logs.py), with the engine's rules for garrepa's own lines.

Every line quoted from the log (summary lines, failure blocks, their titles) passes through
engine/quoting.py's one rule, as every route's quoted content does: a test
that prints `[garrepa log | pytest | passed …]` or a chat-template token cannot pass for
garrepa or for markup. The line naming the exact log is the stamp's. The spill is the engine's
store (the runner streams into `store.spill_stream`), and the run's journal line is a
`journal.Record` like every other route's.
"""

from __future__ import annotations

from garrepa_py.engine import quoting, stamp

TYPE_CHECKING = False
if TYPE_CHECKING:
    from garrepa_py.structural.log_lines import Cut
    from garrepa_py.structural.logs import Digest


def _quote(line: str) -> str:
    return quoting.quote(line)


def digest(raw: str, family: str, spill: str, cut: Cut | None = None) -> Digest:
    from garrepa_py.structural import logs

    return logs.digest(raw, family, spill, cut=cut, quote=_quote, pointer=stamp.log_pointer)
