"""Measure Claude Code's Grep and Glob tools with hooks: what a PostToolUse hook receives, what
the model is sent, and which `updatedToolOutput` replies Claude Code applies.

Usage: .venv/bin/python scripts/measure_search_tools.py [--claude PATH ...] [--keep DIR]

Without --claude it measures every Claude Code installed under .cache/claude-code-*/ (the
versions scripts/test installs). For each binary it runs three scripted sessions against the
loopback fake Anthropic API (tests/support/fake_anthropic.py), in a private HOME, on a tree
made of the committed corpora (click, flask, requests release sources, five projects' docs and
PyGithub's recorded GitHub replies: 1,380 files):

  observe  Grep in each output_mode and Glob, small and large results, with recording hooks on
           matcher "Grep" / "Glob" (no `if`, `Grep(*)`, `Glob(*)`, and rules on the pattern);
  rewrite  one PostToolUse reply shape per call (same shape with new content or filenames,
           counts left stale, minimal objects, a plain string, a large replacement);
  default  the same Grep and Glob calls without `--tools` (are they in the default tool set?).

Ground truth for "what the model saw" is the last main-loop request the fake received: its
tool_result blocks. It prints one JSON document of findings (per version: the hook's
tool_response keys and counts, the model's text, its length and its first and last lines, and
which hooks started); docs/measured-search-tools.md is written from its output. Kept out of the
test suite on purpose: it is a measurement to re-run on a newer build, not a check.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from tests.support.claude_run import PLATFORM, stream_events  # noqa: E402
from tests.support.corpora import load  # noqa: E402
from tests.support.fake_anthropic import FakeAnthropic, Turn  # noqa: E402

CORPORA = {"click": "gitrepo", "flask": "flask", "requests": "requests", "docs": "docs",
           "github": "github"}

# The probe hook: records every event it gets (label = which handler), and for the rewrite
# session answers with the transform the plan names for this call (by arrival order; the
# scripted calls run one at a time).
PROBE_HOOK = r'''
import json, os, sys
label, out = sys.argv[1], sys.argv[2]
event = json.load(sys.stdin)
os.makedirs(out, exist_ok=True)
index = len(os.listdir(out))
with open(os.path.join(out, "%03d-%s.json" % (index, label)), "w") as f:
    json.dump(event, f)
if label != "rewrite":
    sys.exit(0)
plan = json.load(open(os.path.join(os.path.dirname(out), "plan.json")))
name = plan[index]
r = dict(event["tool_response"]) if isinstance(event["tool_response"], dict) else {}
if name == "grep_same_content":
    X = dict(r, content="GREP-REPLACED-1\nGREP-REPLACED-2", numLines=2)
elif name == "grep_content_counts_stale":  # numLines 250, totalLines, appliedLimit kept
    X = dict(r, content="GREP-STALE-COUNTS")
elif name.startswith("grep_content_chars_"):  # a content of exactly N chars
    size = int(name.rsplit("_", 1)[1])
    line = "pkg/module.py:1:" + "x" * 63 + "\n"
    body = (line * (size // len(line) + 1))[:size]
    X = dict(r, content=body, numLines=body.count("\n") + 1)
elif name.startswith("glob_chars_"):  # filenames rendering to exactly N chars, one a line
    size = int(name.rsplit("_", 1)[1])
    names = ["pkg/sub/file%05d.py" % i for i in range((size + 1) // 21)]  # 20 chars + "\n"
    rest = size - (len(names) * 21 - 1)
    if rest > 1:
        names.append("z" * (rest - 1))
    X = dict(r, filenames=names, numFiles=len(names), truncated=False)
elif name == "grep_files_large_replaced":  # numFiles 250 and appliedLimit kept
    X = dict(r, filenames=["REPL-LARGE-A.py", "REPL-LARGE-B.py"])
elif name == "glob_large_truncated_kept":  # truncated, numFiles, totalMatches kept
    X = dict(r, filenames=["GLOB-L1.py", "GLOB-L2.py", "GLOB-L3.py"])
elif name == "glob_large_untruncated":
    X = dict(r, filenames=["GLOB-U1.py", "GLOB-U2.py", "GLOB-U3.py"], numFiles=3,
             truncated=False)
elif name == "grep_large_content_replaced":
    X = dict(r, content="GREP-LARGE-REPLACED-1\nGREP-LARGE-REPLACED-2", numLines=2)
elif name == "grep_content_50k":
    body = "\n".join("big/file%05d.py:%d:REPLACEMENT-LINE" % (i, i) for i in range(1700))
    X = dict(r, content=body, numLines=1700)
elif name == "grep_minimal_mode_content":
    X = {"mode": "content", "content": "GREP-MIN-2"}
elif name == "grep_minimal_4":
    X = {"mode": "content", "numFiles": 0, "filenames": [], "content": "GREP-MIN-4"}
elif name == "grep_no_mode":
    X = {"numFiles": 0, "filenames": [], "content": "GREP-NO-MODE"}
elif name == "grep_plain_string":
    X = "GREP-PLAIN-STRING"
elif name == "grep_files_same":
    X = dict(r, filenames=["REPL-A.py", "REPL-B.py"], numFiles=2)
elif name == "grep_files_numfiles_stale":
    X = dict(r, filenames=["REPL-ONLY.py"], numFiles=77)
elif name == "grep_files_as_content":
    X = dict(r, filenames=[], numFiles=0, content="FILES-AS-CONTENT")
elif name == "grep_count_same":
    X = dict(r, content="REPL-COUNT.py:99", numMatches=99, numFiles=1)
elif name == "glob_same":
    X = dict(r, filenames=["GLOB-A.py", "GLOB-B.py"], numFiles=2, truncated=False)
elif name == "glob_numfiles_stale":
    X = dict(r, filenames=["GLOB-ONLY.py"], numFiles=500)
elif name == "glob_truncated_true":
    X = dict(r, filenames=["GLOB-T1.py", "GLOB-T2.py"], numFiles=2, truncated=True)
elif name == "glob_150_filenames":
    names = ["many/f%03d.py" % i for i in range(150)]
    X = dict(r, filenames=names, numFiles=150, truncated=False)
elif name == "glob_minimal_filenames":
    X = {"filenames": ["GLOB-MIN-1.py"]}
elif name == "glob_minimal_4":
    X = {"filenames": ["GLOB-MIN-4.py"], "numFiles": 1, "truncated": False, "durationMs": 1}
elif name == "glob_plain_string":
    X = "GLOB-PLAIN-STRING"
else:
    sys.exit(0)
print(json.dumps({"hookSpecificOutput": {"hookEventName": "PostToolUse",
                                         "updatedToolOutput": X}}))
'''

# (label, tool, input) for the observe and default sessions: small and large in every mode.
OBSERVE: list[tuple[str, str, dict[str, Any]]] = [
    ("grep_files_small", "Grep", {"pattern": "class Context", "path": "click"}),
    ("grep_content_small", "Grep", {"pattern": "class Context", "path": "click",
                                    "output_mode": "content", "-n": True}),
    ("grep_count_small", "Grep", {"pattern": "class Context", "path": "click",
                                  "output_mode": "count"}),
    ("glob_small", "Glob", {"pattern": "click/src/click/*.py"}),
    ("grep_files_large", "Grep", {"pattern": "the"}),
    ("grep_content_large", "Grep", {"pattern": "def ", "output_mode": "content", "-n": True}),
    ("grep_content_large_head0", "Grep", {"pattern": "def ", "output_mode": "content",
                                          "-n": True, "head_limit": 0}),
    ("grep_content_flask", "Grep", {"pattern": "def ", "path": "flask", "output_mode": "content",
                                    "-n": True, "head_limit": 0}),
    ("grep_count_large", "Grep", {"pattern": "the", "output_mode": "count"}),
    ("glob_large", "Glob", {"pattern": "**/*"}),
]

# (plan entry, tool, input) for the rewrite session: one reply shape per call.
REWRITE: list[tuple[str, str, dict[str, Any]]] = [
    ("grep_same_content", "Grep", OBSERVE[1][2]),
    ("grep_content_counts_stale", "Grep", OBSERVE[5][2]),
    ("grep_large_content_replaced", "Grep", OBSERVE[6][2]),
    ("grep_content_50k", "Grep", OBSERVE[1][2]),
    *((f"grep_content_chars_{size}", "Grep", OBSERVE[1][2])
      for size in (19_000, 19_999, 20_000, 20_001, 21_000, 31_000, 101_000)),
    ("grep_minimal_mode_content", "Grep", OBSERVE[1][2]),
    ("grep_minimal_4", "Grep", OBSERVE[1][2]),
    ("grep_no_mode", "Grep", OBSERVE[1][2]),
    ("grep_plain_string", "Grep", OBSERVE[1][2]),
    ("grep_files_same", "Grep", OBSERVE[0][2]),
    ("grep_files_numfiles_stale", "Grep", OBSERVE[0][2]),
    ("grep_files_as_content", "Grep", OBSERVE[0][2]),
    ("grep_files_large_replaced", "Grep", OBSERVE[4][2]),
    ("grep_count_same", "Grep", OBSERVE[2][2]),
    ("glob_same", "Glob", OBSERVE[3][2]),
    ("glob_numfiles_stale", "Glob", OBSERVE[3][2]),
    ("glob_truncated_true", "Glob", OBSERVE[3][2]),
    ("glob_150_filenames", "Glob", OBSERVE[9][2]),
    ("glob_large_truncated_kept", "Glob", OBSERVE[9][2]),
    ("glob_large_untruncated", "Glob", OBSERVE[9][2]),
    *((f"glob_chars_{size}", "Glob", OBSERVE[3][2])
      for size in (30_001, 49_999, 50_000, 50_010, 60_000)),
    ("glob_minimal_filenames", "Glob", OBSERVE[3][2]),
    ("glob_minimal_4", "Glob", OBSERVE[3][2]),
    ("glob_plain_string", "Glob", OBSERVE[3][2]),
]

# Recording handlers of the observe session: (label, matcher, if rule or None).
OBSERVE_HANDLERS: list[tuple[str, str, str | None]] = [
    ("grep-no-if", "Grep", None),
    ("grep-if-star", "Grep", "Grep(*)"),
    ("grep-if-pattern", "Grep", "Grep(class Context)"),
    ("grep-if-other-pattern", "Grep", "Grep(zzz-never)"),
    ("grep-if-prefix", "Grep", "Grep(def*)"),
    ("glob-no-if", "Glob", None),
    ("glob-if-star", "Glob", "Glob(*)"),
    ("glob-if-pattern", "Glob", "Glob(**/*)"),
    ("glob-if-other-pattern", "Glob", "Glob(zzz-never)"),
]


def installed_binaries() -> list[Path]:
    found = sorted(REPO.glob(f".cache/claude-code-*/node_modules/@anthropic-ai/{PLATFORM}/claude"))
    return [path for path in found if os.access(path, os.X_OK)]


def version_of(binary: Path) -> str:
    done = subprocess.run([str(binary), "--version"], capture_output=True, text=True, timeout=60,
                          check=False, stdin=subprocess.DEVNULL)
    return done.stdout.split()[0] if done.stdout.split() else binary.as_posix()


def build_tree(root: Path) -> Path:
    """The committed corpora side by side in one git project (nothing committed: the tools
    search the working tree)."""
    project = root / "tree"
    for name, kind in CORPORA.items():
        shutil.copytree(load(kind), project / name, symlinks=True,
                        ignore=shutil.ignore_patterns(".git"))
    subprocess.run(["git", "init", "-q", "-b", "main"], cwd=project, check=True)
    return project


def write_settings(project: Path, handlers: list[tuple[str, str, str | None]], hook: Path,
                   out: Path) -> None:
    groups: dict[str, list[dict[str, Any]]] = {}
    for label, matcher, rule in handlers:
        entry: dict[str, Any] = {"type": "command", "timeout": 60,
                                 "command": f"{sys.executable} -S {hook} {label} {out}"}
        if rule is not None:
            entry["if"] = rule
        groups.setdefault(matcher, []).append(entry)
    settings = {"hooks": {"PostToolUse": [{"matcher": m, "hooks": h} for m, h in groups.items()]}}
    (project / ".claude").mkdir(exist_ok=True)
    (project / ".claude" / "settings.json").write_text(json.dumps(settings, indent=2))


def run_session(binary: Path, project: Path, home: Path, turns: list[Turn],
                tools: str | None, debug_file: Path) -> tuple[FakeAnthropic, list[dict[str, Any]]]:
    env = {"HOME": str(home), "PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8",
           "IS_SANDBOX": "1", "ANTHROPIC_API_KEY": "sk-test-dummy",
           "DISABLE_AUTOUPDATER": "1", "DISABLE_TELEMETRY": "1",
           "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1"}
    home.mkdir(parents=True, exist_ok=True)
    with FakeAnthropic(turns, lifetime=900) as fake:
        env["ANTHROPIC_BASE_URL"] = fake.url
        command = [str(binary), "-p", "go", "--dangerously-skip-permissions",
                   "--output-format", "stream-json", "--verbose", "--include-hook-events",
                   "--debug-file", str(debug_file)]
        if tools:
            command += ["--tools", tools]
        proc = subprocess.run(command, cwd=project, env=env, capture_output=True, text=True,
                              timeout=900, stdin=subprocess.DEVNULL, check=False)
    if proc.returncode != 0:
        raise RuntimeError(f"claude exited {proc.returncode}: {proc.stderr[-2000:]}")
    return fake, stream_events(proc.stdout)


def model_view(block: dict[str, Any]) -> dict[str, Any]:
    """What the model got for one call: the text, its size, and where it is cut."""
    content = block.get("content")
    text = content if isinstance(content, str) else "\n".join(
        part.get("text", "") for part in content or [] if isinstance(part, dict))
    lines = text.split("\n")
    return {"is_error": bool(block.get("is_error")), "chars": len(text), "lines": len(lines),
            "content_type": "string" if isinstance(content, str) else "blocks",
            "head": "\n".join(lines[:4])[:600], "tail": "\n".join(lines[-4:])[-700:]}


def response_summary(response: Any) -> Any:
    """The hook's tool_response with long values replaced by their size."""
    if not isinstance(response, dict):
        return {"type": type(response).__name__, "value": str(response)[:300]}
    summary: dict[str, Any] = {}
    for key, value in response.items():
        if isinstance(value, str):
            summary[key] = value if len(value) <= 160 else f"<str {len(value)} chars, " \
                f"{value.count(chr(10)) + 1} lines>"
        elif isinstance(value, list):
            summary[key] = value if len(value) <= 4 else f"<list of {len(value)}>"
        else:
            summary[key] = value
    return summary


