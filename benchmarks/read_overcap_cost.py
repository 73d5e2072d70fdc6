"""What the PreToolUse handler for Reads over Claude Code's cap costs every documentation Read.

Claude Code (GARREPA_TEST_CLAUDE, else the pinned version) runs a scripted session of READS
Reads of a documentation file under the 256 KB cap (attrs' CHANGELOG.md, 60 KB, from the
committed docs corpus: its PostToolUse event maps it), in a project where `garrepa init`
installed its entries, with and without a PreToolUse Read group holding the same `if` rules and
command (added to settings.json for the "with" arm). The time per Read is the gap between the fake model's
consecutive requests (the tool, its hooks and Claude Code's own turn). Sessions alternate
with, without, with, … so drift on a shared machine hits both alike; prints the median per Read
of each arm and the median of the paired per-session differences.

    python benchmarks/read_overcap_cost.py [--sessions 6] [--reads 20] [--doc small|large]
        [--pre gate,python,noop] [--within]
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
GATE = REPO / "benchmarks" / "read_cap_gate.sh"  # the prototype gate (not installed by garrepa)
sys.path.insert(0, str(REPO))

from tests.support import corpora  # noqa: E402
from tests.support.claude_run import claude_binary, claude_version, run_claude  # noqa: E402
from tests.support.fake_anthropic import FakeAnthropic, Turn  # noqa: E402


def with_pre(settings_file: Path, pre: str) -> None:
    """A PreToolUse Read group beside the PostToolUse one, the same `if` rules: the handler a map
    on the first over-cap Read needs. `pre` "python": the same command (the Read route passes a
    Read under the cap from its quick pass); "gate": benchmarks/read_cap_gate.sh copied beside
    the launcher, which starts Python (the launcher) only for a file over the cap; "noop":
    `true`, the floor any PreToolUse handler costs (Claude Code's own work to run one)."""
    data = json.loads(settings_file.read_text())
    post = [group for group in data["hooks"]["PostToolUse"] if group["matcher"] == "Read"]
    groups = json.loads(json.dumps(post))
    if pre == "gate":
        hooks = settings_file.parent / "hooks"
        (hooks / "read-cap-gate").write_bytes(GATE.read_bytes())
        (hooks / "read-cap-gate").chmod(0o755)
    for group in groups:
        for handler in group["hooks"]:
            if pre == "gate":
                handler["command"] = '"$CLAUDE_PROJECT_DIR"/.claude/hooks/read-cap-gate'
            elif pre == "noop":
                handler["command"] = "true"
    data["hooks"].setdefault("PreToolUse", []).extend(groups)
    settings_file.write_text(json.dumps(data, indent=2))


def session(project: Path, home: Path, garrepa_home: Path, target: Path, reads: int) -> list[float]:
    stamps: list[float] = []

    def read(body: dict[str, object]) -> Turn:
        stamps.append(time.monotonic())
        return Turn.tool("Read", file_path=str(target))

    def last(body: dict[str, object]) -> Turn:
        stamps.append(time.monotonic())
        return Turn(text="done")

    with FakeAnthropic([read] * reads + [last]) as fake:
        run = run_claude(project, fake.url, home, garrepa_home)
        assert run.returncode == 0, run.stderr[-2000:]
    return [(b - a) * 1000 for a, b in zip(stamps, stamps[1:], strict=False)]


def scripted(targets: list[Path]) -> tuple[list[float], list[Callable[[dict[str, object]], Turn]]]:
    """The fake model's turns, a Read of each target then "done", and the times it was asked."""
    stamps: list[float] = []

    def read(body: dict[str, object]) -> Turn:
        stamps.append(time.monotonic())
        return Turn.tool("Read", file_path=str(targets[len(stamps) - 1]))

    def last(body: dict[str, object]) -> Turn:
        stamps.append(time.monotonic())
        return Turn(text="done")

    return stamps, [read] * len(targets) + [last]


def within(pre: str, sessions: int, reads: int, source: bytes, base: Path) -> None:
    """Both arms in ONE session, Read by Read: gated/CHANGELOG.md and plain/CHANGELOG.md (the
    same bytes) alternate, and only the first matches the PreToolUse handler's `if` rule, so
    each gated Read is paired with its neighbouring plain one. A busy machine's drift between
    sessions (load average 15 on 2 cores measured swings of ±400 ms per session) cancels."""
    project = base / "proj"
    project.mkdir(parents=True)
    subprocess.run(["git", "init", "-q"], cwd=project, check=True)
    for folder in ("gated", "plain"):
        (project / folder).mkdir()
        (project / folder / "CHANGELOG.md").write_bytes(source)
    env = dict(os.environ, GARREPA_HOME=str(base / "garrepa"))
    subprocess.run([sys.executable, "-m", "garrepa_py", "init", str(project), "--provider",
                    "none"], env=env, check=True, capture_output=True)
    settings_file = project / ".claude" / "settings.json"
    with_pre(settings_file, pre)
    data = json.loads(settings_file.read_text())
    for group in data["hooks"]["PreToolUse"]:
        if group["matcher"] == "Read":  # one handler, for the gated copy only
            group["hooks"] = [dict(group["hooks"][0], **{"if": "Read(**/gated/*.md)"})]
    settings_file.write_text(json.dumps(data, indent=2))
    differences: list[float] = []
    per_session: list[float] = []
    for number in range(sessions):
        order = [("gated", "plain") if i % 2 == 0 else ("plain", "gated") for i in range(reads)]
        stamps, turns = scripted([project / folder / "CHANGELOG.md"
                                  for pair in order for folder in pair])
        with FakeAnthropic(turns) as fake:
            run = run_claude(project, fake.url, base / f"home{number}", base / "garrepa")
            assert run.returncode == 0, run.stderr[-2000:]
        pre_started = [e for e in run.hook_events() if e.get("subtype") == "hook_started"
                       and str(e.get("hook_name", "")).startswith("PreToolUse")]
        assert len(pre_started) == reads, f"{len(pre_started)} PreToolUse handlers, not {reads}"
        gaps = [(b - a) * 1000 for a, b in zip(stamps, stamps[1:], strict=False)]
        session_differences = []
        for i, pair in enumerate(order[1:], start=1):  # the first pair holds the warm-up
            first, second = gaps[2 * i], gaps[2 * i + 1]
            gated, plain = (first, second) if pair[0] == "gated" else (second, first)
            session_differences.append(gated - plain)
        differences += session_differences
        per_session.append(statistics.median(session_differences))
    binary = claude_binary()
    print(f"Claude Code {claude_version(binary) if binary else '?'}, within sessions, {pre}, "
          f"{sessions} sessions x {reads} pairs of Reads")
    print(f"per-pair difference (gated - plain): median {statistics.median(differences):.1f} "
          f"ms (p25 {statistics.quantiles(differences, n=4)[0]:.1f}, p75 "
          f"{statistics.quantiles(differences, n=4)[2]:.1f}); per session "
          f"{[round(p, 1) for p in per_session]}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sessions", type=int, default=6)
    parser.add_argument("--reads", type=int, default=20)
    parser.add_argument("--doc", choices=("small", "large"), default="large")
    parser.add_argument("--pre", default="gate",
                        help="PreToolUse handlers to compare, comma-separated: gate,python,noop")
    parser.add_argument("--within", action="store_true",
                        help="both arms in one session, Read by Read (for a busy machine)")
    args = parser.parse_args()
    pres = args.pre.split(",")
    if not pres or any(pre not in ("gate", "python", "noop") for pre in pres):
        parser.error("--pre takes gate, python and noop, comma-separated")
    docs = corpora.load("docs")
    if args.within:
        source = (docs / "attrs-23.2.0" / "CHANGELOG.md").read_bytes()
        for pre in pres:
            with tempfile.TemporaryDirectory() as tmp:
                within(pre, args.sessions, args.reads, source, Path(tmp))
        return
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp)
        arms: dict[str, Path] = {}
        for arm in ("without", *pres):
            project = base / arm / "proj"
            project.mkdir(parents=True)
            subprocess.run(["git", "init", "-q"], cwd=project, check=True)
            target = project / "CHANGELOG.md"
            if args.doc == "large":
                target.write_bytes((docs / "attrs-23.2.0" / "CHANGELOG.md").read_bytes())
            else:
                target.write_text("# Notes\n\nA small document.\n")
            env = dict(os.environ, GARREPA_HOME=str(base / arm / "garrepa"))
            subprocess.run([sys.executable, "-m", "garrepa_py", "init", str(project),
                            "--provider", "none"], env=env, check=True, capture_output=True)
            if arm != "without":
                with_pre(project / ".claude" / "settings.json", arm)
            arms[arm] = project
        gaps: dict[str, list[float]] = {arm: [] for arm in arms}
        paired: dict[str, list[float]] = {pre: [] for pre in pres}
        for number in range(args.sessions):
            medians = {}
            for arm, project in arms.items():
                found = session(project, base / arm / f"home{number}", base / arm / "garrepa",
                                project / "CHANGELOG.md", args.reads)
                gaps[arm] += found[1:]  # the first gap holds Claude Code's own warm-up
                medians[arm] = statistics.median(found[1:])
            for pre in pres:
                paired[pre].append(medians[pre] - medians["without"])
    binary = claude_binary()
    print(f"Claude Code {claude_version(binary) if binary else '?'}, {args.doc} doc, "
          f"{args.sessions} sessions x {args.reads} Reads per arm")
    for arm, values in gaps.items():
        print(f"{arm:8} median {statistics.median(values):7.1f} ms per Read "
              f"(p25 {statistics.quantiles(values, n=4)[0]:.1f}, p75 "
              f"{statistics.quantiles(values, n=4)[2]:.1f})")
    for pre, values in paired.items():
        print(f"paired per-session difference ({pre} - without): median "
              f"{statistics.median(values):.1f} ms, {[round(p, 1) for p in values]}")


if __name__ == "__main__":
    main()
