"""What the command route keeps of real large outputs, and how long it takes (issue 28).

For each committed output (tests/structural/corpus/: Django 5.0.6's `grep -rn`, `ls -laR`,
`find`, real pip and npm logs) and a `git log -p -3` of the click release repository (the git
route), the real hook process decides a PostToolUse Bash event; this prints the output's size,
the reply's, Claude Code's own delivery, how many of the output's files / directories / commit
SHAs the reply names or covers with a line range, and the hook's CPU time.

    .venv/bin/python benchmarks/command_outputs.py [--json]
"""

from __future__ import annotations

import json
import lzma
import os
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
CORPUS = REPO / "tests" / "structural" / "corpus"
sys.path.insert(0, str(REPO / "src"))
sys.path.insert(0, str(REPO))

from garrepa_py.hosts.claude_code import delivery as baseline  # noqa: E402

HOOK = ("import sys; sys.path.insert(0, sys.argv[1]); from garrepa_py.hook.entry import main; "
        "main()")


def run_hook(project: Path, home: Path, command: str, stdout: str) -> tuple[dict | None, float]:
    event = {"session_id": "bench", "hook_event_name": "PostToolUse", "tool_name": "Bash",
             "cwd": str(project), "tool_input": {"command": command},
             "tool_response": {"stdout": stdout, "stderr": "", "interrupted": False,
                               "isImage": False}, "tool_use_id": "toolu_bench"}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([sys.executable, "-I", "-S", "-c", HOOK, str(REPO / "src")],
                          input=json.dumps(event).encode(), capture_output=True, timeout=120,
                          env=dict(os.environ, CLAUDE_PROJECT_DIR=str(project),
                                   GARREPA_HOME=str(home), GARREPA_PROVIDER="none"))
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    reply = json.loads(done.stdout) if done.stdout.strip() else None
    return reply, cpu


def covered(path: str, digest: str) -> bool:
    """Named (`path:` / `path: N entries`), or inside a rolled-up directory with its range."""
    if f"{path}:" in digest or f"{path}/:" in digest:
        return True
    parts = path.rstrip("/").split("/")
    return any(f"{'/'.join(parts[:i])}/ (" in digest for i in range(1, len(parts) + 1))


def grep_files(text: str) -> set[str]:
    """The files with a matching line (`path:N:text`; context lines `path-N-text` and `--`
    separators name no match)."""
    import re

    match = re.compile(r"^(.+?):\d+:")
    return {m.group(1) for m in map(match.match, text.split("\n")) if m}


def ls_dirs(text: str) -> set[str]:
    lines = text.split("\n")
    return {line[:-1] for i, line in enumerate(lines) if line.endswith(":")
            and (i == 0 or not lines[i - 1].strip())}


def find_dirs(text: str) -> set[str]:
    paths = [line for line in text.split("\n") if line]
    return {p.rsplit("/", 1)[0] for p in paths if "/" in p}


def git_log_cases() -> list[tuple[str, str, set[str]]]:
    """`git log -p -3` of each committed release repository (click, flask, requests)."""
    from tests.support import corpora

    found = []
    for kind, name in (("gitrepo", "click"), ("flask", "flask"), ("requests", "requests")):
        repo = corpora.load(kind)
        out = subprocess.run(["git", "-C", str(repo), "log", "-p", "-3"], capture_output=True,
                             text=True, check=True).stdout
        shas = set(subprocess.run(["git", "-C", str(repo), "log", "-3", "--format=%H"],
                                  capture_output=True, text=True, check=True).stdout.split())
        found.append((f"git log -p -3 ({name})", out, shas))
    return found


def delivered(text: str, reply: dict | None) -> str:
    """What reaches the model: the reply's stdout, or the output itself (Claude Code's rules
    are applied by the caller)."""
    return reply["hookSpecificOutput"]["updatedToolOutput"]["stdout"] if reply else text


def claude_code(text: str) -> int:
    return baseline.notice_chars(text, len(text), "/x/t.txt") if len(text) > 30_000 \
        else len(text)


CASES = [("grep-rn-deprecat", "grep -rn deprecat .", grep_files, "files with matches"),
         ("grep-rn-C2-warnings", "grep -rn -C2 warnings.warn django", grep_files, "files"),
         ("ls-laR", "ls -laR .", ls_dirs, "directories"),
         ("find", "find .", find_dirs, "directories"),
         ("pip-install-fails", "pip install -v psycopg2 pycairo", None, ""),
         ("npm-install", "npm install --verbose eslint@8.57.0", None, "")]


def main() -> None:
    rows = []
    with tempfile.TemporaryDirectory() as scratch:
        project, home = Path(scratch) / "p", Path(scratch) / "h"
        project.mkdir()
        for name, command, truth, what in CASES:
            text = lzma.decompress((CORPUS / f"{name}.txt.xz").read_bytes()).decode(
                "utf-8", "replace")
            reply, cpu = run_hook(project, home, command, text)
            shown = delivered(text, reply)
            items = truth(text) if truth else set()
            # a pass: the model gets Claude Code's own delivery, preview and all
            kept = sum(covered(item, shown) for item in items) if reply else sum(
                covered(item, baseline.preview(text)[0]) for item in items) if len(
                text) > 30_000 else len(items)
            rows.append({"output": command, "chars": len(text),
                         "garrepa_chars": claude_code(shown) if reply is None else len(shown),
                         "claude_code_chars": claude_code(text), "kind": what,
                         "items": len(items), "kept": kept,
                         "claude_code_kept": sum(covered(i, baseline.preview(text)[0])
                                                 for i in items) if len(text) > 30_000
                         else len(items), "hook_cpu_s": round(cpu, 3)})
        for command, text, shas in git_log_cases():
            reply, cpu = run_hook(project, home, command.split(" (")[0], text)
            shown = delivered(text, reply)
            rows.append({"output": command, "chars": len(text),
                         "garrepa_chars": claude_code(shown) if reply is None else len(shown),
                         "claude_code_chars": claude_code(text), "kind": "commit SHAs",
                         "items": len(shas), "kept": sum(sha in shown for sha in shas),
                         "claude_code_kept": sum(sha in baseline.preview(text)[0]
                                                 for sha in shas) if len(text) > 30_000
                         else len(shas), "hook_cpu_s": round(cpu, 3)})
    if "--json" in sys.argv:
        print(json.dumps(rows, indent=2))
        return
    print("| output | chars | garrepa delivers | keeps | Claude Code alone delivers | keeps | "
          "hook CPU |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for row in rows:
        kept = f"{row['kept']:,} of {row['items']:,} {row['kind']}" if row["items"] else "—"
        alone = (f"{row['claude_code_kept']:,} of {row['items']:,}" if row["items"] else "—")
        print(f"| `{row['output']}` | {row['chars']:,} | {row['garrepa_chars']:,} | {kept} | "
              f"{row['claude_code_chars']:,} | {alone} | {row['hook_cpu_s']:.3f} s |")


if __name__ == "__main__":
    main()
