"""The answerability benchmark (issue 27): its reader policy on hand-made cases, and structural
facts of the committed task set and of a run — never its scores."""

from __future__ import annotations

import hashlib
import inspect
import json
import lzma
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]
BENCH = REPO / "benchmarks"
TASKS = BENCH / "answerability" / "tasks.jsonl"
sys.path.insert(0, str(BENCH))

import answerability  # noqa: E402
import answerability_reader as reader  # noqa: E402
from answerability_reader import Delivery, judge, line_ranges, looks  # noqa: E402


def saved(tmp_path: Path, lines: int, at: dict[int, str] | None = None) -> Path:
    """A saved output of `lines` numbered filler lines, with some lines replaced."""
    rows = [f"filler line {n}" for n in range(1, lines + 1)]
    for number, text in (at or {}).items():
        rows[number - 1] = text
    path = tmp_path / "saved.txt"
    path.write_text("\n".join(rows))
    return path


# ---- the reader policy

def test_an_answer_in_the_delivery_costs_only_the_delivery() -> None:
    delivery = Delivery("header\nDefault: 4\n")
    assert judge(delivery, ["anything"], ["Default: 4"]) == reader.Outcome(True, len(delivery.text), 0)


def test_a_range_next_to_a_key_is_read_from_the_saved_file(tmp_path: Path) -> None:
    path = saved(tmp_path, 50, {21: "Default: ``1209600``"})
    delivery = Delivery(f"map\n- SESSION_COOKIE_AGE | lines 20-22 | 1K\n[exact original: {path}]")
    outcome = judge(delivery, ["session_cookie_age"], ["1209600"])  # keys match in any case
    seen = reader.numbered(path.read_text().split("\n")[19:22], 20)
    assert outcome == reader.Outcome(True, len(delivery.text) + len(seen), 1)


def test_a_range_is_read_from_the_file_named_on_its_own_line(tmp_path: Path) -> None:
    other = tmp_path / "other.txt"
    other.write_text("a\nb\nthe answer\n")
    path = saved(tmp_path, 10)
    delivery = Delivery(f"L3 issue 1730 in {other}\n[readable copy: {path}]")
    assert judge(delivery, ["1730"], ["the answer"]).chars == len(delivery.text) + len(
        "3\tthe answer\n")


def test_without_a_lead_it_reads_chunks_of_2000_lines_and_stops_when_answered(
        tmp_path: Path) -> None:
    path = saved(tmp_path, 4500, {4200: "needle"})
    delivery = Delivery(f"<persisted-output>saved to: {path}\npreview</persisted-output>")
    outcome = judge(delivery, ["absent"], ["needle"])
    lines = path.read_text().split("\n")
    cost = len(delivery.text) + sum(len(reader.numbered(lines[n:n + 2000], n + 1))
                                    for n in (0, 2000, 4000))
    assert outcome == reader.Outcome(True, cost, 3)


def test_it_gives_up_after_five_chunks(tmp_path: Path) -> None:
    path = saved(tmp_path, 10_500, {10_200: "needle"})
    outcome = judge(Delivery(f"saved to: {path}"), ["absent"], ["needle"])
    assert (outcome.answered, outcome.reads) == (False, 5)


def test_the_saved_file_is_the_one_named_as_the_outputs_copy(tmp_path: Path) -> None:
    """A path in the preview (a traceback's file, the interpreter) is no saved output, and a
    file outside the task's directory does not exist on the agent's side."""
    (tmp_path / "task").mkdir()
    path = saved(tmp_path / "task", 10, {5: "needle"})
    stray = tmp_path / "stray.txt"
    stray.write_text("needle\n")
    delivery = Delivery(f"Full output saved to: {path}\nPreview:\n  File {stray}, line 3\n")
    assert reader.saved_file(delivery) == path
    outside = Delivery(f"Full output saved to: {stray}\n")
    assert reader.saved_file(outside, root=tmp_path / "task") is None
    assert reader.saved_file(outside) == stray


def test_nothing_named_means_nothing_more_to_read() -> None:
    assert judge(Delivery("Exit code 1\nhead ... tail"), ["FAILED"], ["test_x"]) == \
        reader.Outcome(False, len("Exit code 1\nhead ... tail"), 0)


