"""A probe hook for Codex: saves the event it gets and answers with a scripted reply.

Usage: codex_probe_hook.py LOG_DIR REPLY_FILE
The event (stdin JSON) goes to LOG_DIR/<hook_event_name>-<ns>.json; REPLY_FILE's text, when the
file exists, is the hook's stdout.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path


def main() -> None:
    event = json.loads(sys.stdin.read())
    log_dir = Path(sys.argv[1])
    log_dir.mkdir(parents=True, exist_ok=True)
    name = str(event.get("hook_event_name", "unknown"))
    (log_dir / f"{name}-{time.time_ns()}.json").write_text(json.dumps(event, indent=1))
    reply = Path(sys.argv[2])
    if reply.is_file():
        sys.stdout.write(reply.read_text())


if __name__ == "__main__":
    main()
