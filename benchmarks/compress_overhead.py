"""What a compress event costs beyond the model's own response time.

Runs a hook-like process (`python -I -S`, like the launcher) that loads config, asks the model
through garrepa's client, validates, spills, stamps and journals a 100K-char MCP-style result.
The model is the loopback fake from the tests, answering at once, so the process's wall time
minus the client-side model time is garrepa's overhead. With `--sdk`, the same call is made
through the anthropic SDK instead (if it is installed) to show why the hook does not use it.

Usage: python benchmarks/compress_overhead.py [--runs 30] [--sdk]
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

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from tests.support.fake_anthropic import FakeAnthropic  # noqa: E402

DRIVER = """
import sys, time
sys.path.insert(0, sys.argv[1])
from garrepa_py.config.load import load_config
from garrepa_py.engine.brief import brief
from garrepa_py.engine.types import BriefRequest
from garrepa_py.structural import generic
from garrepa_py import journal
project, source_file = sys.argv[2], sys.argv[3]
source = open(source_file).read()
result = brief(BriefRequest("mcp", source, "mcp__bench__tool", generic.compress),
               load_config(project), project, time.monotonic() + 25)
journal.append({"decision": result.decision, **result.journal})
"""

SDK_DRIVER = """
import sys, time, os
t0 = time.monotonic()
import anthropic
t1 = time.monotonic()
client = anthropic.Anthropic(base_url=os.environ["GARREPA_BASE_URL"], max_retries=1, timeout=25)
source = open(sys.argv[3]).read()
t2 = time.monotonic()
client.messages.create(model="claude-haiku-4-5", max_tokens=1024,
                       messages=[{"role": "user", "content": source}])
t3 = time.monotonic()
sys.stderr.write(f"{(t1 - t0) * 1000:.1f} {(t3 - t2) * 1000:.1f}\\n")
"""


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--sdk", action="store_true")
    args = parser.parse_args()
    items = [{"id": n, "key": f"PROJ-{n}", "url": f"https://x.test/PROJ-{n}",
              "summary": "A ticket about the thing " * 4} for n in range(700)]
    with tempfile.TemporaryDirectory() as tmp, \
            FakeAnthropic(reply_text="PROJ-1 and PROJ-2 are open.", lifetime=900) as fake:
        project = Path(tmp) / "project"
        project.mkdir()
        source = Path(tmp) / "source.json"
        source.write_text(json.dumps(items))
        env = dict(os.environ, GARREPA_HOME=str(Path(tmp) / "home"), GARREPA_PROVIDER="anthropic",
                   GARREPA_BASE_URL=fake.url, ANTHROPIC_API_KEY="sk-bench")
        walls, models = [], []
        for run in range(args.runs):
            # a fresh project each run: no cache hit, a fresh spill
            run_project = project / str(run)
            run_project.mkdir()
            started = time.perf_counter()
            subprocess.run([sys.executable, "-I", "-S", "-c", DRIVER, str(REPO / "src"),
                            str(run_project), str(source)], env=env, check=True)
            walls.append((time.perf_counter() - started) * 1000)
        lines = (Path(tmp) / "home" / "journal.jsonl").read_text().splitlines()
        models = [json.loads(line)["model_ms"] for line in lines]
        baseline = []
        for _ in range(args.runs):
            started = time.perf_counter()
            subprocess.run([sys.executable, "-c", "pass"], check=True)
            baseline.append((time.perf_counter() - started) * 1000)
        print(f"source: {source.stat().st_size:,} chars, {args.runs} runs, fake model answering at once\n")
        print("| measure | median ms |")
        print("| --- | --- |")
        print(f"| python -c pass | {statistics.median(baseline):.1f} |")
        print(f"| compress event, whole process | {statistics.median(walls):.1f} |")
        print(f"| of which the model call (client side) | {statistics.median(models):.1f} |")
        overhead = statistics.median(w - m for w, m in zip(walls, models, strict=True))
        print(f"| overhead beyond the model call | **{overhead:.1f}** |")
        if args.sdk:
            imports, calls = [], []
            for _ in range(max(5, args.runs // 3)):
                proc = subprocess.run([sys.executable, "-c", SDK_DRIVER, "", "", str(source)],
                                      env=env, capture_output=True, text=True, check=True)
                first, second = proc.stderr.split()[-2:]
                imports.append(float(first))
                calls.append(float(second))
            print(f"| anthropic SDK: `import anthropic` alone | {statistics.median(imports):.1f} |")
            print(f"| anthropic SDK: client + one call | {statistics.median(calls):.1f} |")


if __name__ == "__main__":
    main()