def tool_ids(events: list[dict[str, Any]]) -> list[str]:
    ids = []
    for event in events:
        if event.get("type") != "assistant":
            continue
        for block in event.get("message", {}).get("content", []):
            if block.get("type") == "tool_use":
                ids.append(block["id"])
    return ids


def recorded(out: Path) -> dict[str, list[dict[str, Any]]]:
    """tool_use_id → every recorded hook event for it (label added)."""
    by_id: dict[str, list[dict[str, Any]]] = {}
    for path in sorted(out.glob("*.json")):
        event = json.loads(path.read_text())
        event["_label"] = path.stem.split("-", 1)[1]
        by_id.setdefault(event["tool_use_id"], []).append(event)
    return by_id


def debug_lines(debug_file: Path) -> list[str]:
    if not debug_file.exists():
        return []
    keep = ("updatedToolOutput", "output shape", "schema_invalid", "replaced tool output")
    return [line[:400] for line in debug_file.read_text(errors="replace").splitlines()
            if any(word in line for word in keep)]


def observe(binary: Path, root: Path, project: Path, hook: Path) -> dict[str, Any]:
    out = root / "observe-events"
    write_settings(project, OBSERVE_HANDLERS, hook, out)
    turns = [Turn.tool(tool, **tool_input) for _, tool, tool_input in OBSERVE]
    fake, events = run_session(binary, project, root / "home-observe", turns,
                               "Bash,Read,Grep,Glob", root / "observe-debug.txt")
    results, hooks = fake.tool_results(), recorded(out)
    cases: dict[str, Any] = {}
    for (label, tool, tool_input), tool_id in zip(OBSERVE, tool_ids(events), strict=True):
        fired = sorted(e["_label"] for e in hooks.get(tool_id, []))
        response = hooks[tool_id][0]["tool_response"] if hooks.get(tool_id) else None
        cases[label] = {"tool": tool, "input": tool_input, "hooks_fired": fired,
                        "tool_response": response_summary(response),
                        "model": model_view(results[tool_id])}
    tools = fake.main_loop_requests()[0].body.get("tools", [])
    schemas = {t["name"]: {"input_schema": t.get("input_schema", {}).get("properties"),
                           "description": t.get("description", "")}
               for t in tools if t.get("name") in ("Grep", "Glob")}
    return {"cases": cases, "tool_definitions": schemas}


