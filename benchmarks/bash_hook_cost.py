"""What a PostToolUse hook on every Bash call costs in the real Claude Code.

One scripted session of 20 small Bash calls (`ls`, `echo`, `grep -rn`, `cat`, `find`, `wc`, …;
outputs of a few hundred characters) on a small git project, four ways:

    none     no hooks at all: the floor
    garrepa  `garrepa init` as it is: its Bash `if` rules match git dump commands only, so none
             of the 20 calls starts a hook
    every    garrepa's install plus one more PostToolUse Bash handler with no `if`, running the
             same launcher: every call starts the hook, which passes the small output through
    rules    the same extra handler split into 15 `if` rules (grep, rg, find, ls, cat, curl,
             docker, kubectl, pip, npm, …): 10 of the 20 calls match

    python benchmarks/bash_hook_cost.py --prepare [--garrepa-src DIR]  # build the four projects
    python benchmarks/bash_hook_cost.py --variant every --claude PATH [--out FILE]
    python benchmarks/bash_hook_cost.py --passthrough 200          # the hook process alone
    python benchmarks/bash_hook_cost.py --summarize OUT ...        # the gaps of --out files

A session prints (and appends to --out) one JSON line: hook processes started, and the gaps
between the fake model's successive main-loop requests (what the agent waits per call: the
tool, Claude Code's own work and any hooks). The whole-process wall time of a session is taken
from outside with paired whole-process timing (docs/benchmarks.md, "A hook on every Bash
call"). --passthrough times the project's launcher on a small PostToolUse Bash event as a
process, interleaved with `python -I -S -c pass` on the same interpreter (min/median/max ms).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from tests.support.fake_anthropic import FakeAnthropic, Turn  # noqa: E402

VARIANTS = ("none", "garrepa", "every", "rules")
PREPARED = Path(tempfile.gettempdir()) / "bash-hook-cost"

# 15 rules for the commands an "any large output" route would look at.
RULES = ("grep", "rg", "find", "ls", "cat", "curl", "docker", "kubectl", "pip", "npm",
         "tail", "journalctl", "make", "cargo", "go")

MATCHING = ["ls -la", "ls src", "grep -rn hello .", "grep -c def src/app.py", "find . -name '*.py'",
            "find src -type f", "cat README.md", "cat src/app.py", "tail -n 3 README.md",
            "make --version"]
NOT_MATCHING = ["echo hello", "pwd", "wc -l README.md", "date +%Y", "uname -s", "sort README.md",
                "printf 'a\\nb\\n'", "stat -c %s README.md", "du -s src", "true && echo done"]
COMMANDS = [c for pair in zip(MATCHING, NOT_MATCHING, strict=True) for c in pair]


class TimedFake(FakeAnthropic):
    """The fake model, noting when each main-loop request arrives."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.arrivals: list[float] = []

    def _next_turn(self, body: dict[str, Any]) -> Turn:
        if body.get("tools"):
            self.arrivals.append(time.monotonic())
        return super()._next_turn(body)


def hook_command() -> str:
    """The command garrepa's own entries run: the launcher `garrepa init` puts in the project
    (written out, so the benchmark does not depend on where src/ keeps it)."""
    return '"$CLAUDE_PROJECT_DIR"/.claude/hooks/garrepa-hook'


def add_bash_handler(settings_file: Path, rules: tuple[str, ...] | None) -> None:
    """One more PostToolUse Bash group running garrepa's launcher: no `if`, or one handler per
    rule (Claude Code starts one process per matching handler, and these rules are disjoint)."""
    data = json.loads(settings_file.read_text())
    handler = {"type": "command", "command": hook_command(), "timeout": 30}
    handlers = [handler] if rules is None else [dict(handler, **{"if": f"Bash({name} *)"})
                                                for name in rules]
    data["hooks"]["PostToolUse"].append({"matcher": "Bash", "hooks": handlers})
    settings_file.write_text(json.dumps(data, indent=2))


def pin_source(garrepa_home: Path, source: Path) -> None:
    """Point the installed launcher at `source` (a `src` folder holding garrepa_py, e.g. one
    exported with `git archive HEAD src`): a checkout under edit then cannot change what the
    timed hook runs between runs."""
    interpreter = garrepa_home / "interpreter"
    python = interpreter.read_text().splitlines()[0]
    interpreter.write_text(f"{python}\n{source.resolve()}\n")