def test_where_it_looks_never_depends_on_the_answer(tmp_path: Path) -> None:
    """`looks` has no answer to steer by: with the answer far from what the key points at, the
    reader still reads the key's range first, then the chunks — and the same texts, in the same
    order, whatever the answer is."""
    assert "answer" not in inspect.signature(looks).parameters
    path = saved(tmp_path, 3000, {2: "decoy near the key", 2900: "the real answer"})
    delivery = Delivery(f"- Options | lines 1-3\n[exact original: {path}]")
    near = judge(delivery, ["Options"], ["decoy near the key"])
    far = judge(delivery, ["Options"], ["the real answer"])
    texts = list(looks(delivery, ["Options"]))
    assert (near.reads, far.reads) == (1, 3)  # the range, then chunk 1, chunk 2
    assert far.chars == sum(len(t) for t in texts[:4])
    assert near.chars == sum(len(t) for t in texts[:2])


@pytest.mark.parametrize(("line", "ranges"), [
    ("- 23.2.0 - 2023-12-31 | lines 15-36 | 1.5K", [(15, 36)]),  # a date is no range
    ("  L2..47 Fix ofVec2 1205 4250445", [(2, 47)]),
    ("--- test_basic (lines 622-637) ---", [(622, 637)]),
    ("Read it with offset=120 limit=20", [(120, 139)]),
    ("see 120-140 and L7", [(7, 7)]),  # an explicit form wins over a bare pair
    ("see 120-140", [(120, 140)]),
    ("version 3.0.0-3", []),
    ("./django/core/handlers: 5 entries, lines 17,683-17,691; __init__.py", [(17683, 17691)]),
    ("./tests/schema/tests.py: 1 match, line 34", [(34, 34)]),
    ("line 12-14", [(12, 14)]),  # a range, not line 12
])
def test_line_ranges(line: str, ranges: list[tuple[int, int]]) -> None:
    assert line_ranges(line) == ranges


# ---- the committed task set

def tasks() -> list[dict[str, Any]]:
    return answerability.load(TASKS)


def source_of(task: dict[str, Any]) -> str:
    """The task's input as the model would read it whole (a recorded MCP result's text, with a
    structuredContent {"content": text} unwrapped after its JSON form)."""
    src = task["source"]
    if "event_file" in src:
        response = json.loads(answerability.source_text(TASKS.parent, src["event_file"])[1])[
            "tool_response"]
        text = answerability.mcp_text(response)
        try:
            inner = json.loads(text)
        except ValueError:
            return text
        content = inner.get("content") if isinstance(inner, dict) else None
        return f"{text}\n{content}" if isinstance(content, str) else text
    return answerability.source_text(TASKS.parent, src.get("path") or src.get("output_file")
                                     or src["text_file"])[1]


def test_the_task_set_is_large_and_spread_over_kinds() -> None:
    loaded = tasks()
    assert len(loaded) >= 60
    assert len({t["id"] for t in loaded}) == len(loaded)
    kinds = Counter(answerability.kind_of(t) for t in loaded)
    assert set(kinds) == set(answerability.KINDS), kinds
    assert min(kinds[k] for k in ("read", "git", "log", "command", "mcp")) >= 12, kinds
    assert kinds["search"] >= 8, kinds
    for task in loaded:
        assert set(task) == {"id", "kind", "source", "question", "key", "answer"}, task["id"]
        assert task["kind"] in ("read", "bash", "command", "search", "mcp"), task["id"]
        assert task["key"] and task["answer"], task["id"]


def test_every_answer_and_key_occurs_in_its_source() -> None:
    for task in tasks():
        text = source_of(task)
        for answer in task["answer"]:
            assert answer in text, (task["id"], answer)
        for key in task["key"]:
            assert key.lower() in text.lower(), (task["id"], key)


def test_answers_sit_deep_as_well_as_near_the_top() -> None:
    """Head/tail cuts are tested fairly: some answers lie in the first or last 4,000 chars,
    and at least a quarter of them only in the middle of inputs over 30,000 chars."""
    middle = edge = 0
    for task in tasks():
        text = source_of(task)
        first = min(text.find(a) for a in task["answer"])
        if first < 4000 or first > len(text) - 4000:
            edge += 1
        elif len(text) > 30_000:
            middle += 1
    assert edge >= 5 and middle >= len(tasks()) // 4, (edge, middle)


