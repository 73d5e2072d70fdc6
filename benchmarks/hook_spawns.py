"""One scripted Claude Code session on a real repository: how many hook processes it spawns.

The repository is click (one commit per release 8.1.3 … 8.1.7, from PyPI sdists; built by
the committed tests/corpora/gitrepo.bundle). The fake model's script: Read 50 source files, 5
large docs and 3 small docs; run `git status`, `git add -A`, `git commit`, `git diff HEAD~2`,
`git log -p -3`; call an MCP tool 3 times (one large result, two small). Claude Code 2.1.328 runs
it with `--include-hook-events`; the script prints the hook processes started per kind of call.

    python benchmarks/hook_spawns.py --variant rules    # garrepa init as it is now
    python benchmarks/hook_spawns.py --variant before   # the first round's entries
    python benchmarks/hook_spawns.py --variant none     # no garrepa at all
The wall time of each variant is taken from outside, as paired whole-process timings (docs/benchmarks.md).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from tests.support.claude_run import run_claude, write_mcp_config  # noqa: E402
from tests.support.fake_anthropic import FakeAnthropic, Turn  # noqa: E402


def first_round_entries(settings_file: Path) -> None:
    """Rewrite garrepa's entries to the first round's shape: every Read, git * for Bash."""
    from garrepa_py.hook_commands import HOOK_COMMAND

    handler = {"type": "command", "command": HOOK_COMMAND, "timeout": 30}
    data = json.loads(settings_file.read_text())
    data["hooks"] = {"PreToolUse": [{"matcher": "Read", "hooks": [handler]}],
                     "PostToolUse": [{"matcher": "mcp__.*", "hooks": [handler]},
                                     {"matcher": "Bash", "hooks": [dict(handler,
                                                                        **{"if": "Bash(git *)"})]}]}
    settings_file.write_text(json.dumps(data, indent=2))


def script(project: Path) -> list[Turn]:
    sources = sorted(project.rglob("*.py"))[:50]
    docs = sorted((p for p in project.rglob("*.rst")), key=lambda p: -p.stat().st_size)
    large, small = docs[:5], docs[-3:]
    assert len(sources) == 50 and len(large) == 5 and len(small) == 3
    turns = [Turn.tool("Read", file_path=str(p)) for p in sources + large + small]
    turns += [Turn.tool("Bash", command=c) for c in (
        "echo '# touched' >> src/click/__init__.py", "git status", "git add -A",
        "git commit -qm 'touch'",
        "git diff HEAD~2", "git log -p -3")]
    turns += [Turn.tool("mcp__probe__big_text", lines=3000),
              Turn.tool("mcp__probe__big_text", lines=5), Turn.tool("mcp__probe__big_text", lines=8)]
    return turns


def prepare(variant: str, target: Path) -> None:
    """The project as the variant installs it, once, so the timed runs time the session only."""
    from tests.support import corpora

    source = corpora.load("gitrepo")
    if target.exists():
        shutil.rmtree(target)
    project = target / "click"
    shutil.copytree(source, project, symlinks=True)
    for key, value in (("user.name", "Bench"), ("user.email", "bench@example.com")):
        subprocess.run(["git", "-C", str(project), "config", key, value], check=True)
    if variant != "none":
        subprocess.run([sys.executable, "-m", "garrepa_py", "init", str(project)], check=True,
                       capture_output=True,
                       env={**os.environ, "GARREPA_HOME": str(target / "garrepa-home")})
        if variant == "before":
            first_round_entries(project / ".claude" / "settings.json")


def session(prepared: Path) -> dict[str, object]:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        shutil.copytree(prepared, root / "run", symlinks=True)
        project = root / "run" / "click"
        mcp = write_mcp_config(root / "mcp.json", root)
        with FakeAnthropic(script(project)) as fake:
            run = run_claude(project, fake.url, root / "home", root / "run" / "garrepa-home",
                             mcp_config=mcp, extra_env={"GARREPA_PROVIDER": "none"},
                             timeout=600)
        assert run.returncode == 0, run.stderr[-2000:]
        spawned = Counter(e.get("hook_name") for e in run.hook_events()
                          if e.get("subtype") == "hook_started")
        return {"hook_processes": sum(spawned.values()), "by_kind": dict(spawned),
                "tool_results": len(fake.tool_results())}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--variant", choices=("rules", "before", "none"), required=True)
    parser.add_argument("--prepare", action="store_true",
                        help="only build the variant's project under /tmp/hook-spawns-VARIANT")
    args = parser.parse_args()
    prepared = Path(tempfile.gettempdir()) / f"hook-spawns-{args.variant}"
    if args.prepare or not prepared.exists():
        prepare(args.variant, prepared)
        if args.prepare:
            return
    print(json.dumps({"variant": args.variant, **session(prepared)}))


if __name__ == "__main__":
    main()
