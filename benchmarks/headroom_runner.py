"""Run headroom-ai's compressor on files, as the tool result of one MCP call (a measuring stick).

Run with an interpreter that has headroom-ai installed (it is not a dependency of garrepa):
    HF_HUB_OFFLINE=1 /path/to/python benchmarks/headroom_runner.py OUT_DIR FILE...
Writes OUT_DIR/<file name>.txt (the compressed tool result) and OUT_DIR/<file name>.ms.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from headroom.compress import compress  # type: ignore[import-not-found]


def main() -> None:
    out_dir = Path(sys.argv[1])
    out_dir.mkdir(parents=True, exist_ok=True)
    for name in sys.argv[2:]:
        source = Path(name).read_text()
        messages = [
            {"role": "user", "content": "Look this up."},
            {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_1",
                                               "name": "mcp__probe__lookup", "input": {}}]},
            {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_1",
                                          "content": source}]},
            {"role": "assistant", "content": "Done."},
            {"role": "user", "content": "Thanks."},
        ]
        started = time.perf_counter()
        result = compress(messages, model="claude-sonnet-4-5-20250929")
        elapsed = (time.perf_counter() - started) * 1000
        content = result.messages[2]["content"][0]["content"]
        if isinstance(content, list):
            content = "".join(block.get("text", "") for block in content)
        (out_dir / f"{Path(name).name}.txt").write_text(content)
        (out_dir / f"{Path(name).name}.ms").write_text(f"{elapsed:.1f}")


if __name__ == "__main__":
    main()
