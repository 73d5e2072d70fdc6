"""`garrepa doctor --explain PATH`: what garrepa would mask in a file or a command's output.

Names lines and kinds, and shows each line as a model would get it (the value replaced by
`[secret: KIND]`), never a value, so the answer is safe to paste into a bug report. It asks the
guard's one code path (`secrets.masked`), the one every model request goes through.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from garrepa_py.errors import GarrepaError
from garrepa_py.guard import secrets

MAX_BYTES = 64 * 1024 * 1024
PREVIEW_CHARS = 100


@dataclass
class Explanation:
    target: str
    secret_path: str | None = None  # why the path itself is never read
    places: list[tuple[int, str]] = field(default_factory=list)  # (line, kind)
    unmaskable: tuple[str, ...] = ()
    detector: str = "none"
    previews: dict[int, str] = field(default_factory=dict)  # line → the masked line, cut

    def as_dict(self) -> dict[str, Any]:
        return {"target": self.target, "secret_path": self.secret_path,
                "masked": [{"line": line, "kind": kind, "preview": self.previews.get(line, "")}
                           for line, kind in self.places],
                "unmaskable": list(self.unmaskable), "detector": self.detector}

    def lines(self) -> list[str]:
        if self.secret_path:
            return [f"{self.target}: a secret path ({self.secret_path}): garrepa never reads, "
                    "sends or spills it"]
        if not self.places and not self.unmaskable:
            return [f"{self.target}: nothing would be masked (detector: {self.detector})"]
        out = [f"{self.target}: {len(self.places)} masked "
               f"(detector: {self.detector}); what a model would get in their place:"]
        out += [f"  line {line}: [secret: {kind}]   {self.previews.get(line, '')}".rstrip()
                for line, kind in self.places]
        if self.unmaskable:
            out.append(f"  and {', '.join(self.unmaskable)}: no model request would be made")
        return out


def explain(target: str) -> Explanation:
    from garrepa_py import fs

    if target == "-":
        text = sys.stdin.buffer.read(MAX_BYTES).decode("utf-8", "replace")
        label = "standard input"
    else:
        hit = secrets.secret_path(target)
        if hit:
            return Explanation(target, secret_path=hit)
        try:
            text = fs.read_bounded(str(Path(target)), MAX_BYTES).decode("utf-8", "replace")
        except (OSError, ValueError) as exc:
            raise GarrepaError(f"cannot read {target}: {exc}",
                               hint="give a text file, or - to read standard input") from None
        label = target
    safe, found = secrets.masked(text)
    lines = safe.split("\n")
    previews = {line: preview(lines[line - 1]) for line, _ in found.locations()}
    return Explanation(label, None, found.locations(), found.unmaskable, found.detector, previews)


def preview(masked_line: str) -> str:
    """The masked line around its first `[secret: …]`, at most PREVIEW_CHARS long."""
    line = masked_line.strip()
    at = line.find("[secret: ")
    if len(line) <= PREVIEW_CHARS or at < 0:
        return line[:PREVIEW_CHARS]
    start = max(0, at - PREVIEW_CHARS // 3)
    cut = line[start:start + PREVIEW_CHARS]
    if cut.rfind("[secret: ") > cut.rfind("]"):  # never end inside a placeholder
        cut = cut[:cut.rfind("[secret: ")]
    return ("…" if start else "") + cut + ("…" if start + PREVIEW_CHARS < len(line) else "")