def prepare(variant: str, source: Path | None = None) -> Path:
    target = PREPARED / variant
    shutil.rmtree(target, ignore_errors=True)
    project = target / "project"
    (project / "src").mkdir(parents=True)
    (project / "README.md").write_text("# Demo\n\nA small project that says hello.\n")
    (project / "src" / "app.py").write_text("def main():\n    print('hello')\n\n\ndef test():\n"
                                            "    main()\n")
    git = ["git", "-c", "user.name=Bench", "-c", "user.email=bench@example.com"]
    subprocess.run(["git", "init", "-q", "-b", "main"], cwd=project, check=True)
    subprocess.run([*git, "add", "."], cwd=project, check=True)
    subprocess.run([*git, "commit", "-qm", "start"], cwd=project, check=True)
    if variant != "none":
        env = {**os.environ, "GARREPA_HOME": str(target / "garrepa-home")}
        if source is not None:  # that source's installer, so its rules too
            env["PYTHONPATH"] = str(source.resolve())
        subprocess.run([sys.executable, "-m", "garrepa_py", "init", str(project), "--provider",
                        "none"], check=True, capture_output=True, env=env)
        if source is not None:
            pin_source(target / "garrepa-home", source)
        settings = project / ".claude" / "settings.json"
        if variant == "every":
            add_bash_handler(settings, None)
        elif variant == "rules":
            add_bash_handler(settings, RULES)
    return target


def session(prepared: Path, binary: Path) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        shutil.copytree(prepared, root / "run", symlinks=True)
        project = root / "run" / "project"
        (root / "home").mkdir()
        env = {"HOME": str(root / "home"), "PATH": "/usr/local/bin:/usr/bin:/bin",
               "LANG": "C.UTF-8", "IS_SANDBOX": "1", "ANTHROPIC_API_KEY": "sk-test-dummy",
               "GARREPA_HOME": str(root / "run" / "garrepa-home"), "GARREPA_PROVIDER": "none",
               "DISABLE_AUTOUPDATER": "1", "DISABLE_TELEMETRY": "1",
               "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1"}
        fake = TimedFake([Turn.tool("Bash", command=c) for c in COMMANDS], lifetime=300)
        with fake:
            env["ANTHROPIC_BASE_URL"] = fake.url
            proc = subprocess.run([str(binary), "-p", "go", "--dangerously-skip-permissions",
                                   "--output-format", "stream-json", "--verbose",
                                   "--include-hook-events"], cwd=project, env=env,
                                  capture_output=True, text=True, timeout=300,
                                  stdin=subprocess.DEVNULL, check=False)
        assert proc.returncode == 0, proc.stderr[-2000:]
        events = [json.loads(line) for line in proc.stdout.splitlines() if line.startswith("{")]
        started = Counter(e.get("hook_name") for e in events if e.get("type") == "system"
                          and e.get("subtype") == "hook_started")
        results = fake.tool_results()
        assert len(results) == len(COMMANDS), f"{len(results)} tool results"
        assert not any(r.get("is_error") for r in results.values())
        gaps = [round((b - a) * 1000, 1) for a, b in zip(fake.arrivals, fake.arrivals[1:], strict=False)]
        journal = root / "run" / "garrepa-home" / "journal.jsonl"
        # gap i: from the request that got call i to the one that carries its result
        per_call = gaps[:len(COMMANDS)]
        return {"hook_processes": sum(started.values()), "by_kind": dict(started),
                "journal_lines": journal.read_text().count("\n") if journal.exists() else 0,
                "gaps_ms": per_call, "median_gap_ms": statistics.median(per_call),
                "median_gap_rule_matching_ms": statistics.median(per_call[0::2]),
                "median_gap_rule_other_ms": statistics.median(per_call[1::2])}