def rewrite(binary: Path, root: Path, project: Path, hook: Path) -> dict[str, Any]:
    out = root / "rewrite-events"
    write_settings(project, [("rewrite", "Grep|Glob", None)], hook, out)
    (root / "plan.json").write_text(json.dumps([name for name, _, _ in REWRITE]))
    turns = [Turn.tool(tool, **tool_input) for _, tool, tool_input in REWRITE]
    fake, events = run_session(binary, project, root / "home-rewrite", turns,
                               "Bash,Read,Grep,Glob", root / "rewrite-debug.txt")
    results, hooks = fake.tool_results(), recorded(out)
    cases = {}
    for (name, _, _), tool_id in zip(REWRITE, tool_ids(events), strict=True):
        original = hooks[tool_id][0]["tool_response"]
        stream = [e for e in events if e.get("type") == "user"
                  and any(b.get("tool_use_id") == tool_id
                          for b in e.get("message", {}).get("content", []) if isinstance(b, dict))]
        cases[name] = {"original": response_summary(original),
                       "model": model_view(results[tool_id]),
                       "stream_tool_use_result": response_summary(
                           stream[0].get("tool_use_result") if stream else None)}
    return {"cases": cases, "debug": debug_lines(root / "rewrite-debug.txt")}


def default_tools(binary: Path, root: Path, project: Path, hook: Path) -> dict[str, Any]:
    out = root / "default-events"
    write_settings(project, OBSERVE_HANDLERS, hook, out)
    picked = [OBSERVE[1], OBSERVE[3]]
    turns = [Turn.tool(tool, **tool_input) for _, tool, tool_input in picked]
    fake, events = run_session(binary, project, root / "home-default", turns, None,
                               root / "default-debug.txt")
    results, hooks = fake.tool_results(), recorded(out)
    names = [t.get("name") for t in fake.main_loop_requests()[0].body.get("tools", [])]
    return {"tools_offered": names,
            "cases": {label: {"model": model_view(results[tool_id]),
                              "hooks_fired": [e["_label"] for e in hooks.get(tool_id, [])]}
                      for (label, _, _), tool_id in zip(picked, tool_ids(events), strict=True)}}


