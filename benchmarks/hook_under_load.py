"""Wall and CPU time of a hook that cannot finish, on a machine kept busy (issue 33).

The issue's case: a 2.9 MB MCP result (distinct URLs, each a handle the briefing must keep)
whose model reply is slow and huge (60,000 URLs to validate), while four busy processes
(`while True: pass`) share the cores. The hook runs as Claude Code runs it, under the timeout
`garrepa init` installs (30 s); its watchdog must end it, the original passing (no stdout),
before that timeout. Prints a Markdown table; `--json` the raw numbers.

Usage: python benchmarks/hook_under_load.py [--runs 3] [--burners 4] [--delay 20] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.security.big_inputs import MB, mcp_urls  # noqa: E402
from tests.support.fake_anthropic import FakeAnthropic  # noqa: E402

TIMEOUT = 30  # what `garrepa init` installs on every entry (hook.timeoutSeconds)
BURN = "while True: pass"


def settings(project: Path) -> None:
    handler = {"type": "command", "command": '"$CLAUDE_PROJECT_DIR"/.claude/hooks/garrepa-hook',
               "timeout": TIMEOUT}
    (project / ".claude").mkdir(parents=True, exist_ok=True)
    (project / ".claude" / "settings.json").write_text(json.dumps(
        {"hooks": {"PostToolUse": [{"matcher": "mcp__.*", "hooks": [handler]}]}}))


def event(project: Path, text: str) -> bytes:
    return json.dumps({
        "session_id": "s", "transcript_path": str(project / "t.jsonl"), "cwd": str(project),
        "hook_event_name": "PostToolUse", "tool_name": "mcp__github__list_issues",
        "tool_input": {}, "tool_response": [{"type": "text", "text": text}],
        "tool_use_id": "t"}).encode()


def one_run(project: Path, payload: bytes, model_url: str, home: Path) -> dict[str, float]:
    env = {**os.environ, "CLAUDE_PROJECT_DIR": str(project), "GARREPA_HOME": str(home),
           "GARREPA_PROVIDER": "anthropic", "GARREPA_BASE_URL": model_url,
           "ANTHROPIC_API_KEY": "sk-test"}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    done = subprocess.run([sys.executable, "-I", "-S", "-c",
                           "import sys; sys.path.insert(0, sys.argv[1]); "
                           "from garrepa_py.hook.entry import main; main()", str(ROOT / "src")],
                          input=payload, capture_output=True, env=env, timeout=120, check=False)
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return {"wall_s": round(wall, 2), "cpu_s": round(cpu, 2), "exit": done.returncode,
            "stdout_bytes": len(done.stdout)}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--burners", type=int, default=4)
    parser.add_argument("--delay", type=float, default=20.0, help="the model's delay (s)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    text = mcp_urls(int(2.9 * MB))
    reply = "\n".join(f"- https://example.com/items/{n}?page={n % 97}" for n in range(60_000))
    burners = [subprocess.Popen([sys.executable, "-c", BURN]) for _ in range(args.burners)]
    try:
        with tempfile.TemporaryDirectory() as tmp, \
                FakeAnthropic(reply_text=reply, delay=args.delay) as fake:
            project, home = Path(tmp) / "project", Path(tmp) / "home"
            settings(project)
            home.mkdir()
            runs = [one_run(project, event(project, text), fake.url, home)
                    for _ in range(args.runs)]
            load = os.getloadavg()[0]
    finally:
        for burner in burners:
            burner.kill()
            burner.wait()
    result = {"timeout_s": TIMEOUT, "burners": args.burners, "load_1m": round(load, 1),
              "input_bytes": len(text), "model_delay_s": args.delay, "runs": runs}
    if args.json:
        print(json.dumps(result, indent=2))
        return
    print(f"| run | wall (s) | CPU (s) | exit | stdout | timeout {TIMEOUT} s, {args.burners} "
          f"burners, load {result['load_1m']} |")
    print("| --- | --- | --- | --- | --- | --- |")
    for number, run in enumerate(runs, 1):
        print(f"| {number} | {run['wall_s']} | {run['cpu_s']} | {run['exit']} | "
              f"{run['stdout_bytes']} B | |")


if __name__ == "__main__":
    main()
