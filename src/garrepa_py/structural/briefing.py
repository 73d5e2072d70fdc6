"""What every structural compressor returns: the briefing body and the handles that must
survive any model rewrite."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Structural:
    """`text` quotes the source; the engine escapes any line of it that reads as garrepa's own
    (engine/quoting.py) unless `quoted` says that was done line by line already (a log digest,
    whose head and pointer lines are garrepa's). `head`: garrepa's own lines above it."""

    text: str
    must_keep: tuple[str, ...] = ()
    head: str = ""
    quoted: bool = False
