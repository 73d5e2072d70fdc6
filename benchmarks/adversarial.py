"""Whole hook processes on adversarial shapes at 1x, 10x and 100x the threshold.

Every compressor on the hook path must stay near-linear in its input and finish inside the
deadline (30 s by default, minus the margin). Each row is the median of several real hook
processes (`python -I -S`, the way the launcher runs it), with the event on stdin.

    .venv/bin/python benchmarks/adversarial.py [--runs 3] [--multiples 1,10,100]
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
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
THRESHOLD = 32_000


def _fill(size: int, piece: Callable[[int], str], joiner: int = 2) -> list[str]:
    """Pieces until they add up to `size` chars once joined by `joiner` chars each."""
    parts, used, n = [], 0, 0
    while used < size:
        text = piece(n)
        parts.append(text)
        used += len(text) + joiner
        n += 1
    return parts


def wide_sparse(size: int) -> str:
    return "[" + ", ".join(_fill(size, lambda n: json.dumps({"id": n, f"field_{n}": f"v{n}"}))) + "]"


def wide_urls(size: int) -> str:
    def item(n: int) -> str:
        row = {"id": n, "number": n, "url": f"https://api.example.com/items/{n}"}
        row.update({f"link{k}_url": f"https://cdn{k}.example.com/x/{n}/{k}" for k in range(30)})
        return json.dumps(row)
    return "[" + ", ".join(_fill(size, item)) + "]"


def deep_objects(size: int) -> str:
    def item(n: int) -> str:
        inner: object = {"id": n}
        for level in range(60):
            inner = {f"l{level}": inner}
        return json.dumps(inner)
    return "[" + ", ".join(_fill(size, item)) + "]"


def flat_map(size: int) -> str:
    return "{" + ", ".join(_fill(size, lambda n: f'"key_{n}": "value {n}"')) + "}"


def path_chains(size: int) -> str:
    return " ".join(_fill(size, lambda n: "(" + "seg/" * 200 + f"end{n}", 1))


def headings(size: int) -> str:
    return "".join(_fill(size, lambda n: f"# heading {n}\n", 0))


def rst_styles(size: int) -> str:
    marks = "=-~^\"'`#*+<>"
    return "".join(_fill(size, lambda n: f"Title {n}\n{marks[n % len(marks)] * 12}\n\n", 0))


def many_files(size: int) -> str:
    return "".join(_fill(size, lambda n: (
        f"diff --git a/f{n}.py b/f{n}.py\nindex 1111111..2222222 100644\n--- a/f{n}.py\n"
        f"+++ b/f{n}.py\n@@ -1 +1 @@\n-old {n}\n+new {n}\n"), 0))


def many_commits(size: int) -> str:
    return "".join(_fill(size, lambda n: (
        f"commit {n:040x}\nAuthor: A <a@example.com>\nDate:   Mon Jan 1 00:00:00 2024 +0000\n\n"
        f"    change {n}\n\ndiff --git a/f.py b/f.py\n--- a/f.py\n+++ b/f.py\n@@ -1 +1 @@\n"
        f"-x{n}\n+y{n}\n"), 0))


MCP = {"mcp wide sparse JSON": wide_sparse, "mcp 30 URL columns": wide_urls,
       "mcp 60-level objects": deep_objects, "mcp flat map": flat_map,
       "mcp path-like chains (prose)": path_chains}
READ = {"read all headings (md)": (headings, "md"), "read rst, 12 styles": (rst_styles, "rst")}
GIT = {"git diff, one line per file": (many_files, "git diff HEAD~1"),
       "git log -p, tiny commits": (many_commits, "git log -p")}


def events(project: Path, size: int) -> dict[str, bytes]:
    out: dict[str, bytes] = {}
    base = {"session_id": "s", "transcript_path": str(project.parent / "s.jsonl"),
            "tool_use_id": "t"}
    for name, make in MCP.items():
        out[name] = json.dumps({**base, "hook_event_name": "PostToolUse",
                                "tool_name": "mcp__bench__tool", "tool_input": {},
                                "tool_response": [{"type": "text", "text": make(size)}]}).encode()
    for name, (make, suffix) in READ.items():
        doc = project / "docs" / f"{name.split()[1]}-{size}.{suffix}"
        doc.parent.mkdir(exist_ok=True)
        doc.write_text(make(size))
        out[name] = json.dumps({**base, "hook_event_name": "PreToolUse", "tool_name": "Read",
                                "tool_input": {"file_path": str(doc)}}).encode()
    for name, (make, command) in GIT.items():
        out[name] = json.dumps({**base, "hook_event_name": "PostToolUse", "tool_name": "Bash",
                                "tool_input": {"command": command},
                                "tool_response": {"stdout": make(size), "stderr": "",
                                                  "interrupted": False}}).encode()
    return out


def run_hook(event: bytes, env: dict[str, str]) -> tuple[float, str]:
    code = ("import sys; sys.path.insert(0, sys.argv[1]); "
            "from garrepa_py.hook.entry import main; main()")
    started = time.perf_counter()
    subprocess.run([sys.executable, "-I", "-S", "-c", code, str(REPO / "src")], input=event,
                   capture_output=True, env=env, check=True, timeout=120)
    elapsed = time.perf_counter() - started
    journal = Path(env["GARREPA_HOME"]) / "journal.jsonl"
    record = json.loads(journal.read_text().splitlines()[-1])
    return elapsed, f"{record['decision']}/{record['reason']}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--multiples", default="1,10,100")
    args = parser.parse_args()
    multiples = [int(m) for m in args.multiples.split(",")]
    rows: dict[str, list[str]] = {}
    with tempfile.TemporaryDirectory() as temp:
        project = Path(temp) / "project"
        project.mkdir()
        env = dict(os.environ, CLAUDE_PROJECT_DIR=str(project), GARREPA_PROVIDER="none",
                   GARREPA_HOME=str(Path(temp) / "home"))
        for multiple in multiples:
            # just over the threshold, so the 1x column is compressed rather than passed
            for name, event in events(project, THRESHOLD * multiple + 2000).items():
                times, outcome = [], ""
                for _ in range(args.runs):
                    elapsed, outcome = run_hook(event, env)
                    times.append(elapsed)
                cell = f"{statistics.median(times) * 1000:,.0f} ms ({outcome})"
                rows.setdefault(name, []).append(cell)
    print(f"Python {sys.version.split()[0]}, median of {args.runs} hook processes, "
          f"threshold {THRESHOLD:,} chars\n")
    print("| shape | " + " | ".join(f"{m}x ({THRESHOLD * m // 1000:,} K chars)" for m in multiples)
          + " |")
    print("| --- |" + " --- |" * len(multiples))
    for name, cells in rows.items():
        print(f"| {name} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