def small_bash_event(project: Path) -> bytes:
    """What Claude Code sends the hook after `ls -la`: a PostToolUse Bash event, small output."""
    return json.dumps({
        "session_id": "bench", "transcript_path": "/nonexistent.jsonl", "cwd": str(project),
        "permission_mode": "bypassPermissions", "hook_event_name": "PostToolUse",
        "tool_name": "Bash", "tool_input": {"command": "ls -la", "description": "list"},
        "tool_response": {"stdout": "total 8\ndrwxr-xr-x 3 root root 4096 .\n-rw-r--r-- 1 root "
                          "root 40 README.md\ndrwxr-xr-x 2 root root 4096 src", "stderr": "",
                          "interrupted": False, "isImage": False, "noOutputExpected": False},
        "tool_use_id": "toolu_bench", "duration_ms": 9}).encode()


def passthrough(runs: int) -> dict[str, Any]:
    """The launcher on a small PostToolUse Bash event, against python's own start-up."""
    prepared = PREPARED / "every"
    project = prepared / "project"
    env = dict(os.environ, GARREPA_HOME=str(prepared / "garrepa-home"), GARREPA_PROVIDER="none",
               CLAUDE_PROJECT_DIR=str(project))
    event = small_bash_event(project)
    commands = {"python -I -S -c pass": [sys.executable, "-I", "-S", "-c", "pass"],
                "garrepa-hook, PostToolUse Bash `ls -la` (passes)":
                    [str(project / ".claude" / "hooks" / "garrepa-hook")]}
    samples: dict[str, list[float]] = {name: [] for name in commands}
    for index in range(runs + 5):
        for name, command in commands.items():
            start = time.perf_counter()
            done = subprocess.run(command, input=event, capture_output=True, env=env, check=True)
            elapsed = (time.perf_counter() - start) * 1000
            assert done.stdout == b"", done.stdout[:200]  # a pass prints nothing
            if index >= 5:  # the first five warm the page cache
                samples[name].append(elapsed)
    return {name: {"min_ms": round(min(v), 1), "median_ms": round(statistics.median(v), 1),
                   "max_ms": round(max(v), 1), "runs": len(v)} for name, v in samples.items()}


def summarize(files: list[Path]) -> dict[str, Any]:
    """Per --out file: the sessions' median gaps (min/median/max over the sessions)."""
    table: dict[str, Any] = {}
    for path in files:
        rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]

        def spread(key: str, rows: list[dict[str, Any]] = rows) -> list[float]:
            values = [row[key] for row in rows]
            return [min(values), round(statistics.median(values), 1), max(values)]

        table[path.name] = {"sessions": len(rows), "hook_processes": rows[0]["hook_processes"],
                            "median_gap_ms": spread("median_gap_ms"),
                            "rule_matching_calls_ms": spread("median_gap_rule_matching_ms"),
                            "other_calls_ms": spread("median_gap_rule_other_ms")}
    return table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--prepare", action="store_true", help=f"build the variants in {PREPARED}")
    parser.add_argument("--garrepa-src", type=Path, metavar="DIR",
                        help="with --prepare: install and run garrepa_py from DIR, not this checkout")
    parser.add_argument("--variant", choices=VARIANTS)
    parser.add_argument("--claude", type=Path, help="the claude binary a session runs")
    parser.add_argument("--out", type=Path, help="append the session's JSON line here")
    parser.add_argument("--passthrough", type=int, metavar="RUNS",
                        help="time the hook process alone, RUNS runs each")
    parser.add_argument("--event-file", type=Path,
                        help="write the --passthrough event here (to time it from outside)")
    parser.add_argument("--summarize", type=Path, nargs="+", metavar="OUT",
                        help="print the gaps of the sessions in these --out files")
    args = parser.parse_args()
    if args.summarize:
        print(json.dumps(summarize(args.summarize), indent=2))
    if args.prepare:
        for variant in VARIANTS:
            prepare(variant, args.garrepa_src)
    if args.event_file:
        if not (PREPARED / "every").exists():
            prepare("every")
        args.event_file.write_bytes(small_bash_event(PREPARED / "every" / "project"))
    if args.passthrough:
        if not (PREPARED / "every").exists():
            prepare("every")
        print(json.dumps(passthrough(args.passthrough), indent=2))
    if args.variant:
        if args.claude is None:
            parser.error("--variant needs --claude")
        prepared = PREPARED / args.variant
        if not prepared.exists():
            prepare(args.variant)
        line = json.dumps({"variant": args.variant, **session(prepared, args.claude.resolve())})
        if args.out:
            with args.out.open("a") as out:
                out.write(line + "\n")
        print(line)


if __name__ == "__main__":
    main()
