"""Answerability (issue 27): does the agent still get its answer from what reaches it, and at what
cost in characters — garrepa against Claude Code alone, a flat head+tail cut and a 1 KB pointer.

Tasks: benchmarks/answerability/tasks.jsonl, one per line: {"id", "kind": "read"|"bash"|
"command"|"search"|"mcp", "source": {"path"} | {"command", "cwd", "output_file", "exit_code"} |
{"tool", "text_file"[, "tool_input"]}, "question", "key", "answer"}; paths relative to the task
file (`.xz` inputs are unpacked first; benchmarks/answerability/build.py made them from real
registry artifacts, MANIFEST.json says which). Arms (benchmarks/answerability_arms.py):
`garrepa` (the real hook or log runner, no model), `claude-code` (its measured rules),
`head-tail` (8,000 chars and a path), `pointer` (1 KB and a path). One reader policy for all
(benchmarks/answerability_reader.py). A bash task whose command is a git command counts as kind
`git`, any other as `log`; `command` is any other Bash output (grep, find, ls -R, pip, npm:
issue 28's command route), `search` a Grep tool result in content mode (the search route).

    python benchmarks/answerability.py benchmarks/answerability/tasks.jsonl [--json]

`--detail` adds one row per task and arm; `--threshold N` runs the garrepa arm with
GARREPA_THRESHOLD=N (the data behind a per-route threshold; the default is the configured one);
`--src DIR` runs it from a copy of src/ with other digest budgets; `--servers` prints one row
per MCP task (server, tool, result size, each arm's chars and answer: docs/benchmarks.md).
"""

from __future__ import annotations

import hashlib
import json
import lzma
import sys
import tempfile
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from answerability_arms import ARMS, GARREPA_ENV, SOURCE, Input, mcp_text  # noqa: E402
from answerability_reader import judge  # noqa: E402

KINDS = ("read", "git", "log", "command", "search", "mcp")


def load(tasks_file: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in tasks_file.read_text().splitlines() if line.strip()]


def source_text(base: Path, relative: str) -> tuple[str, str]:
    """(file name without .xz, text) of a task input."""
    path = base / relative
    data = lzma.decompress(path.read_bytes()) if path.suffix == ".xz" else path.read_bytes()
    return (path.stem if path.suffix == ".xz" else path.name), data.decode("utf-8", "replace")


def kind_of(task: dict[str, Any]) -> str:
    if task["kind"] != "bash":
        return str(task["kind"])
    return "git" if task["source"]["command"].split()[0] == "git" else "log"


def lay_out(task: dict[str, Any], base: Path, root: Path) -> Input:
    """The task's input in a private directory, as Claude Code would have it."""
    src = task["source"]
    (root / "project").mkdir(parents=True)
    if "event_file" in src:  # an MCP result as recorded from a real server's hook event
        event = json.loads(source_text(base, src["event_file"])[1])
        return Input("mcp", mcp_text(event["tool_response"]), root, root / "unused",
                     tool=event["tool_name"], tool_input=dict(event["tool_input"]),
                     response=event["tool_response"], server=dict(event["mcp_server"]))
    name, text = source_text(base, src.get("path") or src.get("output_file") or src["text_file"])
    kind = kind_of(task)
    if kind == "read":
        doc = root / "project" / "docs" / name
        doc.parent.mkdir()
        doc.write_text(text)
        return Input(kind, text, root, doc)
    return Input(kind, text, root, root / "unused", command=src.get("command", ""),
                 exit_code=int(src.get("exit_code", 0)), tool=src.get("tool", ""),
                 tool_input=dict(src.get("tool_input", {})))


def run_one(task: dict[str, Any], arm: str, base: Path, scratch: Path) -> dict[str, Any]:
    root = scratch / f"{task['id']}--{arm}"
    laid_out = lay_out(task, base, root)
    delivery = ARMS[arm](laid_out)
    outcome = judge(delivery, task["key"], task["answer"], root)
    same_text = delivery.text.replace(str(root), "<task dir>")  # arms differ in their dir only
    return {"id": task["id"], "arm": arm, "kind": kind_of(task), "answered": outcome.answered,
            "chars": outcome.chars if outcome.answered else 0,
            "delivered": len(delivery.text), "reads": outcome.reads, "cost": outcome.chars,
            "tool": laid_out.tool, "size": len(laid_out.text),
            "digest": hashlib.sha256(same_text.encode()).hexdigest()}


def _empty() -> dict[str, int]:
    return {"tasks": 0, "answered": 0, "chars": 0}


def _add(bucket: dict[str, int], row: dict[str, Any]) -> None:
    bucket["tasks"] += 1
    bucket["answered"] += row["answered"]
    bucket["chars"] += row["chars"]


def per_answered(bucket: dict[str, int]) -> float | None:
    return bucket["chars"] / bucket["answered"] if bucket["answered"] else None


