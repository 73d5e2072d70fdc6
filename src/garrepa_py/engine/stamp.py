"""The lines around every briefing: the agent can always tell it from raw output, what it was
made from, and where the exact bytes are. Deterministic: no times, no latencies."""

from __future__ import annotations

from garrepa_py.engine.store import spill_id as _spill_id


def header(route: str, label: str, source_chars: int, source_lines: int, method: str) -> str:
    return (f"[garrepa briefing | {route} | {label} | original: {source_chars:,} chars, "
            f"{source_lines:,} lines | {method}]")


def spill_pointer(path: str, lines: int) -> str:
    spill_id = _spill_id(path)
    return (f"[exact original: {path} ({lines:,} lines) | Read it with offset/limit, or run "
            f"`garrepa peek {spill_id} START END` or `garrepa ask {spill_id} \"question\"`; "
            "nothing above is invented, everything left out is there]")


def stamp(body: str, head: str, pointer: str) -> str:
    return f"{head}\n{body.rstrip()}\n{pointer}"


def readable_pointer(path: str, lines: int, exact: str, by_claude_code: bool) -> str:
    spill_id = _spill_id(path)
    source = "saved by Claude Code" if by_claude_code else "the bytes as received"
    return (f"[exact original: {exact} ({source}) | readable copy: {path} ({lines:,} lines, "
            f"one value per line; the L ranges above are its lines): Read it with offset/limit, "
            f"or run `garrepa peek {spill_id} START END` or `garrepa ask {spill_id} \"question\"`"
            " | nothing above is invented, everything left out is there]")
