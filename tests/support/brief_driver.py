"""One hook-like process for the concurrency test: brief a file, journal the outcome.

Usage: python brief_driver.py PROJECT SOURCE_FILE   (provider and URL come from the env)
"""

from __future__ import annotations

import sys
import time

from garrepa_py import journal
from garrepa_py.config.load import load_config
from garrepa_py.engine.brief import brief
from garrepa_py.engine.types import BriefRequest
from garrepa_py.structural import generic


def main() -> None:
    project, source_file = sys.argv[1], sys.argv[2]
    with open(source_file, encoding="utf-8") as handle:
        source = handle.read()
    started = time.monotonic()
    result = brief(BriefRequest("mcp", source, "mcp__probe__big", generic.compress),
                   load_config(project), project, started + 20)
    journal.append({"route": "mcp", "decision": result.decision, "reason": result.reason,
                    "source": source_file, **result.notes.fields()})


if __name__ == "__main__":
    main()