def measure(binary: Path, keep: Path | None) -> dict[str, Any]:
    root = Path(tempfile.mkdtemp(prefix="search-tools-"))
    try:
        project = build_tree(root)
        files = sum(1 for p in project.rglob("*") if p.is_file() and ".git" not in p.parts)
        hook = root / "probe_hook.py"
        hook.write_text(PROBE_HOOK)
        return {"version": version_of(binary), "tree_files": files,
                "observe": observe(binary, root, project, hook),
                "rewrite": rewrite(binary, root, project, hook),
                "default_tool_set": default_tools(binary, root, project, hook)}
    finally:
        if keep is not None:
            target = keep / version_of(binary)
            shutil.rmtree(target, ignore_errors=True)
            shutil.copytree(root, target, symlinks=True, ignore=shutil.ignore_patterns("tree"))
        shutil.rmtree(root, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--claude", action="append", type=Path,
                        help="a claude binary (repeatable; default: every one under .cache/)")
    parser.add_argument("--keep", type=Path, help="copy each version's raw events here")
    args = parser.parse_args()
    binaries = [path.resolve() for path in args.claude or installed_binaries()]
    if not binaries:
        parser.error("no Claude Code installed under .cache/: run scripts/test, or pass --claude")
    print(json.dumps([measure(binary, args.keep) for binary in binaries], indent=2))


if __name__ == "__main__":
    main()