def test_the_manifest_names_every_input_with_its_hash() -> None:
    manifest = json.loads((TASKS.parent / "MANIFEST.json").read_text())["inputs"]
    stored = {str(p.relative_to(TASKS.parent)) for p in (TASKS.parent / "inputs").rglob("*.xz")}
    assert stored == set(manifest)
    for relative, entry in manifest.items():
        data = lzma.decompress((TASKS.parent / relative).read_bytes())
        assert hashlib.sha256(data).hexdigest() == entry["sha256"], relative
        assert entry.get("package") or entry.get("sources"), relative  # where it came from
    size = sum((TASKS.parent / r).stat().st_size for r in manifest)
    assert size < 3_000_000


# ---- a run, on one task of each kind (the whole set takes ~25 s on two cores)

def test_a_run_prints_the_json_the_issue_specifies(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    chosen: dict[str, dict[str, Any]] = {}
    for task in tasks():
        chosen.setdefault(answerability.kind_of(task), task)
    subset = tmp_path / "tasks.jsonl"
    lines = []
    for task in chosen.values():
        src = {k: (str(TASKS.parent / v) if k in ("path", "output_file", "text_file",
                                                  "event_file") else v)
               for k, v in task["source"].items()}
        lines.append(json.dumps({**task, "source": src}))
    subset.write_text("\n".join(lines) + "\n")
    answerability.main([str(subset), "--json"])
    printed = json.loads(capsys.readouterr().out)
    assert set(printed) >= {"arms", "tasks"}
    assert set(printed["arms"]) == {"garrepa", "claude-code", "head-tail", "pointer"}
    kinds = len(answerability.KINDS)
    for bucket in printed["arms"].values():
        assert set(bucket) == {"tasks", "answered", "chars"} and bucket["tasks"] == kinds
        assert 0 <= bucket["answered"] <= kinds
    rows = printed["tasks"]
    assert len(rows) == 4 * kinds
    assert all(set(r) == {"id", "arm", "answered", "chars"} for r in rows)
    for arm, bucket in printed["arms"].items():
        mine = [r for r in rows if r["arm"] == arm]
        assert bucket["chars"] == sum(r["chars"] for r in mine)  # sums over answered tasks
        assert all(r["chars"] > 0 if r["answered"] else r["chars"] == 0 for r in mine)
    assert set(printed["by_kind"]) == set(answerability.KINDS)


# ---- the command and search kinds (issue 28)

def test_claude_codes_grep_rule_is_20000_chars_inline(tmp_path: Path) -> None:
    import answerability_arms as arms

    assert arms.grep_delivery("x" * 20_000, tmp_path, "a.txt").text == "x" * 20_000
    persisted = arms.grep_delivery("x" * 20_001, tmp_path, "b.txt")
    assert persisted.text.startswith("<persisted-output>") and len(persisted.text) < 2_300
    assert reader.saved_file(persisted) == tmp_path / "b.txt"


def _subset(tmp_path: Path, kinds: tuple[str, ...]) -> Path:
    lines = []
    for task in tasks():
        if answerability.kind_of(task) in kinds:
            src = {k: (str(TASKS.parent / v) if k in ("output_file", "text_file", "event_file")
                       else v)
                   for k, v in task["source"].items()}
            lines.append(json.dumps({**task, "source": src}))
    subset = tmp_path / "tasks.jsonl"
    subset.write_text("\n".join(lines) + "\n")
    return subset


def test_the_real_hook_digests_large_command_and_grep_results_and_loses_no_answer(
        tmp_path: Path) -> None:
    """On every command and Grep task: the garrepa arm (the real hook) answers whatever Claude
    Code alone answers, and changes the delivery exactly where the output passes the route's
    threshold (a failed command's output no hook can rewrite)."""
    sys.path.insert(0, str(REPO / "src"))
    from garrepa_py.config import budgets

    result = answerability.run(_subset(tmp_path, ("command", "search")))
    by_id: dict[str, dict[str, dict[str, Any]]] = {}
    for row in result["detail"]:
        by_id.setdefault(row["id"], {})[row["arm"]] = row
    sources = {t["id"]: t for t in tasks()}
    assert len(by_id) >= 20
    for task_id, arms in by_id.items():
        ours, theirs = arms["garrepa"], arms["claude-code"]
        assert ours["answered"] >= theirs["answered"], task_id
        task = sources[task_id]
        big = len(source_of(task)) >= budgets.THRESHOLDS[ours["kind"]]
        rewritable = task["source"].get("exit_code", 0) == 0
        assert (ours["digest"] != theirs["digest"]) == (big and rewritable), task_id
    for kind in ("command", "search"):
        assert result["changed_by_kind"][kind]["garrepa"]["answered"] >= \
            result["changed_by_kind"][kind]["claude-code"]["answered"]
