"""Attacks on issue 35's Read changes, each through the real hook process: nested directives,
a window that no longer matches the file, names carrying control characters."""

from __future__ import annotations

import time
from pathlib import Path

from garrepa_py import journal

from .test_read_hook import content, hook


def _last(garrepa_home: Path) -> dict:  # type: ignore[type-arg]
    return list(journal.read(target=garrepa_home / "journal.jsonl"))[-1]


def test_deeply_nested_directives_are_mapped_in_time(project: Path, garrepa_home: Path) -> None:
    """690 directives, each inside the one before (510 KB): every block's end was a scan to the
    end of the file over lines of growing indent, 5 s of the hook's 28 s for one Read."""
    lines = ["API", "===", ""]
    for depth in range(690):
        lines += [" " * depth + f".. class:: C{depth}", " " * (depth + 3) + ":param a: x"]
    lines += ["Other", "=====", "", *["text " * 30] * 100]
    target = project / "nested.rst"
    target.write_text("\n".join(lines) + "\n")
    started = time.monotonic()
    text = content(hook(project, target))
    elapsed = time.monotonic() - started
    assert _last(garrepa_home)["reason"] == "mapped-narrow"
    assert "- Other | lines" in text  # the sections stay
    assert elapsed < 4, elapsed
