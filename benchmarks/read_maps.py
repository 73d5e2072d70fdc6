"""Read route: map time on a 5 MB document, and what the agent receives with and without garrepa.

Uses the real-world corpus (docs and changelogs from PyPI sdists, tests/corpora/docs.tar.xz) and the
real hook process (structural maps, provider none). "Without" is what Claude Code would send:
every line with its number and a tab.

Usage: python benchmarks/read_maps.py [--json]
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SRC = REPO / "src"
THRESHOLD = 32000


def numbered_chars(text: str) -> int:
    lines = text.split("\n")
    return sum(len(str(i + 1)) + 1 + len(line) + 1 for i, line in enumerate(lines))


def run_hook(path: Path, project: Path, env: dict[str, str]) -> tuple[dict | None, float]:
    event = json.dumps({"hook_event_name": "PreToolUse", "tool_name": "Read",
                        "tool_input": {"file_path": str(path)}, "session_id": "bench"})
    started = time.perf_counter()
    proc = subprocess.run([sys.executable, "-I", "-S", "-c",
                           "import sys; sys.path.insert(0, sys.argv[1]); "
                           "from garrepa_py.hook.entry import main; main()", str(SRC)],
                          input=event.encode(), capture_output=True, env=env, check=True)
    elapsed = (time.perf_counter() - started) * 1000
    return (json.loads(proc.stdout) if proc.stdout else None), elapsed


def main() -> None:
    sys.path.insert(0, str(REPO))
    from tests.support import corpora

    corpus = corpora.load("docs")
    sys.path.insert(0, str(SRC))
    from garrepa_py.structural.doc.document import outline, render

    with tempfile.TemporaryDirectory() as tmp:
        project = Path(tmp)
        env = dict(os.environ, GARREPA_HOME=str(project / "home"), CLAUDE_PROJECT_DIR=str(project),
                   GARREPA_PROVIDER="none")
        rows = []
        for path in sorted(corpus.rglob("*")):
            if not path.is_file() or path.suffix not in (".md", ".rst") or \
                    path.stat().st_size <= THRESHOLD:
                continue
            target = project / path.name
            target.write_bytes(path.read_bytes())
            text = target.read_text()
            reply, ms = run_hook(target, project, env)
            without = numbered_chars(text)
            if reply is None:
                rows.append((str(path.relative_to(corpus)), without, without, ms))
                continue
            output = reply["hookSpecificOutput"]
            shown = output["updatedInput"]["limit"]
            window = "\n".join(text.split("\n")[:shown])
            with_garrepa = len(output["additionalContext"]) + numbered_chars(window)
            rows.append((str(path.relative_to(corpus)), without, with_garrepa, ms))

        big_source = (corpus / "httpx-0.27.0" / "CHANGELOG.md").read_text()
        big = big_source * (5_000_000 // len(big_source) + 1)
        timings = []
        for _ in range(5):
            started = time.perf_counter()
            render(outline(big, "big.md"), "big.md", 5000)
            timings.append((time.perf_counter() - started) * 1000)
        big_file = project / "big.md"
        big_file.write_text(big)
        hook_ms = [run_hook(big_file, project, env)[1] for _ in range(5)]

    total_without = sum(r[1] for r in rows)
    total_with = sum(r[2] for r in rows)
    if "--json" in sys.argv:
        print(json.dumps({"docs": rows, "map_ms_5mb": statistics.median(timings),
                          "hook_ms_5mb": statistics.median(hook_ms)}, indent=2))
        return
    print(f"{len(rows)} documents over {THRESHOLD:,} chars in the corpus\n")
    print("| document | chars without garrepa | chars with garrepa | saved | hook ms |")
    print("| --- | --- | --- | --- | --- |")
    for name, without, with_garrepa, ms in rows:
        print(f"| {name} | {without:,} | {with_garrepa:,} | {1 - with_garrepa / without:.0%} | {ms:.0f} |")
    print(f"| **all** | **{total_without:,}** | **{total_with:,}** | "
          f"**{1 - total_with / total_without:.0%}** | |")
    print(f"\n5 MB document ({len(big):,} chars): outline + render median "
          f"{statistics.median(timings):.0f} ms; whole hook process median "
          f"{statistics.median(hook_ms):.0f} ms (structural, provider none)")


if __name__ == "__main__":
    main()
