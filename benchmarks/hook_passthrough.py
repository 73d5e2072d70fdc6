"""Wall time of a pass-through hook event against `python -c pass` on the same interpreter.

The event is what Claude Code sends for a Read of a `.py` file. The hook runs the way Claude Code
runs it: the project's launcher (`/bin/sh`) starting the recorded interpreter. Prints a Markdown
table; `--json` prints the raw numbers.

Usage: python benchmarks/hook_passthrough.py [--runs 200] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def timed(command: list[str], stdin: bytes, env: dict[str, str], runs: int) -> list[float]:
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, input=stdin, stdout=subprocess.DEVNULL, env=env, check=True)
        samples.append((time.perf_counter() - start) * 1000)
    return samples


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        project = Path(tmp) / "project"
        project.mkdir()
        (project / "app.py").write_text("print('hello')\n")
        env = dict(os.environ, GARREPA_HOME=str(Path(tmp) / "home"), CLAUDE_PROJECT_DIR=str(project))
        subprocess.run([sys.executable, "-m", "garrepa_py", "init", str(project), "--provider", "none"],
                       env=env, check=True, capture_output=True)
        event = json.dumps({"session_id": "bench", "hook_event_name": "PreToolUse", "tool_name": "Read",
                            "tool_input": {"file_path": str(project / "app.py")},
                            "cwd": str(project)}).encode()
        launcher = str(project / ".claude" / "hooks" / "garrepa-hook")
        cases = {
            "python -c pass": [sys.executable, "-c", "pass"],
            "hook via launcher (what Claude Code runs)": [launcher],
        }
        for command in cases.values():  # warm the page cache
            timed(command, event, env, 5)
        results = {}
        # Interleave the cases so drift on a busy machine hits both alike.
        samples: dict[str, list[float]] = {name: [] for name in cases}
        for _ in range(args.runs // 10):
            for name, command in cases.items():
                samples[name] += timed(command, event, env, 10)
        for name, values in samples.items():
            results[name] = {"median_ms": round(statistics.median(values), 2),
                             "p95_ms": round(statistics.quantiles(values, n=20)[18], 2),
                             "runs": len(values)}
        journal_lines = (Path(tmp) / "home" / "journal.jsonl").read_text().count("\n")

    baseline = results["python -c pass"]["median_ms"]
    ratio = round(results["hook via launcher (what Claude Code runs)"]["median_ms"] / baseline, 2)
    if args.json:
        print(json.dumps({"results": results, "ratio": ratio, "journal_lines": journal_lines,
                          "python": sys.version.split()[0]}, indent=2))
        return
    print(f"Python {sys.version.split()[0]}, {args.runs} runs each, {journal_lines} journal lines written\n")
    print("| command | median ms | p95 ms |")
    print("| --- | --- | --- |")
    for name, row in results.items():
        print(f"| {name} | {row['median_ms']} | {row['p95_ms']} |")
    print(f"\nratio (hook / python -c pass, medians): **{ratio}×**")


if __name__ == "__main__":
    main()
