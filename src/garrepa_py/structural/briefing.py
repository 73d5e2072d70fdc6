"""What every structural compressor returns: the briefing body and the handles that must
survive any model rewrite."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Structural:
    text: str
    must_keep: tuple[str, ...] = ()
