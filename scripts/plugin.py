"""Write the plugin directory and the marketplace file from `garrepa_py.install.plugin`.

    python scripts/plugin.py --write   # after changing the entries, the launcher or the skill
    python scripts/plugin.py           # exit 1 if the files in the repository are stale
"""

from __future__ import annotations

import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def stale() -> list[str]:
    from garrepa_py.install import plugin

    return [path for path, text in plugin.files().items()
            if not (REPO / path).is_file() or (REPO / path).read_text(encoding="utf-8") != text]


def write() -> None:
    from garrepa_py import paths
    from garrepa_py.install import plugin

    for path, text in plugin.files().items():
        target = REPO / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
        if target.name == paths.LAUNCHER_NAME:
            target.chmod(0o755)


if __name__ == "__main__":
    if "--write" in sys.argv[1:]:
        write()
    elif stale():
        sys.exit("stale: " + ", ".join(stale()) + " (run python scripts/plugin.py --write)")
