"""Git route: savings and hook latency on a repository of real releases (click 8.1.3 … 8.1.7).

Each command's real output is handed to the real hook process the way Claude Code does it:
over 30,000 chars, `stdout` holds the first 30,000 and `persistedOutputPath` the whole text.
"Without garrepa" is what the model gets from Claude Code alone: inline output, or for larger
output a `<persisted-output>` wrapper with a 2 KB preview (the rest needs further reads).
Structural digests (provider none).

Usage: python benchmarks/git_digests.py
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
COMMANDS = ("git log -p", "git log -p -2", "git diff HEAD~4 HEAD", "git diff HEAD~3 HEAD",
            "git show HEAD~3", "git log --stat", "git log")


def main() -> None:
    sys.path.insert(0, str(REPO))
    from tests.support import corpora

    repo = corpora.load("gitrepo")
    print("| command | output chars | Claude Code alone shows | with garrepa | decision | "
          "hook ms (median of 5) |")
    print("| --- | --- | --- | --- | --- | --- |")
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, GARREPA_HOME=str(Path(tmp) / "home"), CLAUDE_PROJECT_DIR=str(repo),
                   GARREPA_PROVIDER="none")
        for command in COMMANDS:
            output = subprocess.run(command.split(), cwd=repo, capture_output=True, text=True,
                                    check=True).stdout
            response: dict[str, object] = {"stdout": output, "stderr": "", "interrupted": False}
            alone = f"{len(output):,} (inline)"
            if len(output) > 30000:
                saved = Path(tmp) / "persisted.txt"
                saved.write_text(output)
                response.update(stdout=output[:30000], persistedOutputPath=str(saved),
                                persistedOutputSize=len(output))
                alone = "2 KB preview + a file to read"
            event = json.dumps({"hook_event_name": "PostToolUse", "tool_name": "Bash",
                                "tool_input": {"command": command}, "tool_response": response})
            times, reply = [], b""
            for _ in range(5):
                started = time.perf_counter()
                reply = subprocess.run([sys.executable, "-I", "-S", "-c",
                                        "import sys; sys.path.insert(0, sys.argv[1]); "
                                        "from garrepa_py.hook.entry import main; main()",
                                        str(REPO / "src")], input=event.encode(), env=env,
                                       capture_output=True, check=True).stdout
                times.append((time.perf_counter() - started) * 1000)
            if reply:
                text = json.loads(reply)["hookSpecificOutput"]["updatedToolOutput"]["stdout"]
                shown, decision = f"{len(text):,} (digest, inline)", "digest"
            else:
                shown, decision = "unchanged", "pass"
            print(f"| `{command}` | {len(output):,} | {alone} | {shown} | {decision} | "
                  f"{statistics.median(times):.0f} |")


if __name__ == "__main__":
    main()