def changed(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Per kind, over the tasks where garrepa's delivery differs from Claude Code's own: both
    arms' counts, and whether garrepa answers at least as many with at most half the chars
    per answered task (the bar issue 27 sets)."""
    by_id: dict[str, dict[str, dict[str, Any]]] = defaultdict(dict)
    for row in rows:
        by_id[row["id"]][row["arm"]] = row
    out: dict[str, Any] = {}
    for arms in by_id.values():
        ours, theirs = arms["garrepa"], arms["claude-code"]
        if ours["digest"] == theirs["digest"]:
            continue
        entry = out.setdefault(ours["kind"], {"garrepa": _empty(), "claude-code": _empty()})
        _add(entry["garrepa"], ours)
        _add(entry["claude-code"], theirs)
    for entry in out.values():
        ours_per, theirs_per = per_answered(entry["garrepa"]), per_answered(entry["claude-code"])
        entry["meets"] = (entry["garrepa"]["answered"] >= entry["claude-code"]["answered"] and
                          (theirs_per is None or (ours_per is not None and
                                                  ours_per <= theirs_per / 2)))
    return {k: out[k] for k in KINDS if k in out}


def run(tasks_file: Path, workers: int = 2) -> dict[str, Any]:
    tasks = load(tasks_file)
    with tempfile.TemporaryDirectory(prefix="answerability-") as tmp, \
            ThreadPoolExecutor(workers) as pool:
        jobs = [pool.submit(run_one, task, arm, tasks_file.parent, Path(tmp))
                for task in tasks for arm in ARMS]
        rows = [job.result() for job in jobs]
    arms = {a: _empty() for a in ARMS}
    by_kind: dict[str, dict[str, dict[str, int]]] = defaultdict(dict)
    for row in rows:
        _add(arms[row["arm"]], row)
        _add(by_kind[row["kind"]].setdefault(row["arm"], _empty()), row)
    return {"arms": arms, "tasks": [{k: r[k] for k in ("id", "arm", "answered", "chars")}
                                    for r in rows],
            "by_kind": {k: by_kind[k] for k in KINDS if k in by_kind},
            "changed_by_kind": changed(rows), "detail": rows}


def _per(bucket: dict[str, int]) -> str:
    value = per_answered(bucket)
    return "—" if value is None else f"{round(value):,}"


def table(result: dict[str, Any]) -> str:
    out = ["| kind | arm | tasks | answered | chars per answered task |",
           "| --- | --- | ---: | ---: | ---: |"]
    for kind, arms in [*result["by_kind"].items(), ("all", result["arms"])]:
        for arm, bucket in arms.items():
            out.append(f"| {kind} | {arm} | {bucket['tasks']} | {bucket['answered']} | "
                       f"{_per(bucket)} |")
    out += ["", "Where garrepa changes what is delivered (garrepa vs Claude Code alone):", "",
            "| kind | tasks | answered: garrepa / claude-code | chars per answered task: "
            "garrepa / claude-code | ratio | answers ≥ and chars ≤ half |",
            "| --- | ---: | ---: | ---: | ---: | --- |"]
    for kind, entry in result["changed_by_kind"].items():
        ours, theirs = entry["garrepa"], entry["claude-code"]
        a, b = per_answered(ours), per_answered(theirs)
        ratio = f"{a / b:.2f}" if a and b else "—"
        out.append(f"| {kind} | {ours['tasks']} | {ours['answered']} / {theirs['answered']} | "
                   f"{_per(ours)} / {_per(theirs)} | {ratio} | "
                   f"{'yes' if entry['meets'] else 'no'} |")
    return "\n".join(out)


def servers_table(result: dict[str, Any]) -> str:
    """Per MCP task: server, tool, result size, Claude Code alone (chars delivered and read
    back, answered), garrepa (chars delivered, read back, answered) — issue 34's table."""
    by_id: dict[str, dict[str, dict[str, Any]]] = defaultdict(dict)
    for row in result["detail"]:
        if row["kind"] == "mcp":
            by_id[row["id"]][row["arm"]] = row
    out = ["| task | server | tool | result chars | Claude Code alone: chars | answered | "
           "garrepa: delivered | read back | answered | garrepa ≤ Claude Code |",
           "| --- | --- | --- | ---: | ---: | --- | ---: | ---: | --- | --- |"]
    for task_id, arms in by_id.items():
        ours, theirs = arms["garrepa"], arms["claude-code"]
        _, server, tool = ours["tool"].split("__", 2)
        holds = ours["answered"] >= theirs["answered"] and (
            not ours["answered"] or ours["cost"] <= theirs["cost"])
        out.append(f"| {task_id} | {server} | {tool} | {ours['size']:,} | {theirs['cost']:,} | "
                   f"{'yes' if theirs['answered'] else 'no'} | {ours['delivered']:,} | "
                   f"{ours['cost'] - ours['delivered']:,} | "
                   f"{'yes' if ours['answered'] else 'no'} | {'yes' if holds else 'NO'} |")
    return "\n".join(out)


def main(argv: list[str]) -> None:
    if "--threshold" in argv:  # an experiment: the garrepa arm with another threshold.minChars
        at = argv.index("--threshold")
        GARREPA_ENV["GARREPA_THRESHOLD"] = argv[at + 1]
        argv = argv[:at] + argv[at + 2:]
    if "--src" in argv:  # an experiment: the garrepa arm from another source tree
        at = argv.index("--src")
        SOURCE["src"] = Path(argv[at + 1]).resolve()
        argv = argv[:at] + argv[at + 2:]
    args = [a for a in argv if not a.startswith("--")]
    if len(args) != 1:
        sys.exit("usage: python benchmarks/answerability.py TASKS.jsonl [--json] [--detail] "
                 "[--servers] [--threshold N] [--src DIR]")
    result = run(Path(args[0]))
    if "--json" in argv:
        shown = {k: result[k] for k in ("arms", "tasks", "by_kind", "changed_by_kind")}
        print(json.dumps(shown, indent=1))
        return
    if "--servers" in argv:  # issue 34's per-task table of the MCP tasks
        print(servers_table(result))
        return
    print(table(result))
    if "--detail" in argv:
        print("\n| task | arm | answered | delivered chars | reads | chars |\n"
              "| --- | --- | --- | ---: | ---: | ---: |")
        for row in result["detail"]:
            print(f"| {row['id']} | {row['arm']} | {'yes' if row['answered'] else 'no'} | "
                  f"{row['delivered']:,} | {row['reads']} | {row['chars']:,} |")


if __name__ == "__main__":
    main(sys.argv[1:])
