"""Refuse a write that a symbolic link on the way would carry out of the project.

A cloned project may hold links (`.claude -> /somewhere`); every file init writes or removes is
checked here first, so an install never touches anything outside the project it was given.
"""

from __future__ import annotations

from pathlib import Path

from garrepa_py.errors import GarrepaError


def inside_project(project: Path, path: Path) -> None:
    """Raise unless writing `path` lands inside `project` once every link is followed."""
    root = project.resolve()
    probe = path
    while not probe.exists() and probe != probe.parent:
        probe = probe.parent  # the deepest part that exists decides where the write lands
    target = probe.resolve() if probe.exists() else probe
    if target != root and root not in target.parents:
        raise GarrepaError(
            f"{path} leads outside the project (to {target}) through a symbolic link; "
            "refusing to write there",
            hint="replace the link with a real directory or file, or install garrepa by hand; "
                 "nothing was changed",
        )
